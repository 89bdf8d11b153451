/**
 * The empty Quarto board, attempted: `npx tsx scripts/quarto-empty.ts [--depth D] [--seconds S]
 * [--leaf-seconds L] [--threads T] [--progress FILE] [--proof FILE]`.
 *
 * The tree from the start is cut by symmetry (canonical forms) down to D pieces placed (default 2);
 * its leaves (the opening subtrees) are solved for win, draw or loss by the solver on T worker threads
 * (default 2), each with L seconds (default 60) at most. Each finished leaf is saved to the progress
 * file at once (temp name, then rename), so a run stopped anywhere resumes where it was; a run stops
 * taking new leaves after S seconds (default 300). At the end the proof file (proof.ts's format: every
 * move of every node above the leaves, the symmetry to the node it reaches, the leaves' values) is
 * written and re-checked by the independent checker, and the figures are printed: leaves proved,
 * time per leaf, the root's value so far, and a projection for the leaves left.
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
import { placedCount, playQuarto, quartoMoves, quartoStart } from '../src/engine/families/quarto/rules.ts';
import { solveQuarto } from '../src/engine/families/quarto/solve.ts';
import { canonicalForm } from '../src/engine/families/quarto/symmetry.ts';
import { QuartoSearch } from '../src/engine/families/quarto/solver.ts';

interface LeafJob {
  readonly key: string;
  readonly limitMs: number;
}
interface LeafResult {
  readonly key: string;
  readonly proved: boolean;
  /** -1, 0, 1 for the player to move at the leaf. */
  readonly value?: number;
  readonly ms: number;
  readonly nodes: number;
}

if (!isMainThread) {
  // A worker: one search (and table) for all its leaves.
  const search = new QuartoSearch('standard', { tableBits: 20 });
  parentPort!.on('message', (job: LeafJob) => {
    search.clear();
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
  const todo = leaves.filter((k) => !done.get(k)?.proved);
  const save = () => writeAtomically(progressFile, JSON.stringify({ depth, leaves: [...done.values()] }));
  await new Promise<void>((resolve) => {
    let next = 0;
    let running = 0;
    const workers: Worker[] = [];
    const feed = (w: Worker) => {
      if (next >= todo.length || Date.now() - started > budgetMs) {
        void w.terminate();
        if (running === 0 && workers.every((x) => x.threadId < 0 || x === w)) resolve();
        return;
      }
      running++;
      w.postMessage({ key: todo[next++], limitMs: leafMs } satisfies LeafJob);
    };
    const count = Math.max(1, Math.min(threads, todo.length));
    if (todo.length === 0) return resolve();
    let alive = count;
    for (let i = 0; i < count; i++) {
      const w = startThread(new URL(import.meta.url));
      workers.push(w);
      w.on('message', (r: LeafResult) => {
        running--;
        done.set(r.key, r);
        save();
        console.log(
          `${r.key}: ${r.proved ? ['loss', 'draw', 'win'][r.value! + 1] : 'unproved'} in ${(r.ms / 1000).toFixed(1)} s ` +
            `(${r.nodes.toLocaleString('en-US')} nodes); ` +
            `${[...done.values()].filter((x) => x.proved).length}/${leaves.length} proved`,
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
      proofNodes[key] =
        r?.proved && r.value !== undefined
          ? { claim: [r.value, r.value], by: `solver, ${(r.ms / 1000).toFixed(1)} s` }
          : {};
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
  const wall = proved.map((r) => r.ms / 1000).sort((a, b) => a - b);
  const median = wall.length ? wall[wall.length >> 1] : Number.NaN;
  const mean = wall.length ? wall.reduce((a, b) => a + b, 0) / wall.length : Number.NaN;
  const { user, system } = process.cpuUsage();
  const unproved = [...done.values()].filter((r) => !r.proved).length;
  const names = ['loss', 'draw', 'win'];
  console.log(
    `\nleaves: ${leaves.length}; proved ${proved.length} (win ${proved.filter((r) => r.value === 1).length}, ` +
      `draw ${proved.filter((r) => r.value === 0).length}, loss ${proved.filter((r) => r.value === -1).length}); ` +
      `stopped at the ${leafMs / 1000} s limit: ${unproved}`,
  );
  console.log(
    `${proved.length > 0 ? `wall per proved leaf (one thread each): median ${median.toFixed(1)} s, mean ${mean.toFixed(1)} s; ` : ''}` +
      `this run's CPU (all threads) ${((user + system) / 1e6).toFixed(0)} s`,
  );
  console.log(
    `the start's value so far (first player): [${check.value.map((v) => names[v + 1]).join(', ')}]; ` +
      `checked: ${check.nodes} nodes, ${check.edges} moves, ${check.trustedLeaves} leaf values from the solver, ${check.openLeaves} open`,
  );
  if (proved.length > 0)
    console.log(
      `projection for the ${leaves.length - proved.length} leaves left at the proved leaves' mean: ` +
        `${(((leaves.length - proved.length) * mean) / 3600).toFixed(1)} thread hours (a lower bound when leaves hit the limit)`,
    );
  else console.log(`no leaf proved yet: each tried took more than ${leafMs / 1000} s of wall time`);
  console.log(`proof file: ${proofFile}; wall ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
