/** The general solver's machinery: limits, cancellation, progress, the bounded table, and the families' grid views. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { chomp } from '../../../../src/engine/families/chomp/index.ts';
import { cram, parseBoard, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { parseGameSpec } from '../../../../src/engine/spec.ts';
import { GameSolver, SearchStopped } from '../../../../src/engine/solve/search/solver.ts';
import { TranspositionTable } from '../../../../src/engine/solve/search/table.ts';

describe('GameSolver limits', () => {
  it('stops at its time limit with a SearchStopped (an InputError) that says so', () => {
    const big = cram(6, 7);
    const solver = new GameSolver(big, { timeLimitMs: 50 });
    let error: unknown;
    try {
      solver.grundy(big.start!);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SearchStopped);
    expect(error).toBeInstanceOf(InputError);
    expect((error as SearchStopped).reason).toBe('time-limit');
    expect((error as Error).message).toMatch(/hit its time limit of 0\.1 s after \d+ positions/);
  });

  it('stops when its signal aborts, and reports progress on the way', () => {
    const big = cram(6, 7);
    const controller = new AbortController();
    const seen: number[] = [];
    const solver = new GameSolver(big, {
      signal: controller.signal,
      onProgress: (s) => {
        seen.push(s.nodes);
        controller.abort();
      },
    });
    expect(() => solver.grundy(big.start!)).toThrow(/cancelled after \d+ positions/);
    expect(seen).toEqual([65_536]);
  });

  it('keeps its table within two generations and still answers right when entries are dropped', () => {
    const board = cram(3, 5);
    const small = new GameSolver(board, { tableEntries: 50 });
    expect(small.grundy(board.start!)).toBe(new GameSolver(board).grundy(board.start!));
    expect(small.stats.tableEntries).toBeLessThanOrEqual(100);
    expect(small.stats.evicted).toBeGreaterThan(0);
  });

  it('the table: generational replacement keeps what was used recently', () => {
    const t = new TranspositionTable(2);
    t.entry('a').value = 1;
    t.entry('b').value = 2;
    t.entry('c').value = 3; // young {c}, old {a, b}
    expect(t.get('a')?.value).toBe(1); // moves a back into the young generation
    t.entry('d'); // young full: old {c, a}, young {d}; b is dropped
    expect(t.peek('b')).toBeUndefined();
    expect(t.peek('a')?.value).toBe(1);
    expect(t.size).toBeLessThanOrEqual(4);
  });
});

describe('grid views (what the page draws and clicks)', () => {
  it('cram: two adjacent empty cells make a domino; anything else is no move', () => {
    const view = cram().gridView!;
    const b = parseBoard('..#/...');
    expect(view.pick(b, [[0, 0]])).toBe('more');
    expect(
      formatBoard(
        view.pick(b, [
          [0, 0],
          [1, 0],
        ]) as never,
      ),
    ).toBe('#.#/#..');
    expect(
      view.pick(b, [
        [0, 0],
        [1, 1],
      ]),
    ).toBeNull();
    expect(view.pick(b, [[0, 2]])).toBeNull();
    expect(view.cell(b, 0, 2)).toBe('taken');
  });

  it('chomp: the poisoned square (bottom left) is fixed; a click takes everything above and right', () => {
    const ruleset = chomp(3, 3);
    const view = ruleset.gridView!;
    expect(view.cell([3, 3, 3], 2, 0)).toBe('fixed');
    expect(view.pick([3, 3, 3], [[2, 0]])).toBeNull();
    expect(view.pick([3, 3, 3], [[1, 1]])).toEqual([3, 1, 1]);
    expect(view.pick([3, 3, 3], [[2, 1]])).toEqual([3]);
  });

  it('node-kayles: grid graphs are drawn; other graphs are not', () => {
    const grid = parseGameSpec('node-kayles:grid:2x2');
    const after = grid.gridView!.pick(grid.start, [[0, 0]]);
    expect(grid.formatPosition(after)).toBe('3');
    expect(parseGameSpec('node-kayles:path:4').gridView).toBeUndefined();
  });
});

describe('GameSolver on very long games', () => {
  it('refuses in words a game longer than the stack holds', () => {
    // one heap, take exactly 1: a line of play of a million moves
    const chain = {
      *moves(n: number) {
        if (n > 0) yield n - 1;
      },
      key: (n: number) => String(n),
    };
    expect(() => new GameSolver(chain).grundy(1_000_000)).toThrow(/too long for the solver's recursion/);
    expect(new GameSolver(chain).grundy(1000)).toBe(0);
  });
});
