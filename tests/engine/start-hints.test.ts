/**
 * The hint for a game whose spec names no start comes from the family's own grammar: every example
 * it gives is a spec of that family that names a start, and the position format's example reads as
 * a position of it. (The hint once told `coins:mock-turtles` to "give a size (e.g. coins:4x5)".)
 */
import { describe, expect, it } from 'vitest';
import { FAMILIES, parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { gamePosition } from '../../src/service/games.ts';

/** The family's games that name no start: its example spec, and its bare name when that is a spec. */
function startlessGames(): GameRuleset[] {
  const out: GameRuleset[] = [];
  for (const family of FAMILIES) {
    const specs = [family.example.spec, ...(family.args === 'required' ? [] : [family.name])];
    for (const spec of specs) {
      const r = parseRuleset(spec);
      if (r.kind === 'game' && r.start === null && !out.some((g) => g.spec === r.spec)) out.push(r);
    }
  }
  return out;
}

/** The specs an `(e.g. a or b)` names, and the quoted example of a position format. */
const examplesIn = (hint: string) =>
  (/\(e\.g\. ([^)]*)\)/.exec(hint)?.[1] ?? '').split(' or ').filter((s) => s.trim() !== '');
const positionExample = (format: string) => /e\.g\. (["'])(.*?)\1/.exec(format)?.[2];

describe('the hint for a game that names no start', () => {
  const games = startlessGames();

  it('covers the games that need it: boards, graphs, Sprouts and the coin games', () => {
    const families = games.map((g) => g.family);
    for (const f of ['cram', 'chomp', 'node-kayles', 'arc-kayles', 'tromino-cram', 'coins', 'tartan', 'sprouts'])
      expect(families).toContain(f);
  });

  for (const game of games) {
    it(`${game.spec}: each example is a spec of ${game.family} with a start`, () => {
      expect(() => gamePosition(game, undefined)).toThrow(/names no start position: give /);
      for (const example of examplesIn(game.notation.startHint ?? '')) {
        const named = parseRuleset(example);
        expect(named.family).toBe(game.family);
        expect(named.kind === 'game' && named.start !== null).toBe(true);
      }
    });
  }

  it('gives no size where the family has none: coin rows and tartan grids are given as positions', () => {
    for (const spec of ['coins:mock-turtles', 'tartan:twins*twins']) {
      const game = parseRuleset(spec) as GameRuleset;
      expect(game.notation.startHint).toBeUndefined();
      expect(() => gamePosition(game, undefined)).toThrow(/give a position \(/);
    }
    expect(() => gamePosition(parseRuleset('sprouts') as GameRuleset, undefined)).toThrow(
      /give a number of spots \(e\.g\. sprouts:3\) or a position/,
    );
  });

  for (const game of games) {
    const example = positionExample(game.notation.positionFormat);
    if (example === undefined) continue;
    it(`${game.spec}: the position format's example "${example}" reads`, () => {
      expect(() => game.notation.parsePosition(example)).not.toThrow();
    });
  }
});
