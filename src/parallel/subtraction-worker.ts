/**
 * Worker of the parallel subtraction kernel (run by piscina, see subtraction.ts): every worker
 * marks its share of the far moves of a block into its own mark block; worker 0 then ORs the
 * marks together and resolves the near moves in order. Two barriers per block (Atomics).
 * Self-contained on purpose (type imports only): scripts/build-wasm.ts transpiles it to
 * subtraction-worker.generated.mjs, which workers load without the TypeScript loader (that
 * loader costs ~0.7 s per worker here).
 */
import type { SubtractionExports, SubtractionLayout } from '../engine/wasm/subtraction.ts';

/** Slots of the shared control array. */
export const CTL = { GEN: 0, COUNT: 1, TOP: 2, DONE: 3, CANCEL: 4, STOP: 5, STRIDE: 6, SIZE: 8 } as const;

export interface SubtractionTask {
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  readonly control: SharedArrayBuffer;
  readonly layout: SubtractionLayout;
  /** Fill heaps from..to-1 (g[0..from) known). */
  readonly from: number;
  readonly to: number;
  /** Positions folded per call (marks stay cache resident); layout.block is the barrier block. */
  readonly sub: number;
  readonly thread: number;
  readonly threads: number;
}

const SPIN = 2_000;

/** Generation barrier over `threads` parties: spin briefly, then sleep on the generation word. */
function barrier(ctl: Int32Array, threads: number): void {
  const gen = Atomics.load(ctl, CTL.GEN);
  if (Atomics.add(ctl, CTL.COUNT, 1) === threads - 1) {
    Atomics.store(ctl, CTL.COUNT, 0);
    Atomics.add(ctl, CTL.GEN, 1);
    Atomics.notify(ctl, CTL.GEN);
    return;
  }
  for (let i = 0; i < SPIN; i++) if (Atomics.load(ctl, CTL.GEN) !== gen) return;
  while (Atomics.load(ctl, CTL.GEN) === gen) Atomics.wait(ctl, CTL.GEN, gen, 50);
}

/** Runs this worker's part of the fill; returns the number of blocks it took part in. */
export default function runSubtractionTask(task: SubtractionTask): number {
  const { layout, from, to, sub, thread, threads } = task;
  const k = new WebAssembly.Instance(task.module, { env: { memory: task.memory } }).exports as unknown as SubtractionExports;
  const ctl = new Int32Array(task.control);
  const moves = new Int32Array(task.memory.buffer, layout.movesPtr, layout.moveCount);
  const m = layout.moveCount;
  const mine = layout.seenPtr + thread * layout.seenBytes;
  let n0 = from;
  let nearEnd = 0;
  let farEnd = 0;
  let blocks = 0;
  while (n0 < to) {
    const len = Math.min(layout.block, to - n0);
    const last = n0 + len - 1;
    while (nearEnd < m && moves[nearEnd] < len) nearEnd++;
    if (farEnd < nearEnd) farEnd = nearEnd;
    while (farEnd < m && moves[farEnd] <= last) farEnd++;
    const stride = Atomics.load(ctl, CTL.STRIDE);
    k.clear(mine, len * stride);
    // Far moves cost about len each: equal contiguous shares balance the threads.
    const span = farEnd - nearEnd;
    const lo = nearEnd + Math.floor((span * thread) / threads);
    const hi = nearEnd + Math.floor((span * (thread + 1)) / threads);
    for (let j = 0; j < len; j += sub) k.fold(layout.gPtr, layout.movesPtr, lo, hi, n0 + j, Math.min(sub, len - j), mine + j * stride, stride);
    barrier(ctl, threads);
    if (thread === 0) {
      for (let t = 1; t < threads; t++) k.orInto(mine, layout.seenPtr + t * layout.seenBytes, (len * stride) / 8);
      const top = k.resolve(layout.gPtr, layout.movesPtr, nearEnd, n0, len, mine, stride);
      if (top < 0) {
        Atomics.store(ctl, CTL.STRIDE, stride + 8); // a value outgrew the marks: widen, redo the block
      } else {
        const all = Math.max(top, Atomics.load(ctl, CTL.TOP));
        Atomics.store(ctl, CTL.TOP, all);
        Atomics.store(ctl, CTL.STRIDE, k.strideFor(all));
        Atomics.store(ctl, CTL.DONE, n0 + len);
      }
      Atomics.store(ctl, CTL.STOP, Atomics.load(ctl, CTL.CANCEL));
    }
    barrier(ctl, threads);
    blocks++;
    if (Atomics.load(ctl, CTL.STOP)) break;
    n0 = Atomics.load(ctl, CTL.DONE);
  }
  return blocks;
}
