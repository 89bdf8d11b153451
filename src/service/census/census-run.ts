/**
 * The `census-run` operation: a space of take-and-break codes checked by its size before a code is
 * listed or a store opened, then planned against the stored rows, computed on the executor the face
 * lends (threads here or a queue; absent, one game after another in this thread) and written as a table.
 */
import { abortSignalOf } from '../abort.ts';
import { InputError, checkMax } from '../../engine/errors.ts';
import { CENSUS_FAMILY, type CodeSpace, checkCodeSpace } from '../../engine/families/takebreak/codes.ts';
import type { StopSignal } from '../../engine/types.ts';
import type { CensusRunProgress, CensusRunResources } from '../env.ts';
import type { CensusRunRequest } from '../request-schemas.ts';
import { DEFAULT_MAX_CODES, MAX_CENSUS_BUDGET, defaultCensusBudget } from './budget.ts';
import { computeJob } from './compute.ts';
import { planCensus, runCensus } from './run.ts';
import { storeNameOf } from './store-names.ts';
import type { AnyCensusTable } from './tables.ts';
import type { CensusBudget, CensusExecutor, CensusRow } from './types.ts';

/** What a census run answers: its table, written in the request's format, and what it computed. */
export interface CensusRunReply {
  readonly table: AnyCensusTable;
  /** The table in the request's format (md, csv or json). */
  readonly text: string;
  /** The table in a few sentences (games, solved, unsolved, disagreements with the published tables). */
  readonly summary: string;
  /** Games computed by this run, and games answered by rows of the store. */
  readonly computed: number;
  readonly reused: number;
}

/** A census request's space and budget, checked. */
export interface CheckedCensusRun {
  readonly space: CodeSpace;
  readonly budget: CensusBudget;
  /** Codes of the space (before folding to standard forms). */
  readonly codes: number;
}

/** A budget field: absent, the default; else a whole number from 1 to its maximum. */
function budgetField(value: number | undefined, fallback: number, name: keyof CensusBudget): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new InputError(`${name} must be a whole number of at least 1`);
  return checkMax(value, name, MAX_CENSUS_BUDGET[name]);
}

/**
 * Everything a census request can be refused for without listing a code: the family, the budget of
 * a game, the digit count and prefix, and the space's size against `maxCodes` (default
 * DEFAULT_MAX_CODES). Counting the codes costs nothing, listing 2^20 of them does.
 */
export function checkCensusRun(request: CensusRunRequest): CheckedCensusRun {
  if (request.family !== CENSUS_FAMILY)
    throw new InputError(
      `census: unknown family '${request.family.slice(0, 40)}'; the census covers '${CENSUS_FAMILY}' codes`,
    );
  const defaults = defaultCensusBudget(request.convention);
  const budget: CensusBudget = {
    maxHeaps: budgetField(request.maxHeaps, defaults.maxHeaps, 'maxHeaps'),
    maxWork: budgetField(request.maxWork, defaults.maxWork ?? MAX_CENSUS_BUDGET.maxWork, 'maxWork'),
    seconds: budgetField(request.seconds, defaults.seconds, 'seconds'),
  };
  const space: CodeSpace = { digits: request.digits, hex: request.hex, prefix: request.prefix };
  const codes = checkCodeSpace(space, request.maxCodes ?? DEFAULT_MAX_CODES);
  return { space, budget, codes };
}

/**
 * The census a request asks for: the stored rows that still answer its budget reused, the other
 * games computed on the face's executor, each new row stored and heard as it arrives, then the table.
 * Stopped by `stop` (rows stored before it stay stored): the executor's abort error is thrown.
 */
export async function runCensusRequest(
  request: CensusRunRequest,
  resources: CensusRunResources = {},
  stop?: StopSignal,
): Promise<CensusRunReply> {
  const { space, budget, codes } = checkCensusRun(request);
  resources.onSpace?.(codes);
  const store = resources.store?.(storeNameOf(space, request.convention)) ?? null;
  const stored: ReadonlyMap<string, CensusRow> = store?.rows ?? new Map();
  const plan = planCensus(space, budget, stored, request.convention);
  const rows = new Map(stored);
  const executor = plan.jobs.length === 0 ? null : await (resources.executor ?? inThreadExecutor)();
  const { signal, heard } = abortSignalOf(stop);
  let progress: CensusRunProgress | undefined;
  let done = 0;
  try {
    progress = await resources.progress?.(plan.jobs.length);
    if (executor)
      await runCensus(
        plan,
        executor,
        (row) => {
          store?.put(row);
          rows.set(row.code, row);
          progress?.row(row, ++done);
          heard();
        },
        signal,
      );
  } finally {
    progress?.stop();
    await executor?.close();
  }
  // loaded here: the table's modules (and the published reference tables) serve this operation alone
  const { anyTableText, buildAnyTable } = await import('./tables.ts');
  const table = buildAnyTable(space, budget, plan.groups, rows, request.convention);
  return { table, ...anyTableText(table, request.format), computed: plan.jobs.length, reused: plan.reused };
}

/**
 * Games computed one after another in this thread: the executor of a caller that lends none (a
 * library call, a test). A stop is heard between games; a game itself runs to its budget.
 */
export function inThreadExecutor(): CensusExecutor {
  return {
    async run(jobs, onRow, signal) {
      for (const job of jobs) {
        signal?.throwIfAborted();
        onRow(computeJob(job));
        // a turn of the event loop between games, so that an abort can arrive
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      signal?.throwIfAborted();
    },
    async close() {},
  };
}
