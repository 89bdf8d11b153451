/**
 * The components of a position given as row masks, found without allocating: the search splits
 * every option of every position it expands, so this is its innermost loop. Runs of cells joined
 * by union-find, written to preallocated typed arrays.
 */
import { MAX_GRID_ROWS, MAX_GRID_SIDE, type Shape, canonicalShape, popcount } from './shape.ts';

/**
 * The regions splitRows found: region i is REGION_HEIGHT[i] rows of REGION_ROWS from
 * REGION_START[i], trimmed to its box, REGION_WIDTH[i] wide with REGION_CELLS[i] cells. Valid until
 * the next call (the search reads them before it searches anything).
 */
/** Most rows split at once: a strip's rows (MAX_GRID_ROWS) and a frame of one row on each side. */
const MAX_SPLIT_ROWS = MAX_GRID_ROWS + 2;
/** Most runs of a row: rows are 32-bit masks, at most 16 runs apart. */
const RUNS_PER_ROW = (MAX_GRID_SIDE + 2) >>> 1;

export const REGION_ROWS = new Int32Array(MAX_SPLIT_ROWS);
export const REGION_START = new Int32Array(RUNS_PER_ROW * MAX_SPLIT_ROWS);
export const REGION_HEIGHT = new Int32Array(RUNS_PER_ROW * MAX_SPLIT_ROWS);
export const REGION_WIDTH = new Int32Array(RUNS_PER_ROW * MAX_SPLIT_ROWS);
export const REGION_CELLS = new Int32Array(RUNS_PER_ROW * MAX_SPLIT_ROWS);

/** Runs of cells (a row's maximal horizontal segments) of the rows being split, row by row, and their union-find parents. */
const MAX_RUNS = RUNS_PER_ROW * MAX_SPLIT_ROWS;
const RUN = new Int32Array(MAX_RUNS);
const RUN_ROW = new Int32Array(MAX_RUNS);
const PARENT = new Int32Array(MAX_RUNS);
/** The region each root run heads (its index in REGION_*, or -1). */
const REGION_OF = new Int32Array(MAX_RUNS);
/** Per region while splitting: its top and bottom rows and the OR of its rows. */
const TOP = new Int32Array(MAX_RUNS);
const BOTTOM = new Int32Array(MAX_RUNS);
const ALL = new Int32Array(MAX_RUNS);
const COUNT = new Int32Array(MAX_RUNS);
/** A region's rows in the grid's columns, one block of rows per region, before trimming. */
const BLOCK = new Int32Array(MAX_RUNS * MAX_SPLIT_ROWS);

function root(i: number): number {
  while (PARENT[i] !== i) {
    PARENT[i] = PARENT[PARENT[i]];
    i = PARENT[i];
  }
  return i;
}

/** The one region of rows whose runs are all joined (the common case: most moves leave a shape in one piece). */
function whole(option: readonly number[], runs: number, minCells: number): number {
  let cells = 0;
  for (let i = 0; i < runs; i++) cells += popcount(RUN[i]);
  if (cells < minCells) return 0;
  const top = RUN_ROW[0];
  const bottom = RUN_ROW[runs - 1];
  let all = 0;
  for (let r = top; r <= bottom; r++) all |= option[r];
  const low = 31 - Math.clz32(all & -all);
  for (let r = top; r <= bottom; r++) REGION_ROWS[r - top] = option[r] >>> low;
  REGION_START[0] = 0;
  REGION_HEIGHT[0] = bottom - top + 1;
  REGION_WIDTH[0] = 32 - Math.clz32(all) - low;
  REGION_CELLS[0] = cells;
  return 1;
}

/**
 * Splits rows (not changed) into their regions of at least `minCells` cells, written to REGION_*;
 * returns how many. Runs of cells are joined when they touch across rows (union-find), which takes
 * a few operations per run, where filling each region row by row sweeps its rows several times.
 * Regions come in the order of their first cell, row by row and from the lowest bit.
 */
export function splitRows(option: readonly number[], h: number, minCells: number): number {
  if (h > MAX_SPLIT_ROWS) throw new RangeError(`${h} rows is beyond the grid core (${MAX_GRID_ROWS})`);
  let runs = 0;
  let merges = 0;
  let prevFrom = 0;
  let prevTo = 0;
  for (let r = 0; r < h; r++) {
    const from = runs;
    for (let m = option[r]; m !== 0; ) {
      const low = m & -m;
      const run = m & ~(m + low);
      m &= ~run;
      RUN[runs] = run;
      RUN_ROW[runs] = r;
      // `top`: the root of this run's set so far; the earlier run stays the root, so a region's root is its first run
      let top = runs;
      for (let j = prevFrom; j < prevTo; j++) {
        if ((RUN[j] & run) === 0) continue;
        const a = root(j);
        if (a === top) continue;
        if (a < top) {
          PARENT[top] = a;
          top = a;
        } else PARENT[a] = top;
        merges++;
      }
      PARENT[runs] = top;
      runs++;
    }
    prevFrom = from;
    prevTo = runs;
  }
  if (runs - merges === 1) return whole(option, runs, minCells);
  let regions = 0;
  for (let i = 0; i < runs; i++) {
    const top = root(i);
    let g: number;
    if (top === i) {
      g = regions++;
      REGION_OF[i] = g;
      TOP[g] = RUN_ROW[i];
      ALL[g] = 0;
      COUNT[g] = 0;
      for (let r = RUN_ROW[i]; r < h; r++) BLOCK[g * h + r] = 0;
    } else g = REGION_OF[top];
    const r = RUN_ROW[i];
    BLOCK[g * h + r] |= RUN[i];
    BOTTOM[g] = r;
    ALL[g] |= RUN[i];
    COUNT[g] += popcount(RUN[i]);
  }
  let count = 0;
  let used = 0;
  for (let g = 0; g < regions; g++) {
    if (COUNT[g] < minCells) continue;
    const all = ALL[g];
    const low = 31 - Math.clz32(all & -all);
    const top = TOP[g];
    const height = BOTTOM[g] - top + 1;
    for (let i = 0; i < height; i++) REGION_ROWS[used + i] = BLOCK[g * h + top + i] >>> low;
    REGION_START[count] = used;
    REGION_HEIGHT[count] = height;
    REGION_WIDTH[count] = 32 - Math.clz32(all) - low;
    REGION_CELLS[count] = COUNT[g];
    used += height;
    count++;
  }
  return count;
}

/** The canonical components of a position given as row masks, regions below `minCells` dropped. */
export function shapesOf(rows: readonly number[], minCells: number): Shape[] {
  const n = splitRows(rows, rows.length, minCells);
  const out: Shape[] = [];
  for (let i = 0; i < n; i++) {
    const from = REGION_START[i];
    out.push(
      canonicalShape(
        REGION_ROWS.subarray(from, from + REGION_HEIGHT[i]),
        REGION_HEIGHT[i],
        REGION_WIDTH[i],
        REGION_CELLS[i],
      ),
    );
  }
  return out;
}
