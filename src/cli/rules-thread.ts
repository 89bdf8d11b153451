/**
 * Where a command runs a game of the user's own rules (--rules, check-rules): on a worker thread of
 * its own (rules-worker.ts), so that user code never hangs or crashes the command. The thread is ended
 * when a call runs past its time limit (a rule that never returns: the search's own time limit cannot
 * run while user code holds the thread), on Ctrl-C (exit 130), and when it passes its heap limit; each
 * ends the command with one line. One thread per rules file serves every call of the command (the
 * turns of `play`), and lets the process exit when no call is waiting.
 */
import { relative } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startThread, threadModule } from '../adapters/worker-runner.ts';
import { InputError } from '../engine/errors.ts';
import type { FaceLimits, ServiceEnv } from '../service/env.ts';
import {
  type OperationInput,
  type OperationName,
  type OperationReply,
  readRequest,
  runOperation,
} from '../service/operation-table.ts';
import { Interrupted } from './compute.ts';
import { DEFAULT_RULES_MS } from './options.ts';
import { lastCallBlock, readLastCall } from '../adapters/last-call.ts';

/** What the thread is asked: one operation's request as a client writes it, and the command's limits. */
export interface RulesCall {
  readonly id: number;
  readonly name: OperationName;
  readonly input: unknown;
  readonly limits?: FaceLimits;
}

/** What the thread answers ('started': the rules are loaded and the call begins: its time limit counts from here). */
export type RulesThreadMessage =
  | { readonly id: number; readonly type: 'started' }
  | { readonly id: number; readonly type: 'reply'; readonly reply: unknown }
  | {
      readonly id: number;
      readonly type: 'error';
      readonly message: string;
      readonly input: boolean;
      readonly reason?: 'time-limit';
    };

/** Past the call's time limit, how long the search has to stop on its own (and say how far it got) before the thread is ended. */
const GRACE_MS = 2_000;
/** The thread's heap: past it the rules are said to have run out of memory. */
export const RULES_MEMORY_MB = 1024;

const workerModule = threadModule(import.meta.url, './rules-worker.ts', './rules-worker.js');

/** A search stopped at its time limit on the thread (program.ts adds the time note, as for a search here). */
class RulesTimeLimit extends InputError {
  readonly reason = 'time-limit';
}

/** One rules file's thread. */
class RulesThread {
  private readonly worker: Worker;
  private next = 0;
  private dead: Error | null = null;
  private pending: {
    id: number;
    resolve: (value: unknown) => void;
    reject: (e: Error) => void;
    started: () => void;
  } | null = null;
  /** The last call of user code on the thread (last-call.ts). */
  private readonly lastCall = lastCallBlock();

  /** `path`: the file, absolute (the worker loads it); `file`: as messages name it (relative to the working directory). */
  constructor(
    path: string,
    private readonly file: string,
  ) {
    this.worker = startThread(workerModule, {
      workerData: { file: path, lastCall: this.lastCall },
      memory: { oldMb: RULES_MEMORY_MB, youngMb: 64 },
    });
    this.worker.unref();
    this.worker.on('message', (message: RulesThreadMessage) => {
      if (this.pending?.id !== message.id) return;
      if (message.type === 'started') this.pending.started();
      else if (message.type === 'reply') this.settle(null, message.reply);
      else
        this.settle(
          message.reason === 'time-limit'
            ? new RulesTimeLimit(message.message, 'too-large')
            : message.input
              ? new InputError(message.message)
              : new Error(message.message),
        );
    });
    this.worker.on('error', (e: Error & { code?: string }) => {
      this.end(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new InputError(
              `the rules of ${file} ran out of memory (more than ${RULES_MEMORY_MB} MiB${this.inCall()}): the thread was ended`,
            )
          : new InputError(`the rules of ${file} failed: ${e.message.replace(/\s+/g, ' ')}`),
      );
    });
    this.worker.on('exit', () => this.end(new Error(`the thread of the rules of ${file} ended without an answer`)));
  }

  /** ", in rules.moves on position '3'": the last call of user code, for a message; empty before any. */
  private inCall(): string {
    const last = readLastCall(this.lastCall);
    return last === null ? '' : `, in ${last}`;
  }

  /**
   * Runs one operation on the thread; a little after `limitMs` the thread is ended. The limit counts
   * from the call, and again from the thread's start of it (its modules and the rules file loaded):
   * a thread slow to start on a busy machine is not ended before the rules ran.
   */
  async run(name: OperationName, input: unknown, limits: FaceLimits | undefined, limitMs: number): Promise<unknown> {
    if (this.dead) throw this.dead;
    const id = ++this.next;
    this.worker.ref();
    const expire = () => {
      const last = readLastCall(this.lastCall);
      const stuck = last === null ? '' : `: ${last} had not returned`;
      this.end(
        new InputError(
          `the rules of ${this.file} did not answer within the time limit of ${(limitMs / 1000).toFixed(0)} s${stuck} (a rule that never returns, or a game too large for the time: --time-limit); the thread was ended`,
          'too-large',
        ),
      );
    };
    let timer = setTimeout(expire, limitMs + GRACE_MS);
    const started = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, limitMs + GRACE_MS);
    };
    const onInterrupt = () => this.end(new Interrupted('interrupted: the rules thread was ended'));
    process.once('SIGINT', onInterrupt);
    try {
      return await new Promise((resolve, reject) => {
        this.pending = { id, resolve, reject, started };
        this.worker.postMessage({ id, name, input, limits } satisfies RulesCall);
      });
    } finally {
      clearTimeout(timer);
      process.removeListener('SIGINT', onInterrupt);
      if (!this.dead) this.worker.unref();
    }
  }

  private settle(error: Error | null, value?: unknown): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    if (error) pending.reject(error);
    else pending.resolve(value);
  }

  /** Ends the thread: the call waiting, and every later one, fails with `error`. */
  private end(error: Error): void {
    if (this.dead) return;
    this.dead = error;
    this.settle(error);
    void this.worker.terminate();
  }
}

/** The command's threads, one per rules file (a command names one; play calls it turn after turn). */
const threads = new Map<string, RulesThread>();

/**
 * Runs an operation: on the thread of its rules file when the request names one (`rules`), else here
 * through the operation table with the command's environment.
 */
export async function runNamed<N extends OperationName>(
  name: N,
  input: OperationInput<N>,
  env: ServiceEnv,
): Promise<OperationReply<N>> {
  const rules = (input as { readonly rules?: { readonly file: string } }).rules;
  if (rules === undefined) return runOperation(name, readRequest(name, input), env);
  let thread = threads.get(rules.file);
  if (!thread) {
    thread = new RulesThread(rules.file, relative(process.cwd(), rules.file) || rules.file);
    threads.set(rules.file, thread);
  }
  return (await thread.run(name, input, env.limits, env.limits?.searchMs ?? DEFAULT_RULES_MS)) as OperationReply<N>;
}
