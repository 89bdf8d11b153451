/**
 * One game of the census: compute a take-and-break code at doubling lengths until its periodicity
 * theorem certifies a period or the budget runs out, then describe the values (CPU work: runs in a
 * worker thread or a queue worker's process).
 */
import { provePeriod } from '../../engine/solve/normal/periodic.ts';
import { observedEnough, smallestPeriod } from '../../engine/solve/normal/period.ts';
import { rareAndCommon } from '../../engine/solve/normal/rare.ts';
import { parseRuleset } from '../../engine/spec.ts';
import type { HeapRuleset } from '../../engine/types.ts';
import { censusSpec } from './spec.ts';
import type { CensusJob, NormalCensusRow } from './types.ts';

/** First length tried (doubled until proved or out of budget). */
const FIRST_LENGTH = 1024;

/**
 * The pair checks the kernel counts (TakeBreakComputation.work: rare pairs, the class-q search,
 * dense scans) may not pass this many times the work budget. The predicted work (`stepWork`) does
 * not see the search, on which some codes spend most of their time (.64 to 2^25 heaps: 7.1·10^9
 * predicted, about 10^11 counted, a minute of CPU); the count does, and is the same on every
 * machine. 5 × 10^10 by default: `.376`, the costliest solved game, counts 2.4·10^10 (at most
 * 3.8·10^10 with a step's prediction), `.354` 9.0·10^9.
 */
export const CHECKS_PER_WORK = 5;

export interface CensusGameHooks {
  /** Called after each doubling with the heaps computed so far. */
  readonly onProgress?: (heaps: number) => void;
  /** Clock in milliseconds (tests). */
  readonly now?: () => number;
}

/** The heap ruleset of a code of the census's family (throws InputError for a code that is not one). */
export function censusRuleset(code: string): HeapRuleset {
  return parseRuleset(censusSpec(code)) as HeapRuleset;
}

/** Computes one census job to a row. */
export function computeCensusRow(job: CensusJob, hooks: CensusGameHooks = {}): NormalCensusRow {
  const now = hooks.now ?? (() => performance.now());
  const start = now();
  const ruleset = censusRuleset(job.code);
  const cap = Math.max(1, Math.min(job.budget.maxHeaps, ruleset.maxHeap + 1));
  // room for the whole budget at once: the kernel picks its fastest form from the capacity
  const computation = ruleset.computation?.(cap);
  if (!computation) throw new Error(`${ruleset.spec} has no resumable kernel`);
  const theorem = ruleset.certificationLength;
  let length = Math.min(cap, FIRST_LENGTH);
  let stopped: NormalCensusRow['stopped'] = null;
  const pairMoves = pairSplits(ruleset);
  // pair checks charged so far: the first step's heaps, then each step's predicted work
  let work = length;
  // the last two steps (heaps reached, milliseconds), to predict the next step's cost
  let previous: { length: number; ms: number } | null = null;
  const maxChecks = job.budget.maxWork === undefined ? Infinity : CHECKS_PER_WORK * job.budget.maxWork;
  let checkedBefore: CheckedStep | null = null;
  for (;;) {
    const t0 = now();
    const from = computation.length;
    const checksBefore = countedChecks(computation);
    computation.extendTo(length);
    const step = { length, ms: now() - t0 };
    hooks.onProgress?.(length);
    const values = computation.values();
    const proved = provePeriod(ruleset, values, length);
    if (proved) return describe(job, values, length, proved, null, now() - start);
    if (length >= cap) {
      stopped = 'heaps';
      break;
    }
    const next = nextLength(values, length, cap, theorem);
    // the work a step is charged is the one predicted before it, so where a game stops depends on its values only
    const nextWork = stepWork(values, length, next, pairMoves, computation.note != null);
    if (job.budget.maxWork !== undefined && work + nextWork > job.budget.maxWork) {
      stopped = 'work';
      break;
    }
    const checks = countedChecks(computation);
    const checked: CheckedStep = { from, to: length, checks: checks - checksBefore };
    if (checks + predictChecks(checked, checkedBefore, next) > maxChecks) {
      stopped = 'work';
      break;
    }
    checkedBefore = checked;
    if (now() - start + predictStep(step, from, previous, next) > job.budget.seconds * 1000) {
      stopped = 'seconds';
      break;
    }
    previous = { length: from, ms: step.ms };
    work += nextWork;
    length = next;
  }
  return describe(job, computation.values(), length, null, stopped, now() - start);
}

/** The pair checks a kernel counted (the take-and-break kernels' `work`; 0 for a kernel that counts none). */
function countedChecks(computation: object): number {
  const work = (computation as { work?: unknown }).work;
  return typeof work === 'number' ? work : 0;
}

/** How many removals of the code may leave two heaps (each costs a scan over pairs of heaps). */
function pairSplits(ruleset: HeapRuleset): number {
  const digits = (ruleset as { digits?: readonly number[] }).digits ?? [];
  return digits.filter((d) => (d & 12) !== 0).length;
}

/**
 * The work of computing heaps from..to, in pair checks, predicted from the values below `from` (so
 * the same on every machine): per heap, one step plus, for each removal that splits, the pairs the
 * kernel scans: the rare heaps of the values' sparse split, or half the heap when the kernel runs
 * dense (`dense`: its note says so). Pair counts grow with the heap, so the step's are scaled to its
 * middle.
 */
export function stepWork(
  values: Uint32Array | Uint16Array,
  from: number,
  to: number,
  pairMoves: number,
  dense: boolean,
): number {
  if (to <= from) return 0;
  const at = Math.max(1, from);
  let pairs = 0;
  if (pairMoves > 0) {
    if (dense) pairs = at / 2;
    else {
      // no split while the kernel is not dense: every heap in one class, nothing rare to pair
      let split: ReturnType<typeof rareAndCommon> = null;
      try {
        split = rareAndCommon(values.subarray(0, at));
      } catch {
        // values too large for a split: priced as dense
        split = { rareCount: at / 2 } as NonNullable<ReturnType<typeof rareAndCommon>>;
      }
      pairs = split?.rareCount ?? 0;
    }
  }
  const growth = (from + to) / (2 * at);
  return (to - from) * (1 + pairMoves * pairs * growth);
}

/**
 * The next length: twice this one, or sooner exactly the length the theorem needs for the period
 * the values show (if that is at most twice this one: a longer jump on a period that may not last
 * could waste the budget).
 */
function nextLength(
  values: Uint32Array | Uint16Array,
  length: number,
  cap: number,
  theorem: HeapRuleset['certificationLength'],
): number {
  const doubled = Math.min(cap, 2 * length);
  if (!theorem) return doubled;
  const view =
    values instanceof Uint32Array ? values.subarray(0, length) : Uint32Array.from(values.subarray(0, length));
  const seen = smallestPeriod(view, (e, p, s) => s === 0 && observedEnough(length, e, p));
  if (!seen) return doubled;
  const needed = theorem(seen.preperiod, seen.period);
  return needed > length && needed < doubled ? needed : doubled;
}

/** The pair checks counted over one step of a game: heaps from..to. */
export interface CheckedStep {
  readonly from: number;
  readonly to: number;
  readonly checks: number;
}

/**
 * The pair checks of extending to `next`, from the checks per heap of the last step, grown as they
 * grew from the step before (clamped to ×1/4..×4; without a step before, linearly with the heap).
 * Per heap they rise while rare heaps and scans grow (.64: flat at ~3,100) and fall once the
 * values settle (.376: 17,400 per heap to 2^20, 5,300 to 2^21). A function of the counts, so the
 * same on every machine.
 */
export function predictChecks(step: CheckedStep, previous: CheckedStep | null, next: number): number {
  const { from, to } = step;
  if (next <= to || to <= from) return 0;
  const perHeap = step.checks / (to - from);
  let growth = (next + to) / (to + from);
  if (previous && previous.to > previous.from && previous.checks > 0)
    growth = Math.min(4, Math.max(0.25, perHeap / (previous.checks / (previous.to - previous.from))));
  return perHeap * growth * (next - to);
}

/**
 * Predicted milliseconds of extending to `next`, from this step (heaps from..step.length) and the
 * one before: the cost grows as (heaps)^a with a between 1 (sparse kernels) and 2 (quadratic
 * scans), estimated from the two steps.
 */
function predictStep(
  step: { length: number; ms: number },
  from: number,
  previous: { length: number; ms: number } | null,
  next: number,
): number {
  let exponent = 1;
  if (previous && previous.ms > 5 && from > previous.length) {
    exponent = Math.log(step.ms / previous.ms) / Math.log((step.length - from) / (from - previous.length));
    exponent = Math.min(2, Math.max(1, Number.isFinite(exponent) ? exponent : 1));
  }
  const grown = (next - step.length) / Math.max(1, step.length - from);
  // the rate at which heaps are added grows with their size as n^(a-1): compare widths at the scale
  return step.ms * grown * ((next + step.length) / (step.length + from)) ** (exponent - 1);
}

function describe(
  job: CensusJob,
  values: Uint32Array | Uint16Array,
  heaps: number,
  proved: { preperiod: number; period: number; saltus: number } | null,
  stopped: NormalCensusRow['stopped'],
  ms: number,
): NormalCensusRow {
  let largestValue = 0,
    largestAt = 0;
  for (let n = 0; n < heaps; n++)
    if (values[n] > largestValue) {
      largestValue = values[n];
      largestAt = n;
    }
  const view = values.subarray(0, heaps);
  const split = rareAndCommon(view);
  let rare: NormalCensusRow['rare'] = null;
  // a solved game whose rare heaps recur in its period has no rare/common picture (Czajka leaves it blank)
  if (split && !(proved && lastRare(split, heaps) >= proved.preperiod)) {
    const last = lastRare(split, heaps);
    rare = {
      mask: split.mask,
      twist: split.twist,
      count: split.rareCount,
      last,
      zeroRare: split.rareClass === split.classOf(0),
    };
  }
  return {
    code: job.code,
    status: proved ? 'solved' : 'unsolved',
    preperiod: proved?.preperiod ?? null,
    period: proved?.period ?? null,
    saltus: proved?.saltus ?? null,
    largestValue,
    largestAt,
    rare,
    heaps,
    ms: Math.round(ms),
    stopped,
    budget: job.budget,
  };
}

function lastRare(split: NonNullable<ReturnType<typeof rareAndCommon>>, heaps: number): number {
  for (let n = heaps - 1; n >= 1; n--) if (split.classOf(n) === split.rareClass) return n;
  return 0;
}
