/**
 * Sprouts certificates from the land search (the family's fast core): the prover asks the search
 * what it proved first (ProofOracle.known), so a proof follows the search's own tree; every file is
 * re-checked from the rules alone by the independent checker. Outcomes as published: normal play P
 * exactly when n mod 6 is 0, 1 or 2 (Applegate, Jacobson and Sleator 1991; Lemoine and Viennot 2015).
 */
import { describe, expect, it } from 'vitest';
import { sprouts } from '../../src/engine/families/sprouts/index.ts';
import { certifyPosition, verifyCertificate } from '../../src/service/certificates.ts';
import { conventionSearch } from '../../src/service/games.ts';

/** The lines of the proof of the n-spot start's outcome, as `analyze --certificate` writes them. */
function outcomeProof(n: number): string[] {
  const ruleset = sprouts(n);
  const search = conventionSearch(ruleset, 'normal');
  return certifyPosition(ruleset, ruleset.start!, search, {}, undefined, 2, 'outcome').lines;
}

describe('sprouts certificates', () => {
  it('prove the value of small starts, checked from the rules', () => {
    for (const n of [3, 4, 5]) {
      const ruleset = sprouts(n);
      const { lines, value } = certifyPosition(ruleset, ruleset.start!, conventionSearch(ruleset, 'normal'));
      const checked = verifyCertificate(lines);
      expect(checked.grundy, `${n} spots`).toBe(value);
      expect(checked.outcome, `${n} spots`).toBe([0, 1, 2].includes(n % 6) ? 'P' : 'N');
    }
  });

  it("prove the outcome of 9 spots with the search's own witnesses: a few hundred facts", () => {
    const lines = outcomeProof(9);
    const checked = verifyCertificate(lines);
    expect(checked.outcome).toBe('N');
    expect(checked.grundy).toBeNull();
    // asked in the prover's own order, the options' questions took 325,000 positions and did not
    // end in 10 minutes; following the search's witnesses the proof has 324 facts
    expect(checked.facts).toBeLessThan(2_000);
  });

  it('a proof whose witness is changed is refused, naming the line', () => {
    const lines = outcomeProof(7);
    const at = lines.findIndex((l) => l.startsWith('by '));
    expect(at).toBeGreaterThan(0);
    // another option of the same land: the checker re-derives the witness's value and finds it wrong
    const damaged = [...lines];
    damaged[at] = lines.find((l, i) => i > at && l.startsWith('by ') && l !== lines[at]) ?? 'by {0}';
    expect(() => verifyCertificate(damaged)).toThrow(new RegExp(`line ${at + 1}`));
  });
});
