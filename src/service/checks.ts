/**
 * The checks of a request that need no computation: capability, position shape and every size with a
 * documented maximum. A face that queues work (the HTTP server's worker pool) runs them first, so an
 * invalid request is refused at once even when the workers are busy. Each throws the InputError the
 * operation itself would throw; the operation checks again.
 */
import { hasCapability, requireCapability } from '../engine/capabilities.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { MAX_HEAPS } from '../engine/limits.ts';
import { sequenceLimit } from '../engine/solve/normal/grundy.ts';
import { validatePosition } from '../engine/solve/normal/play.ts';
import type { HeapRuleset, Ruleset } from '../engine/types.ts';
import { boardOf, heapsOf, safeSizes } from './analyze.ts';
import type { PositionInput } from './requests.ts';
import { checkHeapReach } from './heap-values.ts';
import { gamePosition } from './games.ts';
import { checkModulus } from '../engine/solve/normal/count-big.ts';
import { forEachCoupledPPosition } from '../engine/solve/normal/count.ts';
import { MAX_QUOTIENT_HEAP } from '../engine/solve/misere/quotient.ts';
import type { Convention, CoupledRuleset } from '../engine/types.ts';
import { type ByKind, byKind } from './by-kind.ts';
import { resultPosition } from './results.ts';

/**
 * Heaps up to `largest` of a heap ruleset under normal play: a closed form answers them, or else the
 * refusals the values' computation would make before computing (heapValuesUpTo).
 */
function checkHeapsReachable(ruleset: HeapRuleset, largest: bigint): void {
  const within = largest <= BigInt(Math.min(ruleset.maxHeap, Number.MAX_SAFE_INTEGER));
  if ((within && ruleset.grundyOf) || (!within && ruleset.bigClosedForm)) return;
  checkHeapReach(ruleset, largest);
}

/** g(0..to), or the window from..to of at most `maxValues` values. */
export function checkGrundy(
  ruleset: Ruleset,
  to: number | bigint,
  from: number | bigint | undefined,
  maxValues: number,
) {
  requireCapability(ruleset, 'heap-values', 'grundy');
  if (from === undefined) {
    if (typeof to === 'bigint') throw new InputError(`to = ${to} is above the maximum of ${maxValues}`, 'too-large');
    checkMax(checkMax(to, 'to', maxValues), 'heap size', sequenceLimit(ruleset as HeapRuleset));
    return;
  }
  const low = BigInt(from);
  const high = BigInt(to);
  if (low > high) throw new InputError(`--from (${low}) must not be above --to (${high})`);
  checkWindow(low, high, maxValues);
  checkHeapsReachable(ruleset as HeapRuleset, high);
}

/** A window from..to of at most `maxValues` values. */
export function checkWindow(from: bigint, to: bigint, maxValues: number): void {
  if (Number.isFinite(maxValues) && to >= from && to - from >= BigInt(maxValues))
    throw new InputError(`a window of ${to - from + 1n} values is above the maximum of ${maxValues}`, 'too-large');
}

/** The period of a heap ruleset, computing at most heaps 0..length-1. */
export function checkPeriod(ruleset: Ruleset, length: number | undefined, to?: number): void {
  requireCapability(ruleset, 'heap-values', 'period');
  // heaps 0..length-1 (or 0..to): at most the sequence maximum, as documented
  if (length !== undefined) checkMax(length, 'length', sequenceLimit(ruleset as HeapRuleset));
  if (to !== undefined) checkMax(to, 'to', sequenceLimit(ruleset as HeapRuleset) - 1);
}

/**
 * A position's shape for its ruleset (heap sizes or a board) and its heap count; `listed`: its sizes
 * too, for operations that list moves (heaps beyond a ruleset's maximum are answered only by analyses).
 */
export function checkPosition(
  ruleset: Ruleset,
  position: PositionInput,
  listed = false,
  convention: Convention = 'normal',
): void {
  byKind(POSITION_CHECK, ruleset, position, listed, convention);
}

type PositionCheckArgs = [position: PositionInput, listed: boolean, convention: Convention];

/** A position's checks for each kind of ruleset. */
const POSITION_CHECK: ByKind<PositionCheckArgs, void> = {
  // reading the position checks its text and every size the family bounds (linear in its length)
  game: (ruleset, position) => void gamePosition(ruleset, boardOf(ruleset, position)),
  heap: (ruleset, position, listed, convention) => {
    const heaps = heapsOf(ruleset, position);
    if (listed) validatePosition(ruleset, safeSizes(heaps));
    else {
      checkMax(heaps.length, 'number of heaps', MAX_HEAPS);
      if (convention === 'normal')
        checkHeapsReachable(
          ruleset,
          heaps.reduce<bigint>((a, h) => (BigInt(h) > a ? BigInt(h) : a), 0n),
        );
    }
  },
  // piles that move together have no period to answer beyond their maximum: their sizes are checked too
  coupled: (ruleset, position) => void validatePosition(ruleset, safeSizes(heapsOf(ruleset, position))),
  // reading the position refuses a bad board in one line naming the place; misère play is refused
  result: (ruleset, position, _listed, convention) => void resultPosition(ruleset, position, convention),
};

/** A count over `heapCount` heaps (more than MAX_HEAPS only modulo a number). */
export function checkCount(
  ruleset: Ruleset,
  heapCount: number,
  modulus: number | bigint | undefined,
  max?: number | bigint,
  convention: Convention = 'normal',
): void {
  requireCapability(ruleset, 'count', 'count');
  if (modulus === undefined) checkMax(heapCount, 'number of heaps', MAX_HEAPS);
  else checkModulus(BigInt(modulus));
  // a count of heaps under normal play needs the heaps' Grundy values up to max
  if (max !== undefined && convention === 'normal' && hasCapability(ruleset, 'heap-values'))
    checkHeapsReachable(ruleset as HeapRuleset, BigInt(max));
}

/** A listing of P-positions with piles of at most `max`. */
export function checkPPositions(ruleset: Ruleset, max: number, maxPile: number, piles?: number): void {
  requireCapability(ruleset, 'p-positions', 'a listing of P-positions');
  checkMax(max, 'max', maxPile);
  // the family's own listing checks the number of piles: asked for piles of size 0 only, it visits one position
  if (piles !== undefined)
    forEachCoupledPPosition(ruleset as CoupledRuleset, { pileCount: piles, max: 0, order: 'sorted' }, () => false);
}

/** A misère quotient. */
export function checkQuotient(ruleset: Ruleset, max?: number): void {
  requireCapability(ruleset, 'quotient', 'quotient');
  if (max !== undefined)
    checkMax(max, 'largest heap of a misère quotient', Math.min(MAX_QUOTIENT_HEAP, (ruleset as HeapRuleset).maxHeap));
}

/** Options of a heap position listed per page: `limit`, fewer when its positions are long (`maxSize` numbers in all). */
export function optionsPageSize(heapCount: number, limit: number, maxSize: number): number {
  return Math.max(1, Math.min(limit, Math.floor(maxSize / (heapCount + 1))));
}

/**
 * A page of options after `offset`: the options skipped are remembered (to drop repeats), so the
 * numbers of the skipped and listed positions together are at most `maxScan`.
 */
export function checkOptions(
  ruleset: Ruleset,
  position: PositionInput,
  offset: number,
  page: { limit: number; maxSize: number; maxScan: number },
): void {
  checkPosition(ruleset, position, true);
  byKind(OPTIONS_PAGE_CHECK, ruleset, position, offset, page);
}

type OptionsPageArgs = [
  position: PositionInput,
  offset: number,
  page: { limit: number; maxSize: number; maxScan: number },
];

/** A page's checks beyond its position's, for each kind: for heaps and piles, the numbers scanned to reach it. */
const OPTIONS_PAGE_CHECK: ByKind<OptionsPageArgs, void> = {
  game: () => {},
  heap: (_ruleset, position, offset, page) => checkTupleOptionsPage(position, offset, page),
  coupled: (_ruleset, position, offset, page) => checkTupleOptionsPage(position, offset, page),
  result: () => {},
};

function checkTupleOptionsPage(position: PositionInput, offset: number, page: OptionsPageArgs[2]): void {
  const heapCount = position.heaps?.length ?? 0;
  const size = optionsPageSize(heapCount, page.limit, page.maxSize);
  const most = Math.floor(page.maxScan / (heapCount + 1)) - size;
  if (offset > most)
    throw new InputError(
      `offset ${offset} is above the maximum of ${Math.max(0, most)} for a position of ${heapCount} heaps`,
      'too-large',
    );
}
