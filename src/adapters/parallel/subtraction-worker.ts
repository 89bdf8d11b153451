/**
 * The worker loop of the parallel subtraction kernel: every worker claims whole blocks in order and
 * finishes each one itself (see subtraction.ts for the design and its cost model).
 *
 * A block [n0, n0 + len) has its own mark rows (the claiming worker's buffer: no other thread reads
 * or writes them, so nothing is merged and no cache line is shared). While blocks before it are
 * still in flight, the worker marks every move whose options all lie in finished heaps, farthest
 * first, and marks more each time the frontier DONE advances (the "far" phase: almost all the
 * work, in parallel with the other workers). When every earlier block is done, it marks the moves
 * left (shorter than about two blocks), resolves the block in order (moves shorter than a sub-block
 * heap by heap) and publishes DONE = c + 1: that "tail" is the pipeline's only sequential part.
 * A block's mark stride (bytes per heap, above every value) is chosen when it is claimed, from the
 * largest value so far plus a margin; if a value outgrows it, the worker redoes the block as wide as
 * a row allows (layout.rowBytes); beyond that it sets OUTGROWN and STOP, and the host finishes on
 * one thread from DONE.
 * Self-contained on purpose (type imports only): scripts/build-wasm.ts transpiles it to
 * subtraction-worker.generated.mjs, which workers load without the TypeScript loader.
 */
import type { SubtractionExports, SubtractionLayout } from '../../engine/families/subtraction/wasm.ts';

/**
 * Slots of the shared control array. READY counts workers that have started; the host then writes
 * the block plan (BLOCKS, the plan's starts) and sets GO. NEXT is the next block to claim; DONE the
 * blocks finished (in order); TOP the largest value in them; OUTGROWN is set (with STOP) when a value
 * needs a row wider than the layout's. NEXT sits on its own cache line: claims do not disturb the
 * threads spinning on DONE.
 */
export const CTL = { DONE: 0, TOP: 1, STOP: 2, READY: 3, GO: 4, BLOCKS: 6, OUTGROWN: 7, NEXT: 16, SIZE: 32 } as const;

/** Default room above the largest value when a block's stride is chosen at its claim. */
export const STRIDE_MARGIN = 64;

export interface SubtractionTask {
  readonly layout: SubtractionLayout;
  /** Positions per kernel call (marks stay in L1); blocks are multiples of it except the last. */
  readonly sub: number;
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  readonly control: SharedArrayBuffer;
  /** Int32 block starts: block c is [plan[c], plan[c + 1]), c < ctl[BLOCKS] (written before GO). */
  readonly plan: SharedArrayBuffer;
  /** Thread number: its mark buffer is the layout's buffer `thread` (0: the calling thread, workers from 1). */
  readonly thread: number;
  readonly margin: number;
}

/** What a worker did, for the bench's account of the sequential part (milliseconds). */
export interface WorkerReport {
  blocks: number;
  /** Marking moves while earlier blocks were in flight. */
  farMs: number;
  /** After every earlier block was done: the rest of the block (the pipeline's sequential part). */
  tailMs: number;
  /** Waiting for the frontier with nothing to mark. */
  waitMs: number;
}

/** Spins before sleeping: about 50 µs, shorter than a futex wake-up, when a frontier advance is near. */
const SPIN = 20_000;

/** Waits until ctl[slot] !== seen or STOP; returns false on STOP. */
function waitChange(ctl: Int32Array, slot: number, seen: number, spin: number): boolean {
  for (let i = 0; i < spin; i++) if (Atomics.load(ctl, slot) !== seen) return true;
  for (;;) {
    if (Atomics.load(ctl, CTL.STOP)) return false;
    if (Atomics.load(ctl, slot) !== seen) return true;
    Atomics.wait(ctl, slot, seen, 20);
  }
}

/** Bytes of marks per position for values up to top (as the kernel's strideFor). */
const strideFor = (top: number) => (top + 8) & ~7;

/** The first index i in [lo, hi) with moves[i] >= x (hi if none); moves ascend. */
function lowerBound(moves: Int32Array, x: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (moves[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The worker's loop: claims and finishes blocks until none is left (or STOP). */
export default function runSubtractionWorker(task: SubtractionTask): WorkerReport {
  const report: WorkerReport = { blocks: 0, farMs: 0, tailMs: 0, waitMs: 0 };
  const k = subtractionInstance(task);
  const ctl = new Int32Array(task.control);
  Atomics.add(ctl, CTL.READY, 1);
  Atomics.notify(ctl, CTL.READY);
  if (!waitChange(ctl, CTL.GO, 0, 0)) return report;
  claimBlocks(task, k, report);
  return report;
}

/** The kernel's exports over the task's shared memory (one instance per thread). */
export function subtractionInstance(task: SubtractionTask): SubtractionExports {
  return new WebAssembly.Instance(task.module, { env: { memory: task.memory } })
    .exports as unknown as SubtractionExports;
}

/**
 * Claims and finishes blocks (after GO) until none is left or STOP: true then. With `until` (a
 * performance.now() time) it also returns after the first block finished past it, false: the
 * calling thread works in slices, so its event loop (progress, Ctrl-C) runs between them. It never
 * returns holding a claimed block, so no other thread waits on it in between.
 */
export function claimBlocks(
  task: SubtractionTask,
  k: SubtractionExports,
  report: WorkerReport,
  until = Infinity,
): boolean {
  const { layout, sub, margin } = task;
  const ctl = new Int32Array(task.control);
  const plan = new Int32Array(task.plan);
  const blocks = Atomics.load(ctl, CTL.BLOCKS);
  const moves = new Int32Array(task.memory.buffer, layout.movesPtr, layout.moveCount);
  const { gPtr, movesPtr, rowBytes } = layout;
  const seen = layout.seenPtr + task.thread * layout.seenBytes;
  const subEnd = lowerBound(moves, sub, 0, moves.length);
  const now = () => performance.now();
  for (;;) {
    if (Atomics.load(ctl, CTL.STOP)) return true;
    if (now() > until) return false;
    const c = Atomics.add(ctl, CTL.NEXT, 1);
    if (c >= blocks) return true;
    let t = now();
    const n0 = plan[c];
    const len = plan[c + 1] - n0;
    const nearEnd = lowerBound(moves, len, 0, moves.length); // moves shorter than the block
    const farEnd = lowerBound(moves, n0 + len, nearEnd, moves.length); // moves some heap of the block can make
    let stride = Math.min(rowBytes, strideFor(Atomics.load(ctl, CTL.TOP)) + margin);
    k.clear(seen, len * stride);
    // Far phase: moves[lo..farEnd) are marked; a move s has every option finished once
    // n0 + len - 1 - s < plan[done], i.e. s >= n0 + len - plan[done].
    let lo = farEnd;
    for (;;) {
      const done = Atomics.load(ctl, CTL.DONE);
      if (done >= c) break;
      const next = lowerBound(moves, n0 + len - plan[done], nearEnd, lo);
      if (next < lo) {
        k.markBlock(gPtr, movesPtr, next, lo, n0, len, sub, seen, stride, false);
        lo = next;
        continue;
      }
      const t1 = now();
      report.farMs += t1 - t;
      // The block just before this one is the only one left: its end is near, spin for it.
      if (!waitChange(ctl, CTL.DONE, done, done === c - 1 ? SPIN : SPIN / 10)) return true;
      t = now();
      report.waitMs += t - t1;
    }
    const t2 = now();
    report.farMs += t2 - t;
    // Tail: every earlier block is done; the moves left are shorter than about two blocks. TOP is
    // now the largest value before the block: a block finished after the claim may have a value
    // at or above the stride chosen then, whose far marks spilled into the next heap's row (a wrong
    // value, not a detected one), so such a block is redone too.
    const topBefore = Atomics.load(ctl, CTL.TOP);
    let r = -1;
    if (topBefore < stride) {
      if (lo > nearEnd) k.markBlock(gPtr, movesPtr, nearEnd, lo, n0, len, sub, seen, stride, false);
      r = k.finishBlock(gPtr, movesPtr, 0, 0, subEnd, nearEnd, n0, len, sub, seen, stride, false);
    }
    if (r < 0 && stride < rowBytes && topBefore < rowBytes) {
      // A value outgrew the stride chosen at the claim: the block again, as wide as a row allows
      // (the heaps already written are recomputed to the same values).
      stride = rowBytes;
      r = k.finishBlock(gPtr, movesPtr, nearEnd, farEnd, subEnd, nearEnd, n0, len, sub, seen, stride, true);
    }
    if (r < 0) {
      Atomics.store(ctl, CTL.OUTGROWN, 1);
      Atomics.store(ctl, CTL.STOP, 1);
      Atomics.notify(ctl, CTL.DONE);
      return true;
    }
    // Blocks finish in order, so only this thread writes TOP now.
    if (r > Atomics.load(ctl, CTL.TOP)) Atomics.store(ctl, CTL.TOP, r);
    Atomics.store(ctl, CTL.DONE, c + 1);
    Atomics.notify(ctl, CTL.DONE);
    report.tailMs += now() - t2;
    report.blocks++;
  }
}
