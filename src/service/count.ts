/**
 * Counting P-positions for every ruleset that has the capability and both conventions: the service
 * chooses how (the heaps' Grundy histogram and the Walsh–Hadamard transform, from a proved period for
 * heaps of any size; the family's solver or the oracle for piles that move together; the misère
 * quotient or the misère oracle) and refuses the rest in one line naming what is missing.
 */
import { requireCapability } from '../engine/capabilities.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { checkModulus } from '../engine/solve/normal/count-big.ts';
import { forEachCoupledPPosition } from '../engine/solve/normal/count.ts';
import { countMisere } from '../engine/solve/misere/index.ts';
import { misereOracleCount } from '../engine/solve/oracle/misere.ts';
import { oracleCount } from '../engine/solve/oracle/normal.ts';
import type { TupleRuleset } from '../engine/types.ts';
import { type Verification, compare } from './analyze.ts';
import { countLargeHeaps } from './large-heaps.ts';
import { type CountRequest, conventionOf, rulesetOf } from './requests.ts';
import type { ServiceEnv } from './env.ts';
import { checkCountVerifiable } from './verify-limits.ts';
import { type ByKind, byKind } from './by-kind.ts';

/** Piles of a count or listing when neither the ruleset nor the request fixes them. */
export const DEFAULT_PILE_COUNT = 3;

/** The number of heaps (piles) a count covers: the request's, the ruleset's own, or the default. */
export function heapCountOf(ruleset: TupleRuleset, requested?: number): number {
  return requested ?? fixedPiles(ruleset) ?? DEFAULT_PILE_COUNT;
}

/** The number of piles the ruleset fixes, for each kind: a sum of heaps fixes none. */
const FIXED_PILES: ByKind<[], number | undefined, TupleRuleset['kind']> = {
  heap: () => undefined,
  coupled: (ruleset) => ruleset.piles,
};

/** The number of piles the ruleset itself fixes, if any. */
export function fixedPiles(ruleset: TupleRuleset): number | undefined {
  return byKind(FIXED_PILES, ruleset);
}

/** The ruleset of a count request, checked to have the capability. */
function countable(request: CountRequest): TupleRuleset {
  const ruleset = rulesetOf(request.ruleset);
  requireCapability(ruleset, 'count', 'count');
  if (request.visit) requireCapability(ruleset, 'p-positions', 'a listing of P-positions');
  return ruleset as TupleRuleset;
}

/** The exact number of P-positions (or modulo `modulus`) a request asks for. */
export async function countPositions(request: CountRequest, env: ServiceEnv): Promise<bigint> {
  const ruleset = countable(request);
  const heapCount = heapCountOf(ruleset, request.heapCount);
  const ranged = request.min !== undefined || request.modulus !== undefined;
  if (conventionOf(request.convention) === 'misere') {
    if (ranged)
      throw new InputError('min and mod are for counts under normal play; misère counts are over 0..max exactly');
    if (request.visit)
      throw new InputError('P-positions are listed under normal play; under misère play they are counted');
    return byKind(MISERE_COUNT, ruleset, request, heapCount);
  }
  return byKind(NORMAL_COUNT, ruleset, request, heapCount, env);
}

type CountArgs = [request: CountRequest, heapCount: number];

/** The misère count for each kind: a heap game's reaches heaps of any size from a solved quotient. */
const MISERE_COUNT: ByKind<CountArgs, bigint, TupleRuleset['kind']> = {
  heap: (ruleset, request, heapCount) => countMisere(ruleset, heapCount, BigInt(request.max), request.order),
  coupled: (ruleset, request, heapCount) => countMisere(ruleset, heapCount, safeMax(request.max), request.order),
};

/** The normal-play count for each kind: heaps from their Grundy values, piles by the family's solver or the oracle. */
const NORMAL_COUNT: ByKind<[...CountArgs, env: ServiceEnv], Promise<bigint> | bigint, TupleRuleset['kind']> = {
  heap: (ruleset, request, heapCount, env) => {
    const modulus = request.modulus === undefined ? undefined : checkModulus(BigInt(request.modulus));
    return countLargeHeaps(
      ruleset,
      { heapCount, min: BigInt(request.min ?? 0), max: BigInt(request.max), order: request.order, modulus },
      env,
      { budgetMs: request.limits?.budgetMs },
    );
  },
  coupled: (ruleset, request, heapCount) => {
    if (request.min !== undefined || request.modulus !== undefined)
      throw new InputError(
        `min and mod are for games played on heaps; '${ruleset.spec}' moves several piles at once, so its piles are counted over 0..max exactly`,
      );
    return forEachCoupledPPosition(
      ruleset,
      { pileCount: heapCount, max: safeMax(request.max), order: request.order, onProgress: request.onProgress },
      request.visit,
    );
  },
};

/**
 * The count, checked against the brute-force oracle's classification of every tuple: a count the
 * oracle could not check in about 10 s is refused up front.
 */
export async function verifiedCount(
  request: CountRequest,
  env: ServiceEnv,
): Promise<{ count: bigint; verification: Verification }> {
  const ruleset = countable(request);
  if (request.min !== undefined || request.modulus !== undefined)
    throw new InputError('verification checks exact counts over 0..max: it does not combine with min or mod');
  const heapCount = heapCountOf(ruleset, request.heapCount);
  const max = safeMax(request.max);
  checkCountVerifiable(ruleset, heapCount, max, request.order);
  const count = await countPositions(request, env);
  const misere = conventionOf(request.convention) === 'misere';
  const oracle = (misere ? misereOracleCount : oracleCount)(ruleset, heapCount, max, request.order);
  return { count, verification: compare(count, oracle) };
}

/** A largest size that must be a safe integer here (only heap games reach further, from a proved period). */
function safeMax(max: number | bigint): number {
  if (typeof max === 'bigint' && max > BigInt(Number.MAX_SAFE_INTEGER))
    throw new InputError(`max = ${max} is above the maximum of ${Number.MAX_SAFE_INTEGER}`, 'too-large');
  return checkMax(Number(max), 'max', Number.MAX_SAFE_INTEGER);
}
