/**
 * Known Grundy sequences in the OEIS, by canonical ruleset spec: the page links a sequence to its
 * entry when the ruleset is one of these. Each entry is checked against the published values in the
 * tests (tests/service/oeis.test.ts).
 */

export interface KnownSequence {
  /** The OEIS A-number, e.g. A002186. */
  readonly id: string;
  readonly name: string;
}

const KNOWN = new Map<string, KnownSequence>([
  ['nim', { id: 'A001477', name: 'the nonnegative integers (Nim: g(n) = n)' }],
  ['takebreak:0.77', { id: 'A002186', name: 'Sprague-Grundy values for Kayles' }],
  ['takebreak:0.137', { id: 'A002187', name: "Sprague-Grundy values for Dawson's chess" }],
  ['takebreak:4!.0', { id: 'A002188', name: "Sprague-Grundy values for Grundy's game" }],
  ['subtract:squares', { id: 'A014586', name: 'Sprague-Grundy values for subtract-a-square' }],
]);

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
