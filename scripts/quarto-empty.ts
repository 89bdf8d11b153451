/**
 * The empty Quarto board, proved: `npx tsx scripts/quarto-empty.ts [--depth D] [--plan draw|all]
 * [--seconds S] [--leaf-seconds L] [--threads T] [--progress FILE] [--proof FILE]`.
 *
 * The tree from the start is cut by symmetry (canonical forms) down to D pieces placed (default 2);
 * its leaves (the opening subtrees) are searched by the solver on T worker threads (default 2), each
 * with L seconds (default 60) at most. With `--plan draw` (the default) only the leaves a proof of
 * the expected draw needs are searched, each for one bound: the start is a draw when every reply of
 * the second player leaves the first a move worth at most a draw to the second player (one leaf
 * proved "at most a draw" under each), and some reply leaves every move of the first player worth
 * at least a draw to the second (all leaves under one reply proved "at least a draw"); the negamax
 * over the tree (the checker's) is what decides, at any depth. `--plan all` solves every leaf
 * exactly. Each finished leaf is saved to the progress file at once (temp name, then rename), so a
 * run stopped anywhere resumes where it was; a run stops taking new leaves after S seconds (default
 * 300). At the end the proof file (proof.ts's format: every move of every node above the leaves, the
 * symmetry to the node it reaches, the leaves' proved intervals) is written and re-checked by the
 * independent checker, and the figures are printed: leaves searched, time per leaf, the root's value
 * so far, and a projection for the searches left.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { type Worker, isMainThread, parentPort } from 'node:worker_threads';
import { startThread } from '../src/adapters/worker-runner.ts';
import { formatQuartoBoard, moveText, parseQuartoBoard } from '../src/engine/families/quarto/notation.ts';
import {
  checkQuartoProof,
  QUARTO_PROOF_FORMAT,
  type ProofEdge,
  type ProofNode,
  type QuartoProof,
} from '../src/engine/families/quarto/proof.ts';
import {
  piecesToGive,
  placedCount,
  playQuarto,
  quartoMoves,
  quartoStart,
} from '../src/engine/families/quarto/rules.ts';
import { solveQuarto } from '../src/engine/families/quarto/solve.ts';
import { canonicalForm } from '../src/engine/families/quarto/symmetry.ts';
import { QuartoSearch, SearchStopped } from '../src/engine/families/quarto/solver.ts';

/** exact: win, draw or loss; upper: whether the mover can win (hi 0 or a win); lower: whether the mover can lose. */
type Bound = 'exact' | 'upper' | 'lower';
interface LeafJob {
  readonly key: string;
  readonly limitMs: number;
  readonly bound: Bound;
}
interface LeafResult {
  readonly key: string;
  readonly proved: boolean;
  /** -1, 0, 1 for the player to move at the leaf, when known exactly. */
  readonly value?: number;
  /** The proved interval of the value (older progress files have only `value`). */
  readonly lo?: number;
  readonly hi?: number;
  readonly ms: number;
  readonly nodes: number;
}

/** The interval a result proves, [-1, 1] when nothing. */
function intervalOf(r: LeafResult | undefined): [number, number] {
  if (!r?.proved) return [-1, 1];
  if (r.value !== undefined) return [r.value, r.value];
  return [r.lo ?? -1, r.hi ?? 1];
}

if (!isMainThread) {
  // A worker: one search (and table) for all its leaves.
  const search = new QuartoSearch('standard', { tableBits: 20 });
  parentPort!.on('message', (job: LeafJob) => {
    search.clear();
    if (job.bound !== 'exact') {
      parentPort!.postMessage(oneSided(search, job));
      return;
    }
    const r = solveQuarto(parseQuartoBoard(job.key), { search, timeLimitMs: job.limitMs, distance: false });
    const value = r.outcome === 'win' ? 1 : r.outcome === 'loss' ? -1 : 0;
    const result: LeafResult = {
      key: job.key,
      proved: r.proved,
      value: r.proved ? value : undefined,
      ms: r.ms,
      nodes: r.nodes,
    };
    parentPort!.postMessage(result);
  });
} else {
  await main();
}

/**
 * One bound of a leaf with a null window: upper searches (0, 1) (at most 0: no win for the mover;
 * else a win), lower searches (-1, 0) (at least 0: no loss; else a loss). Scores are the solver's
 * (a win is 32 - N >= 1), so a null window at 0 decides the side.
 */
function oneSided(search: QuartoSearch, job: LeafJob): LeafResult {
  const started = Date.now();
  const position = parseQuartoBoard(job.key);
  search.setBoard(position.cells);
  search.setLimits(started + job.limitMs, undefined);
  const nodes0 = search.nodes;
  const [alpha, beta] = job.bound === 'upper' ? [0, 1] : [-1, 0];
  try {
    const score = search.search(position.hand, piecesToGive(position), alpha, beta);
    const base = { key: job.key, proved: true, ms: Date.now() - started, nodes: search.nodes - nodes0 };
    if (job.bound === 'upper') return score <= 0 ? { ...base, lo: -1, hi: 0 } : { ...base, value: 1 };
    return score >= 0 ? { ...base, lo: 0, hi: 1 } : { ...base, value: -1 };
  } catch (e) {
    if (!(e instanceof SearchStopped)) throw e;
    return { key: job.key, proved: false, ms: Date.now() - started, nodes: search.nodes - nodes0 };
  }
}

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

function writeAtomically(file: string, text: string): void {
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

async function main(): Promise<void> {
  const depth = Number(option('--depth', '2'));
  const budgetMs = Number(option('--seconds', '300')) * 1000;
  const leafMs = Number(option('--leaf-seconds', '60')) * 1000;
  const threads = Number(option('--threads', String(Math.min(2, os.cpus().length))));
  const plan = option('--plan', 'draw');
  if (plan !== 'draw' && plan !== 'all') throw new Error(`--plan: draw or all, not ${plan}`);
  const progressFile = option('--progress', 'quarto-empty.progress.json');
  const proofFile = option('--proof', 'quarto-empty.proof.json');
  const started = Date.now();

  // 1. The tree above the leaves, cut by symmetry.
  const start = quartoStart();
  const rootKey = formatQuartoBoard(start);
  const nodes = new Map<string, { edges?: ProofEdge[] }>();
  const queue = [rootKey];
  nodes.set(rootKey, {});
  const leaves: string[] = [];
  while (queue.length > 0) {
    const key = queue.shift()!;
    const position = key === rootKey ? start : parseQuartoBoard(key);
    if (key !== rootKey && placedCount(position) >= depth) {
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
  console.log(
    `tree to ${depth} pieces placed: ${nodes.size} canonical nodes, ${leaves.length} leaves (opening subtrees); ` +
      `built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  // 2. The leaves: resumed from the progress file, the rest on worker threads.
  const done = new Map<string, LeafResult>();
  if (existsSync(progressFile)) {
    const saved = JSON.parse(readFileSync(progressFile, 'utf8')) as { depth: number; leaves: LeafResult[] };
    if (saved.depth === depth) for (const r of saved.leaves) done.set(r.key, r);
    console.log(`resumed: ${done.size} leaves from ${progressFile}`);
  }
  const save = () => writeAtomically(progressFile, JSON.stringify({ depth, leaves: [...done.values()] }));
  const running = new Set<string>();
  const names = ['loss', 'draw', 'win'];
  const shown = ([lo, hi]: [number, number]) => (lo === hi ? names[lo + 1] : `[${names[lo + 1]}, ${names[hi + 1]}]`);
  /** The leaf searches still needed (plan draw: see the file's comment), or undefined when the plan cannot succeed. */
  const needed = (): Map<string, Bound> | undefined => {
    if (plan === 'all')
      return new Map(leaves.filter((k) => done.get(k)?.value === undefined).map((k) => [k, 'exact' as Bound] as const));
    type Need = Map<string, Bound> | null;
    const memoLower = new Map<string, Need>();
    const memoUpper = new Map<string, Need>();
    const merge = (into: Map<string, Bound>, from: Map<string, Bound>) => {
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
        out = lo >= 0 ? new Map() : hi <= -1 ? null : new Map([[key, 'lower' as Bound]]);
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
        out = hi <= 0 ? new Map() : lo >= 1 ? null : new Map([[key, 'upper' as Bound]]);
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
    return a;
  };
  const first = needed();
  console.log(
    first === undefined
      ? 'plan draw: the leaves proved so far rule out a draw at the start'
      : `plan ${plan}: ${first.size} leaf searches needed now`,
  );
  await new Promise<void>((resolve) => {
    let busy = 0;
    const workers: Worker[] = [];
    const pick = (): LeafJob | undefined => {
      const jobs = needed();
      if (!jobs) return undefined;
      for (const [key, bound] of jobs) if (!running.has(key)) return { key, bound, limitMs: leafMs };
      return undefined;
    };
    const feed = (w: Worker) => {
      const job = Date.now() - started > budgetMs ? undefined : pick();
      if (!job) {
        void w.terminate();
        if (busy === 0 && workers.every((x) => x.threadId < 0 || x === w)) resolve();
        return;
      }
      busy++;
      running.add(job.key);
      w.postMessage(job satisfies LeafJob);
    };
    if (!first || first.size === 0) return resolve();
    const count = Math.max(1, Math.min(threads, first.size));
    let alive = count;
    for (let i = 0; i < count; i++) {
      const w = startThread(new URL(import.meta.url));
      workers.push(w);
      w.on('message', (r: LeafResult) => {
        busy--;
        running.delete(r.key);
        // a one-sided result adds to what an earlier one proved
        const before = intervalOf(done.get(r.key));
        const now = intervalOf(r);
        const lo = Math.max(before[0], now[0]);
        const hi = Math.min(before[1], now[1]);
        const merged: LeafResult = r.proved
          ? { ...r, value: lo === hi ? lo : undefined, lo, hi }
          : (done.get(r.key) ?? r);
        done.set(r.key, merged);
        save();
        const left = needed();
        console.log(
          `${r.key}: ${r.proved ? shown([lo, hi]) : 'unproved'} in ${(r.ms / 1000).toFixed(1)} s ` +
            `(${r.nodes.toLocaleString('en-US')} nodes); ` +
            `${left === undefined ? 'the plan cannot succeed' : `${left.size} leaf searches left`}`,
        );
        feed(w);
      });
      w.on('exit', () => {
        if (--alive === 0) resolve();
      });
      feed(w);
    }
  });

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
  const proof: QuartoProof = { ...draft, value };
  writeAtomically(proofFile, JSON.stringify(proof));
  const check = checkQuartoProof(JSON.parse(readFileSync(proofFile, 'utf8')) as QuartoProof);
  const proved = [...done.values()].filter((r) => r.proved);
  const exact = proved.filter((r) => r.value !== undefined);
  const wall = proved.map((r) => r.ms / 1000).sort((a, b) => a - b);
  const median = wall.length ? wall[wall.length >> 1] : Number.NaN;
  const mean = wall.length ? wall.reduce((a, b) => a + b, 0) / wall.length : Number.NaN;
  const { user, system } = process.cpuUsage();
  const unproved = [...done.values()].filter((r) => !r.proved).length;
  console.log(
    `\nleaves: ${leaves.length}; exact ${exact.length} (win ${exact.filter((r) => r.value === 1).length}, ` +
      `draw ${exact.filter((r) => r.value === 0).length}, loss ${exact.filter((r) => r.value === -1).length}), ` +
      `one bound ${proved.length - exact.length} (at most a draw ${proved.filter((r) => r.value === undefined && r.hi === 0).length}, ` +
      `at least a draw ${proved.filter((r) => r.value === undefined && r.lo === 0).length}); ` +
      `stopped at the ${leafMs / 1000} s limit: ${unproved}`,
  );
  console.log(
    `${proved.length > 0 ? `wall per searched leaf (one thread each): median ${median.toFixed(1)} s, mean ${mean.toFixed(1)} s; ` : ''}` +
      `this run's CPU (all threads) ${((user + system) / 1e6).toFixed(0)} s`,
  );
  console.log(
    `the start's value so far (first player): [${check.value.map((v) => names[v + 1]).join(', ')}]; ` +
      `checked: ${check.nodes} nodes, ${check.edges} moves, ${check.trustedLeaves} leaf values from the solver, ${check.openLeaves} open`,
  );
  const left = needed();
  if (left === undefined) console.log('plan draw: the leaves proved rule out a draw at the start');
  else if (proved.length > 0)
    console.log(
      `projection for the ${left.size} leaf searches left (plan ${plan}) at the searched leaves' mean: ` +
        `${((left.size * mean) / 3600).toFixed(1)} thread hours (a lower bound when leaves hit the limit)`,
    );
  else console.log(`no leaf proved yet: each tried took more than ${leafMs / 1000} s of wall time`);
  console.log(`proof file: ${proofFile}; wall ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
