/** Certified analyses: the search's value written with its certificate, checked by the independent checker. */
import { describe, expect, it } from 'vitest';
import { readCertificateLines } from '../../src/adapters/certificate-file.ts';
import { InputError } from '../../src/engine/errors.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { certifiedAnalysis, certifyPosition, verifyCertificate, verifyText } from '../../src/service/certificates.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';
import { conventionSearch } from '../../src/service/games.ts';

describe('certifiedAnalysis and verifyCertificate', () => {
  // Beling & Rogalski 2020 (AI 283), Cram nimbers: 4 x 5 = 2, 3 x 7 = 1; 1 x n is Dawson's Kayles (0.07, OEIS A002187)
  it.each([
    ['cram:4x5', 2],
    ['cram:3x7', 1],
    ['cram:1x20', 3],
  ])('%s: the search value %i, its certificate verified', (spec, value) => {
    const { reply, lines, certificate } = certifiedAnalysis({ ruleset: spec, position: {} }, ENGINE_ENV);
    expect(reply.grundy).toBe(value);
    expect(certificate).toMatchObject({ game: 'cram', verified: true });
    const verified = verifyCertificate(lines);
    expect(verified).toMatchObject({
      game: 'cram',
      grundy: value,
      outcome: value === 0 ? 'P' : 'N',
      facts: certificate.facts,
    });
  });

  it('a search whose value the certificate does not give is reported as a bug, never printed', () => {
    const ruleset = parseRuleset('cram:3x5') as GameRuleset<unknown>;
    const honest = conventionSearch(ruleset, 'normal');
    const liar = { ...honest, grundy: (p: unknown) => (honest.grundy(p) ?? 0) ^ 1 };
    expect(certifyPosition(ruleset, ruleset.start, honest).value).toBe(1);
    expect(() => certifyPosition(ruleset, ruleset.start, liar, {}, undefined, 1)).toThrow(
      'the certificate gives the value 1, the search 0',
    );
    // a proof asks the search which values to prove: a lying search cannot complete one (never an InputError)
    let thrown: unknown;
    try {
      certifyPosition(ruleset, ruleset.start, liar);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(InputError);
  });

  it('format 2 (the default) proves the published values with far fewer facts than format 1', () => {
    // Beling & Rogalski 2020 (AI 283), Cram nimbers: 4 x 5 = 2, 5 x 5 = 0, 4 x 6 = 0
    for (const [spec, value] of [
      ['cram:4x5', 2],
      ['cram:5x5', 0],
      ['cram:4x6', 0],
    ] as const) {
      const ruleset = parseRuleset(spec) as GameRuleset<unknown>;
      const two = certifyPosition(ruleset, ruleset.start, conventionSearch(ruleset, 'normal'));
      expect(two.value).toBe(value);
      expect(two.lines[0]).toBe('nimber-certificate 2');
      expect(verifyCertificate(two.lines)).toMatchObject({ grundy: value, format: 2, facts: two.certificate.facts });
      if (spec === 'cram:4x5') {
        const one = certifyPosition(ruleset, ruleset.start, conventionSearch(ruleset, 'normal'), {}, undefined, 1);
        expect(verifyCertificate(one.lines)).toMatchObject({ grundy: value, format: 1 });
        expect(two.certificate.facts * 2).toBeLessThan(one.certificate.facts);
      }
    }
  });

  it('format 2 certificates of Node Kayles on the 3 x n grid give the 16 terms of OEIS A316632', () => {
    // Brown et al., J. Integer Seq. 23 (2020), Article 20.3.5
    const a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    const verified = a316632.map((_, i) => {
      const ruleset = parseRuleset(`node-kayles:grid:3x${i + 1}`) as GameRuleset<unknown>;
      const { lines } = certifyPosition(ruleset, ruleset.start, conventionSearch(ruleset, 'normal'));
      return verifyCertificate(lines).grundy;
    });
    expect(verified).toEqual(a316632);
  });

  it('the certificates kept in docs/certificates verify (the smaller ones: Node Kayles 3 x 17 to 3 x 20)', () => {
    // this project's values past OEIS A316632's 16 terms (docs/benchmarks.md); 3 x 21 to 3 x 30 take longer to check
    const values = [2, 2, 1, 1];
    const checked = values.map((_, i) => {
      const reply = verifyCertificate(readCertificateLines(`docs/certificates/node-kayles-3x${17 + i}.cert.gz`));
      expect(reply).toMatchObject({ game: 'node-kayles', format: 2 });
      return reply.grundy;
    });
    expect(checked).toEqual(values);
  });

  it('the Sprouts proofs kept in docs/certificates verify: 13 spots P, 17 spots N, the published outcomes', () => {
    // normal play: P exactly when n mod 6 is 0, 1 or 2 (Applegate, Jacobson and Sleator 1991; Lemoine
    // and Viennot 2015); 14 and 16 spots take longer to check (docs/certificates.md)
    for (const [spots, outcome] of [
      [13, 'P'],
      [17, 'N'],
    ] as const) {
      const reply = verifyCertificate(readCertificateLines(`docs/certificates/sprouts-${spots}.cert.gz`));
      expect(reply).toMatchObject({ game: 'sprouts', format: 2, grundy: null, outcome });
      expect(reply.position).toBe(`{${Array(spots).fill('3').join('.')}}`);
    }
  });

  it('an outcome claim proves P or N with fewer facts; verify says the value is not proved', () => {
    // Beling & Rogalski 2020 (AI 283), Cram nimbers: 4 x 5 = 2 (N), 4 x 4 = 0 (P)
    for (const [spec, outcome] of [
      ['cram:4x5', 'N'],
      ['cram:4x4', 'P'],
    ] as const) {
      const ruleset = parseRuleset(spec) as GameRuleset<unknown>;
      const search = conventionSearch(ruleset, 'normal');
      const byValue = certifyPosition(ruleset, ruleset.start, search);
      const byOutcome = certifyPosition(ruleset, ruleset.start, search, {}, undefined, 2, 'outcome');
      expect(byOutcome.lines[3]).toBe(`outcome ${outcome}`);
      expect(byOutcome.certificate).toMatchObject({ format: 2, claim: 'outcome', verified: true });
      const reply = verifyCertificate(byOutcome.lines);
      expect(reply).toMatchObject({ grundy: null, outcome, facts: byOutcome.certificate.facts });
      expect(verifyText(reply).split('\n')[1]).toBe(
        `${outcome}-position (the certificate proves the outcome, not the Grundy value)`,
      );
      if (outcome === 'N') expect(byOutcome.certificate.facts * 2).toBeLessThan(byValue.certificate.facts);
    }
  });

  it('writing a certificate past its time limit says so and counts facts, not positions', () => {
    const ruleset = parseRuleset('cram:4x5') as GameRuleset<unknown>;
    const search = conventionSearch(ruleset, 'normal');
    expect(() => certifyPosition(ruleset, ruleset.start, search, { timeLimitMs: 0, startedAt: 0 })).toThrow(
      /^writing the certificate hit its time limit of 0\.0 s after \d+ facts; give it more time or a smaller position$/,
    );
  });

  it('a family whose spec needs its arguments names the full spec', () => {
    const { lines } = certifiedAnalysis(
      { ruleset: 'poset:divisors:30', position: { board: '1 2 3 5 6 10 15' } },
      ENGINE_ENV,
    );
    expect(lines[1]).toBe('game poset:divisors:30');
    expect(verifyCertificate(lines).facts).toBeGreaterThan(0);
  });

  it('refuses heap games, misère play and certificates of heap games in one line', () => {
    expect(() => certifiedAnalysis({ ruleset: 'nim', position: { heaps: ['3'] } }, ENGINE_ENV)).toThrow(InputError);
    expect(() => certifiedAnalysis({ ruleset: 'cram:2x3', position: {}, convention: 'misere' }, ENGINE_ENV)).toThrow(
      /normal play only/,
    );
    expect(() => verifyCertificate(['nimber-certificate 1', 'game nim', 'position 3', 'value 3', 'end 0'])).toThrow(
      "certificate line 2: the game 'nim' does not read: a certificate is written for games on boards and graphs; 'nim' is a game played on heaps",
    );
  });
});
