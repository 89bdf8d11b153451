/** The general solver's machinery: limits, cancellation, progress and the bounded table. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { cram } from '../../../../src/engine/families/cram/index.ts';
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
