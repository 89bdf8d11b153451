/**
 * Version 2 certificates (proof facts): written by the prover with an oracle, checked from the rules
 * alone, against a brute-force mex over whole positions (no components, no canonical keys, no search)
 * that shares nothing with them but the move generator. Every kind of damage is refused naming its
 * line, and no certificate the checker accepts gives a value other than the true one, whatever the
 * oracle said.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ProofOracle,
  buildCertificate,
  buildProof,
  checkCertificate,
} from '../../../src/engine/certificate/index.ts';
import { InputError } from '../../../src/engine/errors.ts';
import { SMALL_CERTIFIED_SPECS, bruteGrundy, gameOf, refusal, smallCramBoards } from '../../helpers/certificates.ts';
import { parseRuleset } from '../../../src/engine/spec.ts';
import type { GameRuleset } from '../../../src/engine/types.ts';

/** The brute force as the prover's oracle (components are positions too); `lie` may change what it says. */
function bruteOracle<P>(game: GameRuleset<P>, lie: (text: string, v: number) => number = (_, v) => v): ProofOracle<P> {
  const memo = new Map<string, number>();
  const value = (p: P) => lie(game.notation.formatPosition(p), bruteGrundy(game, p, memo));
  return { value, has: (p, k) => value(p) === k };
}

function prove(spec: string, board?: string, lie?: (text: string, v: number) => number) {
  const loose = parseRuleset(spec) as GameRuleset<unknown>;
  const family = parseRuleset(loose.family) as GameRuleset<unknown>;
  const position = board === undefined ? loose.start! : family.notation.parsePosition(board);
  return {
    expected: bruteGrundy(loose, position, new Map()),
    built: buildProof(family, loose.family, position, bruteOracle(family, lie)),
    closure: buildCertificate(family, loose.family, position),
  };
}

describe('version 2 certificates of small boards and graphs', () => {
  it.each([...SMALL_CERTIFIED_SPECS, 'node-kayles:grid:3x4'].map((spec) => [spec]))(
    '%s: the checker accepts it, proves the brute-force value, with fewer facts than the closure',
    (spec) => {
      const { expected, built, closure } = prove(spec);
      expect(built.value).toBe(expected);
      const checked = checkCertificate(built.lines, gameOf);
      expect(checked).toMatchObject({ value: expected, facts: built.facts, format: 2 });
      expect(built.lines[0]).toBe('nimber-certificate 2');
      expect(built.facts).toBeLessThanOrEqual(closure.facts * 2);
    },
  );

  it('published: Cram 3 x 5 is 1 and 3 x 3 is 0 (Beling & Rogalski 2020, table of Cram nimbers)', () => {
    expect(checkCertificate(prove('cram:3x5').built.lines, gameOf).value).toBe(1);
    expect(checkCertificate(prove('cram:3x3').built.lines, gameOf).value).toBe(0);
  });

  it('a board with filled cells, a sum of components, proves the nim-sum of their values', () => {
    const { expected, built } = prove('cram', '...#.../...#.../...#...');
    expect(checkCertificate(built.lines, gameOf).value).toBe(expected);
  });

  it('format 1 certificates still verify, and say their format', () => {
    const { closure, expected } = prove('cram:3x4');
    expect(checkCertificate(closure.lines, gameOf)).toMatchObject({ value: expected, format: 1 });
  });
});

describe('damaged version 2 certificates are refused in one line naming it', () => {
  // 3 x 4 Cram (value 0): both kinds of fact, witnesses among them
  const { built } = prove('cram:3x4');
  const lines = built.lines;
  const first = 4; // after the magic, game, position and value lines
  const index = (re: RegExp) => {
    const i = lines.findIndex((l, n) => n >= first && re.test(l));
    if (i < 0) throw new Error(`no line matches ${re}`);
    return i;
  };

  it('the certificate has both kinds of fact', () => {
    expect(index(/^= [1-9]/)).toBeGreaterThan(0);
    expect(index(/^!= /)).toBeGreaterThan(0);
  });

  it("an '=' fact's value changed", () => {
    const i = index(/^= [1-9]/);
    const bad = lines.slice();
    const n = Number(bad[i].split(' ')[1]);
    bad[i] = bad[i].replace(/^= \d+/, `= ${n + 1}`);
    expect(refusal(bad)).toMatch(
      new RegExp(`^certificate line ${i + 1}: the fact '= ${n + 1} .*' is not shown: no option has value ${n}`),
    );
    bad[i] = bad[i].replace(/^= \d+/, `= ${n - 1}`);
    expect(refusal(bad)).toMatch(
      new RegExp(`^certificate line ${i + 1}: the fact '= ${n - 1} .*' is wrong: the option '.*' has value ${n - 1}$`),
    );
  });

  it("a '!=' fact's value changed: its witness has another value", () => {
    const i = index(/^!= /);
    const bad = lines.slice();
    const m = Number(bad[i].split(' ')[1]);
    bad[i] = bad[i].replace(/^!= \d+/, `!= ${m + 7}`);
    expect(refusal(bad)).toBe(
      `certificate line ${i + 2}: the fact '!= ${m + 7} ${lines[i].slice(4 + String(m).length)}' is wrong: its witness has value ${m}, not ${m + 7}`,
    );
  });

  it('a wrong witness: an option of another value, or not an option at all', () => {
    const i = index(/^!= /);
    const bad = lines.slice();
    bad[i + 1] = `by ${lines[i].split(' ').slice(2).join(' ')}`;
    expect(refusal(bad)).toMatch(new RegExp(`^certificate line ${i + 2}: the witness '.*' is not an option of '.*'`));
    bad.splice(i + 1, 1);
    expect(refusal(bad)).toMatch(
      new RegExp(`^certificate line ${i + 2}: the fact '!= .*' must be followed by 'by <option>', its witness$`),
    );
  });

  it('a fact dropped', () => {
    const i = index(/^= /);
    const bad = lines.slice();
    bad.splice(i, 1);
    expect(refusal(bad)).toMatch(/^certificate line \d+: the (fact|witness|component) '.*' /);
  });

  it('facts swapped (a fact before the facts it needs)', () => {
    const bad = lines.slice();
    const last = lines.length - 2;
    [bad[first], bad[last]] = [bad[last], bad[first]];
    expect(refusal(bad)).toMatch(
      new RegExp(`^certificate line ${first + 1}: the fact '.*' needs the option '.*' to differ from \\d+`),
    );
  });

  it('a fact repeated', () => {
    const i = index(/^= /);
    const bad = lines.slice();
    bad.splice(i + 1, 0, lines[i]);
    expect(refusal(bad)).toMatch(
      new RegExp(`^certificate line ${i + 2}: the fact '.*' comes after an '=' fact about the same game`),
    );
  });

  it('truncated, or an end line that miscounts', () => {
    expect(refusal(lines.slice(0, -1))).toMatch(/the file ends without its 'end <count>' line/);
    for (let cut = first; cut < lines.length; cut++)
      expect(refusal(lines.slice(0, cut))).toMatch(
        new RegExp(
          `^certificate line ${cut + 1}: (the file ends without its 'end <count>' line|the fact '!= .*' must be followed by 'by <option>')`,
        ),
      );
    const bad = lines.slice();
    bad[bad.length - 1] = `end ${built.facts - 1}`;
    expect(refusal(bad)).toBe(
      `certificate line ${lines.length}: the end line counts ${built.facts - 1} facts, the file has ${built.facts}`,
    );
  });

  it('a wrong header: another version, a format 1 line in a format 2 file, a wrong value', () => {
    expect(refusal(['nimber-certificate 3', ...lines.slice(1)])).toMatch(
      /^certificate line 1: not a nimber certificate/,
    );
    const asOne = ['nimber-certificate 1', ...lines.slice(1)];
    expect(refusal(asOne)).toMatch(/^certificate line 5: expected '<nimber> <position>' or 'end <count>', got '/);
    const bad = lines.slice();
    bad[first] = `0 ${lines[first].split(' ').slice(2).join(' ')}`;
    expect(refusal(bad)).toMatch(
      /^certificate line 5: expected '= <n> <position>', '!= <n> <position>' or 'end <count>'/,
    );
    const wrong = lines.slice();
    wrong[3] = `value ${Number(built.value) ^ 1}`;
    expect(refusal(wrong)).toBe(
      `certificate line 4: the value ${Number(built.value) ^ 1} is wrong: the facts give the position the value ${Number(built.value)}`,
    );
  });
});

describe('version 2 certificates of random boards', () => {
  it('verify, and give the brute-force value', () => {
    fc.assert(
      fc.property(smallCramBoards, (board) => {
        const { expected, built } = prove('cram', board);
        expect(checkCertificate(built.lines, gameOf).value).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('a changed number anywhere (a fact, or the claimed value) is never accepted', () => {
    fc.assert(
      fc.property(smallCramBoards, fc.nat(), fc.integer({ min: 1, max: 5 }), (board, pick, delta) => {
        const { built } = prove('cram', board);
        const numbered = built.lines.map((l, i) => (/^(=|!=|value) \d+/.test(l) ? i : -1)).filter((i) => i >= 0);
        const i = numbered[pick % numbered.length];
        const bad = built.lines.slice();
        bad[i] = bad[i].replace(/^(=|!=|value) (\d+)/, (_, word, n) => `${word} ${Number(n) + delta}`);
        expect(() => checkCertificate(bad, gameOf)).toThrow(InputError);
      }),
      { numRuns: 60 },
    );
  });

  it('a lying oracle never yields an accepted certificate of a wrong value', () => {
    fc.assert(
      fc.property(smallCramBoards, fc.nat(), (board, seed) => {
        // the oracle lies about the components whose text hashes to the seed's parity
        const lie = (text: string, v: number) => {
          let h = seed;
          for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
          return h % 3 === 0 ? v ^ 1 : v;
        };
        let lines: string[];
        try {
          lines = prove('cram', board, lie).built.lines;
        } catch (e) {
          expect(e).not.toBeInstanceOf(InputError);
          return;
        }
        const expected = bruteGrundy(
          gameOf('cram') as GameRuleset<unknown>,
          (gameOf('cram') as GameRuleset<unknown>).notation.parsePosition(board),
          new Map(),
        );
        try {
          expect(checkCertificate(lines, gameOf).value).toBe(expected);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
        }
      }),
      { numRuns: 60 },
    );
  });
});
