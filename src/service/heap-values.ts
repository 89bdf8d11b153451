/**
 * The values of every heap an operation needs, computed only as far as they must be: when the
 * family's periodicity theorem proves a period, the rest follows from it (any heap size, as
 * bigint); otherwise the sequence is computed to the largest heap, within the documented maximum.
 */
import { InputError } from '../engine/errors.ts';
import { sequenceLimit } from '../engine/solve/normal/grundy.ts';
import { HeapValues, provePeriod } from '../engine/solve/normal/periodic.ts';
import { proofLength } from '../engine/solve/normal/period.ts';
import type { HeapRuleset } from '../engine/types.ts';
import { certificateOf, keepProof, storedProof } from './proofs.ts';
import type { ServiceEnv } from './env.ts';

/** Work budget for looking for a proof beyond the computable maximum (milliseconds). */
export const DEFAULT_PROOF_BUDGET_MS = 10_000;

/** First length tried for a proof (doubled until proved, the heaps needed, or the maximum). */
const FIRST_LENGTH = 256;

export interface HeapValuesOptions {
  /** Milliseconds spent looking for a proof when heaps beyond the maximum are asked for (default 10 s). */
  readonly budgetMs?: number;
  /** Clock in milliseconds (tests). */
  readonly now?: () => number;
}

/** Why heaps beyond the sequence maximum cannot be answered for a ruleset, in words. */
/**
 * The refusals heapValuesUpTo makes before computing anything: heaps beyond the sequence maximum of a
 * family with no periodicity theorem (or whose values grow with the heap past its own maximum) can
 * never be answered. Cheap: a face runs it before queueing.
 */
export function checkHeapReach(ruleset: HeapRuleset, max: bigint): void {
  const closed = ruleset.provedPeriod;
  // a saltus makes values grow: the family's own maximum keeps them within 32 bits
  if (closed && closed.saltus !== 0 && max > BigInt(ruleset.maxHeap))
    throw beyond(ruleset, max, 'its Grundy values grow with the heap');
  if (!closed && !ruleset.certificationLength && max > BigInt(sequenceLimit(ruleset)))
    throw beyond(ruleset, max, 'no periodicity theorem applies, so no period is proved');
}

function beyond(ruleset: HeapRuleset, max: bigint, reason: string): InputError {
  // closed forms answer every heap up to the family's maximum; sequences stop at the sequence maximum
  const maximum = ruleset.grundyOf ? ruleset.maxHeap : sequenceLimit(ruleset);
  return new InputError(
    `heap size = ${max} is above the maximum of ${maximum} for ${ruleset.spec} (${reason})`,
    'too-large',
  );
}

/**
 * Values covering heaps 0..max: a proved period (then every heap, whatever max is), or the
 * sequence computed up to max. Heaps beyond the sequence maximum need a proof: refused up front
 * (InputError naming the maximum and the reason) when the family has no periodicity theorem, and
 * after the budget when none is proved in time.
 */
export async function heapValuesUpTo(
  ruleset: HeapRuleset,
  max: bigint,
  env: ServiceEnv,
  options: HeapValuesOptions = {},
): Promise<HeapValues> {
  checkHeapReach(ruleset, max);
  const limit = sequenceLimit(ruleset);
  const closed = ruleset.provedPeriod;
  if (closed) {
    const stored = closed.preperiod + closed.period;
    if (max <= BigInt(limit) && (closed.saltus !== 0 || max < BigInt(stored)))
      return new HeapValues(await env.sequences(ruleset, Number(max)), max < BigInt(stored) ? null : closed);
    return new HeapValues(await env.sequences(ruleset, stored - 1), closed);
  }
  if (!ruleset.certificationLength) {
    return new HeapValues(await env.sequences(ruleset, Number(max)), null);
  }
  // a period proved by an earlier command answers at once (the heaps asked for reach its proof's
  // length, so a search would have proved it too before computing them all)
  const kept = storedProof(ruleset, env.proofs);
  if (kept && max >= BigInt(kept.computed)) return new HeapValues(kept.values, certificateOf(kept));
  const now = options.now ?? (() => performance.now());
  const budget = options.budgetMs ?? DEFAULT_PROOF_BUDGET_MS;
  const start = now();
  const needed = max < BigInt(limit) ? Number(max) + 1 : limit + 1;
  let length = Math.min(FIRST_LENGTH, needed);
  // the lengths of the doublings, which jumps to a proof's length do not shift
  let grid = length;
  // the values are computed at doubling lengths: a proof found at L costs at most about twice L's work
  for (;;) {
    const t0 = now();
    const values = await env.sequences(ruleset, length - 1, { upTo: needed - 1 });
    // every heap asked for is computed: nothing to prove
    if (BigInt(length) > max) return new HeapValues(values, null);
    const proved = provePeriod(ruleset, values);
    if (proved) {
      if (!kept || length < kept.computed) keepProof(ruleset, env.proofs, proved, values, length);
      return new HeapValues(values, proved);
    }
    if (length >= needed) {
      throw beyond(ruleset, max, `no period is proved in heaps 0..${length - 1}`);
    }
    // a last step of a few heaps (maxima are often 2^k + 1) is folded into the one before it;
    // sooner, the length the theorem needs for the period the values show
    const doubled = 2 * grid + ((2 * grid) >> 3) >= needed ? needed : 2 * grid;
    const next = proofLength(values, length, doubled, ruleset.certificationLength);
    // after a jump that proved nothing (a period shown early may not last) the doublings go on where they were
    if (next === doubled) grid = doubled;
    // Within the maximum the heaps asked for are computed anyway; beyond it the proof search has
    // a budget: stop when the next doubling (at least twice this step's work) would overrun it.
    const elapsed = now() - start,
      step = now() - t0;
    if (max > BigInt(limit) && elapsed + 2 * step * (next / length) > budget) {
      throw beyond(
        ruleset,
        max,
        `no period is proved in heaps 0..${length - 1} within the ${Math.round(budget / 1000)} s budget`,
      );
    }
    length = next;
  }
}
