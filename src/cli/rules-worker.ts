/**
 * The thread of a rules file (rules-thread.ts): loads the user's module once, then runs each
 * operation it is sent through the operation table, the rules resolved here (ServiceEnv.rules), and
 * sends back the reply or the error. User code runs only on this thread, which the main thread ends
 * at the time limit, on Ctrl-C, or when it runs out of memory.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadRulesFile } from '../adapters/rules-file.ts';
import { computeSequence } from '../adapters/sequence-source.ts';
import { InputError, isInputError } from '../engine/errors.ts';
import type { Ruleset } from '../engine/types.ts';
import type { ServiceEnv } from '../service/env.ts';
import { lastCallWatch } from '../adapters/last-call.ts';
import { readRequest, runOperation } from '../service/operation-table.ts';
import type { RulesCall, RulesThreadMessage } from './rules-thread.ts';

const { file, lastCall } = workerData as { file: string; lastCall: SharedArrayBuffer };
const loaded: Promise<Ruleset> = loadRulesFile(file, lastCallWatch(lastCall));
loaded.catch(() => {}); // heard by the first call
// a game played in the terminal keeps its search between turns, as the main thread's play does
const playMemory = new Map<string, unknown>();

async function answer(call: RulesCall): Promise<unknown> {
  const ruleset = await loaded;
  parentPort!.postMessage({ id: call.id, type: 'started' } satisfies RulesThreadMessage);
  const env: ServiceEnv = {
    // no cache: a sequence is stored by the game's name, and a rules file's game changes as it is edited
    sequences: (heap, maxHeap) => computeSequence(heap, maxHeap, { cache: null, threads: 1 }),
    limits: call.limits,
    playMemory,
    rules: (ref) => {
      if (ref.file !== file) throw new InputError(`this thread runs the rules of ${file}, not ${ref.file}`);
      return ruleset;
    },
  };
  return runOperation(call.name, readRequest(call.name, call.input as never), env);
}

parentPort!.on('message', async (call: RulesCall) => {
  let message: RulesThreadMessage;
  try {
    message = { id: call.id, type: 'reply', reply: await answer(call) };
  } catch (e) {
    message = {
      id: call.id,
      type: 'error',
      message: e instanceof Error ? e.message : String(e),
      input: isInputError(e),
      reason: (e as { reason?: unknown }).reason === 'time-limit' ? 'time-limit' : undefined,
    };
  }
  parentPort!.postMessage(message);
});
