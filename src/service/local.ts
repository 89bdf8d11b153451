/**
 * What the page computes in the browser, as service calls: where the Explore tab's Grundy values are
 * computed (planExplore), the values themselves and the explain panels' explanations (for the page's
 * module worker), and the words and rare/common split it shows. Pure, like the rest of the service.
 *
 * The rule ("cheap"): rulesets with Grundy values of single heaps whose family's work estimate
 * (`workEstimate`, kernel steps) is at most LOCAL_WORK_BUDGET. At the budget's edge each family
 * measured 16–40 ms (median of 5; first call up to 50 ms) in headless chromium on a shared 2-core
 * machine: subtract:squares to 127,000, subtract:primes to 21,000, kayles to 8,160, takebreak:4!.0
 * and 0.6 to 11,500, takebreak:0.8 to 766; nim and subtract:1,3,4 to 10^6 took 13 and 24 ms
 * (≈ 1 ns per subtraction step, ≈ 1.5 ns per two-heap split, ≈ 4 ns per three-heap split).
 * Everything else goes to the server: families with no browser budget (an infinite estimate, e.g.
 * split:distinct), rulesets without heap values, specs the schema rejects before the parser sees
 * them, and requests beyond the API's reply maximum (the server words those errors).
 */
import { type Capability, capabilitiesOf, describeKind, hasCapability } from '../engine/capabilities.ts';
import type { InputError } from '../engine/errors.ts';
import { explainUnder } from '../engine/solve/misere/explain.ts';
import type { Explanation } from '../engine/solve/normal/explain.ts';
import { grundySequence } from '../engine/solve/normal/grundy.ts';
import { type RareCommon, rareAndCommon } from '../engine/solve/normal/rare.ts';
import { parseRuleset, parseTupleSpec } from '../engine/spec.ts';
import type { Convention, HeapRuleset } from '../engine/types.ts';
import { describeMove } from '../engine/wording/move.ts';
import { verdict } from '../engine/wording/explanation.ts';

export type { Explanation, RareCommon };

/** Estimated kernel steps the browser takes on (at most ≈ 40 ms measured; see the header). */
export const LOCAL_WORK_BUDGET = 50_000_000;
/** Longest spec computed in the browser: the API's schema (1000 characters, non-empty) words the rest. */
const LOCAL_MAX_SPEC_CHARS = 1000;

/** Where one Explore request goes. */
export type ExplorePlan =
  | { where: 'browser'; spec: string; title: string; capabilities: Capability[]; work: number }
  /** `capabilities`: what the spec can do when it parsed here (null: let the server say). */
  | { where: 'server'; capabilities: Capability[] | null; reason: string };

/**
 * Decides where the values of `spec` up to `to` are computed; throws the parser's InputError when the
 * spec does not parse. `maxValues`: the API's reply maximum (catalog.limits.grundyValues).
 */
export function planExplore(spec: string, to: number, maxValues: number): ExplorePlan {
  const text = spec.trim();
  if (text === '' || text.length > LOCAL_MAX_SPEC_CHARS)
    return { where: 'server', capabilities: null, reason: 'the server checks this spec' };
  const ruleset = parseRuleset(text);
  const capabilities = capabilitiesOf(ruleset);
  if (!hasCapability(ruleset, 'heap-values'))
    return { where: 'server', capabilities, reason: `it is ${describeKind(ruleset)}: the server answers it` };
  const heap = ruleset as HeapRuleset;
  if (!Number.isSafeInteger(to))
    return { where: 'server', capabilities, reason: `more than ${maxValues.toLocaleString('en')} values` };
  const work = heap.workEstimate(to);
  // the page computes beyond one API reply's maximum when its own budget allows: only the server's reply is bounded
  if (to > maxValues && work > LOCAL_WORK_BUDGET)
    return { where: 'server', capabilities, reason: `more than ${maxValues.toLocaleString('en')} values` };
  if (work === Infinity)
    return {
      where: 'server',
      capabilities,
      reason: `the server computes ${heap.spec} (its kernel has no browser budget)`,
    };
  if (work > LOCAL_WORK_BUDGET)
    return {
      where: 'server',
      capabilities,
      reason: `an estimated ${formatSteps(work)} kernel steps, above the ${formatSteps(LOCAL_WORK_BUDGET)} this page computes itself`,
    };
  return { where: 'browser', spec: heap.spec, title: heap.title, capabilities, work };
}

function formatSteps(work: number): string {
  return work >= 1e6
    ? `${(work / 1e6).toLocaleString('en', { maximumSignificantDigits: 2 })} million`
    : Math.round(work).toLocaleString('en');
}

/** g(0..to) of a heap ruleset, with the kernel's time and name (the page's worker). */
export function localGrundyValues(spec: string, to: number): { values: Uint32Array; ms: number; kernel: string } {
  const ruleset = parseRuleset(spec);
  const start = performance.now();
  const values = grundySequence(ruleset as HeapRuleset, to);
  const ms = performance.now() - start;
  return { values, ms, kernel: (ruleset as HeapRuleset).kernelName(to) };
}

/**
 * A position of heaps or piles worked out as on paper under the convention in play: options and
 * mex, nim-sum, backward induction; Bouton's misère rule or the misère quotient under misère play.
 */
export function explainPosition(spec: string, position: readonly number[], convention?: Convention): Explanation {
  return explainUnder(parseTupleSpec(spec), [...position], convention);
}

/** An explanation's closing sentence: the outcome under its convention, and a winning move when there is one. */
export function verdictText(e: Explanation): string {
  return verdict(e);
}

/** The rare/common split of a sequence of values (sparse space), or null when none leaves few rare heaps. */
export function rareValues(values: ArrayLike<number>): RareCommon | null {
  return rareAndCommon(values);
}

/** A move between positions of heaps or piles in words, e.g. "take 2 from heap 3". */
export function moveWords(from: readonly number[], to: readonly number[]): string {
  return describeMove(from, to);
}

/** The words the page shows for an input error: the same as the API client's for its 422 and 413. */
export function inputErrorText(e: Pick<InputError, 'kind' | 'message'>): string {
  return e.kind === 'too-large' ? `Too large: ${e.message}.` : `Invalid input: ${e.message}.`;
}

/** Each convention in words: its name, and who has won when the player to move has no move. */
export const CONVENTION_WORDS: Record<
  Convention,
  { readonly name: string; readonly rule: string; readonly stuck: Record<'you' | 'engine', string> }
> = {
  normal: {
    name: 'normal play',
    rule: 'the player who cannot move loses',
    stuck: { you: 'You have no move left: the engine wins.', engine: 'The engine has no move left: you win!' },
  },
  misere: {
    name: 'misère play',
    rule: 'the player who makes the last move loses',
    stuck: {
      you: 'You have no move left: the engine made the last move, so you win!',
      engine: 'The engine has no move left: you made the last move, so the engine wins.',
    },
  },
};

/** The smallest period the values shown so far admit, for the page's line when the server's search ran out of time. */
export { observedEnough, smallestPeriod } from '../engine/solve/normal/period.ts';
