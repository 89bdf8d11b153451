/**
 * The cost model of the parallel subtraction kernel (see subtraction.ts): block sizes, predicted
 * time and the default thread count. Pure arithmetic on the move set, so it is tested directly.
 *
 * Unit: one option marked in the far phase (one load and one byte store: 0.33-0.37 ns measured on
 * the 2-core machine, subtract-a-square near 5e6, Node 20). A heap n costs work(n) = |{s in S :
 * s <= n}| marks. A block of B heaps at n0 costs W = B·work(n0) in all; its tail (once the block
 * before it is done: the moves shorter than 2B, marked less efficiently and partly heap by heap,
 * then the mex) is the pipeline's sequential part, tail = B·(TAIL_MOVE_MARKS·|{s < 2B}| +
 * MEX_MARKS) (fitted on blocks of 512..8192 at 5e6: 0.8 ns per short move + 9 ns per heap). With T
 * workers a block then takes max(W / T, tail + HANDOVER_MARKS) of wall time.
 */

/** The fewest heaps the calling thread fills alone while the workers start (the first blocks would be nearly all tail). */
export const SERIAL_HEAD = 1 << 16;
/** Heaps per kernel call inside a block (marks of a sub-block stay in L1). */
export const SUB_BLOCK = 128;
export const MIN_BLOCK = 512;
export const MAX_BLOCK = 8192;
/** A move of the tail costs this many far marks (partial sweeps, the shortest ones heap by heap). */
export const TAIL_MOVE_MARKS = 2.2;
/** Resolving one heap (the mex scan and the store), in marks. */
export const MEX_MARKS = 25;
/** Publishing a block and waking its successor's owner, in marks (~2 µs). */
export const HANDOVER_MARKS = 5_000;
/** Blocks are sized so that T tails take at most this share of the far work's wall time. */
export const TAIL_SHARE = 0.5;
/** Nanoseconds per mark, one thread (measured: subtract-a-square, 2-core machine, Node 20). */
export const MARK_NS = 0.36;
/** Starting the workers, in ms: a module load per worker, in parallel on the cores present... */
export const BOOT_MS = 35;
/** ...and the threads spawned one after another (an assumption: not measured beyond 2 cores). */
export const BOOT_PER_THREAD_MS = 2;
/** A thread count is worth more threads only if it is predicted this much faster (else fewer win ties). */
export const GAIN = 0.05;

/** |{s in moves : s < x}| for ascending moves. */
export function countBelow(moves: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = moves.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (moves[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Tail marks per heap of a block of b heaps. */
export function tailMarks(moves: ArrayLike<number>, b: number): number {
  return TAIL_MOVE_MARKS * countBelow(moves, 2 * b) + MEX_MARKS;
}

/**
 * The smallest block for T workers: FEW_THREADS_BLOCK / T, at least MIN_BLOCK. Waking the next
 * block's owner costs tens of microseconds on a 2-core VM, not the HANDOVER_MARKS the model charges:
 * with 2 threads, subtract-a-square to 10^6 took 180 ms with blocks from 512 and 150 ms with blocks
 * of 2048 or more (the single-thread kernel: 230 ms). Many threads keep small blocks: there the tails
 * cost more than the handovers.
 */
export const FEW_THREADS_BLOCK = 4096;
export function minBlock(threads: number): number {
  let b = MIN_BLOCK;
  while (b * 2 <= MAX_BLOCK && b * 2 * threads <= FEW_THREADS_BLOCK) b *= 2;
  return b;
}

/** The block size at heap n0 for T workers: the largest power of two in [minBlock(T), MAX_BLOCK] whose tails fit TAIL_SHARE. */
export function blockAt(moves: ArrayLike<number>, n0: number, threads: number): number {
  const work = countBelow(moves, n0 + 1);
  const floor = minBlock(threads);
  for (let b = MAX_BLOCK; b > floor; b >>= 1) {
    if (threads * tailMarks(moves, b) <= TAIL_SHARE * work) return b;
  }
  return floor;
}

/**
 * Block starts from `from` to `to` (the last entry is `to`): sizes from blockAt, or a fixed
 * `block` (tests force small ones). Every block but the last is a multiple of SUB_BLOCK.
 */
export function blockPlan(
  moves: ArrayLike<number>,
  from: number,
  to: number,
  threads: number,
  block?: number,
): Int32Array {
  // blockAt, incrementally: its size never shrinks as n grows (the work per heap only grows).
  const sizes: number[] = [];
  for (let b = minBlock(threads); b <= MAX_BLOCK; b *= 2) sizes.push(b);
  const tails = sizes.map((b) => threads * tailMarks(moves, b));
  let k = 0;
  const starts: number[] = [];
  for (let n = from; n < to; ) {
    starts.push(n);
    let b = block;
    if (b === undefined) {
      const work = countBelow(moves, n + 1);
      while (k + 1 < sizes.length && tails[k + 1] <= TAIL_SHARE * work) k++;
      b = sizes[k];
    }
    n = Math.min(to, n + roundBlock(b));
  }
  starts.push(to);
  return Int32Array.from(starts);
}

/** A block size as the plan uses it: a positive multiple of SUB_BLOCK. */
export function roundBlock(block: number): number {
  return Math.max(SUB_BLOCK, Math.ceil(block / SUB_BLOCK) * SUB_BLOCK);
}

/**
 * Predicted wall time in ms of heaps from..to-1 on T threads (T = 1: the single-thread kernel, no
 * workers): the model above summed over the block plan, plus the workers' start on `cores` cores.
 */
export function predictMs(moves: ArrayLike<number>, from: number, to: number, threads: number, cores: number): number {
  if (to <= from) return 0;
  if (threads <= 1) {
    // Sum of work(n) over [from, to): each move s counts for the heaps n >= s.
    let marks = 0;
    for (let i = 0; i < moves.length && moves[i] < to; i++) marks += to - Math.max(from, moves[i]);
    return (marks * MARK_NS) / 1e6;
  }
  const plan = blockPlan(moves, from, to, threads);
  const running = Math.min(threads, cores);
  let marks = 0;
  for (let c = 0; c + 1 < plan.length; c++) {
    const len = plan[c + 1] - plan[c];
    const far = len * countBelow(moves, plan[c] + 1);
    const tail = len * tailMarks(moves, len) + HANDOVER_MARKS;
    marks += Math.max(far / running, tail);
  }
  return BOOT_MS * Math.ceil(threads / cores) + BOOT_PER_THREAD_MS * threads + (marks * MARK_NS) / 1e6;
}

/**
 * The thread count for heaps from..to-1: the fewest threads, at most `limit` (and at most the
 * cores: more never helps), predicted within GAIN of the fastest. 1 means no workers at all.
 */
export function chooseThreads(
  moves: ArrayLike<number>,
  from: number,
  to: number,
  cores: number,
  limit = cores,
): number {
  const most = Math.max(1, Math.min(limit, cores));
  // 1, 2, 3, 4, 6, 8, 12, 16, ... and `most`: a plan per count costs a few ms at N = 1e7.
  const counts = [1, 2, 3].filter((t) => t < most);
  for (let t = 4; t < most; t *= 2) counts.push(t, (3 * t) / 2);
  counts.push(most);
  const candidates = [...new Set(counts.filter((t) => t <= most))].sort((a, b) => a - b);
  const times = candidates.map((t) => predictMs(moves, from, to, t, cores));
  const best = Math.min(...times);
  return candidates[times.findIndex((ms) => ms <= best * (1 + GAIN))];
}
