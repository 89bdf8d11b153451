/**
 * The Chomp table core: its ranking of diagrams, its values against the general solver and a plain
 * mex recursion on every diagram of small frames, and against published facts.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import {
  MAX_CHOMP_CORE_POSITIONS,
  buildChompTable,
  chompPositionCount,
  chompRank,
  chompTableValue,
} from '../../../../src/engine/families/chomp/core.ts';
import { type ChompPosition, chomp, chompMoves, chompRectangle } from '../../../../src/engine/families/chomp/index.ts';
import { chompCoreSearch, conjugateHeights } from '../../../../src/engine/families/chomp/search.ts';
import { GameSolver, SearchStopped } from '../../../../src/engine/solve/search/solver.ts';

/** Every Young diagram inside rows x cols that keeps the poisoned square, heights without trailing zeros. */
function* diagrams(rows: number, cols: number, prefix: number[] = []): Generator<ChompPosition> {
  if (prefix.length > 0) yield prefix.slice();
  if (prefix.length === cols) return;
  const top = prefix.length === 0 ? rows : prefix[prefix.length - 1];
  for (let h = 1; h <= top; h++) yield* diagrams(rows, cols, [...prefix, h]);
}

/** The Grundy value by the definition: mex of the options' values, memoised by the heights. */
function mexValue(p: ChompPosition, memo = new Map<string, number>()): number {
  const key = p.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  for (const q of chompMoves(p)) seen.add(mexValue(q, memo));
  let g = 0;
  while (seen.has(g)) g++;
  memo.set(key, g);
  return g;
}

describe('ranking diagrams as lattice paths', () => {
  it('numbers the diagrams of a frame 1..binom(R+C, C)-1 (0 is the empty one) and every option ranks lower', () => {
    for (const [rows, cols] of [
      [4, 5],
      [5, 4],
      [1, 7],
      [6, 6],
    ]) {
      const ranks = new Set<number>();
      for (const d of diagrams(rows, cols)) {
        const r = chompRank(d, rows, cols);
        ranks.add(r);
        for (const q of chompMoves(d)) expect(chompRank(q, rows, cols)).toBeLessThan(r);
      }
      expect(ranks.size).toBe(chompPositionCount(rows, cols) - 1);
      expect(Math.min(...ranks)).toBe(1);
      expect(Math.max(...ranks)).toBe(chompPositionCount(rows, cols) - 1);
    }
  });
});

describe('the Chomp table core', () => {
  it('agrees with the general solver and with the mex recursion on every diagram inside 4 x 5, 5 x 4 and 5 x 6', () => {
    const solver = new GameSolver(chomp());
    const memo = new Map<string, number>();
    for (const [rows, cols] of [
      [4, 5],
      [5, 4],
      [5, 6],
    ]) {
      const table = buildChompTable(rows, cols);
      for (const d of diagrams(rows, cols)) {
        const v = chompTableValue(table, d);
        expect(v, d.join(' ')).toBe(mexValue(d, memo));
        expect(v, d.join(' ')).toBe(solver.grundy(d));
      }
    }
  });

  it('a diagram and its transpose have one value (the same game)', () => {
    const table = buildChompTable(6, 6);
    for (const d of diagrams(6, 6)) expect(chompTableValue(table, conjugateHeights(d))).toBe(chompTableValue(table, d));
  });

  it('every rectangle larger than 1 x 1 up to 10 x 10 is an N-position (strategy stealing, Gale 1974)', () => {
    const table = buildChompTable(10, 10);
    expect(chompTableValue(table, [1])).toBe(0);
    for (let r = 1; r <= 10; r++)
      for (let c = 1; c <= 10; c++)
        if (r * c > 1) expect(chompTableValue(table, chompRectangle(r, c)), `${r} x ${c}`).toBeGreaterThan(0);
  });

  it('published closed forms: a bar 1 x n is a Nim heap of n - 1, an L of arms a and b is Nim a - 1 ⊕ b - 1', () => {
    // the L: one row and one column beside the poisoned square are two Nim heaps; igs answers such
    // positions from this theorem (Beling, beling/impartial-games, igs/src/games/chomp.rs, try_solve_theoretically)
    const table = buildChompTable(10, 10);
    for (let n = 1; n <= 10; n++) expect(chompTableValue(table, chompRectangle(1, n))).toBe(n - 1);
    for (let a = 1; a <= 10; a++)
      for (let b = 1; b <= 10; b++) {
        const ell = [a, ...new Array<number>(b - 1).fill(1)];
        expect(chompTableValue(table, ell), `L ${a}, ${b}`).toBe((a - 1) ^ (b - 1));
      }
  });

  it('published P-positions: two rows whose first is one square longer than the second (the classical two-rowed solution; Zeilberger, "Three-rowed Chomp", Adv. Appl. Math. 26, 2001; X. Sun, "The Sprague-Grundy function for Chomp")', () => {
    // rows of n and n - 1 squares: columns of height 2, then one of height 1
    const table = buildChompTable(2, 14);
    for (let n = 1; n <= 14; n++) {
      const p = [...new Array<number>(n - 1).fill(2), 1];
      expect(chompTableValue(table, p), `rows ${n}, ${n - 1}`).toBe(0);
    }
    // and no other two-rowed diagram is one
    for (const d of diagrams(2, 14))
      if (d[0] === 2) {
        const top = d.length;
        const second = d.filter((h) => h === 2).length;
        expect(chompTableValue(table, d) === 0, d.join(' ')).toBe(second === top - 1);
      }
  });

  it('the n x n square: the one winning move takes the square (2, 2), leaving an L of equal arms (Gale 1974)', () => {
    const search = chompCoreSearch(chompMoves, { table: null }, {});
    for (let n = 2; n <= 10; n++) {
      const square = chompRectangle(n, n);
      expect(search.winningMoves(square), `${n} x ${n}`).toEqual([[n, ...new Array<number>(n - 1).fill(1)]]);
    }
  });

  it('refuses frames beyond its maximum with a too-large InputError, and stops on its signal', () => {
    expect(chompPositionCount(14, 14)).toBeLessThanOrEqual(MAX_CHOMP_CORE_POSITIONS);
    expect(chompPositionCount(14, 15)).toBeGreaterThan(MAX_CHOMP_CORE_POSITIONS);
    try {
      buildChompTable(15, 15);
      expect.unreachable('a 15 x 15 frame is refused');
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).kind).toBe('too-large');
      expect((e as Error).message).toMatch(/15 x 15 holds 155117520 positions, above the table core's maximum/);
    }
    const stopped = new AbortController();
    stopped.abort();
    expect(() => buildChompTable(10, 10, { signal: stopped.signal })).toThrow(SearchStopped);
    const search = chompCoreSearch(chompMoves, { table: null }, {});
    expect(search.accepts(chompRectangle(14, 14))).toBe(true);
    expect(search.accepts(chompRectangle(15, 15))).toBe(false);
    expect(search.accepts(chompRectangle(1, 100))).toBe(true);
  });

  it('builds a frame once for a ruleset: later positions inside it are looked up', () => {
    const cache = { table: null };
    const first = chompCoreSearch(chompMoves, cache, {});
    expect(first.grundy(chompRectangle(6, 7))).toBe(28);
    expect(first.stats.nodes).toBe(chompPositionCount(6, 7));
    const second = chompCoreSearch(chompMoves, cache, {});
    // 7 x 6 is the transpose of 6 x 7; 3 x 5 lies inside
    expect(second.grundy(chompRectangle(7, 6))).toBe(28);
    expect(second.grundy(chompRectangle(3, 5))).toBe(11);
    expect(second.stats.nodes).toBe(0);
  });
});
