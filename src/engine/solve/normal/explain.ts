/**
 * Explanations, worked out as a person would on paper: a heap's options, their values and the mex;
 * a position's nim-sum in binary columns and the winning move read off its highest set bit; for
 * piles moved together, P/N labels of a small region found by backward induction. Shared by
 * `nimber explain` and the page's explain panels; the plain text is wording/explanation.ts.
 */
import { analyze, optionsWithValue } from './analyze.ts';
import { heapValues } from './grundy.ts';
import { oracleFor } from '../oracle/normal.ts';
import { validatePosition } from './play.ts';
import { InputError } from '../../errors.ts';
import { applyHeapOption } from '../../position.ts';
import type { Convention, CoupledRuleset, HeapRuleset, Outcome, Position, TupleRuleset } from '../../types.ts';

/** Options listed per heap (the mex is still taken over every option up to OPTION_SCAN). */
export const LISTED_OPTIONS = 40;
/** Most options scanned for one heap's mex; beyond it the heap's value comes from the kernel alone. */
export const OPTION_SCAN = 100_000;
/** Distinct heaps worked out per position. */
export const EXPLAINED_HEAPS = 4;
/** Largest pile of the backward-induction region of a two-pile game (three piles: 3). */
export const REGION_MAX = 7;

/** One option of a heap: the heaps it leaves and their Grundy values (XORed into `value`). */
export interface OptionValue {
  readonly parts: readonly number[];
  readonly values: readonly number[];
  readonly value: number;
}

/** A heap's value as the mex of its options' values. */
export interface HeapExplanation {
  readonly heap: number;
  /** The first LISTED_OPTIONS options. */
  readonly options: readonly OptionValue[];
  /** How many options there are (counted up to OPTION_SCAN); `complete` is false beyond it. */
  readonly optionCount: number;
  readonly complete: boolean;
  /** The distinct values of every scanned option, ascending. */
  readonly seen: readonly number[];
  /** The smallest value not in `seen`: the heap's Grundy value. */
  readonly mex: number;
}

/** One heap's row in the nim-sum column sum. */
export interface NimSumRow {
  readonly heap: number;
  readonly grundy: number;
  readonly binary: string;
}

/** The nim-sum in binary columns and the winning moves read off its highest set bit. */
export interface NimSumExplanation {
  readonly rows: readonly NimSumRow[];
  readonly nimSum: number;
  readonly binary: string;
  /** Column of the nim-sum's highest set bit (its place value is 2^bit); null for a nim-sum of 0. */
  readonly highestBit: number | null;
  /** Each heap whose value has that bit set: it can drop to value grundy XOR nimSum (smaller). */
  readonly moves: readonly { index: number; grundy: number; target: number; to: number[] | null }[];
}

/** One cell of a coupled game's backward-induction region. */
export interface RegionCell {
  readonly position: number[];
  readonly outcome: Outcome;
  /** For an N-position: the P-position one winning move reaches (null for a position with no move, N under misère). */
  readonly reaches: number[] | null;
}

/** P/N labels of every position with piles at most `max` (two piles: a grid; more: a list). */
export interface RegionExplanation {
  readonly piles: number;
  readonly max: number;
  /** The outcome of a position with no move: P in normal play (the player to move has lost), N under misère. */
  readonly noMove: Outcome;
  readonly cells: readonly RegionCell[];
}

/** One heap under Bouton's misère rule: its normal Grundy value and Conway's genus. */
export interface MisereHeap {
  readonly heap: number;
  readonly grundy: number;
  /** e.g. "0^120", "1^031", "2^20". */
  readonly genus: string;
  /** Restive: plays like a Nim heap of 2 or more (every genus but 0^120 and 1^031). */
  readonly restive: boolean;
}

/**
 * Why a position is P or N when the player who moves last loses (the analysis of
 * src/engine/solve/misere: the first layer that applies answers).
 */
export interface MisereExplanation {
  /** genus: every heap is tame, Bouton's misère rule decides; quotient: the misère quotient; search: backward induction. */
  readonly method: 'genus' | 'quotient' | 'search';
  /** Each heap's genus (method genus), else null. */
  readonly genus: readonly MisereHeap[] | null;
  /** The nim-sum of the heaps' normal values and whether some heap is restive (method genus), else null. */
  readonly nimSum: number | null;
  readonly restive: boolean | null;
  /** The position's element of the misère quotient and the quotient's size (method quotient), else null. */
  readonly element: string | null;
  readonly quotientSize: number | null;
  /** The first LISTED_MOVES positions a winning move reaches, and how many there are. */
  readonly winningMoves: readonly number[][];
  readonly moveCount: number;
}

/** Winning moves listed in a misère explanation. */
export const LISTED_MOVES = 10;

export interface Explanation {
  readonly ruleset: string;
  readonly kind: 'heap' | 'coupled';
  /** The convention explained: the outcome and moves are those of this convention. */
  readonly convention: Convention;
  readonly position: number[];
  /** Each heap's normal Grundy value as the mex of its options (what Bouton's misère rule reads too). */
  readonly heaps: readonly HeapExplanation[];
  /** Normal play on heaps: the nim-sum decides. */
  readonly nimSum: NimSumExplanation | null;
  /** Piles moved together: backward induction over a small region (under the convention explained). */
  readonly region: RegionExplanation | null;
  /** Misère play: how the misère analysis decided. */
  readonly misereReasoning: MisereExplanation | null;
  readonly outcome: Outcome;
  /** The position one winning move reaches (null for a P-position, or a position with no move). */
  readonly winningMove: number[] | null;
}

/** Smallest non-negative integer not in `values`. */
export function mex(values: Iterable<number>): number {
  const seen = new Set(values);
  let m = 0;
  while (seen.has(m)) m++;
  return m;
}

/** `value` in binary, padded to `width` digits. */
export function binary(value: number, width: number): string {
  return value.toString(2).padStart(width, '0');
}

/** Works out heap `heap`'s Grundy value as the mex of its options' values. */
export function explainHeap(
  ruleset: HeapRuleset,
  heap: number,
  valueOfHeap = heapValues(ruleset, [heap]),
): HeapExplanation {
  const options: OptionValue[] = [];
  const seen = new Set<number>();
  let count = 0;
  let complete = true;
  for (const parts of ruleset.heapOptions(heap)) {
    if (count === OPTION_SCAN) {
      complete = false;
      break;
    }
    count++;
    const values = parts.map(valueOfHeap);
    const value = values.reduce((a, b) => (a ^ b) >>> 0, 0);
    seen.add(value);
    if (options.length < LISTED_OPTIONS) options.push({ parts: [...parts], values, value });
  }
  const mexValue = complete ? mex(seen) : valueOfHeap(heap);
  return { heap, options, optionCount: count, complete, seen: [...seen].sort((a, b) => a - b), mex: mexValue };
}

/** The nim-sum of `grundy` in binary columns, and the move that makes every column even. */
export function explainNimSum(
  ruleset: HeapRuleset,
  heaps: readonly number[],
  grundy: readonly number[],
  valueOfHeap: (heap: number) => number,
): NimSumExplanation {
  const nimSum = grundy.reduce((a, b) => (a ^ b) >>> 0, 0);
  const width = Math.max(1, ...grundy.map((g) => g.toString(2).length));
  const rows = heaps.map((heap, i) => ({ heap, grundy: grundy[i], binary: binary(grundy[i], width) }));
  if (nimSum === 0) return { rows, nimSum, binary: binary(0, width), highestBit: null, moves: [] };
  const bit = 31 - Math.clz32(nimSum);
  const moves = [];
  for (let i = 0; i < heaps.length; i++) {
    if (((grundy[i] >>> bit) & 1) === 0) continue;
    const target = (grundy[i] ^ nimSum) >>> 0;
    let to: number[] | null = null;
    for (const parts of optionsWithValue(ruleset, heaps[i], target, valueOfHeap)) {
      to = applyHeapOption(heaps, i, parts);
      break;
    }
    moves.push({ index: i, grundy: grundy[i], target, to });
  }
  return { rows, nimSum, binary: binary(nimSum, width), highestBit: bit, moves };
}

/** Outcomes and winning moves by backward induction (the normal or the misère oracle). */
export interface InductionOracle {
  outcome(position: number[]): Outcome;
  winningMoves(position: number[]): { to: number[] }[];
}

/** Backward induction over the positions with every pile at most `max`, smallest first. */
export function explainRegion(
  ruleset: CoupledRuleset,
  piles: number,
  max: number,
  oracle: InductionOracle = oracleFor(ruleset),
  noMove: Outcome = 'P',
): RegionExplanation {
  const cells: RegionCell[] = [];
  const tuple = new Array<number>(piles).fill(0);
  for (;;) {
    const position = [...tuple];
    const outcome = oracle.outcome(position);
    cells.push({ position, outcome, reaches: outcome === 'N' ? (oracle.winningMoves(position)[0]?.to ?? null) : null });
    let k = piles - 1;
    while (k >= 0 && tuple[k] === max) tuple[k--] = 0;
    if (k < 0) break;
    tuple[k]++;
  }
  return { piles, max, noMove, cells };
}

/** The largest pile of the region drawn for a position of piles moved together (refuses more than 3 piles). */
export function regionMax(position: readonly number[]): number {
  if (position.length > 3) throw new InputError('the backward-induction table is drawn for at most 3 piles');
  return Math.min(position.length === 2 ? REGION_MAX : 3, Math.max(...position));
}

/**
 * Everything the explain panel and `nimber explain` show for a position under normal play.
 * `valueOfHeap` gives heap values known otherwise (from a proved period: heaps far beyond a sequence).
 */
export function explain(ruleset: TupleRuleset, input: Position, knownValues?: (heap: number) => number): Explanation {
  const position = validatePosition(ruleset, input);
  if (ruleset.kind === 'coupled') {
    const max = regionMax(position);
    const analysis = analyze(ruleset, position);
    return {
      ruleset: ruleset.spec,
      kind: 'coupled',
      convention: 'normal',
      position,
      heaps: [],
      nimSum: null,
      region: explainRegion(ruleset, position.length, max),
      misereReasoning: null,
      outcome: analysis.outcome,
      winningMove: analysis.winningMoves[0]?.to ?? null,
    };
  }
  const valueOfHeap = knownValues ?? heapValues(ruleset, position);
  const grundy = position.map(valueOfHeap);
  const distinct = [...new Set(position)].slice(0, EXPLAINED_HEAPS);
  const heaps = distinct.map((h) => explainHeap(ruleset, h, valueOfHeap));
  const nimSum = explainNimSum(ruleset, position, grundy, valueOfHeap);
  return {
    ruleset: ruleset.spec,
    kind: 'heap',
    convention: 'normal',
    position,
    heaps,
    nimSum,
    region: null,
    misereReasoning: null,
    outcome: nimSum.nimSum === 0 ? 'P' : 'N',
    winningMove: nimSum.moves.find((m) => m.to)?.to ?? null,
  };
}
