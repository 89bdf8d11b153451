/**
 * A Quarto opening proof run, the body of scripts/quarto-empty.ts: the tree from a position (the
 * empty board) cut by symmetry down to a depth, its leaves (the opening subtrees) searched by a leaf
 * runner (the script's threads, or jobs on the queue: queueLeafRunner), each result saved to the
 * progress file as it arrives (resumable), then the proof file written and re-checked by the
 * independent checker (src/engine/families/quarto/proof.ts).
 *
 * Plans: `all` solves every leaf exactly. `draw` searches only the leaves a proof of a draw needs,
 * each for one bound: the start is a draw when every reply of the second player leaves the first a
 * move worth at most a draw to the second player (one leaf proved "at most a draw" under each), and
 * some reply leaves every move of the first player worth at least a draw to the second (all leaves
 * under one reply proved "at least a draw"); the negamax over the tree (the checker's) is what
 * decides, at any depth. The leaves still needed are recomputed as results arrive, and a leaf is
 * handed out at most once per bound in a run (a search stopped at its limit would stop there again).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { InputError } from '../../engine/errors.ts';
import { formatQuartoBoard, moveText, parseQuartoBoard } from '../../engine/families/quarto/notation.ts';
import {
  checkQuartoProof,
  type ProofCheck,
  type ProofEdge,
  type ProofNode,
  QUARTO_PROOF_FORMAT,
  type QuartoProof,
} from '../../engine/families/quarto/proof.ts';
import {
  NONE,
  placedCount,
  playQuarto,
  type QuartoPosition,
  quartoMoves,
  quartoStart,
} from '../../engine/families/quarto/rules.ts';
import { canonicalForm } from '../../engine/families/quarto/symmetry.ts';
import type { QuartoLeafBound, QuartoLeafJob, QuartoLeafResult } from '../../service/quarto-leaf.ts';
import { oneLine } from './connection.ts';
import { createTaskExecutor, type QueueExecutorOptions } from './executor.ts';
import { QUARTO_LEAF_TASK } from './quarto-jobs.ts';

export type QuartoPlan = 'draw' | 'all';

/**
 * Searches leaves: takes them from `next` (undefined: none to search now; it may have more once a
 * result has arrived), hands each result to `onResult`, and resolves when it has none left or the
 * deadline (Date.now() milliseconds) has passed.
 */
export type LeafRunner = (
  next: () => QuartoLeafJob | undefined,
  onResult: (result: QuartoLeafResult) => void,
  deadline: number,
) => Promise<void>;

export interface QuartoProofRunOptions {
  /** The position to prove (a board in notation.ts's text, standard Quarto); default the empty board. */
  readonly from?: string;
  /** Placements from the position down to the leaves (from the empty board: the pieces placed there). */
  readonly depth: number;
  readonly plan: QuartoPlan;
  /** After this many milliseconds no leaf is handed out (and the queue is no longer waited for). */
  readonly budgetMs: number;
  /** One leaf's search time limit. */
  readonly leafMs: number;
  readonly progressFile: string;
  readonly proofFile: string;
  readonly runner: LeafRunner;
  /** The run's lines for the operator. */
  readonly log: (line: string) => void;
}

export interface QuartoProofRunReport {
  readonly root: string;
  readonly leaves: number;
  /** Leaf searches handed to the runner in this run. */
  readonly asked: number;
  /** Results received in this run. */
  readonly received: number;
  /** The proof file as the checker read it back. */
  readonly check: ProofCheck;
  /** Why the leaf searches ended early (a job that failed on every attempt), when they did. */
  readonly error?: string;
}

/** A leaf's result as the progress file keeps it (older files have only `value`, and no bound or limit). */
type SavedLeaf = Partial<QuartoLeafResult> & Pick<QuartoLeafResult, 'key' | 'proved' | 'ms' | 'nodes'>;

/** The interval a result proves, [-1, 1] when nothing. */
function intervalOf(r: SavedLeaf | undefined): [number, number] {
  if (!r?.proved) return [-1, 1];
  if (r.value !== undefined) return [r.value, r.value];
  return [r.lo ?? -1, r.hi ?? 1];
}

function writeAtomically(file: string, text: string): void {
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

const NAMES = ['loss', 'draw', 'win'];
const shown = ([lo, hi]: readonly number[]) => (lo === hi ? NAMES[lo + 1] : `[${NAMES[lo + 1]}, ${NAMES[hi + 1]}]`);

/** The position a run starts from: the empty board, or `from` read and checked (it must have a move). */
function rootOf(from: string | undefined): QuartoPosition {
  if (from === undefined) return quartoStart();
  const position = parseQuartoBoard(from);
  if (position.hand === NONE && placedCount(position) > 0)
    throw new InputError('--from: the board has no piece in hand (the game is over): nothing to prove');
  return position;
}

/** Runs the proof (see the file's comment) and prints its figures; throws an InputError on bad options. */
export async function runQuartoProof(options: QuartoProofRunOptions): Promise<QuartoProofRunReport> {
  const { depth, plan, budgetMs, leafMs, progressFile, proofFile, log } = options;
  if (!Number.isInteger(depth) || depth < 1 || depth > 15)
    throw new InputError(`--depth: expected an integer from 1 to 15, got ${depth}`);
  if (!Number.isInteger(leafMs) || leafMs < 1) throw new InputError(`--leaf-seconds: expected a positive time`);
  if (!(budgetMs >= 0)) throw new InputError('--seconds: expected a non-negative time');
  const started = Date.now();

  // 1. The tree above the leaves, cut by symmetry.
  const start = rootOf(options.from);
  const rootKey = formatQuartoBoard(start);
  const leafPlaced = placedCount(start) + depth;
  const nodes = new Map<string, { edges?: ProofEdge[] }>();
  const queue = [rootKey];
  nodes.set(rootKey, {});
  const leaves: string[] = [];
  while (queue.length > 0) {
    const key = queue.shift()!;
    const position = key === rootKey ? start : parseQuartoBoard(key);
    if (key !== rootKey && placedCount(position) >= leafPlaced) {
      leaves.push(key);
      continue;
    }
    const edges: ProofEdge[] = [];
    for (const move of quartoMoves(position)) {
      const step = playQuarto(position, move);
      if (step.over) {
        edges.push({ move: moveText(move), to: '', map: '', attributes: '', ends: step.won ? 1 : 0 });
        continue;
      }
      const c = canonicalForm(step.position);
      edges.push({
        move: moveText(move),
        to: c.key,
        map: c.map.map((x) => x.toString(16)).join(''),
        attributes: c.attributes.complement.toString(16) + c.attributes.perm.join(''),
      });
      if (!nodes.has(c.key)) {
        nodes.set(c.key, {});
        queue.push(c.key);
      }
    }
    nodes.get(key)!.edges = edges;
  }
  log(
    `tree from ${rootKey} to ${leafPlaced} pieces placed: ${nodes.size} canonical nodes, ${leaves.length} leaves (opening subtrees); ` +
      `built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // 2. The leaves: resumed from the progress file, the rest by the runner.
  const done = new Map<string, SavedLeaf>();
  if (existsSync(progressFile)) {
    const saved = JSON.parse(readFileSync(progressFile, 'utf8')) as {
      depth: number;
      root?: string;
      leaves: SavedLeaf[];
    };
    // files from before --from have no root: they are the empty board's
    if (saved.depth === leafPlaced && (saved.root ?? formatQuartoBoard(quartoStart())) === rootKey)
      for (const r of saved.leaves) done.set(r.key, r);
    log(`resumed: ${done.size} leaves from ${progressFile}`);
  }
  const save = () =>
    writeAtomically(progressFile, JSON.stringify({ depth: leafPlaced, root: rootKey, leaves: [...done.values()] }));

  /** The leaf searches still needed (plan draw: see the file's comment), or undefined when the plan cannot succeed. */
  const needed = (): Map<string, QuartoLeafBound> | undefined => {
    if (plan === 'all')
      return new Map(
        leaves.filter((k) => done.get(k)?.value === undefined).map((k) => [k, 'exact' as QuartoLeafBound] as const),
      );
    type Need = Map<string, QuartoLeafBound> | null;
    const memoLower = new Map<string, Need>();
    const memoUpper = new Map<string, Need>();
    const merge = (into: Map<string, QuartoLeafBound>, from: Map<string, QuartoLeafBound>) => {
      for (const [k, b] of from) into.set(k, into.has(k) && into.get(k) !== b ? 'exact' : b);
    };
    // at least a draw for the node's mover: one move to a node worth at most a draw to its mover
    const lower = (key: string): Need => {
      const memo = memoLower.get(key);
      if (memo !== undefined) return memo;
      let out: Need = null;
      const edges = nodes.get(key)!.edges;
      if (!edges) {
        const [lo, hi] = intervalOf(done.get(key));
        out = lo >= 0 ? new Map() : hi <= -1 ? null : new Map([[key, 'lower' as QuartoLeafBound]]);
      } else
        for (const e of edges) {
          const need: Need = e.ends !== undefined ? new Map() : upper(e.to);
          if (need && (out === null || need.size < out.size)) out = need;
          if (out?.size === 0) break;
        }
      memoLower.set(key, out);
      return out;
    };
    // at most a draw for the node's mover: every move to a node worth at least a draw to its mover
    const upper = (key: string): Need => {
      const memo = memoUpper.get(key);
      if (memo !== undefined) return memo;
      let out: Need = new Map();
      const edges = nodes.get(key)!.edges;
      if (!edges) {
        const [lo, hi] = intervalOf(done.get(key));
        out = hi <= 0 ? new Map() : lo >= 1 ? null : new Map([[key, 'upper' as QuartoLeafBound]]);
      } else
        for (const e of edges) {
          if (e.ends !== undefined) {
            if (e.ends > 0) out = null;
          } else {
            const need = lower(e.to);
            if (need === null) out = null;
            else if (out) merge(out, need);
          }
          if (out === null) break;
        }
      memoUpper.set(key, out);
      return out;
    };
    const a = lower(rootKey);
    const b = upper(rootKey);
    if (!a || !b) return undefined;
    merge(a, b);
    return new Map(a);
  };
  const first = needed();
  log(
    first === undefined
      ? 'plan draw: the leaves proved so far rule out a draw at the start'
      : `plan ${plan}: ${first.size} leaf searches needed now`,
  );

  // a leaf is handed out once per bound in a run; the plan is recomputed only when a result has come in
  const handedOut = new Set<string>();
  let current: Map<string, QuartoLeafBound> | undefined = first;
  let asked = 0;
  let received = 0;
  const deadline = started + budgetMs;
  const next = (): QuartoLeafJob | undefined => {
    if (Date.now() > deadline || current === undefined) return undefined;
    for (const [key, bound] of current) {
      if (handedOut.has(`${bound} ${key}`)) continue;
      handedOut.add(`${bound} ${key}`);
      asked++;
      return { board: key, bound, limitMs: leafMs };
    }
    return undefined;
  };
  const onResult = (r: QuartoLeafResult) => {
    received++;
    // a one-sided result adds to what an earlier one proved
    const [lo0, hi0] = intervalOf(done.get(r.key));
    const [lo1, hi1] = intervalOf(r);
    const lo = Math.max(lo0, lo1);
    const hi = Math.min(hi0, hi1);
    const merged: SavedLeaf = r.proved ? { ...r, value: lo === hi ? lo : undefined, lo, hi } : (done.get(r.key) ?? r);
    done.set(r.key, merged);
    save();
    current = needed();
    log(
      `${r.key} (${r.bound}): ${r.proved ? shown([lo, hi]) : 'unproved'} in ${(r.ms / 1000).toFixed(1)} s ` +
        `(${r.nodes.toLocaleString('en-US')} nodes); ` +
        `${current === undefined ? 'the plan cannot succeed' : `${current.size} leaf searches left`}`,
    );
  };
  let error: string | undefined;
  if (first !== undefined && first.size > 0) {
    try {
      await options.runner(next, onResult, deadline);
    } catch (e) {
      error = oneLine((e as Error).message);
      log(`leaf searches ended early: ${error}`);
    }
  }

  // 3. The proof file, re-checked by the independent checker.
  const proofNodes: Record<string, ProofNode> = {};
  for (const [key, node] of nodes) {
    if (node.edges) proofNodes[key] = { edges: node.edges };
    else {
      const r = done.get(key);
      const [lo, hi] = intervalOf(r);
      proofNodes[key] = lo > -1 || hi < 1 ? { claim: [lo, hi], by: `solver, ${(r!.ms / 1000).toFixed(1)} s` } : {};
    }
  }
  const draft: QuartoProof = {
    format: QUARTO_PROOF_FORMAT,
    variant: 'standard',
    root: rootKey,
    value: [-1, 1],
    nodes: proofNodes,
  };
  // the root's value as far as the leaves go: the checker derives it; the file then claims that
  let value: [number, number] = [-1, 1];
  try {
    checkQuartoProof(draft);
  } catch (e) {
    const m = /derives as \[(-?\d),(-?\d)\]/.exec((e as Error).message);
    if (!m) throw e;
    value = [Number(m[1]), Number(m[2])];
  }
  writeAtomically(proofFile, JSON.stringify({ ...draft, value } satisfies QuartoProof));
  const check = checkQuartoProof(JSON.parse(readFileSync(proofFile, 'utf8')) as QuartoProof);

  const proved = [...done.values()].filter((r) => r.proved);
  const exact = proved.filter((r) => r.value !== undefined);
  const wall = proved.map((r) => r.ms / 1000).sort((a, b) => a - b);
  const median = wall.length ? wall[wall.length >> 1] : Number.NaN;
  const mean = wall.length ? wall.reduce((a, b) => a + b, 0) / wall.length : Number.NaN;
  const unproved = [...done.values()].filter((r) => !r.proved).length;
  log(
    `\nleaves: ${leaves.length}; exact ${exact.length} (win ${exact.filter((r) => r.value === 1).length}, ` +
      `draw ${exact.filter((r) => r.value === 0).length}, loss ${exact.filter((r) => r.value === -1).length}), ` +
      `one bound ${proved.length - exact.length} (at most a draw ${proved.filter((r) => r.value === undefined && r.hi === 0).length}, ` +
      `at least a draw ${proved.filter((r) => r.value === undefined && r.lo === 0).length}); ` +
      `stopped at the ${leafMs / 1000} s limit: ${unproved}`,
  );
  log(
    `this run: ${asked} leaf searches asked, ${received} results received` +
      (proved.length > 0
        ? `; wall per searched leaf (one thread each): median ${median.toFixed(1)} s, mean ${mean.toFixed(1)} s`
        : ''),
  );
  log(
    `the start's value so far (player to move): ${shown(check.value)}; ` +
      `checked: ${check.nodes} nodes, ${check.edges} moves, ${check.trustedLeaves} leaf values from the solver, ${check.openLeaves} open`,
  );
  const left = needed();
  if (left === undefined) log('plan draw: the leaves proved rule out a draw at the start');
  else if (proved.length > 0)
    log(
      `projection for the ${left.size} leaf searches left (plan ${plan}) at the searched leaves' mean: ` +
        `${((left.size * mean) / 3600).toFixed(1)} thread hours (a lower bound when leaves hit the limit)`,
    );
  else if (left.size > 0) log(`no leaf proved yet: each tried took more than ${leafMs / 1000} s of wall time`);
  log(`proof file: ${proofFile}; wall ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { root: rootKey, leaves: leaves.length, asked, received, check, ...(error ? { error } : {}) };
}

/**
 * A leaf runner over the queue at `url`: each round sends every leaf `next` gives as one job
 * (QUARTO_LEAF_TASK; a leaf searched before, by any run, comes back from Redis at once) and waits
 * for their results, until `next` gives none. At the deadline it stops waiting: the jobs left stay
 * on the queue, and the next run collects their results. A job that failed on every attempt ends
 * the run (the progress so far is kept).
 */
export async function queueLeafRunner(
  url: string,
  options: QueueExecutorOptions<QuartoLeafJob> = {},
): Promise<{ run: LeafRunner; close(): Promise<void> }> {
  const executor = await createTaskExecutor(url, QUARTO_LEAF_TASK, options);
  const run: LeafRunner = async (next, onResult, deadline) => {
    for (;;) {
      const batch: QuartoLeafJob[] = [];
      for (let job = next(); job !== undefined; job = next()) batch.push(job);
      if (batch.length === 0) return;
      try {
        await executor.run(batch, onResult, AbortSignal.timeout(Math.max(1, deadline - Date.now())));
      } catch (e) {
        if ((e as Error).name !== 'TimeoutError') throw e;
        options.onStatus?.(
          'the time budget is spent: stopped waiting; the jobs left stay on the queue for the next run',
        );
        return;
      }
    }
  };
  return { run, close: () => executor.close() };
}
