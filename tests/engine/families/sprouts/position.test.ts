/** Sprouts text format: starts, moves in words, and bad positions named in one line. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { formatSprouts, parseSprouts, sprouts } from '../../../../src/engine/families/sprouts/index.ts';
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
    expect(() => parseRuleset('sprouts:18')).toThrow(InputError);
    expect(() => sprouts(2).notation.parsePosition('{3.3.3}')).toThrow(/more than the 2-spot game/);
    expect(() => sprouts().notation.parsePosition(`{${Array(18).fill('3').join('.')}}`)).toThrow(
      /54 lives left, above the maximum of 51/,
    );
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
