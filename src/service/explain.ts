/** The reasoning behind an analysis, step by step (options and mex, the nim-sum in binary, backward induction), for games on heaps or piles. */
import { requireCapability } from '../engine/capabilities.ts';
import { type Explanation, explain } from '../engine/solve/normal/explain.ts';
import { formatExplanation } from '../engine/wording/explanation.ts';
import type { TupleRuleset } from '../engine/types.ts';
import { heapsOf, safeSizes } from './analyze.ts';
import { type OptionsRequest, rulesetOf } from './requests.ts';

export type { Explanation } from '../engine/solve/normal/explain.ts';

/** The explanation of a position of heaps or piles. */
export function explainPosition(request: Omit<OptionsRequest, 'limit'>): Explanation {
  const ruleset = rulesetOf(request.ruleset);
  requireCapability(ruleset, 'count', 'explain');
  const tuple = ruleset as TupleRuleset;
  return explain(tuple, safeSizes(heapsOf(tuple, request.position)));
}

/** An explanation in words. */
export function explanationText(e: Explanation): string {
  return formatExplanation(e);
}
