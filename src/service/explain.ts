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
import { type FarExplanation, explainFarClosedForm, explainFarPeriod } from '../engine/solve/normal/explain-far.ts';
import { formatExplanation } from '../engine/wording/explanation.ts';
import type { Convention, TupleRuleset } from '../engine/types.ts';
import { heapsOf } from './analyze.ts';
import { heapValuesUpTo } from './heap-values.ts';
import { type OptionsRequest, conventionOf, rulesetOf } from './requests.ts';
import type { ServiceEnv } from './env.ts';
import { type ByKind, byKind } from './by-kind.ts';

export type { Explanation } from '../engine/solve/normal/explain.ts';
export type { FarExplanation } from '../engine/solve/normal/explain-far.ts';

/** A position to explain, under a convention (normal play when absent). */
export type ExplainRequest = Omit<OptionsRequest, 'limit'> & { readonly convention?: Convention };

/**
 * The explanation of a request. Heaps of up to the ruleset's largest listed heap are worked out
 * option by option; under normal play their values come from a proved period where the family's
 * theorem gives one (the values the analysis uses), so a heap of 10^15 costs no sequence of that
 * length. Larger heaps (any size, where analyze answers them) are explained from the period's
 * residue or the family's closed form, their options by the values they can have.
 */
export async function explainPosition(request: ExplainRequest, env: ServiceEnv): Promise<Explanation | FarExplanation> {
  const ruleset = rulesetOf(request.ruleset);
  requireCapability(ruleset, 'count', 'explain');
  const tuple = ruleset as TupleRuleset;
  const convention = conventionOf(request.convention);
  return byKind(EXPLAIN, tuple, heapsOf(tuple, request.position), convention, env);
}

type ExplainArgs = [heaps: (number | bigint)[], convention: Convention, env: ServiceEnv];

/** The explanation for each kind of ruleset whose positions are numbers. */
const EXPLAIN: ByKind<ExplainArgs, Promise<Explanation | FarExplanation> | Explanation, TupleRuleset['kind']> = {
  heap: async (ruleset, heaps, convention, env) => {
    // the largest heap listed option by option: the ruleset's largest, at most 2^53 − 1
    const largest = Math.min(ruleset.maxHeap, Number.MAX_SAFE_INTEGER);
    const far = heaps.some((h) => BigInt(h) > BigInt(largest));
    if (far && convention === 'normal') {
      const big = heaps.map(BigInt);
      if (ruleset.bigClosedForm) return explainFarClosedForm(ruleset, big, ruleset.bigClosedForm, largest);
      const values = await heapValuesUpTo(
        ruleset,
        big.reduce((a, b) => (a > b ? a : b)),
        env,
      );
      return explainFarPeriod(ruleset, big, values, largest);
    }
    const sizes = explainedSizes(ruleset, heaps, largest, convention);
    if (ruleset.grundyOf || convention === 'misere') return explainUnder(ruleset, sizes, convention);
    const values = await heapValuesUpTo(ruleset, BigInt(Math.max(0, ...sizes)), env);
    return explainUnder(ruleset, sizes, 'normal', (heap) => values.atSafe(heap));
  },
  // piles that move together: every pile up to 2^53 − 1 is listed option by option
  coupled: (ruleset, heaps, convention) =>
    explainUnder(ruleset, explainedSizes(ruleset, heaps, Number.MAX_SAFE_INTEGER, convention), convention),
};

/**
 * Heap sizes an explanation works with option by option. Larger heaps reach here only where no far
 * explanation applies (piles moved together, misère play): refused in one line that names the
 * limit and `analyze`, which answers them.
 */
function explainedSizes(
  ruleset: TupleRuleset,
  heaps: readonly (number | bigint)[],
  largest: number,
  convention: Convention,
): number[] {
  const under = convention === 'misere' ? ' under misère play' : '';
  const analyze = convention === 'misere' ? '`analyze --misere`' : '`analyze`';
  return heaps.map((h, i) => {
    if (BigInt(h) > BigInt(largest))
      throw new InputError(
        `heap ${i + 1} = ${h} is above the largest heap explain works out${under} for ${ruleset.spec} (${largest}${largest === Number.MAX_SAFE_INTEGER ? ' = 2^53 − 1' : ''}); ${analyze} answers larger heaps`,
        'too-large',
      );
    return Number(h);
  });
}

/** An explanation in words. */
export function explanationText(e: Explanation | FarExplanation): string {
  return formatExplanation(e);
}
