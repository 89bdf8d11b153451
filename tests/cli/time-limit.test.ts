/**
 * The CLI's time limits count wall time (issue 39, item 6): a search given up at its limit says how
 * much wall time passed and how much CPU the command had, and that the machine was busy when the CPU
 * was under half of it; a table with boards left unfinished says the same under its grid. The boards
 * here take minutes on any machine, so the limit of 1 s always ends them.
 */
import { describe, expect, it } from 'vitest';
import { isTimeLimitStop, timeNote } from '../../src/cli/time-note.ts';
import { InputError } from '../../src/engine/errors.ts';
import { nimber } from '../helpers/cli.ts';

describe('the time a search had', () => {
  it('is worded from wall and CPU time, busy when the CPU was under half the wall time', () => {
    expect(timeNote(60_000, 27_000)).toBe('60.0 s of wall time, 27.0 s of CPU; the machine was busy');
    expect(timeNote(8_100, 7_900)).toBe('8.1 s of wall time, 7.9 s of CPU');
    expect(timeNote(10_000, 5_000)).toBe('10.0 s of wall time, 5.0 s of CPU');
    // a search thread's stop comes back as its words
    expect(isTimeLimitStop(new InputError('the search hit its time limit of 8.0 s after 21504 positions'))).toBe(true);
    expect(isTimeLimitStop(new InputError('the search was cancelled after 10 positions'))).toBe(false);
  });

  it('analyze: the give-up message ends with the wall and CPU time of the command', async () => {
    // Cram 5 x 9 takes minutes of search (docs/benchmarks.md: 339 s)
    const r = await nimber(['analyze', 'cram:5x9', '--time-limit', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^nimber: the search hit its time limit of 1\.0 s after \d+ positions; .*\(\d+\.\d s of wall time, \d+\.\d s of CPU(; the machine was busy)?\)\n$/,
    );
  });

  it("help states each command's real default: none for the engine's searches, 60 s for --rules, check-rules 60 s", async () => {
    for (const command of ['analyze', 'play', 'explain']) {
      const r = await nimber([command, '--help']);
      expect(r.stdout.replace(/\s+/g, ' '), command).toContain('(default none; 60 for --rules)');
    }
    const check = await nimber(['check-rules', '--help']);
    expect(check.stdout.replace(/\s+/g, ' ')).toContain('(default 60)');
  });

  it('table: boards left unfinished are counted under the grid, with the time the table had', async () => {
    const r = await nimber(['table', 'cram', '--rows', '5', '--cols', '9', '--time-limit', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}5 {2}\?$/m);
    expect(r.stdout).toMatch(
      /^1 board not finished within 1\.0 s of wall time each; the table took \d+\.\d s of wall time, \d+\.\d s of CPU(; the machine was busy)?$/m,
    );
  });
});
