/**
 * `nimber analyze … --resume FILE` and `nimber table … --store FILE` end to end: a search killed by
 * Ctrl-C after it saved its table resumes from it (same answer, fewer positions than from scratch),
 * a table run killed inside a board resumes that board and drops its table once the board is kept,
 * and a damaged or foreign table file is one line and exit 2.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'nimber-resume-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Cram 3 x 12: about 120,000 positions without the endgame database (--no-cache), a second or two;
// with --save-every 0 the table is saved at every progress report (65,536 positions), half-way;
// on one thread (--threads 1), so that half-way holds (helpers may answer near the first save)
const BOARD = 'cram:3x12';

let fresh: Promise<{ grundy: number; nodes: number }> | undefined;
/**
 * The reply of a search from scratch (run once), on the core a resumed search runs on: a resumable
 * search keeps the TypeScript core's table, so it starts with a table file of its own (the
 * WebAssembly core, which a plain search takes, counts its positions differently).
 */
const fromScratch = () =>
  (fresh ??= nimber([
    'analyze',
    BOARD,
    '--no-cache',
    '--json',
    '--threads',
    '1',
    '--resume',
    join(dir, 'scratch.search'),
  ]).then((r) => {
    expect(r.code).toBe(0);
    return JSON.parse(r.stdout);
  }));

/** Starts the command, sends SIGINT once `file` exists (its table saved), and resolves with how it ended. */
function interruptOnceSaved(
  args: string[],
  file: string,
): Promise<{ signal: string | null; code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['bin/nimber.js', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (existsSync(file)) {
        clearInterval(poll);
        child.kill('SIGINT');
      }
    }, 20);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(poll);
      resolve({ signal, code, stderr });
    });
  });
}

describe('resumable searches on the command line', () => {
  it('analyze --resume: Ctrl-C stops the search with its table saved (exit 130), and the same command goes on from there', async () => {
    const expected = await fromScratch();

    const file = join(dir, 'analyze.search');
    const args = ['analyze', BOARD, '--no-cache', '--json', '--resume', file, '--save-every', '0', '--threads', '1'];
    // the search runs on a thread of its own: the main thread hears Ctrl-C, the search stops and saves
    const ended = await interruptOnceSaved(args, file);
    expect(ended.code).toBe(130);
    const said = ended.stderr.trim().split('\n');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^nimber: the search was cancelled after (\d+) positions; the table found so far is saved in .*analyze\.search: the same search resumes from it$/,
    );
    const stoppedAt = Number(/after (\d+) positions/.exec(said[0])![1]);

    const resumed = await nimber(args);
    expect(resumed.code).toBe(0);
    const reply = JSON.parse(resumed.stdout);
    expect({ ...reply, nodes: 0, elapsedMs: 0 }).toEqual({ ...expected, nodes: 0, elapsedMs: 0 });
    // saved at the interrupt, not at the last periodic save: the two runs together search about what
    // one run from scratch does (a few positions of the path under search at the stop are searched again)
    expect(stoppedAt).toBeGreaterThan(0);
    expect(reply.nodes + stoppedAt).toBeLessThan(expected.nodes + 1024);
  });

  it('table --store: killed inside a board, the rerun resumes that board and removes its table once kept', async () => {
    const store = join(dir, 'table.jsonl');
    const search = `${store}.3x12.search`;
    const args = [
      'table',
      'cram',
      '--rows',
      '3',
      '--cols',
      '12',
      '--store',
      store,
      '--save-every',
      '0',
      '--json',
      '--threads',
      '1',
    ];
    // on a worker thread too: the board's search stops, saves its table, and the command exits 130
    expect((await interruptOnceSaved([...args, '--no-cache'], search)).code).toBe(130);
    expect(readFileSync(store, 'utf8').trim().split('\n')).toHaveLength(1); // the header: no board finished

    const rerun = await nimber([...args, '--no-cache']);
    expect(rerun.code).toBe(0);
    const [cell] = JSON.parse(rerun.stdout).cells;
    const fresh = await fromScratch();
    expect(cell).toMatchObject({ rows: 3, cols: 12, grundy: fresh.grundy, reused: false });
    expect(cell.nodes).toBeLessThan(fresh.nodes);
    expect(existsSync(search)).toBe(false);
  });

  it('a damaged, truncated or foreign table file is one line and exit 2, and is left as it was', async () => {
    const file = join(dir, 'small.search');
    expect((await nimber(['analyze', 'cram:4x5', '--no-cache', '--resume', file])).code).toBe(0);
    const words = readFileSync(file);

    const flipped = Buffer.from(words);
    flipped[flipped.length - 3] ^= 0x10;
    writeFileSync(file, flipped);
    const bad = await nimber(['analyze', 'cram:4x5', '--resume', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^nimber: the search table .*small\.search is damaged \(checksum mismatch\): delete it/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(file).equals(flipped)).toBe(true);

    writeFileSync(file, words.subarray(0, words.length - 10));
    const cut = await nimber(['analyze', 'cram:4x5', '--resume', file]);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toMatch(/is damaged \(truncated: [\d,]+ of [\d,]+ entries\)/);

    writeFileSync(file, words);
    const other = await nimber(['analyze', 'node-kayles:grid:3x5', '--resume', file]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/holds facts of 'cram', not of 'node-kayles'\n$/);

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a table\n');
    const notTable = await nimber(['analyze', 'cram:4x5', '--resume', text]);
    expect(notTable.code).toBe(2);
    expect(notTable.stderr).toMatch(/notes\.txt is not a search table of nimber\n$/);
    expect(readFileSync(text, 'utf8')).toBe('not a table\n');

    const alone = await nimber(['analyze', 'cram:4x5', '--save-every', '5']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--save-every saves the table of --resume/);
  });
});
