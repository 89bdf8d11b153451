/**
 * The reasoning behind an analysis, step by step, under the convention asked for: options and mex,
 * the nim-sum in binary, backward induction (normal play); Bouton's misère rule on the heaps'
 * genera, the misère quotient or backward induction (misère play). The service picks; faces show
 * whichever parts the explanation has.
 */
import { requireCapability } from '../engine/capabilities.ts';
import { InputError } from '../engine/errors.ts';
import { explainUnder } from '../engine/solve/misere/explain.ts';
import type { Explanation } from '../engine/solve/normal/explain.ts';
import { formatExplanation } from '../engine/wording/explanation.ts';
import type { Convention, TupleRuleset } from '../engine/types.ts';
import { heapsOf } from './analyze.ts';
import { heapValuesUpTo } from './heap-values.ts';
import { type OptionsRequest, conventionOf, rulesetOf } from './requests.ts';
import type { SequenceSource } from './sequences.ts';

export type { Explanation } from '../engine/solve/normal/explain.ts';

/** A position to explain, under a convention (normal play when absent). */
export type ExplainRequest = Omit<OptionsRequest, 'limit'> & { readonly convention?: Convention };

/**
 * The explanation of a request. Heaps of up to 2^53 − 1 tokens are worked out; under normal play
 * their values come from a proved period where the family's theorem gives one (the values the
 * analysis uses), so a heap of 10^15 costs no sequence of that length.
 */
export async function explainPosition(request: ExplainRequest, sequences: SequenceSource): Promise<Explanation> {
  const ruleset = rulesetOf(request.ruleset);
  requireCapability(ruleset, 'count', 'explain');
  const tuple = ruleset as TupleRuleset;
  const sizes = explainedSizes(tuple, heapsOf(tuple, request.position));
  if (tuple.kind !== 'heap' || tuple.grundyOf || conventionOf(request.convention) === 'misere')
    return explainUnder(tuple, sizes, conventionOf(request.convention));
  const values = await heapValuesUpTo(tuple, BigInt(Math.max(0, ...sizes)), sequences);
  return explainUnder(tuple, sizes, 'normal', (heap) => values.atSafe(heap));
}

/**
 * Heap sizes an explanation works with: numbers up to the ruleset's largest heap (at most 2^53 − 1;
 * its options and mex are listed token by token). Larger heaps are refused in one line that names
 * the limit and `analyze`, which answers them from the proved period.
 */
function explainedSizes(ruleset: TupleRuleset, heaps: readonly (number | bigint)[]): number[] {
  const largest = Math.min(
    ruleset.kind === 'heap' ? ruleset.maxHeap : Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER,
  );
  return heaps.map((h, i) => {
    if (BigInt(h) > BigInt(largest))
      throw new InputError(
        `heap ${i + 1} = ${h} is above the largest heap explain works out for ${ruleset.spec} (${largest}${largest === Number.MAX_SAFE_INTEGER ? ' = 2^53 − 1' : ''}); \`analyze\` answers larger heaps (from a closed form or a proved period)`,
        'too-large',
      );
    return Number(h);
  });
}

/** An explanation in words. */
export function explanationText(e: Explanation): string {
  return formatExplanation(e);
}
