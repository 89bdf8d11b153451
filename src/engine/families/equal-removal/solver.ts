/**
 * Equal-removal games (Wythoff, Stone Game) over all positions up to a bound: P-positions, counts,
 * sums and winning moves, from the fast solvers for 1-3 piles and the oracle beyond.
 */
import { InputError, checkMax } from '../../errors.ts';
import { forEachOraclePPosition, oracleFor } from '../../solve/oracle/normal.ts';
import type { EqualRemovalRuleset } from './index.ts';
import { MAX_EQUAL_REMOVAL_PILES, MAX_PAIR_PILE, MAX_TRIPLE_PILE } from './limits.ts';
import type { CountOrder, PileQuery, Position, PositionVisitor, WinningMove } from '../../types.ts';
import { COUNT_ORDERS } from '../../types.ts';
import { solvePairs } from './pairs.ts';
import { solveTriples, type ProgressCallback } from './triples.ts';
import { solveTriplesWasm, wasmTriplesAvailable } from './triples-wasm.ts';

/** The three-pile solver: the WebAssembly kernel (2–5× faster here at N = 10000) where the runtime has WebAssembly, else the TypeScript reference. */
const fastestTriples = wasmTriplesAvailable() ? solveTriplesWasm : solveTriples;

export type { ProgressCallback } from './triples.ts';

/** Most positions the oracle fallback (4 or more piles) may classify in one request. */
export const COUPLED_ORACLE_POSITIONS = 200_000;

/**
 * Largest pile for a brute-force cross-check (--verify) of 1, 2 or 3 piles: the oracle visits every
 * position below with string keys, so three piles at 60 already take seconds. Beyond three piles
 * the count itself is the oracle's, bounded by COUPLED_ORACLE_POSITIONS.
 */
export function oracleCheckMax(piles: number): number {
  return piles <= 1 ? 2000 : piles === 2 ? 200 : piles === 3 ? 60 : MAX_PAIR_PILE;
}

export interface PPositionOptions {
  onPosition?: PositionVisitor;
  onProgress?: ProgressCallback;
}

export interface PPositionSummary {
  /** Number of sorted P-positions with every pile <= n. */
  readonly count: bigint;
  /** Sum of all piles over them. */
  readonly sum: bigint;
  /** False when the visitor stopped the scan early. */
  readonly complete: boolean;
}

/** The largest bound the fast solver accepts for this many piles (1, 2 or 3). */
export function solverMaxPile(piles: number): number {
  return piles === 3 ? MAX_TRIPLE_PILE : MAX_PAIR_PILE;
}

/**
 * Every P-position x_1 <= ... <= x_k <= n of k-pile equal removal, k = 1, 2 or 3, visited in
 * lexicographic order by the bit-table solvers (pairs.ts, triples.ts).
 */
export function equalRemovalPPositions(piles: number, n: number, options: PPositionOptions = {}): PPositionSummary {
  if (piles < 1 || piles > 3 || !Number.isInteger(piles))
    throw new InputError(`the P-position solver handles 1, 2 or 3 piles, got ${piles}`);
  if (!Number.isSafeInteger(n) || n < 0) throw new InputError(`the bound must be a non-negative integer, got ${n}`);
  checkMax(n, piles === 3 ? 'pile size for three piles' : 'pile size', solverMaxPile(piles));
  const { onPosition, onProgress } = options;
  if (piles === 1) {
    // One pile: every non-empty pile can be emptied, so 0 is the only P-position.
    const complete = onPosition?.([0]) !== false;
    onProgress?.(1, 1);
    return { count: 1n, sum: 0n, complete };
  }
  if (piles === 2) {
    const t = [0, 0];
    const r = solvePairs(n, {
      onProgress,
      onPosition:
        onPosition &&
        ((x, y) => {
          t[0] = x;
          t[1] = y;
          return onPosition(t);
        }),
    });
    return { count: BigInt(r.count), sum: r.sum, complete: r.complete };
  }
  const t = [0, 0, 0];
  const r = fastestTriples(n, {
    onProgress,
    onPosition:
      onPosition &&
      ((x, y, z) => {
        t[0] = x;
        t[1] = y;
        t[2] = z;
        return onPosition(t);
      }),
  });
  return { count: BigInt(r.count), sum: r.sum, complete: r.complete };
}

/** Project Euler 260: the sum of x + y + z over the P-positions x <= y <= z <= n, and their number. */
export function stoneGame(n: number, onProgress?: ProgressCallback): { sum: bigint; count: bigint } {
  const { sum, count } = equalRemovalPPositions(3, n, { onProgress });
  return { sum, count };
}

/** The number of piles of a count or listing: the ruleset's own, or the one asked for. */
export function pilesFor(ruleset: EqualRemovalRuleset, pileCount: number): number {
  if (!Number.isSafeInteger(pileCount) || pileCount < 1)
    throw new InputError(`number of piles must be a positive integer, got ${pileCount}`);
  if (ruleset.piles !== undefined && pileCount !== ruleset.piles) {
    throw new InputError(
      `${ruleset.spec} is played on ${ruleset.piles} piles; a count over ${pileCount} piles does not apply (count over ${ruleset.piles} piles, or use equal-removal for any number)`,
    );
  }
  return checkMax(pileCount, 'number of piles', MAX_EQUAL_REMOVAL_PILES);
}

/**
 * Visits every P-position of k piles with sizes 0..max in the given order: `sorted` tuples as the
 * solver finds them, `distinct` only those with no two piles equal, `ordered` every arrangement of
 * each sorted P-position (the game is symmetric) right after it. Returns the number visited.
 */
export function forEachCoupledPPosition(
  ruleset: EqualRemovalRuleset,
  options: PileQuery,
  visit?: PositionVisitor,
): bigint {
  const k = pilesFor(ruleset, options.pileCount);
  const order = options.order ?? 'sorted';
  if (!COUNT_ORDERS.includes(order))
    throw new InputError(`order must be one of ${COUNT_ORDERS.join(', ')}, got '${order}'`);
  const max = options.max;
  if (!Number.isSafeInteger(max) || max < 0)
    throw new InputError(`the largest pile must be a non-negative integer, got ${max}`);
  if (k > 3) return oracleFallback(ruleset, k, max, order, visit);
  if (order === 'sorted' && !visit) return equalRemovalPPositions(k, max, { onProgress: options.onProgress }).count;
  let count = 0n;
  const onPosition = (t: readonly number[]): boolean | undefined => {
    if (order === 'distinct') {
      for (let i = 1; i < t.length; i++) if (t[i] === t[i - 1]) return;
      count++;
      return visit?.(t);
    }
    if (order === 'sorted') {
      count++;
      return visit?.(t);
    }
    for (const p of distinctPermutations(t)) {
      count++;
      if (visit?.(p) === false) return false;
    }
  };
  equalRemovalPPositions(k, max, { onPosition, onProgress: options.onProgress });
  return count;
}

/** The number of P-positions of k piles with sizes 0..max in the given order. */
export function countCoupled(ruleset: EqualRemovalRuleset, options: PileQuery): bigint {
  return forEachCoupledPPosition(ruleset, options);
}

/** The distinct arrangements of a sorted tuple, in lexicographic order. */
export function* distinctPermutations(sorted: readonly number[]): Generator<number[]> {
  const a = sorted.slice();
  for (;;) {
    yield a.slice();
    // next lexicographic permutation
    let i = a.length - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return;
    let j = a.length - 1;
    while (a[j] <= a[i]) j--;
    [a[i], a[j]] = [a[j], a[i]];
    for (let l = i + 1, r = a.length - 1; l < r; l++, r--) [a[l], a[r]] = [a[r], a[l]];
  }
}

/** Sorted positions of k piles each <= max: C(max + k, k). */
function sortedPositions(k: number, max: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (max + i)) / i;
  return Math.round(c);
}

/** Four or more piles: the oracle, refused up front when the positions would be too many. */
function checkOracleSize(k: number, max: number): void {
  const positions = sortedPositions(k, max);
  if (positions > COUPLED_ORACLE_POSITIONS) {
    throw new InputError(
      `${k} piles up to ${max} means ${positions.toExponential(2)} positions; beyond 3 piles only the brute-force oracle applies, limited to ${COUPLED_ORACLE_POSITIONS} positions`,
      'too-large',
    );
  }
}

function oracleFallback(
  ruleset: EqualRemovalRuleset,
  k: number,
  max: number,
  order: CountOrder,
  visit?: PositionVisitor,
): bigint {
  checkOracleSize(k, max);
  return forEachOraclePPosition(ruleset, { pileCount: k, max, order }, visit);
}

/**
 * Every winning move from a position: each move to a P-position, in the order of the ruleset's
 * move generator (subsets by bit mask, then amounts). For 1-3 piles the P-positions come from the
 * solver up to the largest pile, stopped once their smallest pile passes the position's (a move
 * never raises a sorted coordinate); each is matched against the position arrangement by
 * arrangement. Four or more piles go to the oracle.
 */
export function equalRemovalWinningMoves(ruleset: EqualRemovalRuleset, position: Position): WinningMove[] {
  const k = position.length;
  if (ruleset.piles !== undefined && k !== ruleset.piles) {
    throw new InputError(`${ruleset.spec} is played on ${ruleset.piles} piles, got ${k}`);
  }
  checkMax(k, 'number of piles', MAX_EQUAL_REMOVAL_PILES);
  if (k > 3) {
    const sorted = [...position].sort((a, b) => a - b);
    // the positions below this one: at most those of k piles each <= the largest
    checkOracleSize(k, sorted[k - 1]);
    return oracleFor(ruleset).winningMoves([...position]);
  }
  const sorted = [...position].sort((a, b) => a - b);
  const found: { mask: number; amount: number; to: number[] }[] = [];
  equalRemovalPPositions(k, sorted[k - 1], {
    onPosition(p) {
      if (p[0] > sorted[0]) return false;
      // A move leaves some pile as it was, or takes from all and keeps the differences: a
      // P-position with neither property is not one move away (a cheap test before arranging it).
      let keepsPile = false;
      for (let i = 0; i < k && !keepsPile; i++)
        for (let j = 0; j < k; j++)
          if (p[i] === sorted[j]) {
            keepsPile = true;
            break;
          }
      if (!keepsPile) for (let i = 1; i < k; i++) if (p[i] - p[0] !== sorted[i] - sorted[0]) return;
      for (const to of distinctPermutations(p)) {
        const move = moveBetween(position, to);
        if (move) found.push({ ...move, to });
      }
    },
  });
  found.sort((a, b) => a.mask - b.mask || a.amount - b.amount);
  return found.map(({ to }) => ({ to }));
}

/** The move (subset mask, amount) taking `from` to `to`, or null when no single move does. */
function moveBetween(from: Position, to: readonly number[]): { mask: number; amount: number } | null {
  let mask = 0;
  let amount = 0;
  for (let i = 0; i < from.length; i++) {
    const d = from[i] - to[i];
    if (d < 0) return null;
    if (d === 0) continue;
    if (amount !== 0 && d !== amount) return null;
    amount = d;
    mask |= 1 << i;
  }
  return mask === 0 ? null : { mask, amount };
}
