/**
 * Sprouts canonical form: the same text whatever the names of the spots, the starting corner of each
 * boundary, the order of boundaries, regions and lands, or a mirror image; different texts for
 * positions the brute force tells apart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type SproutsPosition,
  formatSprouts,
  parseSprouts,
  sprouts,
  sproutsKey,
  sproutsMoves,
} from '../../../../src/engine/families/sprouts/index.ts';
import { canonicalLand } from '../../../../src/engine/families/sprouts/canonical.ts';
import { sproutsLands } from '../../../../src/engine/families/sprouts/moves.ts';
import { simplifyLand } from '../../../../src/engine/families/sprouts/reduce.ts';
import { referenceCanonicalLand } from './canonical-reference.ts';
import { SproutsBruteForce, reachable } from './oracle.ts';

/** A random line of play of up to `length` moves from n spots. */
function playout(n: number, choices: readonly number[]): SproutsPosition {
  let p = sprouts(n).start!;
  for (const c of choices) {
    const moves = [...sproutsMoves(p, true)];
    if (moves.length === 0) break;
    p = moves[c % moves.length].result;
  }
  return p;
}

/** The same drawing told differently: spots renamed, each boundary started elsewhere, orders shuffled, maybe mirrored. */
function retell(p: SproutsPosition, seed: number[], mirror: boolean): SproutsPosition {
  let i = 0;
  const next = () => seed[i++ % seed.length] ?? 0;
  const ids = p.lives.map((_, s) => s);
  for (let k = ids.length - 1; k > 0; k--) {
    const j = next() % (k + 1);
    [ids[k], ids[j]] = [ids[j], ids[k]];
  }
  const lives: number[] = [];
  ids.forEach((to, from) => {
    lives[to] = p.lives[from];
  });
  const shuffle = <T>(xs: T[]): T[] => {
    for (let k = xs.length - 1; k > 0; k--) {
      const j = next() % (k + 1);
      [xs[k], xs[j]] = [xs[j], xs[k]];
    }
    return xs;
  };
  const regions = shuffle(
    p.regions.map((region) =>
      shuffle(
        region.map((b) => {
          const walked = mirror ? [...b].reverse() : [...b];
          const r = next() % walked.length;
          return [...walked.slice(r), ...walked.slice(0, r)].map((s) => ids[s]);
        }),
      ),
    ),
  );
  return { regions, lives };
}

describe('sprouts canonical form', () => {
  it('is the same for renamed, rotated, reordered and mirrored positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(), { maxLength: 14 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (n, choices, seed, mirror) => {
          const p = playout(n, choices);
          expect(sproutsKey(retell(p, seed, mirror)), formatSprouts(p)).toBe(sproutsKey(p));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives positions with different brute-force values or misère outcomes different texts (every position from 3 spots)', () => {
    const brute = new SproutsBruteForce();
    const byKey = new Map<string, { grundy: number; misere: boolean; text: string }>();
    const positions = reachable(sprouts(3).start!);
    for (const p of positions) {
      const key = sproutsKey(p);
      const seen = byKey.get(key);
      const mine = { grundy: brute.grundy(p), misere: brute.misereP(p), text: formatSprouts(p) };
      if (seen === undefined) byKey.set(key, mine);
      else expect({ ...mine, text: seen.text }, `${mine.text} and ${seen.text} share ${key}`).toEqual(seen);
    }
    // the canonical form folds the 30706 written positions into far fewer games
    expect(byKey.size).toBeLessThan(positions.length / 10);
  });

  it('lists twin boundaries once: the moves reach the same games as every move the rules allow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.array(fc.nat(), { maxLength: 10 }), (n, choices) => {
        const p = playout(n, choices);
        const keys = (all: boolean) => [...new Set([...sproutsMoves(p, all)].map((m) => sproutsKey(m.result)))].sort();
        expect(keys(false), formatSprouts(p)).toEqual(keys(true));
      }),
      { numRuns: 150 },
    );
  });

  it('reads back what it writes, canonical texts included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.nat(), { maxLength: 12 }), (n, choices) => {
        const p = playout(n, choices);
        expect(sproutsKey(parseSprouts(formatSprouts(p)))).toBe(sproutsKey(p));
        const key = sproutsKey(p);
        expect(sproutsKey(parseSprouts(key))).toBe(key);
      }),
      { numRuns: 200 },
    );
  });

  it('writes each land as the plain string search does (codes compared in place of texts)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (n, choices, seed, mirror) => {
          const p = retell(playout(n, choices), seed, mirror);
          for (const land of sproutsLands(p))
            for (const form of [land, simplifyLand(land)])
              expect(canonicalLand(form), formatSprouts(form)).toBe(referenceCanonicalLand(form));
        },
      ),
      { numRuns: 300 },
    );
    // every land reachable from 3 spots, as the moves write it
    for (const p of reachable(sprouts(3).start!))
      for (const land of sproutsLands(p))
        expect(canonicalLand(land), formatSprouts(land)).toBe(referenceCanonicalLand(land));
  });
});
