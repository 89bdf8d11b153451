/**
 * One game of the misère census: the misère quotient of a take-and-break code built heap by heap,
 * in one pass, until the periodicity theorem proves its pretending function (solved: the quotient
 * of every heap) or its budget ends (unsolved: the quotient of the heaps reached, and why it stopped).
 * Tame or wild comes from the heaps' genera over the same heaps.
 */
import { isInputError } from '../../engine/errors.ts';
import { heapGenera } from '../../engine/solve/misere/genus.ts';
import { isWorkLimit, MAX_QUOTIENT_HEAP, misereQuotient } from '../../engine/solve/misere/quotient.ts';
import { provedPhiPeriod, type MisereSolution } from '../../engine/solve/misere/solved.ts';
import { censusRuleset } from './game.ts';
import type { CensusJob, MisereCensusRow } from './types.ts';

/** Options listed while typing the heaps' genera (an octal code to heap 1,000 lists about 10^6). */
const GENUS_OPTION_BUDGET = 20_000_000;

/** Thrown from the construction's callback when the time budget is spent (caught below). */
class OutOfTime extends Error {}

export interface MisereGameHooks {
  /** Clock in milliseconds (tests). */
  readonly now?: () => number;
}

/** Computes one misère census job to a row. */
export function computeMisereCensusRow(job: CensusJob, hooks: MisereGameHooks = {}): MisereCensusRow {
  const now = hooks.now ?? (() => performance.now());
  const start = now();
  const ruleset = censusRuleset(job.code);
  const maxHeap = Math.max(0, Math.min(job.budget.maxHeaps - 1, MAX_QUOTIENT_HEAP, ruleset.maxHeap));
  // what the last finished heap left: the unsolved quotient's facts when a limit stops the next one
  let reached = 0,
    order = 1,
    pCount = 0,
    lastGrowth = 0;
  let solution: MisereSolution | null = null;
  let stopped: MisereCensusRow['stopped'] = null;
  let reason: string | null = null;
  try {
    misereQuotient(ruleset, maxHeap, {
      ...(job.budget.maxWork === undefined ? {} : { maxWork: job.budget.maxWork }),
      onHeap: (heap, size) => {
        if (size > order) lastGrowth = heap;
      },
      stopAt: (heap, phi, pPortion) => {
        reached = heap;
        order = pPortion.length;
        pCount = 0;
        for (let u = 0; u < pPortion.length; u++) pCount += pPortion[u];
        solution = provedPhiPeriod(ruleset, phi, heap + 1);
        if (solution) return true;
        if (now() - start > job.budget.seconds * 1000) throw new OutOfTime();
        return false;
      },
    });
    if (!solution) stopped = 'heaps';
  } catch (e) {
    if (e instanceof OutOfTime) stopped = 'seconds';
    else if (isWorkLimit(e)) stopped = 'work';
    else if (isInputError(e) && e.kind === 'too-large') {
      stopped = 'limit';
      reason = e.message.slice(0, 500);
    } else throw e;
  }
  const heaps = reached + 1;
  const proved = solution as MisereSolution | null;
  return {
    code: job.code,
    convention: 'misere',
    status: proved ? 'solved' : 'unsolved',
    tame: tameThrough(job.code, reached),
    order,
    pPortion: pCount,
    preperiod: proved?.preperiod ?? null,
    period: proved?.period ?? null,
    heaps,
    lastGrowth,
    ms: Math.round(now() - start),
    stopped: proved ? null : stopped,
    reason: proved ? null : reason,
    budget: job.budget,
  };
}

/** Every heap of 0..maxHeap has a tame genus (so sums of them play as misère Nim). */
function tameThrough(code: string, maxHeap: number): boolean {
  try {
    return heapGenera(censusRuleset(code), maxHeap, GENUS_OPTION_BUDGET, true).length === maxHeap + 1;
  } catch (e) {
    // too many options to type every heap: not shown tame
    if (isInputError(e) && e.kind === 'too-large') return false;
    throw e;
  }
}
