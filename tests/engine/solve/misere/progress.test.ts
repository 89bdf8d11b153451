/**
 * Progress within a heap of a misère quotient (what `nimber quotient --verbose` prints) and the
 * limits a long construction raises: phases in order, the sizes they report matching the quotient,
 * the verification-state limit, and the order of a quotient unchanged by watching it.
 */
import { describe, expect, it } from 'vitest';
import { isInputError } from '../../../../src/engine/errors.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { type QuotientProgress, misereQuotient } from '../../../../src/engine/solve/misere/quotient.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

describe('progress within a heap of a misère quotient', () => {
  it('Officers (0.6) to heap 12: each heap guessed, reduced and verified; recalibrations reported as they happen', () => {
    const seen: QuotientProgress[] = [];
    const q = misereQuotient(heap('takebreak:0.6'), 12, { onProgress: (p) => seen.push(p) });
    expect(misereQuotient(heap('takebreak:0.6'), 12).table).toEqual(q.table);
    // steps never go back; heaps are visited in order, each starting with its guess
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i].steps).toBeGreaterThanOrEqual(seen[i - 1].steps);
      expect(seen[i].heap).toBeGreaterThanOrEqual(seen[i - 1].heap);
      if (seen[i].heap > seen[i - 1].heap) expect(seen[i].phase).toBe('guess');
    }
    const recalibrations = seen.filter((p) => p.phase === 'recalibrate');
    expect(recalibrations).toHaveLength(q.recalibrations);
    expect(q.recalibrations).toBeGreaterThan(0);
    // each recalibration names the position the stage before it got wrong: its heap sizes, sorted
    for (const p of recalibrations) {
      expect(p.wrong.length).toBeGreaterThan(0);
      expect([...p.wrong].sort((a, b) => a - b)).toEqual(p.wrong);
      for (const g of p.wrong) expect(g).toBeLessThanOrEqual(p.heap);
    }
    for (let h = 1; h <= 12; h++) {
      const at = seen.filter((p) => p.heap === h);
      const phases = at.map((p) => p.phase);
      expect(phases[0], `heap ${h}`).toBe('guess');
      // a heap with no move (heap 1 of 0.6) is the empty game: nothing to reduce or verify
      if (phases.length === 1) {
        expect(q.heapElement[h], `heap ${h}`).toBe(0);
        continue;
      }
      expect(at[0].size, `heap ${h}: the guess starts from the quotient of the heaps before`).toBe(q.sizeByHeap[h - 1]);
      expect(phases.indexOf('reduce'), `heap ${h}`).toBe(1);
      const last = at[at.length - 1];
      expect(last.phase, `heap ${h} ends with the verification that passed`).toBe('verify');
      expect(last.size, `heap ${h}`).toBe(q.sizeByHeap[h]);
      expect(last.round, `heap ${h}`).toBe(phases.filter((p) => p === 'recalibrate').length);
      for (const p of at.filter((p) => p.phase === 'reduce')) expect(p.trial).toBeGreaterThanOrEqual(1);
    }
  });

  it('a limit on verification states stops the construction in one line naming it', () => {
    let error: unknown;
    try {
      misereQuotient(heap('dawsons-kayles'), 20, { maxStates: 3 });
    } catch (e) {
      error = e;
    }
    expect(isInputError(error) && error.kind).toBe('too-large');
    expect((error as Error).message).toMatch(
      /^verifying the misère quotient at heap \d+ needs more than 3 states \(limit on verification\)$/,
    );
  });
});
