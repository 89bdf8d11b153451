/**
 * One game of the census: compute a take-and-break code at doubling lengths until its periodicity
 * theorem certifies a period or the budget runs out, then describe the values (CPU work: runs in a
 * worker thread or a queue worker's process).
 */
import { provePeriod } from '../../engine/solve/periodic.ts';
import { rareAndCommon } from '../../engine/solve/rare.ts';
import { parseRuleset } from '../../engine/spec.ts';
import type { HeapRuleset } from '../../engine/types.ts';
import type { CensusJob, CensusRow } from './types.ts';

/** First length tried (doubled until proved or out of budget). */
const FIRST_LENGTH = 1024;

export interface CensusGameHooks {
  /** Called after each doubling with the heaps computed so far. */
  readonly onProgress?: (heaps: number) => void;
  /** Clock in milliseconds (tests). */
  readonly now?: () => number;
}

/** Computes one census job to a row. */
export function computeCensusRow(job: CensusJob, hooks: CensusGameHooks = {}): CensusRow {
  const now = hooks.now ?? (() => performance.now());
  const start = now();
  const ruleset = parseRuleset(`takebreak:${job.code}`) as HeapRuleset;
  const cap = Math.min(job.budget.maxHeaps, ruleset.maxHeap + 1);
  const computation = ruleset.computation?.(Math.min(cap, FIRST_LENGTH));
  if (!computation) throw new Error(`${ruleset.spec} has no resumable kernel`);
  let length = Math.min(cap, FIRST_LENGTH);
  let stopped: CensusRow['stopped'] = null;
  for (;;) {
    const t0 = now();
    computation.extendTo(length);
    hooks.onProgress?.(length);
    const values = computation.values();
    const proved = provePeriod(ruleset, values, length);
    if (proved) return describe(job, values, length, proved, null, now() - start);
    if (length >= cap) { stopped = 'heaps'; break; }
    const next = Math.min(cap, 2 * length);
    // stop when the next doubling (about twice this step's work, or more) would overrun the time budget
    const elapsed = now() - start, step = now() - t0;
    if (elapsed + step * 2 * (next / length) > job.budget.seconds * 1000) { stopped = 'seconds'; break; }
    length = next;
  }
  return describe(job, computation.values(), length, null, stopped, now() - start);
}

function describe(job: CensusJob, values: Uint32Array | Uint16Array, heaps: number, proved: { preperiod: number; period: number; saltus: number } | null, stopped: CensusRow['stopped'], ms: number): CensusRow {
  let largestValue = 0, largestAt = 0;
  for (let n = 0; n < heaps; n++) if (values[n] > largestValue) { largestValue = values[n]; largestAt = n; }
  const view = values.subarray(0, heaps);
  const split = rareAndCommon(view);
  let rare: CensusRow['rare'] = null;
  if (split) {
    let last = 0;
    for (let n = 1; n < heaps; n++) if (split.classOf(n) === split.rareClass) last = n;
    rare = { mask: split.mask, twist: split.twist, count: split.rareCount, last };
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
