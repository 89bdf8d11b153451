/**
 * The Chomp table core: the nimber of every Young diagram inside an R x C frame, computed bottom-up
 * in one typed array (normal play, the poisoned square out of play, as in index.ts).
 *
 * A diagram is a lattice path, so it is ranked by the combinatorial number system: column heights
 * h_0 >= ... >= h_{C-1} (0..R, zeros for missing columns) become the strictly decreasing
 * a_i = h_i + (C-1-i) in 0..R+C-1, and rank = sum_i binom(a_i, C-i). Every term grows with its
 * height, so a sub-diagram always has a smaller rank: in rank order every option is already valued
 * when a position is reached, and the frame holds binom(R+C, C) positions. Ranks are walked in
 * order without decoding (the next diagram raises the rightmost column that may grow and empties
 * the columns after it).
 *
 * A move takes the square (i, j) (column i, row j, j < h_i, not the poisoned (0, 0)) and cuts every
 * column from i on to height at most j. The columns taller than j are a prefix 0..m-1, so for one j
 * the options' ranks are prefix(i) + sum_{i<=k<m} binom(j+C-1-k, C-k) + suffix(m), found in O(1)
 * each by walking i down from m-1: a position costs one step per square, and the frame
 * sum over diagrams of their squares (about binom(R+C, C) * R * C / 2 steps; 13 x 13 is 10.4 million
 * positions, 14 x 14 is 40.1 million). Values fit a byte while R * C <= 256 (a nimber is at most the
 * number of options), else 16 bits.
 */
import { InputError } from '../../errors.ts';
import { SearchStopped, type SearchStats } from '../../solve/search/solver.ts';
import type { StopSignal } from '../../types.ts';

/** Most positions one frame holds (one byte each up to 16 x 16 frames): 14 x 14 (40.1 million) fits, 14 x 15 does not. */
export const MAX_CHOMP_CORE_POSITIONS = 50_000_000;

/** How a build may be stopped and heard. */
export interface ChompBuildLimits {
  readonly timeLimitMs?: number;
  readonly signal?: StopSignal;
  readonly onProgress?: (stats: SearchStats) => void;
}

/** The nimbers of every diagram inside a rows x cols frame, by rank. */
export interface ChompTable {
  readonly rows: number;
  readonly cols: number;
  readonly values: Uint8Array | Uint16Array;
}

/** binom(n, k) as a double (exact below 2^53); ranks inside an accepted frame fit 32 bits. */
function binom(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Positions of a rows x cols frame: binom(rows + cols, cols), the empty diagram included. */
export function chompPositionCount(rows: number, cols: number): number {
  return binom(rows + cols, cols);
}

/** weights[k * (rows + 1) + h] = binom(h + cols-1-k, cols-k): column k's term in the rank at height h. */
function rankWeights(rows: number, cols: number): Int32Array {
  const w = new Int32Array(cols * (rows + 1));
  for (let k = 0; k < cols; k++)
    for (let h = 0; h <= rows; h++) w[k * (rows + 1) + h] = binom(h + cols - 1 - k, cols - k);
  return w;
}

/** The rank of a diagram (heights without trailing zeros, inside the frame) among the frame's positions. */
export function chompRank(heights: readonly number[], rows: number, cols: number): number {
  if (heights.length > cols || (heights[0] ?? 0) > rows)
    throw new RangeError(`the diagram ${heights.join(' ')} is outside the ${rows} x ${cols} frame`);
  let r = 0;
  for (let k = 0; k < heights.length; k++) r += binom(heights[k] + cols - 1 - k, cols - k);
  return r;
}

const CHECK_EVERY = 1 << 16;

/**
 * The nimber of every diagram inside rows x cols, bottom-up (see above). Refuses frames of more
 * than MAX_CHOMP_CORE_POSITIONS positions (InputError 'too-large'); stops with SearchStopped on
 * the limits' time or signal.
 */
export function buildChompTable(rows: number, cols: number, limits: ChompBuildLimits = {}): ChompTable {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0)
    throw new InputError(`a Chomp frame of ${rows} x ${cols} is not a pair of sizes`);
  const total = chompPositionCount(rows, cols);
  if (total > MAX_CHOMP_CORE_POSITIONS)
    throw new InputError(
      `a Chomp frame of ${rows} x ${cols} holds ${total} positions, above the table core's maximum of ${MAX_CHOMP_CORE_POSITIONS}`,
      'too-large',
    );
  const values = rows * cols <= 256 ? new Uint8Array(total) : new Uint16Array(total);
  if (cols === 0 || rows === 0) return { rows, cols, values };
  const started = Date.now();
  const deadline = limits.timeLimitMs === undefined ? Infinity : started + limits.timeLimitMs;
  const stats = (done: number): SearchStats => ({
    nodes: done,
    tableEntries: done,
    evicted: 0,
    elapsedMs: Date.now() - started,
  });
  const stride = rows + 1;
  const w = rankWeights(rows, cols);
  const h = new Int32Array(cols);
  // prefix[i]: rank terms of columns before i; suffix[m]: of columns from m on
  const prefix = new Int32Array(cols + 1);
  const suffix = new Int32Array(cols + 1);
  const seen = new Int32Array(rows * cols + 2).fill(-1);
  for (let rank = 1; rank < total; rank++) {
    // the next diagram: raise the rightmost column that may grow, empty the columns after it
    let k = cols - 1;
    while (k > 0 && h[k] === h[k - 1]) k--;
    h[k]++;
    for (let i = k + 1; i < cols; i++) h[i] = 0;
    if ((rank & (CHECK_EVERY - 1)) === 0) {
      if (limits.signal?.aborted) throw new SearchStopped('cancelled', stats(rank));
      if (Date.now() > deadline) throw new SearchStopped('time-limit', stats(rank), limits.timeLimitMs);
      limits.onProgress?.(stats(rank));
    }
    for (let i = 0; i < cols; i++) prefix[i + 1] = prefix[i] + w[i * stride + h[i]];
    suffix[cols] = 0;
    for (let i = cols - 1; i >= 0; i--) suffix[i] = suffix[i + 1] + w[i * stride + h[i]];
    let m = cols;
    while (m > 0 && h[m - 1] === 0) m--;
    // for each cut height j, m = the columns taller than j
    for (let j = 0; j < h[0]; j++) {
      while (h[m - 1] <= j) m--;
      let s = suffix[m] | 0;
      for (let i = m - 1; i >= 0; i--) {
        s = (s + w[i * stride + j]) | 0;
        if (i === 0 && j === 0) break;
        seen[values[(prefix[i] + s) | 0]] = rank;
      }
    }
    let g = 0;
    while (seen[g] === rank) g++;
    values[rank] = g;
  }
  return { rows, cols, values };
}

/** The nimber of a diagram (heights without trailing zeros) from a table whose frame holds it. */
export function chompTableValue(table: ChompTable, heights: readonly number[]): number {
  return table.values[chompRank(heights, table.rows, table.cols)];
}
