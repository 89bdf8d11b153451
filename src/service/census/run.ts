/**
 * A census run: the codes of a space folded to standard forms, the stored rows reused where they
 * already answer the budget, the rest computed by an executor (threads here or a queue), each row
 * handed on as it arrives.
 */
import { enumerateCodes, foldCodes, type CodeSpace, type FoldedCode } from '../../engine/families/takebreak/codes.ts';
import { parseTakeBreak } from '../../engine/families/takebreak/index.ts';
import type { CensusBudget, CensusConvention, CensusExecutor, CensusJob, CensusRow } from './types.ts';

/**
 * Whether a stored row answers a budget: a solved row is final; an unsolved one is recomputed
 * only when the new budget is larger in what stopped it (more heaps, more work, or more seconds).
 */
export function stillAnswers(row: CensusRow, budget: CensusBudget): boolean {
  if (row.status === 'solved') return true;
  // a construction limit (quotient size, powers, recalibrations) is the same under any budget
  if (row.stopped === 'limit') return true;
  if (row.stopped === 'heaps') return budget.maxHeaps <= row.budget.maxHeaps;
  if (row.stopped === 'work')
    return budget.maxHeaps <= row.heaps || (budget.maxWork ?? Infinity) <= (row.budget.maxWork ?? Infinity);
  return budget.maxHeaps <= row.heaps || budget.seconds <= row.budget.seconds;
}

export interface CensusPlan {
  readonly groups: readonly FoldedCode[];
  /** Games to compute (standard forms, in enumeration order). */
  readonly jobs: readonly CensusJob[];
  /** Games answered by stored rows. */
  readonly reused: number;
}

/** The games of a space and which of them need computing under this budget (a row of the other convention answers nothing). */
export function planCensus(
  space: CodeSpace,
  budget: CensusBudget,
  stored: ReadonlyMap<string, CensusRow>,
  convention: CensusConvention = 'normal',
): CensusPlan {
  const groups = censusGroups(space, convention);
  const jobs: CensusJob[] = [];
  const misere = convention === 'misere';
  for (const g of groups) {
    const row = stored.get(g.code);
    const answers = row && (row.convention === 'misere') === misere && stillAnswers(row, budget);
    if (!answers) jobs.push({ code: g.code, budget, ...(misere ? { convention: 'misere' as const } : {}) });
  }
  return { groups, jobs, reused: groups.length - jobs.length };
}

/**
 * The games of a space: under normal play the codes folded to standard forms; under misère play
 * every code on its own, because the folding rules use Grundy arithmetic (a split into 1 + 1 has
 * value 0) that misère play does not share (*1 + *1 is not the empty game there).
 */
export function censusGroups(space: CodeSpace, convention: CensusConvention = 'normal'): FoldedCode[] {
  const codes = enumerateCodes(space);
  return convention === 'misere' ? codes.map((code) => ({ code, members: [code] })) : foldCodes(codes);
}

/** Runs the jobs on the executor; `onRow` sees each row as it arrives. */
export async function runCensus(
  plan: CensusPlan,
  executor: CensusExecutor,
  onRow: (row: CensusRow) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (plan.jobs.length === 0) return;
  await executor.run(plan.jobs, onRow, signal);
}

/** g(0..length-1) of a code by the engine's kernel (the reference check's nimbers; short lengths). */
export function valuesOf(code: string, length: number): ArrayLike<number> {
  return parseTakeBreak(code).sequence(Math.max(0, length - 1));
}
