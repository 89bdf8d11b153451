/**
 * Sprouts simplifications (reduce.ts) against the brute force: a position and its simplified form
 * have the same Grundy value and the same misère outcome, on every position reachable from 1, 2 and 3
 * spots and on random positions of games of 4 and 5 spots.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSprouts, parseSprouts, sprouts } from '../../../../src/engine/families/sprouts/index.ts';
import { simplifyLand } from '../../../../src/engine/families/sprouts/reduce.ts';
import { SproutsBruteForce, randomlyPlayed, reachable } from './oracle.ts';

describe('sprouts simplifications keep the game', () => {
  it('rewrites the positions the rules name and leaves the others as they are', () => {
    const simple = (text: string) => formatSprouts(simplifyLand(parseSprouts(text)));
    // rule 1: a spot met at two neighbouring corners is met once
    expect(simple('{2AA1.3.3}')).toBe('{211.3.3}');
    // rule 2: a region of two or three lives is its spots, each once and alone on a boundary
    expect(simple('{21}')).toBe('{2.1}');
    expect(simple('{1A1A}')).toBe('{1.1.1}');
    expect(simple('{AB1}{AB.3}')).toBe('{A.B.1}{AB.3}');
    // four lives or more: rule 2 does not apply
    const untouched = parseSprouts('{2.2}');
    expect(simplifyLand(untouched)).toBe(untouched);
  });

  for (const n of [1, 2, 3]) {
    it(`agrees with the brute force on every position reachable from ${n} spot${n > 1 ? 's' : ''}`, () => {
      const brute = new SproutsBruteForce();
      let rewritten = 0;
      for (const p of reachable(sprouts(n).start!)) {
        const q = simplifyLand(p);
        if (q === p) continue;
        rewritten++;
        const text = `${formatSprouts(p)} -> ${formatSprouts(q)}`;
        expect(brute.grundy(q), text).toBe(brute.grundy(p));
        expect(brute.misereP(q), `misère ${text}`).toBe(brute.misereP(p));
      }
      // the rules do fire: the comparison above is not empty
      if (n === 3) expect(rewritten).toBeGreaterThan(1000);
    });
  }

  it('agrees with the brute force on random positions of games of 4 and 5 spots', () => {
    const brute = new SproutsBruteForce();
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const q = simplifyLand(p);
        const text = `${formatSprouts(p)} -> ${formatSprouts(q)}`;
        expect(brute.grundy(q), text).toBe(brute.grundy(p));
        expect(brute.misereP(q), `misère ${text}`).toBe(brute.misereP(p));
      }),
      { numRuns: 60 },
    );
  });
});
