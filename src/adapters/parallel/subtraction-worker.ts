/**
 * The pipeline of the parallel subtraction kernel: the helper loop that piscina runs in worker
 * threads, and the resolver that the calling thread steps through (see subtraction.ts).
 *
 * Pipeline over blocks c = 0, 1, ... of `block` heaps. The resolver (the calling thread, already
 * warm from filling the first heaps while the workers booted) finishes blocks in order: sub-block
 * by sub-block it marks its share of the long moves into the marks helper 1 left (two threads never
 * merge: both only ever store 1 bytes, the helper before the resolver), merges any further helper's
 * marks, marks the moves shorter than the block but not shorter than a sub-block (their options lie
 * in sub-blocks already resolved), resolves the moves shorter than a sub-block in order (see
 * assembly/subtraction.ts), clears the slot for block c + lag and publishes DONE. Moves shorter than L = lag·block are always the resolver's. A helper marks
 * its share of the moves s >= L for block c as soon as blocks <= c - lag are done (every such
 * option lies there), into ring slot c % lag: helpers run up to lag - 1 blocks ahead, so neither
 * side waits on the other at every block. The mark stride of block c is published with DONE of
 * block c - lag; if the values outgrow it, the resolver redoes the block alone, as wide as a mark
 * row allows (layout.rowBytes); beyond that it stops and the host finishes single-threaded.
 * Self-contained on purpose (type imports only): scripts/build-wasm.ts transpiles it to
 * subtraction-worker.generated.mjs, which workers load without the TypeScript loader.
 */
import type { SubtractionExports, SubtractionLayout } from '../../engine/families/subtraction/wasm.ts';

/**
 * Slots of the shared control array: scalars, then FOLDED per helper, then STRIDE and SHIFT per
 * ring slot. READY counts helpers that have started; the resolver then publishes FROM and sets GO.
 * IDLE counts the blocks a helper found not yet unlocked (it had time to spare).
 */
export const CTL = { DONE: 0, TOP: 1, STOP: 2, READY: 3, GO: 4, FROM: 5, IDLE: 6, FOLDED: 8, MAX_THREADS: 64, STRIDE: 72, MAX_LAG: 64, SHIFT: 136, SIZE: 200 } as const;

/** Default room above the largest value when a stride is chosen lag blocks ahead. */
export const STRIDE_MARGIN = 64;

/** The shape of a pipeline run, the same for the resolver and every helper. */
export interface PipelineShape {
  readonly layout: SubtractionLayout;
  /** Fill heaps up to to-1 (the first heap, FROM, is published when the pipeline starts). */
  readonly to: number;
  /** Blocks a helper may run ahead (ring slots per helper). */
  readonly lag: number;
  /** Positions per kernel call (marks stay cache resident); layout.block is the pipeline block. */
  readonly sub: number;
  /** Resolver + helpers. */
  readonly threads: number;
}

export interface SubtractionTask extends PipelineShape {
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  readonly control: SharedArrayBuffer;
  /** 1-based helper number. */
  readonly thread: number;
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

/**
 * Which moves each thread marks for each block. Blocks are visited in order; every index range
 * only grows. Moves: [0, subEnd) shorter than a sub-block; [subEnd, nearEnd) shorter than the
 * block; [nearEnd, midEnd) shorter than L; [midEnd, farEnd) the other moves a heap of the block
 * can make.
 */
class BlockPlan {
  private readonly moves: Int32Array;
  readonly subEnd: number;
  nearEnd = 0;
  midEnd = 0;
  farEnd = 0;
  n0 = 0;
  len = 0;

  constructor(private readonly shape: PipelineShape, memory: WebAssembly.Memory, private readonly from: number) {
    const { layout } = shape;
    this.moves = new Int32Array(memory.buffer, layout.movesPtr, layout.moveCount);
    let subEnd = 0;
    while (subEnd < this.moves.length && this.moves[subEnd] < shape.sub) subEnd++;
    this.subEnd = subEnd;
  }

  get blocks(): number {
    return Math.ceil((this.shape.to - this.from) / this.shape.layout.block);
  }

  /** Moves on to block c (c never decreases). */
  at(c: number): void {
    const { moves } = this;
    const m = moves.length;
    const B = this.shape.layout.block;
    const L = this.shape.lag * B;
    this.n0 = this.from + c * B;
    this.len = Math.min(B, this.shape.to - this.n0);
    const last = this.n0 + this.len - 1;
    while (this.nearEnd < m && moves[this.nearEnd] < this.len) this.nearEnd++;
    this.midEnd = Math.max(this.midEnd, this.nearEnd);
    while (this.midEnd < m && moves[this.midEnd] < L && moves[this.midEnd] <= last) this.midEnd++;
    this.farEnd = Math.max(this.farEnd, this.midEnd);
    while (this.farEnd < m && moves[this.farEnd] <= last) this.farEnd++;
  }

  /**
   * The first long move that goes to the helpers, balanced in units of one move marked over the
   * block: the resolver marks every move shorter than L, resolves the moves shorter than a
   * sub-block (about 1.5 times the cost of marking them: a branch per option), merges every
   * helper's marks (stride/8 words per heap each) and clears its own (stride bytes per heap).
   * `shift` (moves) corrects the model from how long each side waited on the other. Both sides
   * compute the same split: the stride and shift of block c are fixed before either reads them.
   */
  split(stride: number, shift: number): number {
    const { threads } = this.shape;
    const extra = 1.5 * Math.min(this.subEnd, this.nearEnd) + (Math.max(0, threads - 2) * stride) / 8 + stride / 32;
    const own = Math.round((this.farEnd + extra) / threads - extra - this.midEnd) + shift;
    return this.midEnd + Math.min(this.farEnd - this.midEnd, Math.max(0, own));
  }

  /** Helper t's share [lo, hi) of the moves from `split` on. */
  share(t: number, split: number): [number, number] {
    const helpers = this.shape.threads - 1;
    return [split + Math.floor(((this.farEnd - split) * (t - 1)) / helpers), split + Math.floor(((this.farEnd - split) * t) / helpers)];
  }
}

/** Byte offset of the marks of thread t (0 = resolver) for block c. Helper t owns ring buffers 1 + (t-1)·lag .. t·lag. */
function marksOf(shape: PipelineShape, t: number, c: number): number {
  const { layout, lag } = shape;
  return layout.seenPtr + (t === 0 ? 0 : 1 + (t - 1) * lag + (c % lag)) * layout.seenBytes;
}

/** The worker's loop: marks this helper's share of every block; returns the number of blocks it marked. */
export default function runSubtractionHelper(task: SubtractionTask): number {
  const { layout, sub, thread, lag } = task;
  const k = new WebAssembly.Instance(task.module, { env: { memory: task.memory } }).exports as unknown as SubtractionExports;
  const ctl = new Int32Array(task.control);
  Atomics.add(ctl, CTL.READY, 1);
  Atomics.notify(ctl, CTL.READY);
  if (!waitAtLeast(ctl, CTL.GO, 1)) return 0;
  const plan = new BlockPlan(task, task.memory, Atomics.load(ctl, CTL.FROM));
  const { gPtr, movesPtr } = layout;
  let handled = 0;
  for (let c = 0; c < plan.blocks; c++) {
    plan.at(c);
    if (Atomics.load(ctl, CTL.DONE) < c - lag + 1) Atomics.add(ctl, CTL.IDLE, 1);
    if (!waitAtLeast(ctl, CTL.DONE, c - lag + 1)) break;
    const stride = Atomics.load(ctl, CTL.STRIDE + (c % lag));
    const [lo, hi] = plan.share(thread, plan.split(stride, Atomics.load(ctl, CTL.SHIFT + (c % lag))));
    // Helper 1's marks were cleared by the resolver when it freed the slot; the others clear their own.
    k.markBlock(gPtr, movesPtr, lo, hi, plan.n0, plan.len, sub, marksOf(task, thread, c), stride, thread !== 1);
    Atomics.store(ctl, CTL.FOLDED + thread, c + 1);
    Atomics.notify(ctl, CTL.FOLDED + thread);
    handled++;
  }
  return handled;
}

/**
 * The resolver's side, stepped block by block by the calling thread (so it can report progress
 * and notice cancellation between blocks). Start with `start`, then call `step` until it returns
 * false; `stop` releases the helpers.
 */
export class SubtractionResolver {
  private readonly ctl: Int32Array;
  private plan: BlockPlan | null = null;
  private c = 0;
  /** Heaps 0..length-1 are known. */
  length = 0;
  /** Largest value among them. */
  top = 0;
  /** True when a value needs a mark row wider than the layout's: the caller goes on single-threaded. */
  outgrown = false;
  /** Moves the resolver takes beyond the cost model's share (see step). */
  private shift = 0;

  constructor(
    private readonly shape: PipelineShape,
    private readonly k: SubtractionExports,
    private readonly memory: WebAssembly.Memory,
    control: SharedArrayBuffer,
    private readonly margin: number,
  ) {
    this.ctl = new Int32Array(control);
  }

  /** Helpers that have started. */
  ready(): number {
    return Atomics.load(this.ctl, CTL.READY);
  }

  /** Starts the pipeline at heap `from` (g[0..from) known, largest value `top`). */
  start(from: number, top: number): void {
    const { ctl, shape } = this;
    this.plan = new BlockPlan(shape, this.memory, from);
    this.length = from;
    this.top = top;
    ctl[CTL.TOP] = top;
    for (let i = 0; i < shape.lag; i++) {
      ctl[CTL.STRIDE + i] = Math.min(shape.layout.rowBytes, strideFor(top) + this.margin);
      ctl[CTL.SHIFT + i] = 0;
      this.k.clear(marksOf(shape, 1, i), shape.layout.block * ctl[CTL.STRIDE + i]);
    }
    Atomics.store(ctl, CTL.FROM, from);
    Atomics.store(ctl, CTL.GO, 1);
    Atomics.notify(ctl, CTL.GO);
  }

  /** Finishes the next block; false when there is none left or the values outgrew the rows. */
  step(): boolean {
    const { ctl, shape, k } = this;
    const plan = this.plan!;
    if (this.outgrown || this.c >= plan.blocks) return false;
    const c = this.c;
    plan.at(c);
    // Feedback on the cost model (the machine's load, caches, a slower core): if this thread
    // finds a helper's marks not ready, it takes more long moves from block c + lag on; if a
    // helper found its block not yet unlocked, fewer. A step is 1/64 of the long moves.
    let late = false;
    for (let t = 1; t < shape.threads; t++) {
      if (Atomics.load(ctl, CTL.FOLDED + t) < c + 1) late = true;
      waitAtLeast(ctl, CTL.FOLDED + t, c + 1);
    }
    const idle = Atomics.exchange(ctl, CTL.IDLE, 0) > 0;
    const step = Math.max(1, Math.round((plan.farEnd - plan.midEnd) / 64));
    if (late !== idle) this.shift = Math.max(-plan.farEnd, Math.min(plan.farEnd, this.shift + (late ? step : -step)));
    let stride = Atomics.load(ctl, CTL.STRIDE + (c % shape.lag));
    const shift = Atomics.load(ctl, CTL.SHIFT + (c % shape.lag));
    let r = this.top < stride ? this.finish(plan.nearEnd, plan.split(stride, shift), c, stride, false) : -1;
    if (r < 0 && this.top < shape.layout.rowBytes) {
      // Values outgrew the stride chosen lag blocks ago: this block alone, as wide as a row allows
      // (the heaps already written are recomputed to the same values).
      stride = shape.layout.rowBytes;
      r = this.finish(plan.nearEnd, plan.farEnd, c, stride, true);
    }
    if (r < 0) {
      this.outgrown = true;
      this.stop();
      return false;
    }
    this.top = Math.max(this.top, r);
    Atomics.store(ctl, CTL.TOP, this.top);
    // This block's ring slot now serves block c + lag: its stride, with room to grow.
    const next = Math.min(shape.layout.rowBytes, strideFor(this.top) + this.margin);
    k.clear(marksOf(shape, 1, c), shape.layout.block * next); // helper 1 marks block c + lag here
    Atomics.store(ctl, CTL.STRIDE + (c % shape.lag), next);
    Atomics.store(ctl, CTL.SHIFT + (c % shape.lag), this.shift);
    Atomics.store(ctl, CTL.DONE, c + 1);
    Atomics.notify(ctl, CTL.DONE);
    this.c = c + 1;
    this.length = plan.n0 + plan.len;
    return this.c < plan.blocks;
  }

  /** Releases the helpers (they end at their next wait). */
  stop(): void {
    Atomics.store(this.ctl, CTL.STOP, 1);
    Atomics.notify(this.ctl, CTL.GO);
    Atomics.notify(this.ctl, CTL.DONE);
  }

  /**
   * Block c (see finishBlock in assembly/subtraction.ts) in helper 1's marks, merging the other
   * helpers'; or, `alone`, every long move in the resolver's own fresh marks. The largest value,
   * or -1 when a mex reaches the stride.
   */
  private finish(lo: number, hi: number, c: number, stride: number, alone: boolean): number {
    const { shape } = this;
    const plan = this.plan!;
    const { gPtr, movesPtr } = shape.layout;
    const seen = marksOf(shape, alone ? 0 : 1, c);
    const others = alone ? 0 : shape.threads - 2;
    return this.k.finishBlock(gPtr, movesPtr, lo, hi, plan.subEnd, plan.nearEnd, plan.n0, plan.len, shape.sub, seen, stride, marksOf(shape, 2, c), shape.lag * shape.layout.seenBytes, others, alone);
  }
}
