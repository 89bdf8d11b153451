/**
 * Stored partial misère quotients: a construction resumed from the bytes stored after any heap
 * gives exactly the quotient of a run from scratch, and bytes that are corrupt, truncated, of
 * another game or inconsistent are refused with one line (InputError), never resumed from.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInputError } from '../../../../src/engine/errors.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import {
  CHECKPOINT_VERSION,
  checkCheckpoint,
  crc32,
  decodeCheckpoint,
  encodeCheckpoint,
} from '../../../../src/engine/solve/misere/checkpoint.ts';
import {
  type MisereQuotient,
  type QuotientCheckpoint,
  misereQuotient,
} from '../../../../src/engine/solve/misere/quotient.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import { codeText } from '../../families/takebreak/arbitraries.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** The bytes stored after each heap of a run to maxHeap, by heap. */
function storedByHeap(ruleset: HeapRuleset, maxHeap: number): { q: MisereQuotient; stored: Map<number, Uint8Array> } {
  const stored = new Map<number, Uint8Array>();
  const q = misereQuotient(ruleset, maxHeap, { onCheckpoint: (cp) => stored.set(cp.heap, encodeCheckpoint(cp)) });
  return { q, stored };
}

function resumed(ruleset: HeapRuleset, maxHeap: number, bytes: Uint8Array): { q: MisereQuotient; used: number } {
  const cp = decodeCheckpoint(bytes);
  checkCheckpoint(cp, ruleset);
  let used = 0;
  const q = misereQuotient(ruleset, maxHeap, { resume: cp, onWork: (w) => (used = w) });
  return { q, used };
}

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (isInputError(e)) return e.message;
    throw e;
  }
  throw new Error('accepted');
}

const load = (ruleset: HeapRuleset, bytes: Uint8Array) => () => checkCheckpoint(decodeCheckpoint(bytes), ruleset);

describe('stored partial misère quotients', () => {
  // Kayles (0.77, recalibrations at heap 9), 0.75 (R8), Dawson's Kayles (0.07, order 144 by heap 25)
  it.each([
    ['kayles', 30, [1, 5, 9, 12, 29]],
    ['takebreak:0.75', 20, [2, 5, 13]],
    ['dawsons-kayles', 25, [10, 20, 24]],
  ] as const)('%s to heap %i resumed after heaps %j equals the run from scratch', (spec, max, at) => {
    const ruleset = heap(spec);
    let scratchWork = 0;
    const scratch = misereQuotient(ruleset, max, { onWork: (w) => (scratchWork = w) });
    const { q, stored } = storedByHeap(ruleset, max);
    expect(stored.size).toBe(max);
    for (const h of at) {
      const r = resumed(ruleset, max, stored.get(h)!);
      expect(r.q.size, `resumed after heap ${h}`).toBe(scratch.size);
      expect(r.q.table).toEqual(scratch.table);
      expect(r.q.pPortion).toEqual(scratch.pPortion);
      expect(r.q.heapElement).toEqual(scratch.heapElement);
      expect(r.q.words).toEqual(scratch.words);
      expect(r.q.presentation.rules).toEqual(scratch.presentation.rules);
      expect(r.q.sizeByHeap).toEqual(scratch.sizeByHeap);
      expect(r.q.recalibrations).toBe(scratch.recalibrations);
      expect(r.used, 'the same steps in all').toBe(scratchWork);
    }
    expect(q.table).toEqual(scratch.table);
    // the last heap's store is the finished quotient
    const last = decodeCheckpoint(stored.get(max)!);
    expect(last.size).toBe(scratch.size);
    expect(resumed(ruleset, max, stored.get(max)!).q.words).toEqual(scratch.words);
  });

  it('random take-and-break codes: resumed after a random heap, the same quotient and steps (small limits)', () => {
    fc.assert(
      fc.property(
        codeText({ hex: false, maxDigits: 3 }),
        fc.integer({ min: 4, max: 16 }),
        fc.nat(),
        (code, max, pick) => {
          const ruleset = heap(`takebreak:${code}`);
          // small limits: a wild code whose trial monoids explode stops in well under a second
          const limits = { maxWork: 2e6, maxSize: 300 };
          const stored = new Map<number, Uint8Array>();
          let scratch: MisereQuotient;
          let used = 0;
          try {
            scratch = misereQuotient(ruleset, max, {
              ...limits,
              onWork: (w) => (used = w),
              onCheckpoint: (cp) => stored.set(cp.heap, encodeCheckpoint(cp)),
            });
          } catch (e) {
            if (isInputError(e)) return;
            throw e;
          }
          const at = 1 + (pick % max);
          const cp = decodeCheckpoint(stored.get(at)!);
          checkCheckpoint(cp, ruleset);
          let again = cp.workUsed; // resumed at the last heap: no heap left to compute, no onWork call
          const q = misereQuotient(ruleset, max, { ...limits, resume: cp, onWork: (w) => (again = w) });
          expect(q.table).toEqual(scratch.table);
          expect(q.pPortion).toEqual(scratch.pPortion);
          expect(q.heapElement).toEqual(scratch.heapElement);
          expect(q.sizeByHeap).toEqual(scratch.sizeByHeap);
          expect(q.recalibrations).toBe(scratch.recalibrations);
          expect(again).toBe(used);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses to resume past the heap asked for, and a store of another game', () => {
    const { stored } = storedByHeap(heap('kayles'), 12);
    const cp = decodeCheckpoint(stored.get(12)!);
    expect(refusal(() => misereQuotient(heap('kayles'), 10, { resume: cp }))).toContain(
      'covers heaps 0..12, past the largest heap asked for (10)',
    );
    expect(refusal(load(heap('takebreak:0.75'), stored.get(12)!))).toBe(
      'the stored quotient is of takebreak:0.77, not takebreak:0.75',
    );
  });

  it('refuses corrupt and truncated bytes: one line each', () => {
    const ruleset = heap('kayles');
    const { stored } = storedByHeap(ruleset, 14);
    const good = stored.get(14)!;
    expect(() => load(ruleset, good)()).not.toThrow();
    const flipped = good.slice();
    flipped[good.length - 7] ^= 0x10;
    expect(refusal(load(ruleset, flipped))).toBe('stored misère quotient: checksum mismatch (a corrupt file)');
    for (const cut of [0, 5, 12, 30, good.length - 1])
      expect(refusal(load(ruleset, good.subarray(0, cut))), `cut at ${cut}`).toMatch(
        /^(stored misère quotient is truncated|not a stored misère quotient \(wrong magic bytes\))$/,
      );
    const wrongMagic = good.slice();
    wrongMagic[0] = 0x4d;
    expect(refusal(load(ruleset, wrongMagic))).toBe('not a stored misère quotient (wrong magic bytes)');
    const newer = good.slice();
    newer[8] = 9;
    expect(refusal(load(ruleset, newer))).toBe(
      `stored misère quotient of format version 9, this nimber reads ${CHECKPOINT_VERSION}`,
    );
    expect(refusal(load(ruleset, new Uint8Array([...good, 0])))).toBe(
      'stored misère quotient: bytes after the end of its data',
    );
    expect(refusal(load(ruleset, new TextEncoder().encode('{"heap": 14}')))).toBe(
      'not a stored misère quotient (wrong magic bytes)',
    );
  });

  // Bytes with a valid checksum whose content is not a quotient of the game: each caught by its check.
  const tampered: [string, (cp: QuotientCheckpoint) => QuotientCheckpoint, RegExp][] = [
    [
      'a swapped P-portion flag',
      (cp) => {
        const P = cp.pPortion.slice();
        const u = P.indexOf(1);
        P[u] = 0;
        P[P.indexOf(0, 1) === u ? P.indexOf(0, u + 1) : P.indexOf(0, 1)] = 1;
        return { ...cp, pPortion: P };
      },
      /inconsistent/,
    ],
    [
      'the empty position in P',
      (cp) => ({ ...cp, pPortion: Uint8Array.from(cp.pPortion, (v, i) => (i === 0 ? 1 : v)) }),
      /empty position/,
    ],
    [
      'a product changed on one side',
      (cp) => {
        const t = cp.table.slice();
        t[1 * cp.size + 2] = (t[1 * cp.size + 2] + 1) % cp.size;
        return { ...cp, table: t };
      },
      /differ|associative/,
    ],
    [
      'a product changed on both sides',
      (cp) => {
        const t = cp.table.slice();
        const v = (t[1 * cp.size + 2] + 1) % cp.size;
        t[1 * cp.size + 2] = v;
        t[2 * cp.size + 1] = v;
        return { ...cp, table: t };
      },
      /associative|representative|move from the P-portion|state/,
    ],
    [
      'a product outside the quotient',
      (cp) => ({ ...cp, table: Int32Array.from(cp.table, (v, i) => (i === 5 ? cp.size : v)) }),
      /outside/,
    ],
    [
      'a pretending value out of range',
      (cp) => ({ ...cp, heapElement: Int32Array.from(cp.heapElement, (v, i) => (i === 3 ? cp.size + 4 : v)) }),
      /heap 3's element is outside the quotient/,
    ],
    [
      'a pretending value changed',
      (cp) => ({ ...cp, heapElement: Int32Array.from(cp.heapElement, (v, i) => (i === 6 ? cp.heapElement[5] : v)) }),
      /inconsistent/,
    ],
    [
      'a wrong order by heap',
      (cp) => ({ ...cp, sizeByHeap: [...cp.sizeByHeap.slice(0, -1), cp.size + 1] }),
      /sizes by heap/,
    ],
    [
      'a verification state of another element',
      (cp) => ({ ...cp, states: cp.states!.map((s, i) => (i === 3 ? { ...s, x: (s.x + 1) % cp.size } : s)) }),
      /verification state/,
    ],
    [
      'a representative of another element',
      (cp) => ({ ...cp, rep: cp.rep.map((r, u) => (u === 2 ? [...r, 1] : r)) }),
      /representative/,
    ],
  ];
  it.each(tampered)('refuses %s', (_, change, message) => {
    const ruleset = heap('kayles');
    const { stored } = storedByHeap(ruleset, 14);
    const bytes = encodeCheckpoint(change(decodeCheckpoint(stored.get(14)!)));
    expect(refusal(load(ruleset, bytes))).toMatch(message);
  });

  it('CRC-32 is the standard one (check value of "123456789")', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
