/** The OEIS links: each listed spec's computed values are the entry's published terms (tests/engine/published.ts). */
import { describe, expect, it } from 'vitest';
import { grundySequence } from '../../src/engine/solve/normal/grundy.ts';
import { parseTupleSpec } from '../../src/engine/spec.ts';
import { knownSequence, knownSequences } from '../../src/service/oeis.ts';
import { DAWSONS_CHESS_GRUNDY, GRUNDYS_GAME_GRUNDY, KAYLES_GRUNDY, SQUARES_GRUNDY } from '../engine/published.ts';

const PUBLISHED = new Map<string, readonly number[]>([
  ['A001477', Array.from({ length: 100 }, (_, n) => n)],
  ['A002186', KAYLES_GRUNDY],
  ['A002187', DAWSONS_CHESS_GRUNDY],
  ['A002188', GRUNDYS_GAME_GRUNDY],
  ['A014586', SQUARES_GRUNDY],
  // the odious numbers and the highest power of 2 dividing n (n >= 1), as published
  ['A000069', [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49, 50]],
  ['A006519', [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 32]],
]);

describe('known OEIS sequences', () => {
  it.each(knownSequences())('%s is %o', (spec, entry) => {
    expect(parseTupleSpec(spec).spec).toBe(spec); // keyed by the canonical spec
    const published = PUBLISHED.get(entry.id);
    expect(published, `no published terms of ${entry.id} in the tests`).toBeDefined();
    const first = entry.firstHeap ?? 0;
    const values = grundySequence(parseTupleSpec(spec), first + published!.length - 1);
    expect(Array.from(values).slice(first)).toEqual(published);
  });

  it('aliases find their entry through the canonical spec; others have none', () => {
    expect(knownSequence(parseTupleSpec('kayles').spec)?.id).toBe('A002186');
    expect(knownSequence(parseTupleSpec('subtract:1,3,4').spec)).toBeUndefined();
  });
});
