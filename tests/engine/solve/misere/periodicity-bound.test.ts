/**
 * The periodicity theorem's bound is not one heap too generous: games whose pretending function
 * looks periodic over one heap fewer than the bound asks, and then breaks at the next heap. With a
 * bound one shorter, nimber would call each of them solved with a period that is false.
 */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { misereQuotient } from '../../../../src/engine/solve/misere/quotient.ts';
import { misereSolution, provedPhiPeriod } from '../../../../src/engine/solve/misere/solved.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** The ruleset with its periodicity bound one heap shorter. */
function oneShort(r: HeapRuleset): HeapRuleset {
  const theorem = r.certificationLength!;
  return { ...r, certificationLength: (e: number, p: number) => theorem(e, p) - 1 };
}

// [code, heap n, preperiod, period]: Φ of heaps 0..n is periodic from the preperiod with that period,
// over one heap fewer than the bound asks, and heap n + 1 breaks it. Found by scanning every 2-digit code.
// 0.02 (take exactly 2, leave one heap): heaps 0, 1 and 2 have no move, so Φ = 1, 1, 1 looks like period
// 1 from heap 0, yet heap 3 moves to heap 1 and is not the empty game; with e = 0 the bound e + k + p
// would be 3 heaps, which is why nimber counts the preperiod as at least 1 (a removal's remainder must
// be a heap, not nothing).
const CASES: [string, number, number, number][] = [
  ['takebreak:0.02', 2, 0, 1],
  ['takebreak:0.01', 3, 1, 2],
  ['takebreak:0.13', 5, 2, 3],
  ['takebreak:0.12', 5, 4, 1],
  ['takebreak:0.03', 5, 4, 1],
];

describe('the periodicity bound is tight enough: one heap shorter proves false periods', () => {
  it.each(CASES)(
    '%s: heaps 0..%i look periodic from heap %i with period %i, and the next heap breaks it',
    (spec, n, e, p) => {
      const r = heap(spec);
      const q = misereQuotient(r, n);
      expect(misereSolution(r, q), 'nimber claims nothing from these heaps').toBeNull();
      expect(provedPhiPeriod(oneShort(r), q.heapElement, n + 1), 'one heap short claims the period').toEqual({
        preperiod: e,
        period: p,
        proofLength: n + 1,
      });
      expect(r.certificationLength!(e, p)).toBe(n + 2);
      const next = misereQuotient(r, n + 1);
      expect(next.heapElement[n + 1], `heap ${n + 1} breaks the period`).not.toBe(next.heapElement[n + 1 - p]);
    },
  );

  it('at the bound itself the claim stands: 0.75 (R8) to the heap its proof needs, then 60 heaps on', () => {
    const r = heap('takebreak:0.75');
    const s = misereSolution(r, misereQuotient(r, 40));
    expect(s).not.toBeNull();
    const { preperiod: e, period: p, proofLength } = s!;
    const atBound = misereQuotient(r, proofLength - 1);
    expect(misereSolution(r, atBound)).toEqual(s);
    expect(misereSolution(r, misereQuotient(r, proofLength - 2))).toBeNull();
    const far = misereQuotient(r, proofLength + 60);
    expect(far.size).toBe(atBound.size);
    for (let n = e; n + p <= far.maxHeap; n++) expect(far.heapElement[n + p]).toBe(far.heapElement[n]);
  });
});
