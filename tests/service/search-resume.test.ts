/**
 * Resumable searches through the service: an analysis or a table board stopped part-way saves its
 * table, and the same request again resumes from it (same reply, fewer positions); the table is
 * saved periodically while the search runs; a table stopped by its signal throws the stop, the board
 * it cut saved and never heard as a cell; requests whose search keeps no table are refused.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../src/engine/spec.ts';
import { SearchStopped } from '../../src/engine/solve/search/solver.ts';
import type { GameRuleset, TableKeeper } from '../../src/engine/types.ts';
import { analyzePosition } from '../../src/service/analyze.ts';
import { type TableCell, gameTable, tableBoard } from '../../src/service/board-table.ts';
import { DEFAULT_SAVE_EVERY_MS, analyzeGame, saveGap } from '../../src/service/games.ts';
import { abortAfter } from '../helpers/abort-after.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

/** A keeper in memory that counts its saves. */
class MemoryKeeper implements TableKeeper {
  words: Int32Array | null = null;
  saves = 0;
  load() {
    return this.words;
  }
  save(words: Int32Array) {
    this.words = words.slice();
    this.saves++;
  }
  describe() {
    return 'memory';
  }
}

const game = (spec: string) => parseRuleset(spec) as GameRuleset;

/** A finished board as a store gives it back (Cram 3 x 4 = 1, Beling & Rogalski 2020). */
const STORED_3X4: TableCell = {
  rows: 3,
  cols: 4,
  grundy: 1,
  method: 'grid core',
  nodes: 0,
  elapsedMs: 0,
  verified: false,
  reused: false,
};

describe('a resumable search', () => {
  // Cram 4 x 7 = 3 (Beling & Rogalski 2020), Node Kayles 3 x 14 = 4 (OEIS A316632)
  it.each([
    ['cram:4x7', 3],
    ['node-kayles:grid:3x14', 4],
  ])('%s: stopped, then run again with its table, gives the fresh reply with fewer positions', (spec, value) => {
    const ruleset = game(spec);
    // fresh on the core the resumed search runs on (a resumable search is the TypeScript core's; without
    // one the WebAssembly core may answer, whose position counts are another search's)
    const fresh = analyzeGame(ruleset, undefined, 'normal', { resume: { keeper: new MemoryKeeper() } });
    expect(fresh.grundy).toBe(value);
    const keeper = new MemoryKeeper();
    const stopAt = Math.max(0, Math.floor(fresh.nodes / 2048) - 1);
    let stopped: unknown;
    try {
      analyzeGame(ruleset, undefined, 'normal', { signal: abortAfter(stopAt), resume: { keeper } });
    } catch (e) {
      stopped = e;
    }
    expect(stopped).toBeInstanceOf(SearchStopped);
    expect((stopped as Error).message).toMatch(
      /^the search was cancelled after \d+ positions; the table found so far is saved in memory: the same search resumes from it$/,
    );
    expect(keeper.saves).toBe(1);
    const resumed = analyzeGame(ruleset, undefined, 'normal', { resume: { keeper } });
    expect({ ...resumed, nodes: 0, elapsedMs: 0 }).toEqual({ ...fresh, nodes: 0, elapsedMs: 0 });
    expect(resumed.nodes).toBeLessThan(fresh.nodes);
    // and once finished, the saved table answers at once
    expect(analyzeGame(ruleset, undefined, 'normal', { resume: { keeper } }).nodes).toBe(0);
  });

  it('saves its table every saveEveryMs of search (here: at every progress report), not only at the end', () => {
    const keeper = new MemoryKeeper();
    // Cram 5 x 6 = 2 (Beling & Rogalski 2020): about 97,000 positions, one progress report per 65,536
    const reply = analyzeGame(game('cram:5x6'), undefined, 'normal', { resume: { keeper, saveEveryMs: 0 } });
    expect(reply.grundy).toBe(2);
    expect(keeper.saves).toBeGreaterThanOrEqual(2);
  });

  it('spaces saves by the interval asked for, else by the default or ten times the last save, whichever is longer', () => {
    expect(saveGap(0, 5_000)).toBe(0);
    expect(saveGap(60_000, 20_000)).toBe(60_000);
    expect(saveGap(undefined, 0)).toBe(DEFAULT_SAVE_EVERY_MS);
    expect(saveGap(undefined, 1_000)).toBe(DEFAULT_SAVE_EVERY_MS);
    // a save of 5 s (hundreds of megabytes): the next one waits 50 s, so saving takes a tenth at most
    expect(saveGap(undefined, 5_000)).toBe(50_000);
  });

  it('a table board stopped by its time limit keeps its table; given more time it resumes', () => {
    const ruleset = game('cram');
    const keeper = new MemoryKeeper();
    // 4 x 7: about 31,000 positions, far more than any machine searches in the 1 ms limit (the search
    // looks at the clock every 1,024); 3 x 9, about 5,000, was within reach of a machine a few times
    // faster than a 2-core CI one
    const stopped = tableBoard(ruleset, 4, 7, { cellMs: 1, resume: { keeper } });
    expect(stopped.cell.grundy).toBeNull();
    expect(keeper.words).not.toBeNull();
    const fresh = tableBoard(ruleset, 4, 7, { cellMs: 60_000, resume: { keeper: new MemoryKeeper() } }).cell;
    const resumed = tableBoard(ruleset, 4, 7, { cellMs: 60_000, resume: { keeper } }).cell;
    expect(resumed.grundy).toBe(fresh.grundy);
    expect(resumed.nodes).toBeLessThan(fresh.nodes);
  });

  it('a table stopped by its signal inside a board saves that board, hears no cell for it, and starts no other', () => {
    const ruleset = game('cram');
    const keepers = new Map<string, MemoryKeeper>();
    const heard: TableCell[] = [];
    const stop = { aborted: false };
    const run = () =>
      gameTable(
        ruleset,
        { from: 3, to: 3 },
        { from: 11, to: 13 },
        60_000,
        (cell) => heard.push(cell),
        // Cram 3 x 12: about 120,000 positions, a progress report at 65,536: stopped there
        (board) => {
          if (board.cols === 12) stop.aborted = true;
        },
        {
          resume: (r, c) => {
            const keeper = keepers.get(`${r}x${c}`) ?? new MemoryKeeper();
            keepers.set(`${r}x${c}`, keeper);
            return { keeper };
          },
          signal: stop,
        },
      );
    expect(run).toThrow(
      /^the 3 x 12 search was cancelled after \d+ positions; the table found so far is saved in memory: the same search resumes from it$/,
    );
    expect(heard.map((c) => c.cols)).toEqual([11]);
    expect(keepers.get('3x12')?.saves).toBe(1);
    expect(keepers.has('3x13')).toBe(false);

    // set before a board starts: that board is not begun (a reused board is still heard)
    heard.length = 0;
    let stopped: unknown;
    try {
      gameTable(ruleset, { from: 3, to: 3 }, { from: 4, to: 6 }, 60_000, (cell) => heard.push(cell), undefined, {
        reuse: (_r, c) => (c === 4 ? STORED_3X4 : undefined),
        signal: { aborted: true },
      });
    } catch (e) {
      stopped = e;
    }
    expect(stopped).toBeInstanceOf(SearchStopped);
    expect((stopped as SearchStopped).reason).toBe('cancelled');
    expect((stopped as Error).message).toBe('the table was cancelled after 0 boards searched, before the 3 x 5 board');
    expect(heard.map((c) => [c.cols, c.reused])).toEqual([[4, true]]);
  });

  it('is refused where no table would be kept: misère play, a position beyond the core, heaps', async () => {
    const resume = { keeper: new MemoryKeeper() };
    const analyze = (ruleset: string, position: { board?: string; heaps?: string[] }, convention?: 'misere') =>
      analyzePosition({ ruleset, position, convention, limits: { resume } }, ENGINE_ENV);
    await expect(analyze('cram:3x3', {}, 'misere')).rejects.toThrow(/misère play is searched without one/);
    await expect(analyze('node-kayles:complete:4', {})).rejects.toThrow(/goes to the general solver/);
    await expect(analyze('subtract:1,2', { heaps: ['5'] })).rejects.toThrow(/answered from Grundy values/);
    expect(resume.keeper.saves).toBe(0);
  });
});
