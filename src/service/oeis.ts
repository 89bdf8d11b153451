/**
 * Known Grundy sequences in the OEIS, by canonical ruleset spec, as the families declare them: the
 * page links a sequence to its entry when the ruleset is one of these. Each entry is checked against
 * the published values in the tests (tests/service/oeis.test.ts).
 */
import { FAMILIES } from '../engine/registry.ts';
import type { PublishedSequence } from '../engine/types.ts';

export type KnownSequence = PublishedSequence;

/** Every family's published sequences, by canonical spec (a Map: user text is never an object key). */
const KNOWN = new Map<string, KnownSequence>(FAMILIES.flatMap((f) => f.sequences ?? []));

/** The OEIS entry of the Grundy sequence of this canonical spec, if it is a known one. */
export function knownSequence(spec: string): KnownSequence | undefined {
  return KNOWN.get(spec);
}

/** Every known entry, for tests and docs. */
export function knownSequences(): [spec: string, entry: KnownSequence][] {
  return [...KNOWN];
}

/** The entry's address. */
export function oeisUrl(id: string): string {
  return `https://oeis.org/${id}`;
}
