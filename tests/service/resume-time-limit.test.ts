/**
 * A resumable search under a time limit keeps room in the limit for its last save (issue 39, item 6):
 * it stops early by as long as its last save took. The clock is the test's: the first periodic save
 * "takes" 400 s of a 600 s limit, so the search must stop at its next look at the clock, as a stop at
 * the time limit, and save its table again; without the reserve it would search Cram 5 x 7 for minutes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRuleset } from '../../src/engine/spec.ts';
import { SearchStopped } from '../../src/engine/solve/search/solver.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { conventionSearch } from '../../src/service/games.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a resumable search under a time limit', () => {
  it('stops early by as long as its last save took, as a stop at the time limit', () => {
    let now = performance.now();
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    let saves = 0;
    const keeper = {
      load: () => null,
      save: () => {
        saves++;
        now += 400_000; // a save that takes 400 s
      },
      describe: () => 'the test keeper',
    };
    const cram = parseRuleset('cram') as GameRuleset;
    // saveEveryMs 0: a save at the first progress report (65,536 positions)
    const search = conventionSearch(cram, 'normal', { timeLimitMs: 600_000, resume: { keeper, saveEveryMs: 0 } });
    let stop: unknown;
    try {
      search.grundy(cram.notation.parsePosition('......./......./......./......./.......'));
    } catch (e) {
      stop = e;
    }
    expect(stop).toBeInstanceOf(SearchStopped);
    expect((stop as SearchStopped).reason).toBe('time-limit');
    expect((stop as Error).message).toMatch(/^the search hit its time limit of 600\.0 s after \d+ positions/);
    expect((stop as Error).message).toContain('the table found so far is saved in the test keeper');
    expect(saves).toBe(2);
  });
});
