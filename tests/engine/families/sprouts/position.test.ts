/** Sprouts text format: starts, moves in words, and bad positions named in one line. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import {
  MAX_SPROUTS_SPOTS,
  formatSprouts,
  lettersNeeded,
  parseSprouts,
  sprouts,
  sproutsMoves,
} from '../../../../src/engine/families/sprouts/index.ts';
import type { SproutsPosition } from '../../../../src/engine/families/sprouts/position.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';

describe('sprouts positions', () => {
  it('writes the start of n spots as n fresh spots in one region', () => {
    expect(formatSprouts(sprouts(3).start!)).toBe('{3.3.3}');
  });

  it('lists the moves of 2 spots in words, up to symmetry', () => {
    const game = sprouts(2);
    const start = game.start!;
    const moves = [...game.moves(start)];
    // the loop's inner region {AB} has two lives, so its key writes each spot alone (reduce.ts)
    expect(moves.map((m) => game.key(m)).sort()).toEqual(['{A2A2}', '{AB.3}{A.B}']);
    expect(new Set(moves.map((m) => game.key(m))).size).toBe(moves.length);
    expect(moves.map((m) => game.notation.describeMove(start, m))).toContain(
      'curve from spot 1 (3) to spot 2 (3), joining their two boundaries',
    );
  });

  it('drops dead spots and regions where no move is left', () => {
    expect(formatSprouts(sprouts().notation.parsePosition('{0A.1}{A}{1}'))).toBe('{1.1}');
    expect(formatSprouts(sprouts().notation.parsePosition('{1}{2}'))).toBe('{2}');
  });

  const bad: [string, RegExp][] = [
    ['{3.3', /column 1: the region opened here is never closed/],
    ['3.3}', /column 1: spot '3' outside a region/],
    ['{3}}', /column 4: '}' closes no region/],
    ['{3{3}}', /column 3: '\{' inside the region opened at column 1/],
    ['{3.4}', /column 4: a spot with 4 lives; a spot has at most 3/],
    ['{3.x?}', /column 5: unknown character '\?'/],
    ['{AAA}', /column 4: spot 'A' a third time/],
    ['{33}', /column 2: a spot with 3 lives has no curve yet/],
    ['{3..3}', /column 4: an empty boundary/],
  ];
  for (const [text, message] of bad)
    it(`refuses '${text}' in one line naming the place`, () => {
      expect(() => parseSprouts(text)).toThrow(InputError);
      expect(() => parseSprouts(text)).toThrow(message);
    });

  it('reads sprouts:N specs and refuses positions beyond that start', () => {
    expect(parseRuleset('sprouts:4').title).toBe('Sprouts with 4 spots');
    expect(() => parseRuleset('sprouts:0')).toThrow(/at least 1/);
    expect(MAX_SPROUTS_SPOTS).toBe(26);
    expect(parseRuleset('sprouts:26').title).toBe('Sprouts with 26 spots');
    expect(() => parseRuleset('sprouts:27')).toThrow(InputError);
    expect(() => sprouts(2).notation.parsePosition('{3.3.3}')).toThrow(/more than the 2-spot game/);
  });

  it('takes a typed position only when no position reached from it needs more than the 52 letters', () => {
    const fresh = (n: number) => `{${Array(n).fill('3').join('.')}}`;
    expect(formatSprouts(sprouts().notation.parsePosition(fresh(26)))).toBe(fresh(26));
    expect(() => sprouts().notation.parsePosition(fresh(27))).toThrow(
      /81 lives left on 27 spots, so a position reached from it may need 54 letters, above the 52 there are/,
    );
    // 25 fresh spots beside two more: 105 spots and lives (52 letters at most) is taken, 106 is not
    expect(lettersNeeded(sprouts().notation.parsePosition(`${fresh(25)}{2.1}`))).toBe(52);
    expect(() => sprouts().notation.parsePosition(`${fresh(25)}{2.2}`)).toThrow(/may need 53 letters/);
  });
});

/** The letters a position's text uses: one per spot met twice. */
function lettersUsed(position: SproutsPosition): number {
  return new Set(formatSprouts(position).replace(/[^A-Za-z]/g, '')).size;
}

describe('sprouts letters', () => {
  // The bound behind MAX_SPROUTS_SPOTS: a lettered spot has one life, so after m more moves there are at
  // most min(live spots + m, lives - m) of them, never more than (spots + lives) / 2; 2n from n spots.
  it('never exceed the bound, which no move raises, and the n-spot game reaches 2n (every position of 1-3 spots)', () => {
    for (const n of [1, 2, 3]) {
      const seen = new Set<string>();
      const stack = [sprouts(n).start!];
      let most = 0;
      while (stack.length > 0) {
        const p = stack.pop()!;
        const text = formatSprouts(p);
        if (seen.has(text)) continue;
        seen.add(text);
        const needed = lettersNeeded(p);
        most = Math.max(most, lettersUsed(p));
        expect(lettersUsed(p), text).toBeLessThanOrEqual(needed);
        for (const move of sproutsMoves(p, false)) {
          expect(lettersNeeded(move.result), `${text} -> ${formatSprouts(move.result)}`).toBeLessThanOrEqual(needed);
          stack.push(move.result);
        }
      }
      expect(most, `${n} spots`).toBe(2 * n);
    }
  });

  it('reach 2n on a greedy line from 10 spots, every position read back as written', () => {
    const game = sprouts();
    let p = sprouts(10).start!;
    let most = 0;
    for (;;) {
      const moves = [...sproutsMoves(p, false)].map((m) => m.result);
      if (moves.length === 0) break;
      p = moves.reduce((best, q) => (lettersUsed(q) > lettersUsed(best) ? q : best));
      most = Math.max(most, lettersUsed(p));
      expect(formatSprouts(game.notation.parsePosition(formatSprouts(p)))).toBe(formatSprouts(p));
    }
    expect(most).toBe(20);
  });
});

describe('sprouts move words', () => {
  it('name the move between positions read back from their text (spots numbered anew)', () => {
    const game = sprouts();
    const from = game.notation.parsePosition('{3.3}');
    for (const to of game.moves(from)) {
      const words = game.notation.describeMove(
        game.notation.parsePosition(game.notation.formatPosition(from)),
        game.notation.parsePosition(game.notation.formatPosition(to)),
      );
      expect(words).toMatch(/^(loop|curve) from spot \d/);
    }
  });
});
