/**
 * The page's side of "Your game": the person's rules run only in a dedicated module worker
 * (your-game-worker.ts), never on the page's thread and never on the server. The page enforces the
 * time limit: a request not answered in time terminates the worker (a loop in the rules cannot
 * freeze the page) and the next request starts a fresh one.
 */

import type { EngineAnswer, RunAnswer, TurnAnswer } from '../../src/service/user-game.ts';

export type { EngineAnswer, RunAnswer, ShownMove, TurnAnswer } from '../../src/service/user-game.ts';

export type RulesQuestion =
  | { readonly op: 'run'; readonly rules: string; readonly position: string }
  | { readonly op: 'turn'; readonly rules: string; readonly position: string }
  | { readonly op: 'engine'; readonly rules: string; readonly position: string };

export type RulesRequest = RulesQuestion & { readonly id: number };

/** The worker's first message: the port every question and answer goes through. */
export interface RulesHello {
  readonly port: MessagePort;
}

export type RulesReply =
  | { readonly id: number; readonly ok: true; readonly answer: RunAnswer | TurnAnswer | EngineAnswer }
  | { readonly id: number; readonly ok: false; readonly message: string };

type AnswerOf<Q extends RulesQuestion> = Q['op'] extends 'run'
  ? RunAnswer
  : Q['op'] extends 'turn'
    ? TurnAnswer
    : EngineAnswer;

/** The one-line error a request ends with: the rules' own error, the time limit, or a worker that died. */
export class RulesError extends Error {}

export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  new Worker(new URL('./your-game-worker.ts', import.meta.url), { type: 'module' });

/**
 * One worker for the person's rules, asked one question at a time (a new question while one runs
 * stops the old one: its answer is no longer wanted). Questions and answers go through a
 * MessageChannel whose port the worker keeps in its module scope, handed over before any rules
 * run: the rules share the worker's global scope, so they could post to the page, but they cannot
 * reach the port, and an answer they forge never arrives where the page listens.
 */
export class RulesRunner {
  private worker: { worker: Worker; port: MessagePort } | null = null;
  private nextId = 0;
  private current: { id: number; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(private readonly make: WorkerFactory = defaultFactory) {}

  /** Asks the worker; rejects with a RulesError of one line after `limitMs` (and stops the worker). */
  ask<Q extends RulesQuestion>(question: Q, limitMs: number): Promise<AnswerOf<Q>> {
    if (this.current) this.stop(new RulesError('stopped: a newer request replaced it'));
    let started: { worker: Worker; port: MessagePort };
    try {
      started = this.started();
    } catch (e) {
      return Promise.reject(
        new RulesError(`this browser cannot start a worker: ${e instanceof Error ? e.message : e}`),
      );
    }
    const { worker, port } = started;
    const id = this.nextId++;
    return new Promise<AnswerOf<Q>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(new RulesError(`stopped after ${formatSeconds(limitMs)} s: the rules did not answer in time`));
      }, limitMs);
      this.current = { id, reject, timer };
      port.onmessage = (e: MessageEvent<RulesReply>) => {
        if (this.current?.id !== e.data.id) return;
        clearTimeout(timer);
        this.current = null;
        if (e.data.ok) resolve(e.data.answer as AnswerOf<Q>);
        else reject(new RulesError(e.data.message));
      };
      worker.onerror = (e) => {
        e.preventDefault();
        this.stop(new RulesError(`the rules' worker stopped: ${e.message || 'it failed (out of memory?)'}`));
      };
      port.postMessage({ ...question, id } satisfies RulesRequest);
    });
  }

  /** Ends the worker (the page leaves the tab). */
  dispose(): void {
    this.stop(new RulesError('stopped'));
  }

  private started(): { worker: Worker; port: MessagePort } {
    if (this.worker) return this.worker;
    const worker = this.make();
    const channel = new MessageChannel();
    worker.postMessage({ port: channel.port2 } satisfies RulesHello, [channel.port2]);
    this.worker = { worker, port: channel.port1 };
    return this.worker;
  }

  /** Terminates the worker and fails the waiting request; the next request starts a fresh worker. */
  private stop(error: Error): void {
    const current = this.current;
    this.current = null;
    if (this.worker) {
      this.worker.worker.terminate();
      this.worker.port.close();
      this.worker = null;
    }
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
  }
}

/** Seconds as a person reads them: 5, 0.5, 2.5. */
export function formatSeconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
