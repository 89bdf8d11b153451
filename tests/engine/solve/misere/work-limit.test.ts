/**
 * The misère quotient's work limit: a wild game whose trial monoids explode stops with a one-line
 * too-large error after a bounded number of steps (the same on every machine), and a game within
 * the limit is unaffected by it.
 */
import { describe, expect, it } from 'vitest';
import { isInputError } from '../../../../src/engine/errors.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { analyzeMisere, countMisere } from '../../../../src/engine/solve/misere/index.ts';
import { MAX_QUOTIENT_WORK, misereQuotient } from '../../../../src/engine/solve/misere/quotient.ts';
import { misereOracleCount, misereOracleFor } from '../../../../src/engine/solve/oracle/misere.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

describe('the work limit of a misère quotient', () => {
  it('0.6!4! to heap 20 (more than 2e9 steps) stops at the limit given, naming the heap it reached', () => {
    let error: unknown;
    try {
      misereQuotient(heap('takebreak:0.6!4!'), 20, { maxWork: 2e7 });
    } catch (e) {
      error = e;
    }
    expect(isInputError(error) && error.kind).toBe('too-large');
    expect((error as Error).message).toBe('the misère quotient needs more than 2e7 steps by heap 20 (limit on work)');
  });

  it('counts the same steps on every run, and a quotient within the limit is the one computed without it', () => {
    const steps = () => {
      let used = 0;
      const q = misereQuotient(heap('dawsons-kayles'), 24, { onWork: (w) => (used = w) });
      return { used, size: q.size };
    };
    const a = steps();
    expect(steps()).toEqual(a);
    expect(a.used).toBeGreaterThan(0);
    expect(a.used).toBeLessThan(MAX_QUOTIENT_WORK);
    const tight = misereQuotient(heap('dawsons-kayles'), 24, { maxWork: a.used });
    expect(tight.size).toBe(a.size);
    expect(() => misereQuotient(heap('dawsons-kayles'), 24, { maxWork: Math.floor(a.used / 2) })).toThrow(
      /limit on work/,
    );
  });

  it('0.337! (more than 4e9 steps by heap 10): the automatic choice gives up the quotient and searches, like the oracle', () => {
    const wild = heap('takebreak:0.337!');
    const oracle = misereOracleFor(wild);
    expect(() => analyzeMisere(wild, [10, 7], { method: 'quotient', maxWork: 1e7 })).toThrow(/limit on work/);
    for (const heaps of [
      [10, 7],
      [10, 3, 2],
      [10, 10, 1],
    ]) {
      const got = analyzeMisere(wild, heaps, { maxWork: 1e7 });
      expect(got.method).toBe('search');
      expect(got.outcome).toBe(oracle.outcome(heaps));
      expect(got.winningMoves.map((m) => m.to.join(' ')).sort()).toEqual(
        oracle
          .winningMoves(heaps)
          .map((m) => m.to.join(' '))
          .sort(),
      );
    }
    // heaps up to 9 have a quotient of order 8, within the small limit; so has a tame game
    expect(analyzeMisere(wild, [9, 9, 1], { maxWork: 1e7 }).method).toBe('quotient');
    expect(analyzeMisere(heap('kayles'), [10, 7], { maxWork: 1e7 }).method).toBe('quotient');
  });

  it('counts of a wild game fall back to the oracle count', () => {
    const wild = heap('takebreak:0.337!');
    expect(countMisere(wild, 2, 10, 'sorted')).toBe(misereOracleCount(wild, 2, 10, 'sorted'));
  });
});
