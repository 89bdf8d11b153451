/** `nimber analyze`, `table --spots` and `play` on Sprouts, end to end through the real command. */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe('nimber on sprouts', () => {
  it('analyze sprouts:N and a typed position, with --verify against the oracle', async () => {
    const start = await nimber(['analyze', 'sprouts:2', '--json']);
    expect(start.code).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ position: '{3.3}', grundy: 0, outcome: 'P' });
    const typed = await nimber(['analyze', 'sprouts', '--board', '{3.2A2A}', '--verify']);
    expect(typed.code).toBe(0);
    expect(typed.stdout).toMatch(/P-position/);
  });

  it('table sprouts --spots prints normal and misère outcomes with times (Applegate et al.; OEIS A164950)', async () => {
    const r = await nimber(['table', 'sprouts', '--spots', '1..4', '--json']);
    expect(r.code).toBe(0);
    const { size, rows } = JSON.parse(r.stdout);
    expect(size).toBe('spots');
    expect(rows.map((row: { normal: string }) => row.normal)).toEqual(['P', 'P', 'N', 'N']);
    expect(rows.map((row: { misere: string }) => row.misere)).toEqual(['N', 'P', 'P', 'P']);
    const text = await nimber(['table', 'sprouts', '--spots', '2']);
    expect(text.stdout).toMatch(/spots\s+normal\s+time\s+misère\s+time/);
    expect(text.stdout).toMatch(/^\s+2\s+P\s+\d+\.\d s\s+P\s+\d+\.\d s$/m);
  });

  it('play sprouts:2: a move by number, the engine answers, the game ends', async () => {
    const r = await nimber(['play', 'sprouts:2'], '#1\n#1\n#1\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/you: /);
    expect(r.stdout).toMatch(/engine: /);
    expect(r.stdout).toMatch(/engine wins|you win/i);
  });

  it('keeps what it proved of lands in the cache directory: a second analyze asks far fewer questions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimber-sprouts-cache-'));
    try {
      const analyze = async () => {
        const r = await nimber(['--cache-dir', dir, 'analyze', 'sprouts:8', '--json']);
        expect(r.code, r.stderr).toBe(0);
        return JSON.parse(r.stdout) as { outcome: string; nodes: number };
      };
      const first = await analyze();
      expect(readdirSync(dir)).toContain('endgame-sprouts-lands.edb');
      const second = await analyze();
      // 8 spots is a loss for the first player (Applegate, Jacobson and Sleator 1991)
      expect([first.outcome, second.outcome]).toEqual(['P', 'P']);
      expect(second.nodes).toBeLessThan(first.nodes / 10);
      // without the cache the search starts afresh
      const plain = await nimber(['--no-cache', 'analyze', 'sprouts:8', '--json']);
      expect(JSON.parse(plain.stdout).nodes).toBe(first.nodes);
      // table --spots keeps them too
      const tableDir = join(dir, 'table');
      const table = await nimber(['--cache-dir', tableDir, 'table', 'sprouts', '--spots', '5', '--json']);
      expect(table.code, table.stderr).toBe(0);
      expect(readdirSync(tableDir)).toContain('endgame-sprouts-lands.edb');
      // a damaged file: one line naming it, exit 2
      writeFileSync(join(dir, 'endgame-sprouts-lands.edb'), Buffer.alloc(40, 7));
      const damaged = await nimber(['--cache-dir', dir, 'analyze', 'sprouts:8']);
      expect(damaged.code).toBe(2);
      expect(damaged.stderr.trim().split('\n')).toHaveLength(1);
      expect(damaged.stderr).toMatch(/endgame-sprouts-lands\.edb is damaged \(not a land database\): delete it/);
      // cache ls lists the stored facts and cache clear deletes them: the next analyze starts afresh
      const ls = await nimber(['--cache-dir', dir, 'cache', 'ls', '--json']);
      expect(JSON.parse(ls.stdout).databases).toEqual([{ name: 'sprouts-lands', bytes: 40 }]);
      const clear = await nimber(['--cache-dir', dir, 'cache', 'clear']);
      expect(clear.stdout).toContain('removed 1 file');
      expect(readdirSync(dir)).not.toContain('endgame-sprouts-lands.edb');
      const afresh = await analyze();
      expect(afresh.nodes).toBe(first.nodes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('analyze --certificate writes a proof of the outcome that verify re-checks; a damaged one is one line, exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nimber-sprouts-proof-'));
    try {
      const file = join(dir, 'sprouts-7.cert');
      // 7 spots is a P-position (7 mod 6 = 1: Applegate, Jacobson and Sleator 1991)
      const written = await nimber(['analyze', 'sprouts:7', '--no-cache', '--certificate', file]);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stdout).toMatch(/certificate: .* \(format 2, the outcome, [\d,]+ facts, checked\)/);
      const checked = await nimber(['verify', file]);
      expect(checked.code, checked.stderr).toBe(0);
      expect(checked.stdout).toMatch(/P-position \(the certificate proves the outcome, not the Grundy value\)/);
      // the claim changed: the facts prove P, not N
      const lines = readFileSync(file, 'utf8').split('\n');
      const at = lines.indexOf('outcome P');
      expect(at).toBe(3);
      lines[at] = 'outcome N';
      writeFileSync(file, lines.join('\n'));
      const damaged = await nimber(['verify', file]);
      expect(damaged.code).toBe(2);
      expect(damaged.stderr.trim().split('\n')).toHaveLength(1);
      expect(damaged.stderr).toMatch(/line \d+/);
      // the value on request (4 spots: an N-position of nimber 1)
      const valued = await nimber([
        'analyze',
        'sprouts:4',
        '--no-cache',
        '--certificate',
        file,
        '--certificate-claim',
        'value',
      ]);
      expect(valued.code, valued.stderr).toBe(0);
      expect((await nimber(['verify', file])).stdout).toMatch(/Grundy value 1 \(N-position\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bad positions and sizes are one line, exit 2', async () => {
    for (const args of [
      ['analyze', 'sprouts', '--board', '{3.3'],
      ['analyze', 'sprouts', '--board', '{3.7}'],
      ['analyze', 'sprouts', '--board', '{3;3}'],
      ['table', 'sprouts', '--spots', '1..99'],
      ['table', 'sprouts'],
    ]) {
      const r = await nimber(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});
