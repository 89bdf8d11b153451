/** explainMisere: the misère reasoning's outcome and moves against the misère oracle (backward induction, no theory). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainMisere, explainUnder } from '../../../../src/engine/solve/misere/explain.ts';
import { misereOracleFor } from '../../../../src/engine/solve/oracle/misere.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { formatExplanation } from '../../../../src/engine/wording/explanation.ts';

describe('explainMisere', () => {
  it("misère Nim 1 1 2: Bouton's misère rule (heap 2 restive, nim-sum 2) and the one winning move 1 1 1", () => {
    const e = explainMisere(parseTupleSpec('nim'), [1, 1, 2]);
    expect(e.convention).toBe('misere');
    expect(e.nimSum).toBeNull(); // normal play's nim-sum moves (to 1 1 0) are not offered
    expect(e.misereReasoning?.method).toBe('genus');
    expect(e.misereReasoning?.genus?.map((h) => [h.genus, h.restive])).toEqual([
      ['1^031', false],
      ['1^031', false],
      ['2^20', true],
    ]);
    expect(e.misereReasoning?.nimSum).toBe(2);
    expect(e.misereReasoning?.winningMoves).toEqual([[1, 1, 1]]);
    expect(e.winningMove).toEqual([1, 1, 1]);
    expect(formatExplanation(e)).not.toContain('1 1 0');
    expect(explainUnder(parseTupleSpec('nim'), [1, 1, 2], 'normal').winningMove).toEqual([1, 1, 0]);
  });

  it('misère Wythoff: the region is labelled under misère play (0 0 is N, 0 1 is P)', () => {
    const e = explainMisere(parseTupleSpec('wythoff'), [3, 5]);
    expect(e.region?.noMove).toBe('N');
    const at = (x: number, y: number) => e.region!.cells.find((c) => c.position[0] === x && c.position[1] === y)!;
    expect(at(0, 0)).toEqual({ position: [0, 0], outcome: 'N', reaches: null });
    expect(at(0, 1).outcome).toBe('P');
  });

  it.each(['nim', 'kayles', 'dawsons-kayles', 'takebreak:0.75', 'subtract:1,2,4', 'wythoff'])(
    '%s: outcome and every listed winning move agree with the misère oracle on random small positions',
    (spec) => {
      const ruleset = parseTupleSpec(spec);
      const oracle = misereOracleFor(ruleset);
      const piles = ruleset.kind === 'coupled' ? 2 : undefined;
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: piles ?? 1, maxLength: piles ?? 3 }), (p) => {
          const e = explainMisere(ruleset, p);
          expect(e.outcome).toBe(oracle.outcome(p));
          for (const to of e.misereReasoning!.winningMoves) expect(oracle.outcome(to)).toBe('P');
          if (e.outcome === 'N' && e.misereReasoning!.moveCount > 0) expect(oracle.outcome(e.winningMove!)).toBe('P');
        }),
        { numRuns: 60 },
      );
    },
  );
});
