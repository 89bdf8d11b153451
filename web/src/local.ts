/**
 * The page's side of computing in this browser: the Explore tab's Grundy values and the explain
 * panels' explanations run in a module worker (explore-worker.ts) through the service's local
 * operations (src/service/local.ts, which also decides what is cheap enough: planExplore). A worker
 * that cannot start or dies leaves the request to the server.
 */
import { InputError } from '../../src/engine/errors.ts';
import type { Convention } from './convention.ts';
import { type Explanation, type ExplorePlan, inputErrorText, planExplore } from '../../src/service/local.ts';

export { inputErrorText };
export type { ExplorePlan };

/**
 * Decides where the values of `spec` up to `to` are computed; a spec that does not parse is an Error
 * worded like the API's. `maxValues`: the API's reply maximum (catalog.limits.grundyValues).
 */
export function planLocally(spec: string, to: number, maxValues: number): ExplorePlan {
  try {
    return planExplore(spec, to, maxValues);
  } catch (e) {
    if (e instanceof InputError) throw new Error(inputErrorText(e));
    throw e;
  }
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
  /** The convention the explanation is for (normal play when absent). */
  convention?: Convention;
}

/** Values computed here, with how long the kernel took and which kernel it was. */
export interface LocalReply {
  ruleset: string;
  title: string;
  values: number[];
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
  const reply = await ask({ spec: plan.spec, to });
  if (!reply.ok) {
    if ('input' in reply) throw new Error(inputErrorText(new InputError(reply.input.message, reply.input.kind)));
    throw new LocalUnavailable(reply.failure);
  }
  if (!('values' in reply)) throw new LocalUnavailable('the worker sent no values');
  return {
    ruleset: plan.spec,
    title: plan.title,
    values: Array.from(reply.values),
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
export async function explainLocally(spec: string, position: number[], convention?: Convention): Promise<Explanation> {
  const reply = await ask({ spec: spec.trim(), to: 0, position, convention });
  if (!reply.ok) {
    if ('input' in reply) throw new Error(inputErrorText(new InputError(reply.input.message, reply.input.kind)));
    throw new LocalUnavailable(reply.failure);
  }
  if (!('explanation' in reply)) throw new LocalUnavailable('the worker sent no explanation');
  return reply.explanation;
}
