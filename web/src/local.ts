/**
 * Where the Explore tab's Grundy values are computed: in this browser by the engine itself (its
 * WebAssembly kernels, in a module worker) when that is cheap, else by the server.
 *
 * The rule ("cheap"): heap rulesets whose family's work estimate (`workEstimate`, kernel steps) is
 * at most LOCAL_WORK_BUDGET. At the budget's edge each family measured 16–40 ms (median of 5; first
 * call up to 50 ms) in headless chromium on a shared 2-core machine: subtract:squares to 127,000,
 * subtract:primes to 21,000, kayles to 8,160, takebreak:4!.0 and 0.6 to 11,500, takebreak:0.8 to
 * 766; nim and subtract:1,3,4 to 10^6 took 13 and 24 ms (≈ 1 ns per subtraction step, ≈ 1.5 ns per
 * two-heap split, ≈ 4 ns per three-heap split). Everything else goes to the server: families with
 * no browser budget (an infinite estimate, e.g. split:distinct), coupled rulesets (piles moved
 * together), specs the schema rejects before the parser sees them, and requests beyond the API's
 * reply maximum (the server words those errors). The period is always a server request.
 */
import { InputError } from '../../src/engine/errors.ts';
import { describeKind } from '../../src/engine/capabilities.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { Explanation } from '../../src/engine/solve/normal/explain.ts';
import type { HeapRuleset, RulesetKind } from '../../src/engine/types.ts';
import type { GrundyReply } from './api.ts';

/** Estimated kernel steps the browser takes on (at most ≈ 40 ms measured; see the header). */
export const LOCAL_WORK_BUDGET = 50_000_000;
/** Longest spec computed here: the API's schema (1000 characters, non-empty) words the rest. */
const LOCAL_MAX_SPEC_CHARS = 1000;
/** Where one Explore request goes. */
export type ExplorePlan =
  | { where: 'browser'; ruleset: HeapRuleset; work: number }
  /** `kind`: what the spec names when it parsed here (null: let the server say). */
  | { where: 'server'; kind: RulesetKind | null; reason: string };

/** The words the page shows for an input error: the same as the API client's for its 422 and 413 (api.ts explain). */
export function inputErrorText(e: InputError): string {
  return e.kind === 'too-large' ? `Too large: ${e.message}.` : `Invalid input: ${e.message}.`;
}

/**
 * Decides where the values of `spec` up to `to` are computed. Throws an Error worded like the API
 * when the spec does not parse. `maxValues`: the API's reply maximum (catalog.limits.grundyValues).
 */
export function planExplore(spec: string, to: number, maxValues: number): ExplorePlan {
  const text = spec.trim();
  if (text === '' || text.length > LOCAL_MAX_SPEC_CHARS)
    return { where: 'server', kind: null, reason: 'the server checks this spec' };
  let ruleset;
  try {
    ruleset = parseRuleset(text);
  } catch (e) {
    if (e instanceof InputError) throw new Error(inputErrorText(e));
    throw e;
  }
  if (ruleset.kind !== 'heap')
    return { where: 'server', kind: ruleset.kind, reason: `it is ${describeKind(ruleset)}: the server answers it` };
  if (!Number.isSafeInteger(to) || to > maxValues)
    return { where: 'server', kind: 'heap', reason: `more than ${maxValues.toLocaleString('en')} values` };
  const work = ruleset.workEstimate(to);
  if (work === Infinity)
    return {
      where: 'server',
      kind: 'heap',
      reason: `the server computes ${ruleset.spec} (its kernel has no browser budget)`,
    };
  if (work > LOCAL_WORK_BUDGET)
    return {
      where: 'server',
      kind: 'heap',
      reason: `an estimated ${formatSteps(work)} kernel steps, above the ${formatSteps(LOCAL_WORK_BUDGET)} this page computes itself`,
    };
  return { where: 'browser', ruleset, work };
}

function formatSteps(work: number): string {
  return work >= 1e6
    ? `${(work / 1e6).toLocaleString('en', { maximumSignificantDigits: 2 })} million`
    : Math.round(work).toLocaleString('en');
}

/** What the worker sends for one request. */
export type WorkerReply =
  | { id: number; ok: true; values: Uint32Array; ms: number; kernel: string }
  | { id: number; ok: true; explanation: Explanation }
  | { id: number; ok: false; input: { kind: InputError['kind']; message: string } }
  | { id: number; ok: false; failure: string };

/** What the worker is asked. */
export interface WorkerRequest {
  id: number;
  spec: string;
  to: number;
  /** Set for an explanation of this position (then `to` is unused). */
  position?: number[];
}

/** Values computed here, with how long the kernel took and which kernel it was. */
export interface LocalReply extends GrundyReply {
  ms: number;
  kernel: string;
}

/** The browser could not compute (no worker, no WebAssembly memory...): the caller asks the server instead. */
export class LocalUnavailable extends Error {}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }>();

function explorer(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./explore-worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<WorkerReply>) => {
    pending.get(e.data.id)?.resolve(e.data);
    pending.delete(e.data.id);
  };
  // A worker that fails to load or dies: every waiting request falls back to the server, and the next one starts a new worker.
  w.onerror = (e) => {
    e.preventDefault();
    for (const p of pending.values()) p.reject(new LocalUnavailable(e.message || 'the worker failed'));
    pending.clear();
    w.terminate();
    if (worker === w) worker = null;
  };
  worker = w;
  return w;
}

/**
 * Computes the plan's values in the worker. Throws an Error with the API's words for an input error
 * (say, a heap size above the ruleset's maximum), LocalUnavailable when the browser cannot do it.
 */
export async function computeLocally(
  plan: Extract<ExplorePlan, { where: 'browser' }>,
  to: number,
): Promise<LocalReply> {
  const reply = await ask({ spec: plan.ruleset.spec, to });
  if (!reply.ok) {
    if ('input' in reply) throw new Error(inputErrorText(new InputError(reply.input.message, reply.input.kind)));
    throw new LocalUnavailable(reply.failure);
  }
  if (!('values' in reply)) throw new LocalUnavailable('the worker sent no values');
  const values = Array.from(reply.values);
  const pPositions: number[] = [];
  for (let n = 0; n < values.length; n++) if (values[n] === 0) pPositions.push(n);
  return {
    ruleset: plan.ruleset.spec,
    title: plan.ruleset.title,
    values,
    pPositions,
    ms: reply.ms,
    kernel: reply.kernel,
  };
}

/** Sends one request to the worker (started on first use) and waits for its reply. */
async function ask(request: Omit<WorkerRequest, 'id'>): Promise<WorkerReply> {
  let w: Worker;
  try {
    w = explorer();
  } catch (e) {
    throw new LocalUnavailable(e instanceof Error ? e.message : String(e));
  }
  const id = nextId++;
  return new Promise<WorkerReply>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, ...request } satisfies WorkerRequest);
  });
}

/** The explanation of a position (explain panels), worked out in the worker; input errors in the API's words. */
export async function explainLocally(spec: string, position: number[]): Promise<Explanation> {
  const reply = await ask({ spec: spec.trim(), to: 0, position });
  if (!reply.ok) {
    if ('input' in reply) throw new Error(inputErrorText(new InputError(reply.input.message, reply.input.kind)));
    throw new LocalUnavailable(reply.failure);
  }
  if (!('explanation' in reply)) throw new LocalUnavailable('the worker sent no explanation');
  return reply.explanation;
}
