/**
 * The land search as the family's fast core (core.ts): what the service asks of it other than the
 * outcome-first analysis (values, outcomes, "is the value k?", what it already knows, winning
 * moves), against the brute force (no canonical form, no lands) on random positions of 4- and
 * 5-spot games, one core answering them all as a certificate's prover asks them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sproutsLandCore } from '../../../../src/engine/families/sprouts/core.ts';
import { formatSprouts, sprouts, sproutsOptions } from '../../../../src/engine/families/sprouts/index.ts';
import { SproutsBruteForce, randomlyPlayed } from './oracle.ts';

describe('sprouts land core against the brute force', () => {
  it('answers values, outcomes, value questions and winning moves as the brute force does', () => {
    const brute = new SproutsBruteForce();
    const core = sproutsLandCore({});
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const text = formatSprouts(p);
        const g = brute.grundy(p);
        for (let k = 0; k < 4; k++) {
          // what the core knows before asking must never contradict the answer
          const known = core.knownHasValue!(p, k);
          if (known !== undefined) expect(known, `${text} known = ${k}`).toBe(g === k);
          const value = core.knownGrundy!(p);
          if (value !== undefined) expect(value, `${text} known value`).toBe(g);
          expect(core.hasValue!(p, k), `${text} = ${k}`).toBe(g === k);
        }
        expect(core.isP!(p), text).toBe(g === 0);
        expect(core.grundy(p), text).toBe(g);
        const winning = [...sproutsOptions(p)].filter((o) => brute.grundy(o) === 0).map(formatSprouts);
        expect(core.winningMoves(p).map(formatSprouts), text).toEqual(winning);
        expect(core.winningMoves(p, 1).map(formatSprouts), text).toEqual(winning.slice(0, 1));
      }),
      { numRuns: 60, seed: 38 },
    );
    expect(core.stats.nodes).toBeGreaterThan(0);
  });

  it('is the core the family offers the service, named as its method', () => {
    const core = sprouts(3).accelerators.fastSearch!({});
    expect(core.method).toBe('land search');
    expect(core.grundy(sprouts(3).start!)).toBe(new SproutsBruteForce().grundy(sprouts(3).start!));
  });
});
