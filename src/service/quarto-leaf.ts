/**
 * One leaf of a Quarto opening proof (an opening subtree, scripts/quarto-empty.ts) searched for one
 * bound: the step the proof hands to its threads or, as a job of the queue, to other machines. The
 * request (board, bound, time limit) and the result are plain JSON, checked on both sides: a job's
 * data may come from anyone who can write to the queue, a result from any worker.
 */
import * as z from 'zod';
import { InputError } from '../engine/errors.ts';
import { parseQuartoBoard } from '../engine/families/quarto/notation.ts';
import { NONE, piecesToGive, type QuartoPosition } from '../engine/families/quarto/rules.ts';
import { solveQuarto } from '../engine/families/quarto/solve.ts';
import { QuartoSearch, SearchStopped } from '../engine/families/quarto/solver.ts';
import { canonicalForm } from '../engine/families/quarto/symmetry.ts';

/**
 * What a leaf's search decides, for the player to move there: `exact` its value (win, draw or loss),
 * `upper` whether it can win (else at most a draw), `lower` whether it can lose (else at least a draw).
 */
export const QUARTO_LEAF_BOUNDS = ['exact', 'upper', 'lower'] as const;
export type QuartoLeafBound = (typeof QUARTO_LEAF_BOUNDS)[number];

/** The longest search one leaf may be given: a day. */
export const MAX_QUARTO_LEAF_MS = 86_400_000;

/** A leaf's request: the board (notation.ts's text, standard Quarto), the bound, the search's time limit. */
export const quartoLeafJob = z.object({
  board: z.string().max(200, 'a quarto board has at most 200 characters'),
  bound: z.enum(QUARTO_LEAF_BOUNDS),
  limitMs: z
    .number()
    .int('limitMs: expected whole milliseconds')
    .min(1, 'limitMs: expected at least 1 ms')
    .max(MAX_QUARTO_LEAF_MS, `limitMs: at most ${MAX_QUARTO_LEAF_MS} ms (a day)`),
});
export type QuartoLeafJob = z.output<typeof quartoLeafJob>;

/** A leaf's result: what the search proved about the value v of the player to move, v in {-1, 0, 1}. */
export interface QuartoLeafResult {
  /** The leaf's canonical key (symmetry.ts): the same for every board of its class. */
  readonly key: string;
  readonly bound: QuartoLeafBound;
  /** False: stopped at the time limit, nothing proved. */
  readonly proved: boolean;
  /** The value, when proved exactly. */
  readonly value?: number;
  /** The proved interval when only one side is known (upper: [-1, 0]; lower: [0, 1]). */
  readonly lo?: number;
  readonly hi?: number;
  readonly ms: number;
  readonly nodes: number;
  /** The time limit it ran under (an unproved result answers no longer limit). */
  readonly limitMs: number;
}

/** The board of a leaf's request read, or the one-line InputError naming what is wrong. */
export function quartoLeafPosition(board: string): QuartoPosition {
  const position = parseQuartoBoard(board);
  if (position.hand === NONE)
    throw new InputError('quarto leaf: the board has no piece in hand (the game is over): nothing to search');
  return position;
}

/** The canonical key of a leaf's board: the id of its class under the game's symmetries. */
export function quartoLeafKey(board: string): string {
  return canonicalForm(quartoLeafPosition(board)).key;
}

/**
 * Searches the leaf for its bound within its time limit. `search` (standard Quarto) is reused when
 * given (a thread's table between leaves), else one is made for this leaf.
 */
export function searchQuartoLeaf(job: QuartoLeafJob, search?: QuartoSearch): QuartoLeafResult {
  const position = quartoLeafPosition(job.board);
  const key = canonicalForm(position).key;
  const s = search ?? new QuartoSearch('standard', { tableBits: 20 });
  s.clear();
  const base = { key, bound: job.bound, limitMs: job.limitMs };
  if (job.bound === 'exact') {
    const r = solveQuarto(position, { search: s, timeLimitMs: job.limitMs, distance: false });
    const value = r.outcome === 'win' ? 1 : r.outcome === 'loss' ? -1 : 0;
    return { ...base, proved: r.proved, ...(r.proved ? { value } : {}), ms: r.ms, nodes: r.nodes };
  }
  // One side with a null window: upper searches (0, 1) (at most 0: no win for the mover; else a win),
  // lower (-1, 0) (at least 0: no loss; else a loss). The solver's scores put a win at 32 - N >= 1,
  // so a null window at 0 decides the side.
  const started = Date.now();
  s.setBoard(position.cells);
  s.setLimits(started + job.limitMs, undefined);
  const nodes0 = s.nodes;
  const [alpha, beta] = job.bound === 'upper' ? [0, 1] : [-1, 0];
  try {
    const score = s.search(position.hand, piecesToGive(position), alpha, beta);
    const done = { ...base, proved: true, ms: Date.now() - started, nodes: s.nodes - nodes0 };
    if (job.bound === 'upper') return score <= 0 ? { ...done, lo: -1, hi: 0 } : { ...done, value: 1 };
    return score >= 0 ? { ...done, lo: 0, hi: 1 } : { ...done, value: -1 };
  } catch (e) {
    if (!(e instanceof SearchStopped)) throw e;
    return { ...base, proved: false, ms: Date.now() - started, nodes: s.nodes - nodes0 };
  }
}

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isValue = (x: unknown): x is number => x === -1 || x === 0 || x === 1;

/**
 * A result checked against its request (from a thread, a worker, or back from Redis): this leaf's
 * key, this bound, and only what that bound can prove. Throws one line on anything else.
 */
export function checkQuartoLeafResult(value: unknown, job: QuartoLeafJob): QuartoLeafResult {
  const r = value as Partial<QuartoLeafResult> | null;
  const bad = (why: string): never => {
    throw new Error(
      `a worker returned a malformed result for the quarto leaf ${job.board} (${job.bound}): ${why}: ${JSON.stringify(value)?.slice(0, 200)}`,
    );
  };
  if (typeof r !== 'object' || r === null) return bad('not an object');
  if (r.key !== quartoLeafKey(job.board)) bad('another leaf');
  if (r.bound !== job.bound) bad('another bound');
  if (typeof r.proved !== 'boolean' || !isCount(r.ms) || !isCount(r.nodes) || !isCount(r.limitMs))
    bad('proved, ms, nodes or limitMs missing');
  const proves = (r.value === undefined ? 0 : 1) + (r.lo === undefined && r.hi === undefined ? 0 : 2);
  if (!r.proved) {
    if (proves !== 0) bad('a value without a proof');
  } else if (proves === 1) {
    if (!isValue(r.value)) bad('value must be -1, 0 or 1');
    if ((job.bound === 'upper' && r.value !== 1) || (job.bound === 'lower' && r.value !== -1))
      bad(`a ${job.bound} bound proves no such value`);
  } else if (proves === 2) {
    const [lo, hi] = job.bound === 'upper' ? [-1, 0] : job.bound === 'lower' ? [0, 1] : [NaN, NaN];
    if (r.lo !== lo || r.hi !== hi) bad(`a ${job.bound} bound proves no such interval`);
  } else bad('proved, but neither a value nor an interval');
  const { key, bound, proved, ms, nodes, limitMs } = r as QuartoLeafResult;
  const proof = r.value !== undefined ? { value: r.value } : r.lo !== undefined ? { lo: r.lo, hi: r.hi } : {};
  return { key, bound, proved, ...proof, ms, nodes, limitMs };
}
