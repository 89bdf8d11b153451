/**
 * Misère explanations: why a position is P or N when the player who moves last loses, worked out
 * by the layer that answers the misère analysis — Bouton's misère rule on the heaps' genera when
 * every heap is tame, the element of the misère quotient, or backward induction (piles moved
 * together: the region's table under misère play) — with the winning moves of that analysis.
 */
import {
  type Explanation,
  type MisereHeap,
  LISTED_MOVES,
  explain,
  explainHeap,
  explainRegion,
  EXPLAINED_HEAPS,
  regionMax,
} from '../normal/explain.ts';
import { heapValues } from '../normal/grundy.ts';
import { validatePosition } from '../normal/play.ts';
import { misereOracleFor } from '../oracle/misere.ts';
import type { Convention, Position, TupleRuleset } from '../../types.ts';
import { analyzeMisere } from './index.ts';

/** The genera of the tame misère Nim positions 0 and *1; every other tame genus is restive. */
const FICKLE_GENERA = new Set(['0^120', '1^031']);

/** Everything the explain panel and `nimber explain --misere` show for a position under misère play. */
export function explainMisere(ruleset: TupleRuleset, input: Position): Explanation {
  const position = validatePosition(ruleset, input);
  const analysis = analyzeMisere(ruleset, position);
  const moves = analysis.winningMoves.map((m) => m.to);
  const common = {
    ruleset: ruleset.spec,
    convention: 'misere' as const,
    position,
    nimSum: null,
    outcome: analysis.outcome,
    winningMove: moves[0] ?? null,
  };
  const reasoning = {
    method: analysis.method,
    genus: null,
    nimSum: null,
    restive: null,
    element: analysis.element,
    quotientSize: analysis.quotientSize,
    winningMoves: moves.slice(0, LISTED_MOVES),
    moveCount: moves.length,
  };
  if (ruleset.kind === 'coupled') {
    const max = regionMax(position);
    const region = explainRegion(ruleset, position.length, max, misereOracleFor(ruleset), 'N');
    return { ...common, kind: 'coupled', heaps: [], region, misereReasoning: reasoning };
  }
  if (analysis.method !== 'genus' || !analysis.genus)
    return { ...common, kind: 'heap', heaps: [], region: null, misereReasoning: reasoning };
  // Bouton's misère rule reads the heaps' normal Grundy values: they are worked out as in normal play
  const valueOfHeap = heapValues(ruleset, position);
  const genus: MisereHeap[] = position.map((heap, i) => {
    const text = analysis.genus![i];
    return { heap, grundy: valueOfHeap(heap), genus: text, restive: !FICKLE_GENERA.has(text) };
  });
  const heaps = [...new Set(position)].slice(0, EXPLAINED_HEAPS).map((h) => explainHeap(ruleset, h, valueOfHeap));
  return {
    ...common,
    kind: 'heap',
    heaps,
    region: null,
    misereReasoning: {
      ...reasoning,
      genus,
      nimSum: genus.reduce((a, h) => (a ^ h.grundy) >>> 0, 0),
      restive: genus.some((h) => h.restive),
    },
  };
}

/**
 * The explanation under a convention: misère play by its own reasoning, normal play by the
 * nim-sum (with heap values known otherwise when given: a proved period).
 */
export function explainUnder(
  ruleset: TupleRuleset,
  position: Position,
  convention: Convention = 'normal',
  knownValues?: (heap: number) => number,
): Explanation {
  return convention === 'misere' ? explainMisere(ruleset, position) : explain(ruleset, position, knownValues);
}
