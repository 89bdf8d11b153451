/** `nimber census` end to end: the real command, worker threads, the store, formats, errors and Ctrl-C. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'nimber-census-cli-'));

/** The command with a 64 MB JavaScript heap. */
function smallHeap(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=64', 'bin/nimber.js', ...args], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('nimber census', () => {
  it('computes the 4.x games on two threads, stores them, and a second run computes nothing', async () => {
    const dir = tmp();
    const store = path.join(dir, 'store.jsonl');
    const args = ['census', 'takebreak', '--digits', '1', '--prefix', '4.', '--store', store, '--threads', '2'];
    const first = await nimber([...args, '--out', path.join(dir, 'table.json')]);
    expect(first.stderr).toMatch(/6 games \(8 codes folded to standard forms\): 6 solved, 0 unsolved/);
    expect(first.stderr).toMatch(/6 game\(s\) computed, 0 reused from the store; table written to/);
    // stderr is a pipe here: no bar, but a line a game (a twentieth of 6 games rounds up to one)
    expect(first.stderr).toMatch(/^nimber: census: computing 6 game\(s\); a line every 1 game\(s\) or 10 s$/m);
    const lines = first.stderr.match(/^nimber: census: \d of 6 games, last 4\.\d \(solved\), \d+ s$/gm) ?? [];
    // one line a game, in order; a busy machine may add a line every 10 s without a game (the same count again)
    const counts = lines.map((l) => Number(/census: (\d)/.exec(l)![1]));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect([...new Set(counts)]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.code).toBe(0);
    const table = JSON.parse(readFileSync(path.join(dir, 'table.json'), 'utf8'));
    expect(table.rows.map((r: { code: string }) => r.code)).toEqual(['4.0', '4.1', '4.3', '4.4', '4.5', '4.7']);
    expect(table.rows[0]).toMatchObject({
      code: '4.0',
      members: ['4.0', '4.2'],
      status: 'solved',
      preperiod: 1,
      period: 2,
      reference: 'agrees',
    });
    const second = await nimber([...args, '--out', path.join(dir, 'table.md')]);
    expect(second.stderr).toMatch(/0 game\(s\) computed, 6 reused from the store/);
    expect(readFileSync(path.join(dir, 'table.md'), 'utf8')).toMatch(/^# Take-and-break census/);
    const csv = await nimber([...args, '--format', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toMatch(/^code,also,status,preperiod,period/);
  });

  it('--misere: the 4.x codes misère, stored apart from normal play and resumed; a corrupt row is one line and exit 2', async () => {
    const dir = tmp();
    const args = ['--cache-dir', dir, 'census', 'takebreak', '--digits', '1', '--prefix', '4.', '--misere'];
    const first = await nimber([...args, '--threads', '2', '--format', 'json']);
    expect(first.code).toBe(0);
    const table = JSON.parse(first.stdout);
    expect(table.census.convention).toBe('misere');
    // misère play folds no codes: 8 games of 8 codes
    expect(table.rows.map((r: { code: string }) => r.code)).toEqual([
      '4.0',
      '4.1',
      '4.2',
      '4.3',
      '4.4',
      '4.5',
      '4.6',
      '4.7',
    ]);
    expect(table.rows.find((r: { code: string }) => r.code === '4.3')).toMatchObject({
      status: 'solved',
      tame: true,
      order: 6,
    });
    const store = path.join(dir, 'census', 'takebreak-octal-1-misere.jsonl');
    expect(existsSync(store)).toBe(true);
    expect(existsSync(path.join(dir, 'census', 'takebreak-octal-1.jsonl'))).toBe(false);
    const again = await nimber([...args, '--format', 'csv', '--max-work', '1e6']);
    expect(again.code).toBe(0);
    expect(again.stdout.split('\r\n')[0]).toMatch(/^code,status,tame,order,P,preperiod,period,heaps/);
    // a solved row whose period was lost: corrupt, never read as a proof
    const lines = readFileSync(store, 'utf8').split('\n');
    const solved = lines.findIndex((l) => l.includes('"status":"solved"'));
    lines[solved] = lines[solved].replace(/"period":\d+/, '"period":null');
    writeFileSync(store, lines.join('\n'));
    const corrupt = await nimber(args);
    expect(corrupt.code).toBe(2);
    expect(corrupt.stderr).toMatch(
      /^nimber: census store takebreak-octal-1-misere\.jsonl, line \d+: not a valid census row/,
    );
    expect(corrupt.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('makes no store for a code space it refuses', async () => {
    const dir = tmp();
    const r = await nimber(['--cache-dir', dir, 'census', 'takebreak', '--digits', '9']);
    expect(r.code).toBe(2);
    expect(existsSync(path.join(dir, 'census', 'takebreak-octal-9.jsonl'))).toBe(false);
  });

  it('a space too large to list is refused at once with its size, making no store (issue 28, item 12)', async () => {
    const dir = tmp();
    // in a heap far too small to list 67 million codes (listing them took 4.29 GB): refused without
    // listing, whatever the machine's speed
    const hex = await smallHeap(['--cache-dir', dir, 'census', 'takebreak', '--digits', '6', '--hex']);
    expect(hex.code).toBe(2);
    expect(hex.stderr).toBe(
      'nimber: census takebreak --digits 6 --hex has 67,108,864 codes, more than one census enumerates (1,048,576): narrow it with --prefix (each digit it fixes divides the codes by 16)\n',
    );
    const octal = await nimber(['--cache-dir', dir, 'census', 'takebreak', '--digits', '6']);
    expect(octal.code).toBe(2);
    expect(octal.stderr).toMatch(
      /has 524,288 codes, more than --max-codes 65,536 allows: give --max-codes 524288 to run it/,
    );
    expect(existsSync(path.join(dir, 'census'))).toBe(false);
  });

  it('the default store lives under --cache-dir', async () => {
    const dir = tmp();
    const r = await nimber([
      '--cache-dir',
      dir,
      'census',
      'takebreak',
      '--digits',
      '1',
      '--prefix',
      '4.',
      '--threads',
      '1',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(existsSync(path.join(dir, 'census', 'takebreak-octal-1.jsonl'))).toBe(true);
  });

  it.each([
    [['census', 'chess'], /unknown family 'chess'/],
    [['census', 'takebreak', '--digits', '9'], /--digits must be 1\.\.6/],
    [['census', 'takebreak', '--prefix', '0.9'], /not the start of a code/],
    [['census', 'takebreak', '--max-heaps', 'lots'], /--max-heaps must be a non-negative integer/],
    [['census', 'takebreak', '--max-heaps', '2^40'], /--max-heaps = 1099511627776 is above the maximum/],
    [['census', 'takebreak', '--seconds', '0'], /--seconds must be at least 1/],
    [['census', 'takebreak', '--max-work', '0'], /--max-work must be at least 1/],
    [['census', 'takebreak', '--max-work', 'lots'], /--max-work/],
    [['census', 'takebreak', '--format', 'xml'], /argument 'xml' is invalid/],
  ])('bad input %j is one line and exit 2', async (args, message) => {
    const r = await nimber(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a file that is not a census store is refused with exit 2 and left alone', async () => {
    const file = path.join(tmp(), 'notes.txt');
    writeFileSync(file, 'my notes\n');
    const r = await nimber(['census', 'takebreak', '--digits', '1', '--store', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/notes\.txt is not a nimber census store/);
    expect(readFileSync(file, 'utf8')).toBe('my notes\n');
  });

  it('Ctrl-C exits 130 and keeps the finished rows', async () => {
    const store = path.join(tmp(), 'store.jsonl');
    const root = fileURLToPath(new URL('../..', import.meta.url));
    // the unsolved 2-digit games each take seconds: the run is still going when interrupted
    const child = spawn(
      process.execPath,
      [
        'bin/nimber.js',
        'census',
        'takebreak',
        '--digits',
        '2',
        '--max-heaps',
        '2^22',
        '--seconds',
        '30',
        '--store',
        store,
        '--threads',
        '1',
      ],
      { cwd: root },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const rows = () => (existsSync(store) ? readFileSync(store, 'utf8').trim().split('\n').length - 1 : 0);
    // a guard against a hang, not a speed limit
    const deadline = Date.now() + 600_000;
    while (rows() < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted: \d+ of \d+ games finished and stored/);
    const kept = rows();
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThan(72);
  });
});
