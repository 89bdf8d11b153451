/**
 * Proved periods kept between commands: the port through which a face offers a store of them (the
 * CLI's disk cache), and the checks a stored proof passes before it is believed. A proof that took
 * minutes to find then answers the next command at once, and a damaged or foreign one is dropped
 * and found again, never used.
 */
import { sequenceLimit, grundySequence } from '../engine/solve/normal/grundy.ts';
import type { HeapRuleset, ObservedPeriod } from '../engine/types.ts';

/** A period proved by the family's theorem, with the values that answer every heap from it. */
export interface StoredProof {
  readonly preperiod: number;
  readonly period: number;
  /** Heaps 0..computed-1 were computed when the theorem proved it. */
  readonly computed: number;
  /** g(0..preperiod+period-1). */
  readonly values: Uint32Array;
}

/** Where proved periods are kept, keyed by the ruleset's canonical spec. */
export interface ProofStore {
  /** The stored proof, or null; an unreadable or damaged entry is null (and dropped by the store). */
  read(spec: string): StoredProof | null;
  /** Keeps a proof (a failure to store is the store's to report, never thrown). */
  write(spec: string, proof: StoredProof): void;
  /** Drops an entry that failed the checks below, saying why. */
  reject(spec: string, reason: string): void;
}

/** Values recomputed to compare with a stored proof's first ones (a few milliseconds). */
const RECHECKED_VALUES = 2048;

/**
 * Why a stored proof cannot be believed for this ruleset, or null when it passes: the theorem must
 * prove its period from the length it says was computed, that length must be within the ruleset's
 * maximum, its values must be as many as it needs, and its first values must be the ruleset's own
 * (recomputed: a proof written for other rules, or by an engine that computed differently, fails).
 */
export function proofProblem(ruleset: HeapRuleset, proof: StoredProof): string | null {
  const { preperiod: e, period: p, computed, values } = proof;
  const theorem = ruleset.certificationLength;
  if (!theorem) return 'no periodicity theorem applies to this ruleset';
  if (!Number.isSafeInteger(e) || !Number.isSafeInteger(p) || e < 0 || p < 1) return 'not a preperiod and period';
  if (values.length !== e + p) return `${values.length} values stored where ${e + p} are needed`;
  if (!Number.isSafeInteger(computed) || computed > sequenceLimit(ruleset) + 1)
    return `computed length ${computed} is beyond the maximum`;
  if (theorem(e, p) > computed) return `the theorem needs ${theorem(e, p)} heaps, not ${computed}`;
  const count = Math.min(values.length, RECHECKED_VALUES);
  const fresh = grundySequence(ruleset, count - 1);
  for (let n = 0; n < count; n++)
    if (fresh[n] !== values[n]) return `g(${n}) is stored as ${values[n]} but is ${fresh[n]}`;
  return null;
}

/** The store's proof of this ruleset when it passes the checks (a failing one is rejected), else null. */
export function storedProof(ruleset: HeapRuleset, store: ProofStore | undefined): StoredProof | null {
  if (!store || !ruleset.certificationLength) return null;
  const proof = store.read(ruleset.spec);
  if (!proof) return null;
  const problem = proofProblem(ruleset, proof);
  if (problem === null) return proof;
  store.reject(ruleset.spec, problem);
  return null;
}

/** Keeps a plain period just proved from g(0..computed-1) in `values`. */
export function keepProof(
  ruleset: HeapRuleset,
  store: ProofStore | undefined,
  proved: ObservedPeriod,
  values: ArrayLike<number>,
  computed: number,
): void {
  if (!store || proved.saltus !== 0) return;
  const needed = proved.preperiod + proved.period;
  const kept = new Uint32Array(needed);
  for (let n = 0; n < needed; n++) kept[n] = values[n];
  store.write(ruleset.spec, { preperiod: proved.preperiod, period: proved.period, computed, values: kept });
}

/** The certificate of a stored proof. */
export function certificateOf(proof: StoredProof): ObservedPeriod {
  return { preperiod: proof.preperiod, period: proof.period, saltus: 0 };
}
