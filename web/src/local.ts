/**
 * Where the Explore tab's Grundy values are computed: in this browser by the engine itself (its
 * WebAssembly kernels, in a module worker) when that is cheap, else by the server.
 *
 * The rule ("cheap"): heap rulesets of the nim, subtraction and take-and-break families whose
 * estimated kernel work (see `estimatedWork`) is at most LOCAL_WORK_BUDGET steps. At the budget's
 * edge each family measured 16–40 ms (median of 5; first call up to 50 ms) in headless chromium on
 * a shared 2-core machine: subtract:squares to 127,000, subtract:primes to 21,000, kayles to 8,160,
 * takebreak:4!.0 and 0.6 to 11,500, takebreak:0.8 to 766; nim and subtract:1,3,4 to 10^6 took 13 and
 * 24 ms (≈ 1 ns per subtraction step, ≈ 1.5 ns per two-heap split, ≈ 4 ns per three-heap split).
 * Everything else goes to the server: split games (split:distinct), coupled rulesets (piles moved
 * together), specs the schema rejects before the parser sees them, and requests beyond the API's
 * reply maximum (the server words those errors). The period is always a server request.
 */
import { InputError } from '../../src/engine/errors.ts';
import { takeBreakMoves } from '../../src/engine/families/takebreak/sparse.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import type { GrundyReply } from './api.ts';

/** Estimated kernel steps the browser takes on (at most ≈ 40 ms measured; see the header). */
export const LOCAL_WORK_BUDGET = 50_000_000;
/** Longest spec computed here: the API's schema (1000 characters, non-empty) words the rest. */
const LOCAL_MAX_SPEC_CHARS = 1000;
/** Per-heap overhead of a kernel, in steps (a short finite set is bound by it: 1,3,4 to 10^6 ≈ 20 ms). */
const PER_HEAP = 16;
/** Measured cost of a two-heap split and of a three-heap split, in subtraction-step units. */
const PAIR_WEIGHT = 1.5;
const TRIPLE_WEIGHT = 4;

/** Where one Explore request goes. */
export type ExplorePlan =
  | { where: 'browser'; ruleset: HeapRuleset; work: number }
  /** `kind`: what the spec names when it parsed here (null: let the server say). */
  | { where: 'server'; kind: 'heap' | 'coupled' | null; reason: string };

/**
 * Upper estimate of the kernel steps for heaps 0..maxHeap (never optimistic: take-and-break is
 * costed as the dense kernel, though the sparse-space kernel is often far cheaper).
 * - nim: one step a heap;
 * - subtraction: (PER_HEAP + m) a heap, m = the moves up to maxHeap (the WebAssembly mex scan);
 * - take-and-break: a heap of size n costs its whole/single moves, about n/2 pairs for each
 *   two-heap move and n²/12 triples for each three-heap move: N²/4 and N³/36 summed over n ≤ N.
 * Infinity for the families never computed here.
 */
export function estimatedWork(ruleset: HeapRuleset, maxHeap: number): number {
  const n = maxHeap + 1;
  switch (ruleset.family) {
    case 'nim':
      return n;
    case 'subtraction':
      return n * (PER_HEAP + ruleset.set.upTo(maxHeap).length);
    case 'takebreak': {
      const moves = takeBreakMoves(ruleset);
      return n * (PER_HEAP + moves.whole.length + moves.single.length) + PAIR_WEIGHT * moves.pair.length * (n * n) / 4 + TRIPLE_WEIGHT * moves.triple.length * (n * n * n) / 36;
    }
    default:
      return Infinity;
  }
}

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
  if (text === '' || text.length > LOCAL_MAX_SPEC_CHARS) return { where: 'server', kind: null, reason: 'the server checks this spec' };
  let ruleset;
  try {
    ruleset = parseRuleset(text);
  } catch (e) {
    if (e instanceof InputError) throw new Error(inputErrorText(e));
    throw e;
  }
  if (ruleset.kind === 'coupled') return { where: 'server', kind: 'coupled', reason: 'its piles move together: the server lists its P-positions' };
  if (!Number.isSafeInteger(to) || to > maxValues) return { where: 'server', kind: 'heap', reason: `more than ${maxValues.toLocaleString('en')} values` };
  if (ruleset.family === 'split') return { where: 'server', kind: 'heap', reason: 'split games are left to the server' };
  const work = estimatedWork(ruleset, to);
  if (work > LOCAL_WORK_BUDGET) return { where: 'server', kind: 'heap', reason: `an estimated ${formatSteps(work)} kernel steps, above the ${formatSteps(LOCAL_WORK_BUDGET)} this page computes itself` };
  return { where: 'browser', ruleset, work };
}

function formatSteps(work: number): string {
  return work >= 1e6 ? `${(work / 1e6).toLocaleString('en', { maximumSignificantDigits: 2 })} million` : Math.round(work).toLocaleString('en');
}

/** What the worker sends for one request. */
export type WorkerReply =
  | { id: number; ok: true; values: Uint32Array; ms: number; kernel: string }
  | { id: number; ok: false; input: { kind: InputError['kind']; message: string } }
  | { id: number; ok: false; failure: string };

/** What the worker is asked. */
export interface WorkerRequest {
  id: number;
  spec: string;
  to: number;
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
export async function computeLocally(plan: Extract<ExplorePlan, { where: 'browser' }>, to: number): Promise<LocalReply> {
  let w: Worker;
  try {
    w = explorer();
  } catch (e) {
    throw new LocalUnavailable(e instanceof Error ? e.message : String(e));
  }
  const id = nextId++;
  const reply = await new Promise<WorkerReply>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, spec: plan.ruleset.spec, to } satisfies WorkerRequest);
  });
  if (!reply.ok) {
    if ('input' in reply) throw new Error(inputErrorText(new InputError(reply.input.message, reply.input.kind)));
    throw new LocalUnavailable(reply.failure);
  }
  const values = Array.from(reply.values);
  const pPositions: number[] = [];
  for (let n = 0; n < values.length; n++) if (values[n] === 0) pPositions.push(n);
  return { ruleset: plan.ruleset.spec, title: plan.ruleset.title, values, pPositions, ms: reply.ms, kernel: reply.kernel };
}
