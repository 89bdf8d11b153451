/**
 * `nimber quotient --store FILE`: a run killed mid-way resumes from the last heap it stored and
 * prints what a run from scratch prints; a corrupt, truncated or foreign file is one line naming
 * the file, exit code 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeCheckpoint } from '../../src/engine/solve/misere/checkpoint.ts';
import { nimber } from '../helpers/cli.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'nimber-quotient-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The heap a stored file has reached, or -1 while it is absent or being replaced. */
function storedHeap(file: string): number {
  try {
    return decodeCheckpoint(new Uint8Array(readFileSync(file))).heap;
  } catch {
    return -1;
  }
}

describe('nimber quotient --store', () => {
  it("a killed run resumes from its last heap and prints the run from scratch's answer", async () => {
    const file = join(dir, 'dawson.nmq');
    const child = spawn(
      process.execPath,
      ['bin/nimber.js', 'quotient', 'dawsons-kayles', '--max', '30', '--store', file],
      {
        cwd: root,
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.on('close', resolve));
    // a guard against a hang, not a speed limit
    const deadline = Date.now() + 600_000;
    while (storedHeap(file) < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    const reached = storedHeap(file);
    expect(reached, 'the killed run stored a heap').toBeGreaterThanOrEqual(20);
    const [resumed, scratch] = await Promise.all([
      nimber(['quotient', 'dawsons-kayles', '--max', '30', '--store', file, '--json']),
      nimber(['quotient', 'dawsons-kayles', '--max', '30', '--json']),
    ]);
    expect(resumed.code).toBe(0);
    expect(scratch.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual(JSON.parse(scratch.stdout));
    expect(JSON.parse(resumed.stdout).size).toBe(360);
    expect(storedHeap(file)).toBe(30);
    // stored through heap 30: asking for less is refused, asking for the same answers from the file alone
    const fewer = await nimber(['quotient', 'dawsons-kayles', '--max', '25', '--store', file]);
    expect(fewer.code).toBe(2);
    expect(fewer.stderr.trim().split('\n')).toEqual([
      `nimber: ${file}: it holds the quotient of heaps 0..30, past the largest heap asked for (25)`,
    ]);
  });

  it('a corrupt, truncated or foreign file is one line naming it, exit code 2', async () => {
    const file = join(dir, 'kayles.nmq');
    const first = await nimber(['quotient', 'kayles', '--max', '14', '--store', file]);
    expect(first.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.partial`)).toBe(false);
    const good = readFileSync(file);
    const cases: [string, Buffer, string][] = [
      [
        'corrupt',
        Buffer.from(good.map((b, i) => (i === good.length - 9 ? b ^ 1 : b))),
        'checksum mismatch (a corrupt file)',
      ],
      ['truncated', good.subarray(0, good.length - 100), 'stored misère quotient is truncated'],
      ['text', Buffer.from('not a quotient\n'), 'not a stored misère quotient (wrong magic bytes)'],
    ];
    for (const [name, bytes, fault] of cases) {
      const bad = join(dir, `${name}.nmq`);
      writeFileSync(bad, bytes);
      const r = await nimber(['quotient', 'kayles', '--max', '20', '--store', bad]);
      expect(r.code, name).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toContain(bad);
      expect(lines[0], name).toContain(fault);
      expect(r.stdout, name).toBe('');
    }
    const other = await nimber(['quotient', 'takebreak:0.75', '--max', '20', '--store', file]);
    expect(other.code).toBe(2);
    expect(other.stderr.trim()).toBe(`nimber: ${file}: the stored quotient is of takebreak:0.77, not takebreak:0.75`);
    const solve = await nimber(['quotient', 'kayles', '--solve', '--store', file]);
    expect(solve.code).toBe(2);
    expect(solve.stderr.trim()).toBe('nimber: a stored quotient resumes a construction up to --max, not --solve');
    // the file is untouched by the refusals and still resumes
    expect(readFileSync(file).equals(good)).toBe(true);
    const resumed = await nimber(['quotient', 'kayles', '--max', '20', '--store', file]);
    const scratch = await nimber(['quotient', 'kayles', '--max', '20']);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toBe(scratch.stdout);
  });
});
