/** Analysis of a position: Grundy values, nim-sum, outcome and every winning move. */
import { heapValues } from './grundy.ts';
import { oracleFor } from '../oracle/normal.ts';
import { validateHeaps } from '../../position.ts';
import { tupleRuleset } from '../../capabilities.ts';
import type { Analysis, CoupledRuleset, HeapRuleset, Position, Ruleset } from '../../types.ts';
import { nimSumOf, winningMovesOfSum } from './winning-moves.ts';

/**
 * The analysis of a position of heaps or piles; `valueOfHeap` gives heap values already known (e.g.
 * from a proved period) instead of computing them. Games on boards and graphs are refused in one
 * line (the service analyses them by search).
 */
export function analyze(ruleset: Ruleset, heaps: Position, valueOfHeap?: (heap: number) => number): Analysis {
  const tuple = tupleRuleset(ruleset, 'an analysis of heap or pile sizes');
  return tuple.kind === 'heap' ? analyzeHeaps(tuple, heaps, valueOfHeap) : analyzeCoupled(tuple, heaps);
}

/**
 * The options of `heap` whose values XOR to `target`: the family's closed form when it has one,
 * else a scan of every option.
 */
export function* optionsWithValue(
  ruleset: HeapRuleset,
  heap: number,
  target: number,
  valueOfHeap: (heap: number) => number,
): Iterable<readonly number[]> {
  if (ruleset.optionsWithValue) {
    yield* ruleset.optionsWithValue(heap, target);
    return;
  }
  for (const parts of ruleset.heapOptions(heap)) {
    let x = 0;
    for (const p of parts) x ^= valueOfHeap(p);
    if (x >>> 0 === target) yield parts;
  }
}

/**
 * Sprague–Grundy: the nim-sum decides the outcome; a winning move changes one heap i into an
 * option whose value is g_i XOR nimSum.
 */
function analyzeHeaps(ruleset: HeapRuleset, input: Position, known?: (heap: number) => number): Analysis {
  const heaps = validateHeaps(input, ruleset.maxHeap);
  const valueOfHeap = known ?? heapValues(ruleset, heaps);
  const grundy = heaps.map(valueOfHeap);
  const nimSum = nimSumOf(grundy, 0);
  const { winningMoves } = winningMovesOfSum(heaps, grundy, nimSum, (heap, target) => ({
    options: optionsWithValue(ruleset, heap, target, valueOfHeap),
    complete: true,
  }));
  return { ruleset: ruleset.spec, heaps, grundy, nimSum, outcome: nimSum === 0 ? 'P' : 'N', winningMoves };
}

/**
 * Coupled games have no nim-sum: the family's own solver where it has one, else backward
 * induction over the positions below this one (the oracle).
 */
function analyzeCoupled(ruleset: CoupledRuleset, input: Position): Analysis {
  const heaps = validateHeaps(input, ruleset.maxPile, 'pile');
  const winningMoves = ruleset.winningMoves ? ruleset.winningMoves(heaps) : oracleFor(ruleset).winningMoves(heaps);
  return {
    ruleset: ruleset.spec,
    heaps,
    grundy: null,
    nimSum: null,
    outcome: winningMoves.length > 0 ? 'N' : 'P',
    winningMoves,
  };
}
