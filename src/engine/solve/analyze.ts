/** Analysis of a position: Grundy values, nim-sum, outcome and every winning move. */
import { grundyOfHeap, grundySequence } from './grundy.ts';
import { equalRemovalWinningMoves } from '../families/equal-removal/solver.ts';
import { oracleFor } from './oracle.ts';
import { isEqualRemoval } from '../families/equal-removal/index.ts';
import { applyHeapOption, validateHeaps } from '../position.ts';
import type { Analysis, CoupledRuleset, HeapRuleset, Position, Ruleset, WinningMove } from '../types.ts';

export function analyze(ruleset: Ruleset, heaps: Position): Analysis {
  return ruleset.kind === 'heap' ? analyzeHeaps(ruleset, heaps) : analyzeCoupled(ruleset, heaps);
}

/**
 * Sprague–Grundy: the nim-sum decides the outcome; a winning move changes one heap i into an
 * option whose value is g_i XOR nimSum (for Nim: any smaller value, reached directly).
 */
function analyzeHeaps(ruleset: HeapRuleset, input: Position): Analysis {
  const heaps = validateHeaps(input, ruleset.maxHeap);
  const sequence = ruleset.family === 'nim' ? undefined : grundySequence(ruleset, Math.max(...heaps));
  const grundy = heaps.map((h) => grundyOfHeap(ruleset, h, sequence));
  const nimSum = grundy.reduce((a, b) => (a ^ b) >>> 0, 0);
  const winningMoves: WinningMove[] = [];
  if (nimSum !== 0) {
    const seen = new Set<string>();
    heaps.forEach((heap, i) => {
      const target = (grundy[i] ^ nimSum) >>> 0;
      if (ruleset.family === 'nim') {
        if (target < heap) winningMoves.push({ to: applyHeapOption(heaps, i, target === 0 ? [] : [target]) });
        return;
      }
      for (const parts of ruleset.heapOptions(heap)) {
        let x = 0;
        for (const p of parts) x ^= sequence![p];
        if (x >>> 0 !== target) continue;
        const to = applyHeapOption(heaps, i, parts);
        const key = to.join(',');
        if (!seen.has(key)) { seen.add(key); winningMoves.push({ to }); }
      }
    });
  }
  return { ruleset: ruleset.spec, heaps, grundy, nimSum, outcome: nimSum === 0 ? 'P' : 'N', winningMoves };
}

/**
 * Coupled games have no nim-sum: backward induction over the positions below this one, or for
 * equal removal the bit-table solver's P-positions (1-3 piles; the oracle beyond).
 */
function analyzeCoupled(ruleset: CoupledRuleset, input: Position): Analysis {
  const heaps = validateHeaps(input, ruleset.maxPile, 'pile');
  const winningMoves = isEqualRemoval(ruleset) ? equalRemovalWinningMoves(ruleset, heaps) : oracleFor(ruleset).winningMoves(heaps);
  return { ruleset: ruleset.spec, heaps, grundy: null, nimSum: null, outcome: winningMoves.length > 0 ? 'N' : 'P', winningMoves };
}
