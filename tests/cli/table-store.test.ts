/**
 * `nimber table … --store FILE`: a run killed mid-way (SIGKILL, SIGINT) resumes without searching the
 * finished boards again; Ctrl-C stops the board under search with its table saved (exit 130) and the
 * rerun goes on from it; a torn last line is dropped, a corrupt store refused in one line (exit 2).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';
import { cpuSeconds, untilCpuUsed } from '../helpers/cpu-wait.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'nimber-table-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Beling & Rogalski 2020 (AI 283), Cram nimbers: 4x5 = 2, 4x6 = 0, 4x7 = 3, 4x9 = 1, 5x5 = 0, 5x6 = 2
const PUBLISHED = new Map([
  ['4x5', 2],
  ['4x6', 0],
  ['4x7', 3],
  ['4x9', 1],
  ['5x5', 0],
  ['5x6', 2],
]);

const storedBoards = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .slice(1)
        .filter((l) => l.endsWith('}'))
    : [];

/**
 * Starts `table cram --rows 4..5 --cols 5..8` (5 x 7 and 5 x 8 take far longer than the rest, even
 * for a much faster search: Glop's 5 x 8 took hours), sends `signal`
 * once the store holds `boards` boards, and resolves with how the process ended.
 */
function killMidway(
  store: string,
  signal: NodeJS.Signals,
  boards: number,
): Promise<{ signal: string | null; code: number | null }> {
  const child = spawn(
    process.execPath,
    [
      'bin/nimber.js',
      'table',
      'cram',
      '--rows',
      '4..5',
      '--cols',
      '5..8',
      '--time-limit',
      '600',
      '--store',
      store,
      '--json',
    ],
    { cwd: root, stdio: 'ignore' },
  );
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (storedBoards(store).length >= boards) {
        clearInterval(poll);
        child.kill(signal);
      }
    }, 20);
    child.on('error', reject);
    child.on('close', (code, sig) => {
      clearInterval(poll);
      resolve({ signal: sig, code });
    });
  });
}

describe('nimber table --store', () => {
  it.each([['SIGKILL' as const], ['SIGINT' as const]])(
    'killed by %s after 5 boards, a rerun reuses them and searches the rest',
    async (signal) => {
      const store = join(dir, `${signal}.jsonl`);
      const ended = await killMidway(store, signal, 5);
      // the table must not have finished: 5 x 7 or 5 x 8 was still under search when the signal came
      // (SIGINT: the search runs on a worker thread, so the main thread hears it and exits 130)
      if (signal === 'SIGKILL') expect(ended.signal).toBe('SIGKILL');
      else expect(ended.code).toBe(130);
      const kept = storedBoards(store).length;
      expect(kept).toBeGreaterThanOrEqual(4);
      expect(kept).toBeLessThan(6);

      const r = await nimber(['table', 'cram', '--rows', '4..5', '--cols', '5..6', '--store', store, '--json']);
      expect(r.code).toBe(0);
      const cells: { rows: number; cols: number; grundy: number; reused: boolean }[] = JSON.parse(r.stdout).cells;
      expect(cells.map((c) => [`${c.rows}x${c.cols}`, c.grundy])).toEqual(
        ['4x5', '4x6', '5x5', '5x6'].map((b) => [b, PUBLISHED.get(b)]),
      );
      // the boards finished before the kill come from the store; 5 x 6 is searched now when it had not finished
      const stored = new Set(
        storedBoards(store)
          .slice(0, kept)
          .map((l) => `${JSON.parse(l).rows}x${JSON.parse(l).cols}`),
      );
      for (const c of cells) expect(c.reused).toBe(stored.has(`${c.rows}x${c.cols}`));
      expect(cells.filter((c) => c.reused).length).toBeGreaterThanOrEqual(3);

      const text = await nimber(['table', 'cram', '--rows', '4..5', '--cols', '5..6', '--store', store]);
      expect(text.stdout).toMatch(/4 of 4 boards reused from /);
    },
  );

  it('Ctrl-C stops the board under search with its table saved (exit 130), and the rerun resumes it', async () => {
    // Cram 4 x 9 from scratch, without the endgame database, on one thread: a few seconds
    const board = ['table', 'cram', '--rows', '4', '--cols', '9', '--time-limit', '600', '--json'];
    const flags = ['--no-cache', '--threads', '1'];
    // from scratch with a store of its own: on the core the stored search runs on (the TypeScript one;
    // without a store the WebAssembly core may answer, whose position counts are another search's)
    const scratch = await nimber([...board, ...flags, '--store', join(dir, 'scratch.jsonl')]);
    expect(scratch.code).toBe(0);
    const [fresh] = JSON.parse(scratch.stdout).cells;
    expect(fresh.grundy).toBe(PUBLISHED.get('4x9'));

    // --save-every 600: no periodic save, so the table on disk is the one saved at the interrupt
    const store = join(dir, 'interrupted.jsonl');
    const search = `${store}.4x9.search`;
    const args = [...board, ...flags, '--store', store, '--save-every', '600'];
    const child = spawn(process.execPath, ['bin/nimber.js', ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const ended = await new Promise<number | null>((resolve, reject) => {
      // the worker writes the store's header as it starts: from then on the board is under search,
      // interrupted after half a second of CPU time (the search takes seconds of it). CPU time, not a
      // delay: on a busy machine a delay can fall after the end of a search that got more of the CPU.
      const poll = setInterval(() => {
        if (!existsSync(store)) return;
        clearInterval(poll);
        const searchedFrom = cpuSeconds(child.pid!) ?? 0;
        void untilCpuUsed(child.pid, searchedFrom + 0.5).then(() => child.kill('SIGINT'));
      }, 20);
      child.on('error', reject);
      child.on('close', (code) => {
        clearInterval(poll);
        resolve(code);
      });
    });
    expect(ended).toBe(130);
    const said = stderr.trim().split('\n');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^nimber: the 4 x 9 search was cancelled after (\d+) positions; the table found so far is saved in .*interrupted\.jsonl\.4x9\.search: the same search resumes from it$/,
    );
    const stoppedAt = Number(/after (\d+) positions/.exec(said[0]!)![1]);
    expect(existsSync(search)).toBe(true);
    expect(storedBoards(store)).toEqual([]); // a stopped board is not a finished one

    const rerun = await nimber(args);
    expect(rerun.code).toBe(0);
    const [cell] = JSON.parse(rerun.stdout).cells;
    expect(cell).toMatchObject({ rows: 4, cols: 9, grundy: PUBLISHED.get('4x9'), reused: false });
    // saved at the interrupt: the two runs together search about what one run from scratch does
    // (a few positions of the path under search at the stop are searched again)
    expect(stoppedAt).toBeGreaterThan(0);
    expect(cell.nodes + stoppedAt).toBeLessThan(fresh.nodes + 1024);
    expect(existsSync(search)).toBe(false);
    expect(storedBoards(store)).toHaveLength(1);
  });

  it('a torn last line is dropped and the store repaired; a corrupt line or another game is one line, exit 2', async () => {
    const store = join(dir, 'torn.jsonl');
    expect((await nimber(['table', 'cram', '--rows', '2', '--cols', '2..3', '--store', store])).code).toBe(0);
    appendFileSync(store, '{"rows":2,"cols":4,"gru');
    const r = await nimber(['table', 'cram', '--rows', '2', '--cols', '2..4', '--store', store, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).cells.map((c: { reused: boolean }) => c.reused)).toEqual([true, true, false]);
    expect(
      readFileSync(store, 'utf8')
        .split('\n')
        .slice(1, -1)
        .every((l) => l.endsWith('}')),
    ).toBe(true);

    writeFileSync(store, readFileSync(store, 'utf8').replace('"grundy":1', '"grundy":"one"'));
    const bad = await nimber(['table', 'cram', '--rows', '2', '--cols', '2..4', '--store', store]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^nimber: table store .* line \d: not a finished board \(a corrupt store\?\)\n$/);

    const other = await nimber(['table', 'chomp', '--rows', '2', '--cols', '2', '--store', join(dir, 'SIGKILL.jsonl')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /^nimber: table store .* line 1: the store holds a table of 'cram', not of 'chomp'\n$/,
    );

    writeFileSync(join(dir, 'junk'), 'hello\n');
    const junk = await nimber(['table', 'cram', '--rows', '2', '--cols', '2', '--store', join(dir, 'junk')]);
    expect(junk.code).toBe(2);
    expect(junk.stderr).toMatch(/^nimber: table store .* line 1: not a table store/);
  });

  it('--certificates writes a checked certificate per board and marks the values', async () => {
    const certs = join(dir, 'certs');
    const r = await nimber(['table', 'cram', '--rows', '3', '--cols', '3..4', '--certificates', certs, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).cells.map((c: { verified: boolean }) => c.verified)).toEqual([true, true]);
    const v = await nimber(['verify', join(certs, 'cram-3x4.cert.gz'), '--json']);
    expect(JSON.parse(v.stdout)).toMatchObject({ grundy: 1, position: '..../..../....' });
    const text = await nimber(['table', 'cram', '--rows', '3', '--cols', '3..4', '--certificates', certs]);
    expect(text.stdout).toMatch(/✓ = certificate checked/);
    expect(text.stdout).toMatch(/ 3 +0✓ +1✓/);
  });
});
