/**
 * Two additions to version 2 certificates (docs/certificates.md): equal components of a sum cancel in
 * pairs (G + G = 0) and need no fact, and the header may claim only the outcome (`outcome P|N`).
 * Each is tested with certificates wrong in exactly the way the rule could hide (unequal components
 * cancelled, three copies cancelled, a wrong outcome): the checker refuses them, naming a line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CheckableGame,
  type ProofOracle,
  buildProof,
  checkCertificate,
} from '../../../src/engine/certificate/index.ts';
import { InputError } from '../../../src/engine/errors.ts';
import { parseRuleset } from '../../../src/engine/spec.ts';
import type { GameRuleset } from '../../../src/engine/types.ts';
import { bruteGrundy, gameOf, refusal, smallCramBoards } from '../../helpers/certificates.ts';

/**
 * A made-up game for exact control over options: a position is a comma-separated list of tokens, each
 * a component; a number is a Nim heap (its options the smaller heaps, its value itself), a letter a
 * component whose options are listed in OPTIONS.
 */
const OPTIONS: Record<string, string[]> = {
  T: ['2,2'], // value mex{0} = 1: its one option is a pair that cancels
  U: ['2,2,2'], // value mex{2} = 0: of three copies one stays
  V: ['1,2', '2,2'], // value mex{3, 0} = 1: two unequal heaps do not cancel
  W: ['2'], // value mex{2} = 0
};
const tokens = (p: string) => (p === '' ? [] : p.split(','));
const toyGame: CheckableGame<unknown> = {
  notation: { parsePosition: (text) => text, formatPosition: (p) => p as string },
  *moves(p) {
    const parts = tokens(p as string);
    for (let i = 0; i < parts.length; i++) {
      const rest = (options: string[]) =>
        options.map((o) => [...parts.slice(0, i), ...tokens(o), ...parts.slice(i + 1)]);
      const token = parts[i];
      const options = /^\d+$/.test(token)
        ? Array.from({ length: Number(token) }, (_, h) => String(h))
        : (OPTIONS[token] ?? []);
      for (const o of rest(options)) yield o.filter((t) => t !== '0').join(',');
    }
  },
  components: (p) => tokens(p as string),
  key: (p) => p as string,
};
const toyCheck = (...lines: string[]) =>
  checkCertificate(['nimber-certificate 2', 'game toy', ...lines], () => toyGame);
const toyRefusal = (...lines: string[]) => {
  try {
    toyCheck(...lines);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return (e as Error).message;
  }
  throw new Error('the wrong certificate was accepted');
};

describe('equal components cancel in pairs (G + G = 0), and only equal ones', () => {
  it('an option that is a pair needs no fact about its components', () => {
    expect(toyCheck('position T', 'value 1', '= 1 T', 'end 1').value).toBe(1);
  });

  it('of three equal components one stays: a fact that needs the third to cancel is refused', () => {
    // wrong: U's option 2,2,2 is worth 2, not 0 (a checker cancelling all copies would accept `= 1 U`)
    expect(toyRefusal('position U', 'value 1', '= 1 U', 'end 1')).toMatch(
      /^certificate line 5: the fact '= 1 U' needs the option '2,2,2' to differ from 1: its component '2' has neither/,
    );
    expect(toyCheck('position U', 'value 0', '= 1 1', '= 2 2', '= 0 U', 'end 3').value).toBe(0);
  });

  it('unequal components never cancel, even of equal size or equal value', () => {
    // wrong: V's option 1,2 is worth 3; cancelling the unequal 1 and 2 would make it 0 and accept `= 1 V`
    expect(toyRefusal('position V', 'value 1', '= 1 V', 'end 1')).toMatch(
      /^certificate line 5: the fact '= 1 V' needs the option '1,2' to differ from 1: 2 of its components have no '=' fact/,
    );
    expect(toyCheck('position V', 'value 1', '= 1 1', '= 2 2', '= 1 V', 'end 3').value).toBe(1);
  });

  it("the position's components cancel in pairs too, and only pairs", () => {
    expect(toyCheck('position 5,5', 'value 0', 'end 0').value).toBe(0);
    expect(toyRefusal('position 5,5,5', 'value 0', 'end 0')).toBe(
      "certificate line 3: the component '5' of the position has no '=' fact in the certificate",
    );
    expect(toyRefusal('position 4,5', 'value 0', 'end 0')).toMatch(/^certificate line 3: the component '\d'/);
  });

  it('Cram: a domino and its rotation are one game and cancel; a domino and a tromino do not', () => {
    const cram = (position: string, value: number, ...facts: string[]) => [
      'nimber-certificate 2',
      'game cram',
      `position ${position}`,
      `value ${value}`,
      ...facts,
      `end ${facts.length}`,
    ];
    expect(checkCertificate(cram('.#../.###', 0), gameOf).value).toBe(0);
    expect(refusal(cram('..#...', 0))).toMatch(/^certificate line 3: the component '.*' of the position has no '='/);
    expect(checkCertificate(cram('..#...', 0, '= 1 ..', '= 1 ...'), gameOf).value).toBe(0);
    expect(refusal(cram('..#..#..', 0))).toMatch(/^certificate line 3: the component '..' of the position has no/);
    expect(refusal(cram('..#..#..', 0, '= 1 ..'))).toBe(
      'certificate line 4: the value 0 is wrong: the facts give the position the value 1',
    );
  });
});

describe('outcome claims (outcome P|N)', () => {
  it("an N claim rests on one component's != 0 fact; the value is not proved", () => {
    // 1 x 3 of Cram: a move to one cell (no move) shows it is not 0
    const lines = ['nimber-certificate 2', 'game cram', 'position ...', 'outcome N', '!= 0 ...', 'by ##.', 'end 1'];
    expect(checkCertificate(lines, gameOf)).toMatchObject({ value: null, outcome: 'N', format: 2, facts: 1 });
    expect(refusal(lines.map((l) => (l === 'outcome N' ? 'outcome P' : l)))).toBe(
      "certificate line 3: the component '...' of the position has no '=' fact in the certificate",
    );
    expect(refusal(lines.map((l) => (l === 'outcome N' ? 'value 1' : l)))).toBe(
      "certificate line 3: the component '...' of the position has no '=' fact in the certificate",
    );
  });

  it('with more components: the others exact, their nim-sum f, and a != f fact about the last', () => {
    // 2 + W (W's one option is the heap 2, so W is 0 and not 2): N by a != 2 fact about W
    expect(toyCheck('position 2,W', 'outcome N', '= 1 1', '= 2 2', '!= 2 W', 'by 2', 'end 3').outcome).toBe('N');
    // 3 + T is N (3 xor 1), but a != 0 fact about T does not show it: the claim needs T != 3
    expect(toyRefusal('position 3,T', 'outcome N', '= 1 1', '= 2 2', '= 3 3', '!= 0 T', 'by 2,2', 'end 4')).toBe(
      "certificate line 3: the component 'T' of the position has neither an '=' fact nor a '!= 3' fact in the certificate",
    );
    expect(toyRefusal('position 1,V', 'outcome N', '= 1 1', 'end 1')).toMatch(
      /component 'V' of the position has neither/,
    );
  });

  it('a wrong outcome is refused: P when the facts give a value, N when they give 0', () => {
    expect(toyRefusal('position 5,5', 'outcome N', 'end 0')).toBe(
      'certificate line 4: the outcome N is wrong: the facts give the position the value 0',
    );
    expect(toyRefusal('position 1', 'outcome P', '= 1 1', 'end 1')).toBe(
      'certificate line 4: the outcome P is wrong: the facts give the position the value 1',
    );
    expect(toyRefusal('position 1', 'outcome X', 'end 0')).toBe(
      "certificate line 4: the outcome must be P or N, got 'X'",
    );
  });

  it('version 1 has no outcome claim', () => {
    expect(refusal(['nimber-certificate 1', 'game cram', 'position ..', 'outcome N', '1 ..', 'end 1'])).toBe(
      "certificate line 4: expected 'value …', got 'outcome N'",
    );
  });
});

/** The brute force as the prover's oracle. */
function bruteOracle<P>(game: GameRuleset<P>): ProofOracle<P> {
  const memo = new Map<string, number>();
  const value = (p: P) => bruteGrundy(game, p, memo);
  return { value, has: (p, k) => value(p) === k };
}

/** Random Cram boards up to 4 x 4, and rows up to 12 (Dawson's Kayles: many options are pairs). */
const boards = fc.oneof(
  smallCramBoards,
  fc.integer({ min: 1, max: 12 }).map((n) => '.'.repeat(n)),
);

describe("the prover's certificates of random boards, value and outcome claims", () => {
  const cram = parseRuleset('cram') as GameRuleset<unknown>;
  const prove = (board: string, claim: 'value' | 'outcome') =>
    buildProof(cram, 'cram', cram.notation.parsePosition(board), bruteOracle(cram), undefined, { claim });

  it('verify and give the brute-force value or outcome', () => {
    fc.assert(
      fc.property(boards, fc.constantFrom('value' as const, 'outcome' as const), (board, claim) => {
        const expected = bruteGrundy(cram, cram.notation.parsePosition(board), new Map());
        const built = prove(board, claim);
        const checked = checkCertificate(built.lines, gameOf);
        expect(checked.outcome).toBe(expected === 0 ? 'P' : 'N');
        expect(checked.value).toBe(claim === 'value' ? expected : null);
        expect(built.lines[3]).toBe(claim === 'value' ? `value ${expected}` : `outcome ${checked.outcome}`);
      }),
      { numRuns: 80 },
    );
  });

  it('a fact dropped, or the outcome turned, is never accepted', () => {
    fc.assert(
      fc.property(boards, fc.nat(), (board, pick) => {
        const built = prove(board, 'outcome');
        const facts = built.lines.map((l, i) => (/^!?= /.test(l) ? i : -1)).filter((i) => i >= 0);
        const turned = built.lines.slice();
        turned[3] = built.outcome === 'P' ? 'outcome N' : 'outcome P';
        expect(() => checkCertificate(turned, gameOf)).toThrow(InputError);
        if (facts.length === 0) return;
        const i = facts[pick % facts.length];
        const dropped = built.lines.slice();
        dropped.splice(i, built.lines[i].startsWith('!=') ? 2 : 1);
        dropped[dropped.length - 1] = `end ${built.facts - 1}`;
        expect(() => checkCertificate(dropped, gameOf)).toThrow(InputError);
      }),
      { numRuns: 80 },
    );
  });
});
