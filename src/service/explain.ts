/**
 * The reasoning behind an analysis, step by step, under the convention asked for: options and mex,
 * the nim-sum in binary, backward induction (normal play); Bouton's misère rule on the heaps'
 * genera, the misère quotient or backward induction (misère play). The service picks; faces show
 * whichever parts the explanation has.
 */
import { hasCapability, requireCapability } from '../engine/capabilities.ts';
import { InputError } from '../engine/errors.ts';
import { explainUnder } from '../engine/solve/misere/explain.ts';
import type { Explanation } from '../engine/solve/normal/explain.ts';
import { type FarExplanation, explainFarClosedForm, explainFarPeriod } from '../engine/solve/normal/explain-far.ts';
import { formatExplanation } from '../engine/wording/explanation.ts';
import type { Convention, ResultRuleset, Ruleset, TupleRuleset } from '../engine/types.ts';
import { checkPosition } from './checks.ts';
import { type ResultExplanation, explainResult, resultPosition } from './results.ts';
import { heapsOf } from './analyze.ts';
import { heapValuesUpTo } from './heap-values.ts';
import { type Limits, type OptionsRequest, type PositionInput, conventionOf, rulesetOf } from './requests.ts';
import type { ServiceEnv } from './env.ts';
import { type ByKind, byKind } from './by-kind.ts';

export type { Explanation } from '../engine/solve/normal/explain.ts';
export type { FarExplanation } from '../engine/solve/normal/explain-far.ts';

/** A position to explain, under a convention (normal play when absent), and the limits of a search it needs (result games). */
export type ExplainRequest = Omit<OptionsRequest, 'limit'> & {
  readonly convention?: Convention;
  readonly limits?: Limits;
};

/**
 * The explanation of a request. Heaps of up to the ruleset's largest listed heap are worked out
 * option by option; under normal play their values come from a proved period where the family's
 * theorem gives one (the values the analysis uses), so a heap of 10^15 costs no sequence of that
 * length. Larger heaps (any size, where analyze answers them) are explained from the period's
 * residue or the family's closed form, their options by the values they can have.
 */
export async function explainPosition(
  request: ExplainRequest,
  env: ServiceEnv,
): Promise<Explanation | FarExplanation | ResultExplanation> {
  const ruleset = rulesetOf(request.ruleset);
  return byKind(EXPLAIN_ANY, ruleset, request, conventionOf(request.convention), env);
}

type ExplainAnyArgs = [request: ExplainRequest, convention: Convention, env: ServiceEnv];

/** How each kind of ruleset is explained: games on boards and graphs are refused in one line. */
const EXPLAIN_ANY: ByKind<ExplainAnyArgs, Promise<Explanation | FarExplanation> | Explanation | ResultExplanation> = {
  heap: (ruleset, request, convention, env) =>
    byKind(EXPLAIN, ruleset, heapsOf(ruleset, request.position), convention, env),
  coupled: (ruleset, request, convention, env) =>
    byKind(EXPLAIN, ruleset, heapsOf(ruleset, request.position), convention, env),
  game: (ruleset) => {
    requireCapability(ruleset, 'count', 'explain');
    throw new Error('unreachable: a game on a board or graph has no counts');
  },
  // the immediate wins, the moves that lose at once, then the solver within the time limit
  result: (ruleset, request, convention) => explainResult(ruleset, request.position, convention, request.limits),
};

/** The checks of an explanation that need no computation: what it refuses before anything is queued. */
export function checkExplain(ruleset: Ruleset, position: PositionInput, convention: Convention = 'normal'): void {
  if (hasCapability(ruleset, 'results')) {
    resultPosition(ruleset as ResultRuleset, position, convention);
    return;
  }
  requireCapability(ruleset, 'count', 'explain');
  checkPosition(ruleset, position, false, convention);
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
export function explanationText(e: Explanation | FarExplanation | ResultExplanation): string {
  return 'lines' in e ? e.lines.join('\n') : formatExplanation(e);
}
