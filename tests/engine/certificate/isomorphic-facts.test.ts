/**
 * docs/certificates.md: a game is its canonical key, not its text. A fact may be about a game isomorphic
 * to an earlier fact's game in another shape, and a position's or an option's component is matched
 * with the fact of its key whatever the shape the fact writes (issue 39, item 12).
 */
import { describe, expect, it } from 'vitest';
import { checkCertificate } from '../../../src/engine/certificate/index.ts';
import { gameOf } from '../../helpers/certificates.ts';

const certificate = (...lines: string[]) => lines;

describe('facts about isomorphic games in other shapes', () => {
  it('a horizontal domino is proved by a fact about the vertical one (Cram: value 1, one move to the end)', () => {
    const lines = certificate('nimber-certificate 2', 'game cram', 'position ..', 'value 1', '= 1 ./.', 'end 1');
    expect(checkCertificate(lines, gameOf).value).toBe(1);
  });

  it('an = fact may follow a != fact about a rotation of its game, and an option is matched by key', () => {
    // 1 x 3 of Cram: both moves leave one cell (no move), so its value is 1; its rotation 3 x 1 is the
    // same game. The != 0 fact is about the row, the = fact about the column, the claim about the row.
    const lines = certificate(
      'nimber-certificate 2',
      'game cram',
      'position ...',
      'value 1',
      '!= 0 ...',
      'by ##.',
      '= 1 ././.',
      'end 2',
    );
    expect(checkCertificate(lines, gameOf).value).toBe(1);
  });

  it('a fact repeated in another shape is still refused (the key, not the text, is the game)', () => {
    const lines = certificate(
      'nimber-certificate 2',
      'game cram',
      'position ..',
      'value 1',
      '= 1 ..',
      '= 1 ./.',
      'end 2',
    );
    expect(() => checkCertificate(lines, gameOf)).toThrow(/line 6/);
  });
});
