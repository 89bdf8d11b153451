/**
 * What crosses from the HTTP face to a worker thread: an operation's name and its parsed request
 * (`{ op, request }`, the operation table's own shape), and back its reply as JSON text or its
 * refusal. The API's limits are the service environment's FaceLimits.
 */
import { InputError } from '../engine/errors.ts';
import { ENGINE_ENV, type FaceLimits, type ServiceEnv } from '../service/env.ts';
import {
  checkOperation,
  isSearchTimeLimit,
  MissingStore,
  type OperationName,
  type OperationRequest,
  runOperation,
} from '../service/operation-table.ts';

/**
 * Most Grundy values one API reply carries (about 1 MB of JSON); more are read in windows with `from`.
 * A million (7 MB replies) let eight requests at once take the server past 600 MB.
 */
export const API_MAX_VALUES = 100_000;
/** Work budget of /api/period without a length, and of looking for a proof for heaps beyond the maximum (milliseconds; the default time limit is 2 s). */
export const API_PERIOD_BUDGET_MS = 1000;
/** Most legal moves listed by one /api/options reply. */
export const API_MAX_OPTIONS = 2000;
/**
 * Most numbers (heap positions) or characters (positions as text) in one /api/options reply: 2,000
 * options of a 1,000-heap position were a 22 MB reply. The rest come in pages (`offset`, `next`).
 */
export const API_MAX_OPTIONS_SIZE = 100_000;
/** Most numbers of the options a page may skip and list together (the skipped ones are remembered to drop repeats). */
export const API_MAX_OPTIONS_SCAN = 1_000_000;
/** Longest JSON reply (characters): a reply that would be longer is 413, never built on the main thread. */
export const API_MAX_REPLY_CHARS = 4_000_000;
/** Largest pile and most positions of one /api/ppositions reply (coupled games). */
export const API_MAX_PILE = 5000;
export const API_MAX_PPOSITIONS = 5000;
/** Most codes of a census space whose table /api/census builds (octal up to 5 digits, hex up to 3). */
export const API_MAX_CENSUS_CODES = 100_000;

/** What one API request may ask: many users share the server. */
export const API_LIMITS: FaceLimits = {
  maxValues: API_MAX_VALUES,
  maxOptions: API_MAX_OPTIONS,
  maxOptionsSize: API_MAX_OPTIONS_SIZE,
  maxOptionsScan: API_MAX_OPTIONS_SCAN,
  maxPile: API_MAX_PILE,
  maxPPositions: API_MAX_PPOSITIONS,
  maxCensusCodes: API_MAX_CENSUS_CODES,
  periodBudgetMs: API_PERIOD_BUDGET_MS,
};

/** One operation of the table with its parsed request; `ping` loads the engine into a fresh worker. */
export type Task = { [N in OperationName]: { op: N; request: OperationRequest<N> } }[OperationName] | { op: 'ping' };

/**
 * A task as a worker receives it: with the wall-clock time (Date.now()) its answer is due, so that a
 * search's table is sized for the time it has (a 2 s search takes 2^21 entries, not 2^22).
 */
export type TimedTask = Task & { readonly until?: number };

/**
 * How long before a task's due time its search stops itself: first, so that the worker answers the
 * 504 and is kept (the pool's deadline, which ends a worker, is for a task that does not stop). A
 * replaced worker costs its successor's start (loading the engine, a few seconds of CPU under load)
 * and held both threads' memory at once; a kept one holds one grid table, reused (issue 35).
 */
export const SEARCH_STOP_BEFORE_MS = 150;

/**
 * A task's outcome as it crosses the thread boundary: JSON text, or the input error's kind (or
 * 'missing': 404; 'time-limit': a search that stopped itself at the task's due time, 504) and words.
 */
export type TaskResult =
  | { ok: true; json: string }
  | { ok: false; kind: InputError['kind'] | 'missing' | 'time-limit'; message: string };

/** The environment of a task: the worker's, with its searches limited to the time left before the task is due. */
export function taskEnv(task: TimedTask, env: ServiceEnv): ServiceEnv {
  if (task.until === undefined) return env;
  const searchMs = Math.max(1, task.until - Date.now() - SEARCH_STOP_BEFORE_MS);
  return { ...env, limits: { ...env.limits, searchMs } };
}

/** A refusal as a task result, or undefined for any other error (which propagates). */
function refusal(e: unknown): Extract<TaskResult, { ok: false }> | undefined {
  if (isSearchTimeLimit(e)) return { ok: false, kind: 'time-limit', message: e.message };
  if (e instanceof InputError) return { ok: false, kind: e.kind, message: e.message };
  if (e instanceof MissingStore) return { ok: false, kind: 'missing', message: e.message };
  return undefined;
}

/**
 * The operation's cheap check, for the main thread before the task is queued: so an invalid request
 * is 413 or 422 even when every worker is busy or the queue is full, never 504.
 */
export function precheck(task: Task, env: ServiceEnv): Extract<TaskResult, { ok: false }> | undefined {
  if (task.op === 'ping') return undefined;
  try {
    checkOperation(task.op, task.request as never, env);
  } catch (e) {
    const refused = refusal(e);
    if (refused) return refused;
    throw e;
  }
  return undefined;
}

/** Runs a task in this thread with `env` (the engine alone by default, with the API's limits); refusals become values. */
export async function runTask(
  task: TimedTask,
  env: ServiceEnv = { ...ENGINE_ENV, limits: API_LIMITS },
): Promise<TaskResult> {
  if (task.op === 'ping') return { ok: true, json: '{}' };
  try {
    const value = await runOperation(task.op, task.request as never, taskEnv(task, env));
    const json = JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    if (json.length > API_MAX_REPLY_CHARS)
      return {
        ok: false,
        kind: 'too-large',
        message: `the reply would have ${json.length} characters, above the maximum of ${API_MAX_REPLY_CHARS}: ask for fewer heaps, values or positions`,
      };
    return { ok: true, json };
  } catch (e) {
    const refused = refusal(e);
    if (refused) return refused;
    throw e;
  }
}
