/**
 * A table of sized starts spread over a queue's workers (`nimber table … --spots … --queue`): one job
 * per distinct option of a start and per play, each asking the option's outcome. A start is N as
 * soon as one option is P, P when every option is N, and unknown (null) when some option ran out of
 * time and none is P; each play in rounds of growing time limits. Here: the job's check and search (a worker runs them), the check of a result
 * (anyone may write to the queue), and the deciding of each start as results arrive. The executor
 * that carries the jobs is the face's (ServiceEnv.table.options).
 */
import type * as z from 'zod';
import { hasCapability } from '../engine/capabilities.ts';
import { InputError } from '../engine/errors.ts';
import { SearchStopped } from '../engine/solve/search/budgeted.ts';
import { parseRuleset } from '../engine/spec.ts';
import { CONVENTIONS, type Convention, type GameRuleset, type Outcome } from '../engine/types.ts';
import type { ServiceEnv } from './env.ts';
import { conventionSearch, type SideRange, type SizeRow } from './games.ts';
import type { startOptionJob } from './request-schemas.ts';

export type StartOptionJob = z.output<typeof startOptionJob>;

/** What a worker found of one option under one play. */
export interface StartOptionResult {
  /** The option's canonical text (the job's). */
  readonly position: string;
  readonly convention: Convention;
  /** The option's outcome; null: its search ran out of time (or the option is beyond the misère search). */
  readonly outcome: Outcome | null;
  /** The time limit it was searched under (the job's). */
  readonly cellMs: number;
  /** Positions the search visited. */
  readonly nodes: number;
  readonly elapsedMs: number;
}

/** Where the options' jobs are computed (the CLI's --queue): the queue's executor, for this kind of job. */
export interface StartOptionExecutor {
  /** Computes every job, calling onResult once per job as each finishes; rejects on a failure retries did not mend. */
  run(
    jobs: readonly StartOptionJob[],
    onResult: (result: StartOptionResult) => void,
    signal?: AbortSignal,
  ): Promise<void>;
  /** Takes jobs no longer needed off the queue (those still waiting; one under way runs to its end). */
  discard?(jobs: readonly StartOptionJob[]): Promise<void>;
  close?(): Promise<void>;
}

/** A row of a queued table: the local row's fields, and how it was answered. */
export interface QueuedSizeRow extends SizeRow {
  /** 'queue: 7 options' (each option searched under both plays). */
  readonly method: string;
  /** For an N start, by play: the option found P that proves it (its canonical text); else null. */
  readonly winning: { readonly normal: string | null; readonly misere: string | null };
}

/**
 * True when a game's sized starts can be spread over a queue: its normal-play search answers the
 * outcome first (one option's outcome is one job), and its canonical keys read back as positions
 * (a job names its option by key).
 */
export function spreadsStarts(ruleset: GameRuleset): boolean {
  return ruleset.sized !== undefined && ruleset.accelerators.outcomeFirst !== undefined;
}

/** Refuses (InputError) a game whose sized starts cannot be spread over a queue (spreadsStarts), before anything is queued. */
export function checkSpread(game: string): void {
  const ruleset = parseRuleset(game);
  if (!hasCapability(ruleset, 'sizes') || !spreadsStarts(ruleset as GameRuleset))
    throw new InputError(
      `'${game}' has no outcome-first search: its sized starts are searched here, not spread over a queue (leave --queue out)`,
    );
}

/** The job's game and option read and checked (a worker's refusal of bad data, before any search). */
export function checkStartOption(job: StartOptionJob): { ruleset: GameRuleset; position: unknown } {
  const parsed = parseRuleset(job.game);
  // a game with sized starts ('sizes') is a GameRuleset
  const ruleset = parsed as GameRuleset;
  if (!hasCapability(parsed, 'sizes') || !spreadsStarts(ruleset))
    throw new InputError(
      `'${job.game}' has no sized starts with an outcome-first search: its options are not jobs of the queue`,
    );
  const position = ruleset.notation.parsePosition(job.position);
  // the job id names the canonical text: equal options must share one job
  if (ruleset.key(position) !== job.position)
    throw new InputError(`position: '${job.position}' is not in the game's canonical form`);
  if (job.cellMs < 1) throw new InputError('cellMs: expected at least 1 ms');
  return { ruleset, position };
}

/**
 * The option's outcome within the job's time limit: under normal play the game's outcome-first
 * search, with the face's endgame store (what it proves is kept there, a stopped search's too, so
 * a retry or a later job resumes from it); under misère play the misère search.
 */
export function searchStartOption(job: StartOptionJob, env: ServiceEnv): StartOptionResult {
  const { ruleset, position } = checkStartOption(job);
  const base = { position: job.position, convention: job.convention, cellMs: job.cellMs };
  const started = performance.now();
  if (job.convention === 'normal') {
    try {
      const a = ruleset.accelerators.outcomeFirst!(position, {
        timeLimitMs: job.cellMs,
        signal: env.signal,
        store: env.search?.endgame,
      });
      return { ...base, outcome: a.outcome, nodes: a.nodes, elapsedMs: Math.round(a.elapsedMs) };
    } catch (e) {
      if (!(e instanceof SearchStopped) || e.reason !== 'time-limit') throw e;
      return { ...base, outcome: null, nodes: e.stats.nodes, elapsedMs: Math.round(e.stats.elapsedMs) };
    }
  }
  const misere = conventionSearch(ruleset, 'misere', { timeLimitMs: job.cellMs, signal: env.signal });
  let outcome: Outcome | null = null;
  try {
    outcome = misere.isP(position) ? 'P' : 'N';
  } catch (e) {
    // past the time limit, or an option beyond the misère search's reach: unknown, as in the local table
    const beyond = e instanceof InputError && e.kind === 'too-large';
    if (!beyond && (!(e instanceof SearchStopped) || e.reason !== 'time-limit')) throw e;
  }
  return {
    ...base,
    outcome,
    nodes: misere.stats.nodes,
    elapsedMs: Math.round(performance.now() - started),
  };
}

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** A result checked against its job (from a thread, a worker, or back from Redis); throws one line on anything else. */
export function checkStartOptionResult(value: unknown, job: StartOptionJob): StartOptionResult {
  const r = value as Partial<StartOptionResult> | null;
  const ok =
    typeof r === 'object' &&
    r !== null &&
    r.position === job.position &&
    r.convention === job.convention &&
    (r.outcome === 'P' || r.outcome === 'N' || r.outcome === null) &&
    r.cellMs === job.cellMs &&
    isCount(r.nodes) &&
    isCount(r.elapsedMs);
  if (!ok)
    throw new Error(
      `a worker returned a malformed result for the option ${job.position} (${job.convention}): ${JSON.stringify(value)?.slice(0, 200)}`,
    );
  const { position, convention, outcome, cellMs, nodes, elapsedMs } = r as StartOptionResult;
  return { position, convention, outcome, cellMs, nodes, elapsedMs };
}

/** The distinct options of a start, as canonical texts (moves that reach the same game share one). */
export function startOptions<P>(ruleset: GameRuleset<P>, start: P): string[] {
  const texts = new Set<string>();
  for (const option of ruleset.moves(start)) texts.add(ruleset.key(option));
  return [...texts];
}

/** A run of the executor ended on purpose once its play was decided (told apart from a failure). */
class Decided extends Error {
  override readonly name = 'Decided';
}

/** One round of one play: its options' jobs under one time limit, ended at the first P option. */
async function askRound(
  jobs: readonly StartOptionJob[],
  executor: StartOptionExecutor,
  signal: AbortSignal | undefined,
): Promise<{ winning: string | null; outOfTime: string[]; nodes: number }> {
  const left = new Set(jobs.map((j) => j.position));
  const outOfTime: string[] = [];
  let winning: string | null = null;
  let nodes = 0;
  const done = new AbortController();
  const decided = new Decided('decided');
  try {
    if (jobs.length > 0)
      await executor.run(
        jobs,
        (r) => {
          if (!left.delete(r.position)) return;
          nodes += r.nodes;
          if (r.outcome === null) outOfTime.push(r.position);
          // one P option makes the start N: the rest are not waited for
          if (r.outcome === 'P' && winning === null) {
            winning = r.position;
            done.abort(decided);
          }
        },
        signal ? AbortSignal.any([signal, done.signal]) : done.signal,
      );
  } catch (e) {
    if (e !== decided) throw e;
  }
  if (winning !== null && left.size > 0) await executor.discard?.(jobs.filter((j) => left.has(j.position)));
  return { winning, outOfTime, nodes };
}

/** The shortest limit of a first round: below it a job costs more in its trip than in its search. */
const FIRST_ROUND_MS = 1000;

/**
 * The time limits of a play's rounds: the table's limit, and before it a quarter of it, a quarter
 * of that, and so on down to FIRST_ROUND_MS (each option's search keeps what it proved, so a later
 * round resumes where it stopped, on the same worker's cache at least).
 */
export function roundLimits(cellMs: number): number[] {
  const limits = [cellMs];
  while (limits[0] / 4 >= FIRST_ROUND_MS && limits.length < 6) limits.unshift(Math.floor(limits[0] / 4));
  return limits;
}

/**
 * One play of one start, decided from its options' results as they arrive, in rounds of growing
 * time limits (roundLimits): every option first with a short limit, then those that ran out of
 * time with four times as much. One option after another to the end, a hard option held a worker
 * while a P option behind it would have answered in a second; the local search does the same in
 * its rounds of questions (search.ts).
 */
async function decidePlay(
  game: string,
  options: readonly string[],
  convention: Convention,
  cellMs: number,
  executor: StartOptionExecutor,
  signal: AbortSignal | undefined,
): Promise<{ outcome: Outcome | null; winning: string | null; nodes: number; ms: number }> {
  const started = performance.now();
  let open = [...options];
  let nodes = 0;
  for (const limit of roundLimits(cellMs)) {
    const round = await askRound(
      open.map((position) => ({ game, position, convention, cellMs: limit })),
      executor,
      signal,
    );
    nodes += round.nodes;
    if (round.winning !== null) return { outcome: 'N', winning: round.winning, nodes, ms: performance.now() - started };
    open = round.outOfTime;
    if (open.length === 0) break;
  }
  return { outcome: open.length > 0 ? null : 'P', winning: null, nodes, ms: performance.now() - started };
}

/**
 * The rows of a table of sized starts, each start's options computed by the executor, start after
 * start and play after play, each play in rounds of growing limits, ended as soon as it is decided.
 */
export async function queuedSizeTable<P>(
  ruleset: GameRuleset<P>,
  sizes: SideRange,
  cellMs: number,
  executor: StartOptionExecutor,
  onRow?: (row: QueuedSizeRow) => void,
  signal?: AbortSignal,
): Promise<QueuedSizeRow[]> {
  const sized = ruleset.sized;
  if (!sized || !spreadsStarts(ruleset as GameRuleset))
    throw new InputError(`'${ruleset.spec}' has no sized starts with an outcome-first search to spread over a queue`);
  const rows: QueuedSizeRow[] = [];
  for (let n = sizes.from; n <= sizes.to; n++) {
    const options = startOptions(ruleset, sized.start(n));
    // normal play first, then misère play, each with every worker: side by side, the misère
    // searches (no shared table, most options to their limit) held the workers while normal
    // play's options waited behind them
    const plays: Awaited<ReturnType<typeof decidePlay>>[] = [];
    for (const convention of CONVENTIONS)
      plays.push(await decidePlay(ruleset.spec, options, convention, cellMs, executor, signal));
    const [normal, misere] = plays;
    const row: QueuedSizeRow = {
      size: n,
      normal: normal.outcome,
      misere: misere.outcome,
      normalMs: Math.round(normal.ms),
      misereMs: Math.round(misere.ms),
      nodes: normal.nodes + misere.nodes,
      method: `queue: ${options.length} option${options.length === 1 ? '' : 's'}`,
      winning: { normal: normal.winning, misere: misere.winning },
    };
    rows.push(row);
    onRow?.(row);
  }
  return rows;
}
