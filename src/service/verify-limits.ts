/**
 * Up-front bounds for --verify: the brute-force oracle's work is estimated before it starts, and a
 * check it could not finish in about 10 s is refused at once (InputError naming the limit) instead
 * of running for minutes or failing at its state budget after a long time.
 *
 * Work = (positions the oracle may visit) x (moves generated per position). Positions: for heap
 * games whose moves never split a heap, the tuples of smaller heaps, prod (h_i + 1); when a move may
 * split a heap, the multisets of heaps with the same total or less, sum over s <= T of p(s)
 * (partitions). Coupled games: prod (p_i + 1).
 */
import { InputError, checkMax } from '../engine/errors.ts';
import { ORACLE_BUDGET } from '../engine/solve/oracle/normal.ts';
import type { CountOrder, HeapRuleset, TupleRuleset } from '../engine/types.ts';
import { type ByKind, byKind } from './by-kind.ts';

/** Oracle move steps a --verify may take (measured near 1 µs each: about 10 s). */
export const VERIFY_WORK_LIMIT = 10_000_000;

/**
 * How the oracle's work grows for each kind of ruleset whose positions are numbers: a heap game's moves
 * are counted per heap and a move may split a heap; a coupled position counts one move step, and the
 * family may bound the piles the oracle checks quickly.
 */
interface OracleWork {
  /** True when a move may leave more heaps than it found (positions are then multisets of any length). */
  readonly splits: boolean;
  /** The options of one heap, or null where moves are not counted per heap (one step a position). */
  readonly optionsOf: ((heap: number) => number) | null;
  /** The largest pile a verified count of `pileCount` piles may reach (absent: the work estimate alone). */
  readonly maxPile?: (pileCount: number) => number;
}

const ORACLE_WORK: ByKind<[], OracleWork, TupleRuleset['kind']> = {
  heap: (ruleset) => ({ splits: splits(ruleset), optionsOf: (heap) => optionCount(ruleset, heap) }),
  coupled: (ruleset) => ({ splits: false, optionsOf: null, maxPile: ruleset.verifyMaxPile?.bind(ruleset) }),
};

/** Refuses a --verify of an analysis the oracle could not finish in time. */
export function checkVerifiable(ruleset: TupleRuleset, heaps: readonly (number | bigint)[]): void {
  if (heaps.some((h) => BigInt(h) > BigInt(ORACLE_BUDGET)))
    refuse(`a heap of ${heaps.reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b))}`, Infinity);
  const sizes = heaps.map(Number);
  const work = byKind(ORACLE_WORK, ruleset);
  const positions = work.splits
    ? partitionsUpTo(sizes.reduce((a, b) => a + b, 0))
    : sizes.reduce((a, h) => a * (h + 1), 1);
  const { optionsOf } = work;
  const moves = optionsOf ? sizes.reduce((a, h) => a + optionsOf(h), 0) : 1;
  if (positions * Math.max(1, moves) > VERIFY_WORK_LIMIT)
    refuse(`this position (${approx(positions)} positions x ${fmt(moves)} moves each)`, positions * moves);
}

/**
 * Refuses a --verify of a count of heapCount heaps of sizes 0..max the oracle could not finish in
 * time, or past the largest pile the family says its oracle checks quickly.
 */
export function checkCountVerifiable(ruleset: TupleRuleset, heapCount: number, max: number, order: CountOrder): void {
  let tuples = 1;
  for (let i = 0; i < heapCount && tuples <= VERIFY_WORK_LIMIT; i++)
    tuples *= order === 'ordered' ? max + 1 : (max + 1 + (order === 'sorted' ? i : -i)) / (i + 1);
  const work = byKind(ORACLE_WORK, ruleset);
  const positions = work.splits ? Math.max(tuples, partitionsUpTo(heapCount * max)) : tuples;
  const moves = work.optionsOf ? heapCount * work.optionsOf(max) : 1;
  if (positions * Math.max(1, moves) > VERIFY_WORK_LIMIT)
    refuse(
      `${heapCount} heaps of 0..${max} (${approx(positions)} positions x ${fmt(moves)} moves each)`,
      positions * moves,
    );
  if (work.maxPile) checkMax(max, `max for a verified count of ${heapCount} piles`, work.maxPile(heapCount));
}

function refuse(what: string, work: number): never {
  const estimate = Number.isFinite(work) ? ` (${fmt(work)} steps)` : '';
  throw new InputError(
    `--verify: the brute-force oracle cannot check ${what} in about 10 s${estimate}; its limit is ${fmt(VERIFY_WORK_LIMIT)} move steps: verify a smaller instance`,
    'too-large',
  );
}

function fmt(x: number): string {
  return x >= 1e6 ? x.toExponential(1) : String(Math.round(x));
}

/** An estimate in words: "about 1.2e+9", or a bound where it was not counted (never "Infinity"). */
function approx(x: number): string {
  return Number.isFinite(x) ? `about ${fmt(x)}` : `more than ${UNCOUNTED}`;
}

/** What partitionsUpTo stops counting at: p(401) alone is about 7.3e19. */
const UNCOUNTED = '1e19';

/** Whether some move of a small heap leaves two heaps or more. */
function splits(ruleset: HeapRuleset): boolean {
  for (let n = 1; n <= 16 && n <= ruleset.maxHeap; n++)
    for (const parts of ruleset.heapOptions(n)) if (parts.length > 1) return true;
  return false;
}

/** Options of one heap, counted up to the work limit. */
function optionCount(ruleset: HeapRuleset, heap: number): number {
  let count = 0;
  for (const _ of ruleset.heapOptions(heap)) if (++count > VERIFY_WORK_LIMIT) break;
  return count;
}

/** Sum over s <= total of p(s), the multisets of positive heaps with total s (Infinity past the limit). */
function partitionsUpTo(total: number): number {
  if (total > 400) return Infinity;
  const p = new Float64Array(total + 1);
  p[0] = 1;
  for (let part = 1; part <= total; part++) for (let s = part; s <= total; s++) p[s] += p[s - part];
  let sum = 0;
  for (let s = 0; s <= total; s++) sum += p[s];
  return sum;
}
