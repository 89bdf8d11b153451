/**
 * Lasker's Nim against independent references: the generic mex (which only lists options), the
 * brute-force oracle (no Sprague–Grundy theory) and the values published in Winning Ways (ch. 4).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lasker, laskerValue } from '../../../../src/engine/families/lasker/index.ts';
import { mexSequence } from '../../../../src/engine/kernels/mex.ts';
import { analyze } from '../../../../src/engine/solve/normal/analyze.ts';
import { count } from '../../../../src/engine/solve/normal/count.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { oracleCount, oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { periodicity, smallestPeriod } from '../../../../src/engine/solve/normal/period.ts';
import { chooseMove, findMove, legalMoves } from '../../../../src/engine/solve/normal/play.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { COUNT_ORDERS } from '../../../../src/engine/types.ts';

/** g(0..20) as tabulated for Lasker's Nim (Berlekamp, Conway & Guy, Winning Ways, ch. 4). */
const PUBLISHED_0_20 = [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16, 15, 17, 18, 20, 19];

const ruleset = parseTupleSpec('lasker');
const oracle = oracleFor(ruleset);
const sorted = (moves: { to: number[] }[]) => moves.map((m) => m.to.join(' ')).sort();

describe("Lasker's Nim", () => {
  it('parses as a heap ruleset of its own family', () => {
    expect(ruleset).toBe(lasker);
    expect(ruleset.kind).toBe('heap');
    expect(() => parseTupleSpec('lasker:3')).toThrow(/takes no arguments/);
  });

  it('the closed form equals the published values and the generic mex over the options to 300', () => {
    expect(Array.from(grundySequence(ruleset, 20))).toEqual(PUBLISHED_0_20);
    expect(Array.from(lasker.sequence(300))).toEqual(Array.from(mexSequence(lasker, 300)));
    for (let n = 0; n <= 300; n++) expect(laskerValue(n)).toBe(mexSequence(lasker, 300)[n]);
  });

  it('lists every take and every split into two non-empty heaps', () => {
    for (let n = 0; n <= 40; n++) {
      const options = [...lasker.heapOptions(n)].map((o) => o.join('+'));
      expect(options.length, `heap ${n}`).toBe(n === 0 ? 0 : n + Math.floor(n / 2));
      expect(new Set(options).size).toBe(options.length);
    }
    expect([...lasker.heapOptions(4)]).toEqual([[1, 3], [2, 2], [3], [2], [1], []]);
  });

  it('isOption and optionsWithValue agree with the listed options', () => {
    for (let n = 0; n <= 30; n++) {
      const listed = new Set([...lasker.heapOptions(n)].map((o) => o.join('+')));
      for (const parts of [[], [n - 1], [n], [n + 1], [1, n - 1], [2, n - 2], [1, n], [0, n]]) {
        if (parts.some((p) => p < 0)) continue;
        // options list their parts ascending; isOption takes them in any order
        const key = [...parts].sort((x, y) => x - y).join('+');
        expect(lasker.isOption!(n, parts), `${n} -> ${parts.join('+')}`).toBe(listed.has(key));
      }
    }
    const g = mexSequence(lasker, 61);
    for (let n = 0; n <= 60; n++) {
      for (let v = 0; v <= n + 1; v++) {
        const scanned = [...lasker.heapOptions(n)]
          .filter((o) => o.reduce((x, p) => x ^ g[p], 0) === v)
          .map((o) => o.join('+'))
          .sort();
        const closed = [...lasker.optionsWithValue!(n, v)].map((o) => o.join('+')).sort();
        expect(closed, `heap ${n}, value ${v}`).toEqual(scanned);
      }
    }
  });

  it('analyze agrees with the oracle on the outcome and every winning move of 1-3 heaps up to 8', () => {
    for (let a = 0; a <= 8; a++) {
      for (let b = 0; b <= 8; b++) {
        for (const position of [[a], [a, b], [a, b, (a + 2 * b) % 9]]) {
          const analysis = analyze(ruleset, position);
          expect(analysis.outcome, position.join(' ')).toBe(oracle.outcome(position));
          expect(sorted(analysis.winningMoves), position.join(' ')).toEqual(sorted(oracle.winningMoves(position)));
        }
      }
    }
  });

  it('analyze agrees with the oracle on random positions (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 3 }), (position) => {
        expect(analyze(ruleset, position).outcome).toBe(oracle.outcome(position));
      }),
      { numRuns: 200 },
    );
  });

  it('is proved periodic with period 4 and saltus 4 from heap 1, which the values show too', () => {
    expect(periodicity(ruleset)).toMatchObject({ period: 4, preperiod: 1, saltus: 4, certified: true });
    // Independent of the declared proof: the smallest arithmetic period the values show.
    const seen = smallestPeriod(mexSequence(lasker, 400), (e, p) => 400 - e >= 3 * p);
    expect(seen).toEqual({ period: 4, preperiod: 1, saltus: 4 });
  });

  it('the perfect opponent wins from every N-position and moves legally from P-positions (2 heaps to 12)', () => {
    for (let a = 0; a <= 12; a++) {
      for (let b = 0; b <= 12; b++) {
        const reply = chooseMove(ruleset, [a, b]);
        expect(reply.outcome).toBe(oracle.outcome([a, b]));
        if (reply.to === null) {
          expect(legalMoves(ruleset, [a, b]).moves).toEqual([]);
          continue;
        }
        expect(findMove(ruleset, [a, b], reply.to), `${a} ${b} -> ${reply.to.join(' ')}`).not.toBeNull();
        if (reply.outcome === 'N') expect(oracle.isP(reply.to)).toBe(true);
      }
    }
  });

  it('counts P-positions of three heaps as the oracle does, in every order', () => {
    for (const order of COUNT_ORDERS) {
      expect(count(ruleset, { heapCount: 3, max: 9, order }), order).toBe(oracleCount(ruleset, 3, 9, order));
    }
  });

  it('analyses heaps far beyond any stored sequence by the closed form', () => {
    const analysis = analyze(ruleset, [100_000_000, 5]);
    expect(analysis.grundy).toEqual([99_999_999, 5]);
    expect(analysis.winningMoves[0].to).toEqual([5, 5]);
  });
});

describe("Lasker's Nim with heaps too large to list every option", () => {
  it('findMove accepts a split or a take of a huge heap by the closed-form test, and refuses a non-option', () => {
    expect(findMove(lasker, [300_000, 300_000], [150_000, 150_000, 300_000])).toEqual([150_000, 150_000, 300_000]);
    expect(findMove(lasker, [300_000, 300_000], [300_000, 7])).toEqual([300_000, 7]);
    expect(findMove(lasker, [300_000, 300_000], [150_000, 149_999, 300_000])).toBeNull();
    expect(findMove(lasker, [300_000, 300_000], [300_000, 300_001])).toBeNull();
  });

  it('from a P-position of huge heaps the engine splits (removes no token) rather than taking one', () => {
    const reply = chooseMove(lasker, [100_000, 100_000]);
    expect(reply.outcome).toBe('P');
    expect(reply.to!.reduce((a, b) => a + b, 0)).toBe(200_000);
    expect(reply.to!.length).toBe(3);
  });
});
