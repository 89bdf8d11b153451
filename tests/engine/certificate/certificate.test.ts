/**
 * Certificates: written by the builder, checked from the rules alone, both against a brute-force mex
 * over whole positions (no components, no canonical keys, no search) that shares nothing with them
 * but the move generator. Every kind of damage to a certificate is refused naming its line.
 */
import { describe, expect, it } from 'vitest';
import { buildCertificate, checkCertificate } from '../../../src/engine/certificate/index.ts';
import { SMALL_CERTIFIED_SPECS, bruteGrundy, gameOf, refusal } from '../../helpers/certificates.ts';
import { parseRuleset } from '../../../src/engine/spec.ts';
import type { GameRuleset } from '../../../src/engine/types.ts';

function certify(spec: string, board?: string) {
  const loose = parseRuleset(spec) as GameRuleset<unknown>;
  const position = board === undefined ? loose.start! : loose.notation.parsePosition(board);
  const memo = new Map<string, number>();
  const family = (parseRuleset(loose.family) as GameRuleset<unknown>) ?? loose;
  return {
    expected: bruteGrundy(loose, position, memo),
    built: buildCertificate(family, loose.family, position),
  };
}

describe('certificates of small boards', () => {
  it.each(SMALL_CERTIFIED_SPECS.map((spec) => [spec]))(
    '%s: the checker accepts it and proves the brute-force value',
    (spec) => {
      const { expected, built } = certify(spec);
      expect(built.value).toBe(expected);
      const checked = checkCertificate(built.lines, gameOf);
      expect(checked.value).toBe(expected);
      expect(checked.facts).toBe(built.facts);
      expect(checked.facts).toBeGreaterThan(0);
    },
  );

  it('a board with filled cells, a sum of components, proves the nim-sum of their values', () => {
    const { expected, built } = certify('cram', '...#.../...#.../...#...');
    expect(checkCertificate(built.lines, gameOf).value).toBe(expected);
  });

  it('published: Cram 3 x 5 is 1 and 3 x 3 is 0 (Beling & Rogalski 2020, table of Cram nimbers)', () => {
    expect(checkCertificate(certify('cram:3x5').built.lines, gameOf).value).toBe(1);
    expect(checkCertificate(certify('cram:3x3').built.lines, gameOf).value).toBe(0);
  });
});

describe('damaged certificates are refused, naming the line', () => {
  const { built } = certify('cram:3x4');
  const lines = built.lines;
  const firstFact = 4; // after the magic, game, position and value lines

  it('one nimber changed', () => {
    const i = lines.findIndex((l, n) => n >= firstFact && l.startsWith('2 '));
    const bad = lines.slice();
    bad[i] = `3${bad[i].slice(1)}`;
    expect(refusal(bad)).toMatch(
      new RegExp(`^certificate line ${i + 1}: the fact '3 .*' is wrong: the mex of its options' values is 2$`),
    );
  });

  it('a fact dropped', () => {
    const bad = lines.slice();
    bad.splice(firstFact, 1);
    expect(refusal(bad)).toMatch(
      /^certificate line \d+: the fact '.*' needs the component '.*' of an option, which has no fact on an earlier line$/,
    );
  });

  it('facts out of order (a fact before the facts it needs)', () => {
    const bad = lines.slice();
    const [moved] = bad.splice(lines.length - 2, 1);
    bad.splice(firstFact, 0, moved);
    expect(refusal(bad)).toMatch(
      new RegExp(`^certificate line ${firstFact + 1}: the fact .* has no fact on an earlier line$`),
    );
  });

  it('a fact repeated', () => {
    const bad = lines.slice();
    bad.splice(firstFact + 1, 0, lines[firstFact]);
    expect(refusal(bad)).toMatch(new RegExp(`^certificate line ${firstFact + 2}: a second fact about the position`));
  });

  it('bytes corrupted inside a position', () => {
    const bad = lines.slice();
    bad[firstFact + 2] = bad[firstFact + 2].replace('.', 'x');
    expect(refusal(bad)).toMatch(new RegExp(`^certificate line ${firstFact + 3}: the position '.*' does not read:`));
  });

  it('a line that is not a fact', () => {
    const bad = lines.slice();
    bad[firstFact + 1] = 'garbage';
    expect(refusal(bad)).toBe(
      `certificate line ${firstFact + 2}: expected '<nimber> <position>' or 'end <count>', got 'garbage'`,
    );
  });

  it('cut short (no end line), or an end line that miscounts', () => {
    expect(refusal(lines.slice(0, -1))).toMatch(/the file ends without its 'end <count>' line/);
    const bad = lines.slice();
    bad[bad.length - 1] = `end ${built.facts + 1}`;
    expect(refusal(bad)).toBe(
      `certificate line ${lines.length}: the end line counts ${built.facts + 1} facts, the file has ${built.facts}`,
    );
  });

  it('a claimed value the facts do not give', () => {
    const bad = lines.slice();
    bad[3] = `value ${Number(built.value) + 1}`;
    expect(refusal(bad)).toBe(
      `certificate line 4: the value ${Number(built.value) + 1} is wrong: the facts give the position the value ${Number(built.value)}`,
    );
  });

  it('not a certificate, or an unknown game', () => {
    expect(refusal(['hello'])).toMatch(/^certificate line 1: not a nimber certificate/);
    const bad = lines.slice();
    bad[1] = 'game no-such-game';
    expect(refusal(bad)).toMatch(/^certificate line 2: the game 'no-such-game' does not read:/);
    expect(refusal(['nimber-certificate 1', 'game cram'])).toBe(
      "certificate line 3: the file ends before its 'position' line",
    );
  });
});
