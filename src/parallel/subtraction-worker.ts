/**
 * Worker of the parallel subtraction kernel (run by piscina, see subtraction.ts).
 *
 * Pipeline over blocks c = 0, 1, ... of `block` heaps. Worker 0 (the resolver) finishes blocks in
 * order: it marks the moves shorter than L = lag·block and its share of the longer ones, merges
 * the helpers' marks, resolves the near moves (see assembly/subtraction.ts) and publishes DONE.
 * A helper marks its share of the moves s >= L for block c as soon as blocks <= c - lag are done
 * (every such option lies there), into ring slot c % lag: helpers run up to lag - 1 blocks ahead,
 * so neither side waits on the other at every block. The mark stride of block c is published
 * with DONE of block c - lag; if the values outgrow it, worker 0 redoes the block alone, as wide
 * as a mark row allows (layout.rowBytes); beyond that it stops (OUTGROWN) and the host finishes
 * single-threaded.
 * Self-contained on purpose (type imports only): scripts/build-wasm.ts transpiles it to
 * subtraction-worker.generated.mjs, which workers load without the TypeScript loader.
 */
import type { SubtractionExports, SubtractionLayout } from '../engine/wasm/subtraction.ts';

/** Slots of the shared control array: scalars, then FOLDED per helper, then STRIDE per ring slot. */
export const CTL = { DONE: 0, TOP: 1, CANCEL: 2, STOP: 3, OUTGROWN: 4, FOLDED: 8, MAX_THREADS: 64, STRIDE: 72, MAX_LAG: 16, SIZE: 88 } as const;

/** Default room above the largest value when a stride is chosen lag blocks ahead. */
export const STRIDE_MARGIN = 64;

export interface SubtractionTask {
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  readonly control: SharedArrayBuffer;
  readonly layout: SubtractionLayout;
  /** Fill heaps from..to-1 (g[0..from) known). */
  readonly from: number;
  readonly to: number;
  /** Blocks a helper may run ahead (ring slots per helper). */
  readonly lag: number;
  /** Room above the largest value when a block's stride is chosen lag blocks ahead. */
  readonly margin: number;
  /** Positions folded per call (marks stay cache resident); layout.block is the pipeline block. */
  readonly sub: number;
  readonly thread: number;
  readonly threads: number;
}

const SPIN = 2_000;

/** Waits until ctl[slot] >= target or STOP is set; returns false on STOP. */
function waitAtLeast(ctl: Int32Array, slot: number, target: number): boolean {
  for (let i = 0; i < SPIN; i++) if (Atomics.load(ctl, slot) >= target) return true;
  for (;;) {
    const seen = Atomics.load(ctl, slot);
    if (seen >= target) return true;
    if (Atomics.load(ctl, CTL.STOP)) return false;
    Atomics.wait(ctl, slot, seen, 20);
  }
}

/** Bytes of marks per position for values up to top (as the kernel's strideFor). */
const strideFor = (top: number) => (top + 8) & ~7;

/** Runs this worker's part of the fill; returns the number of blocks it handled. */
export default function runSubtractionTask(task: SubtractionTask): number {
  const { layout, from, to, sub, thread, threads, lag, margin } = task;
  const k = new WebAssembly.Instance(task.module, { env: { memory: task.memory } }).exports as unknown as SubtractionExports;
  const ctl = new Int32Array(task.control);
  const moves = new Int32Array(task.memory.buffer, layout.movesPtr, layout.moveCount);
  const m = layout.moveCount;
  const B = layout.block;
  const L = lag * B;
  const blocks = Math.ceil((to - from) / B);
  // Buffer 0: the resolver's; helper t (1-based) owns buffers 1 + (t-1)·lag .. t·lag.
  const buffer = (t: number, c: number) => layout.seenPtr + (t === 0 ? 0 : 1 + (t - 1) * lag + (c % lag)) * layout.seenBytes;
  const fold = (lo: number, hi: number, n0: number, len: number, seen: number, stride: number) => {
    for (let j = 0; j < len; j += sub) k.fold(layout.gPtr, layout.movesPtr, lo, hi, n0 + j, Math.min(sub, len - j), seen + j * stride, stride);
  };
  let nearEnd = 0;
  let midEnd = 0;
  let farEnd = 0;
  let handled = 0;
  for (let c = 0; c < blocks; c++) {
    const n0 = from + c * B;
    const len = Math.min(B, to - n0);
    const last = n0 + len - 1;
    while (nearEnd < m && moves[nearEnd] < len) nearEnd++;
    midEnd = Math.max(midEnd, nearEnd);
    while (midEnd < m && moves[midEnd] < L && moves[midEnd] <= last) midEnd++;
    farEnd = Math.max(farEnd, midEnd);
    while (farEnd < m && moves[farEnd] <= last) farEnd++;
    // Balance, in units of one move marked over the block: the resolver also resolves the near
    // moves (about 1.5 times the cost of marking them: a branch per option), merges every helper's
    // marks (stride/8 words per heap each) and clears its own (stride bytes per heap). Both sides
    // compute the same split: the stride of block c is fixed before either reads it.
    const helpers = threads - 1;
    const splitFor = (stride: number) => {
      const extra = 1.5 * nearEnd + (helpers * stride) / 8 + stride / 32;
      const own = Math.round((farEnd + extra) / threads - extra - (midEnd - nearEnd) - nearEnd);
      return midEnd + Math.min(farEnd - midEnd, Math.max(0, own));
    };
    const share = (t: number, split: number) => [split + Math.floor(((farEnd - split) * (t - 1)) / helpers), split + Math.floor(((farEnd - split) * t) / helpers)];

    if (thread > 0) {
      if (!waitAtLeast(ctl, CTL.DONE, c - lag + 1)) break;
      const stride = Atomics.load(ctl, CTL.STRIDE + (c % lag));
      const seen = buffer(thread, c);
      const [lo, hi] = share(thread, splitFor(stride));
      k.clear(seen, len * stride);
      fold(lo, hi, n0, len, seen, stride);
      Atomics.store(ctl, CTL.FOLDED + thread, c + 1);
      Atomics.notify(ctl, CTL.FOLDED + thread);
      handled++;
      continue;
    }

    // Resolver.
    if (Atomics.load(ctl, CTL.CANCEL)) {
      Atomics.store(ctl, CTL.STOP, 1);
      for (let t = 1; t < threads; t++) Atomics.notify(ctl, CTL.FOLDED + t);
      Atomics.notify(ctl, CTL.DONE);
      break;
    }
    let top = Atomics.load(ctl, CTL.TOP);
    let stride = Atomics.load(ctl, CTL.STRIDE + (c % lag));
    const seen = buffer(0, c);
    let r = -1;
    if (top < stride) {
      k.clear(seen, len * stride);
      fold(nearEnd, splitFor(stride), n0, len, seen, stride);
      for (let t = 1; t < threads; t++) {
        waitAtLeast(ctl, CTL.FOLDED + t, c + 1);
        k.orInto(seen, buffer(t, c), (len * stride) / 8);
      }
      r = k.resolve(layout.gPtr, layout.movesPtr, nearEnd, n0, len, seen, stride);
    } else {
      for (let t = 1; t < threads; t++) waitAtLeast(ctl, CTL.FOLDED + t, c + 1); // keep the ring in step
    }
    if (r < 0 && top < layout.rowBytes) {
      // Values outgrew the stride chosen lag blocks ago: this block alone, as wide as a row allows.
      stride = layout.rowBytes;
      k.clear(seen, len * stride);
      fold(nearEnd, farEnd, n0, len, seen, stride);
      r = k.resolve(layout.gPtr, layout.movesPtr, nearEnd, n0, len, seen, stride);
    }
    if (r < 0) {
      // Wider than a mark row: the host goes on single-threaded from this block.
      Atomics.store(ctl, CTL.OUTGROWN, 1);
      Atomics.store(ctl, CTL.STOP, 1);
      for (let t = 1; t < threads; t++) Atomics.notify(ctl, CTL.FOLDED + t);
      Atomics.notify(ctl, CTL.DONE);
      break;
    }
    top = Math.max(top, r);
    Atomics.store(ctl, CTL.TOP, top);
    // This block's ring slot now serves block c + lag: its stride, with room to grow.
    Atomics.store(ctl, CTL.STRIDE + (c % lag), Math.min(layout.rowBytes, strideFor(top) + margin));
    Atomics.store(ctl, CTL.DONE, c + 1);
    Atomics.notify(ctl, CTL.DONE);
    handled++;
  }
  return handled;
}
