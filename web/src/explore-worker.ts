/**
 * The page's module worker: computes a heap ruleset's Grundy values through the service
 * (localGrundyValues: the engine's kernels, which load their WebAssembly through the global API) off
 * the UI thread, and the explain panels' explanations (explainPosition: options and mex, nim-sum,
 * backward induction).
 *
 * Why a worker and not a plain call: local.ts admits work of up to about 50 ms, plus compiling the
 * kernels on the first request, and the page should not freeze meanwhile; a worker also keeps the
 * synchronous `new WebAssembly.Module` of the engine's hosts off the main thread, where browsers may
 * refuse large synchronous compiles.
 */
import { InputError } from '../../src/engine/errors.ts';
import { explainPosition, localGrundyValues } from '../../src/service/local.ts';
import type { WorkerReply, WorkerRequest } from './local.ts';

function answer(request: WorkerRequest): { reply: WorkerReply; transfer: Transferable[] } {
  const { id, spec, to } = request;
  try {
    if (request.position)
      return {
        reply: { id, ok: true, explanation: explainPosition(spec, request.position, request.convention) },
        transfer: [],
      };
    const { values, ms, kernel } = localGrundyValues(spec, to);
    return { reply: { id, ok: true, values, ms, kernel }, transfer: [values.buffer] };
  } catch (e) {
    if (e instanceof InputError)
      return { reply: { id, ok: false, input: { kind: e.kind, message: e.message } }, transfer: [] };
    return { reply: { id, ok: false, failure: e instanceof Error ? e.message : String(e) }, transfer: [] };
  }
}

addEventListener('message', (e: MessageEvent<WorkerRequest>) => {
  const { reply, transfer } = answer(e.data);
  postMessage(reply, { transfer });
});
