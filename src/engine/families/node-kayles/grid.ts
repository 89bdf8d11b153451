/**
 * Node Kayles on induced subgraphs of grid graphs, for the grid core (solve/grid): a graph whose
 * vertices are cells (label r * C + c) and whose edges are exactly the grid's edges among them is
 * a set of cells, and a move takes a cell with its four neighbours.
 */
import type { Graph } from '../../graph.ts';
import { type GridPosition, gridSearch } from '../../solve/grid/index.ts';
import type { GridRules } from '../../solve/grid/search.ts';
import { MAX_GRID_ROWS, MAX_GRID_SIDE } from '../../solve/grid/shape.ts';
import { defineGridRules } from '../../solve/grid/rules.ts';
import type { PositionSearch, SearchLimits } from '../../types.ts';

/** The scratch rows each option is written into (options are visited one at a time, never nested). */
const SCRATCH: number[] = new Array<number>(MAX_GRID_ROWS + 2).fill(0);

/** Rows minus the cell (r, c) and its four neighbours, into `out`. */
export function takeCell(rows: readonly number[], h: number, r: number, c: number, out: number[]): void {
  for (let i = 0; i < h; i++) out[i] = rows[i];
  const bit = 1 << c;
  out[r] &= ~(bit | (bit << 1) | (bit >>> 1));
  if (r > 0) out[r - 1] &= ~bit;
  if (r + 1 < h) out[r + 1] &= ~bit;
}

export const nodeKaylesGridRules: GridRules = defineGridRules({
  // an isolated vertex is a move (value 1): no region is too small
  name: 'node-kayles',
  minCells: 1,
  // the WebAssembly core's second game: 5 to 16 times the TypeScript core's speed (docs/benchmarks.md)
  wasm: 'cell-and-neighbours',
  moveCount(rows, h) {
    let n = 0;
    for (let r = 0; r < h; r++) for (let m = rows[r]; m !== 0; m &= m - 1) n++;
    return n;
  },
  forEachOption(rows, h, _w, visit) {
    const next = SCRATCH;
    next.length = h;
    for (let r = 0; r < h; r++)
      for (let m = rows[r]; m !== 0; m &= m - 1) {
        takeCell(rows, h, r, 31 - Math.clz32(m & -m), next);
        visit(next);
      }
  },
});

/**
 * A graph's cells as rows of `width` columns. Not transposed: row i is grid row `top` + i, bit c
 * column c (label r * C + c). Transposed (a grid of more than MAX_GRID_SIDE columns, e.g. 3 x 40):
 * row i is grid column i, bit j grid row `top` + j, so the rows fit 32-bit masks.
 */
export interface GridCells extends GridPosition {
  readonly top: number;
  readonly transposed: boolean;
}

/**
 * The cells of a graph embedded in a grid of `cols` columns (label r * cols + c), or null when the
 * graph is not the grid's induced subgraph there or its box does not fit the core (one side up to
 * MAX_GRID_SIDE cells, the other up to MAX_GRID_ROWS).
 */
function embedIn(g: Graph, cols: number): GridCells | null {
  const present = new Set(g.labels);
  let edges = 0;
  for (let i = 0; i < g.adj.length; i++)
    for (const j of g.adj[i]) {
      if (j < i) continue;
      const a = g.labels[i];
      const b = g.labels[j];
      const d = Math.abs(a - b);
      const sameRow = Math.floor(a / cols) === Math.floor(b / cols);
      if (!((d === 1 && sameRow) || d === cols)) return null;
      edges++;
    }
  // induced: every grid edge between two present cells is an edge of the graph
  let gridEdges = 0;
  for (const a of g.labels) {
    if (a % cols !== cols - 1 && present.has(a + 1)) gridEdges++;
    if (present.has(a + cols)) gridEdges++;
  }
  if (gridEdges !== edges) return null;
  const top = g.labels.length === 0 ? 0 : Math.floor(g.labels[0] / cols);
  const height = g.labels.length === 0 ? 0 : Math.floor(g.labels[g.labels.length - 1] / cols) - top + 1;
  if (cols <= MAX_GRID_SIDE && height <= MAX_GRID_ROWS) {
    const rows = new Array<number>(height).fill(0);
    for (const a of g.labels) rows[Math.floor(a / cols) - top] |= 1 << (a % cols);
    return { width: cols, rows, top, transposed: false };
  }
  // too wide for a row: one row per grid column (the core's own orientation for a long strip)
  if (height > MAX_GRID_SIDE || cols > MAX_GRID_ROWS) return null;
  const rows = new Array<number>(cols).fill(0);
  for (const a of g.labels) rows[a % cols] |= 1 << (Math.floor(a / cols) - top);
  return { width: height, rows, top, transposed: true };
}

/**
 * The graph as cells of a grid: the column count is read off a vertical edge (labels C apart); with
 * none, the first count up to 30 under which the graph is the grid's induced subgraph. Null when none is.
 */
export function gridCells(g: Graph): GridCells | null {
  let cols = 0;
  for (let i = 0; i < g.adj.length && cols === 0; i++)
    for (const j of g.adj[i]) if (Math.abs(g.labels[i] - g.labels[j]) > 1) cols = Math.abs(g.labels[i] - g.labels[j]);
  if (cols > 0) return embedIn(g, cols);
  for (let c = 1; c <= MAX_GRID_SIDE; c++) {
    const cells = embedIn(g, c);
    if (cells !== null) return cells;
  }
  return null;
}

/** The rows of a graph's cells without `label` and its neighbours (the option of taking vertex `label`). */
function optionRows(cells: GridCells, cols: number, label: number): number[] {
  const { rows, top, transposed } = cells;
  const r = Math.floor(label / cols) - top;
  const c = label % cols;
  const option = new Array<number>(rows.length);
  if (transposed) takeCell(rows, rows.length, c, r, option);
  else takeCell(rows, rows.length, r, c, option);
  return option;
}

/**
 * The grid core on Node Kayles positions that are grids' induced subgraphs (others: not accepted).
 * `moves` lists a graph's options in vertex order, as the family does, so option i takes vertex i.
 */
export function nodeKaylesGridSearch(
  moves: (g: Graph) => Iterable<Graph>,
  limits: SearchLimits,
): PositionSearch<Graph> {
  // the grid core on cells (the WebAssembly core where the box fits it), its winning moves unused:
  // they are found here on graphs
  const core = gridSearch<GridPosition>({ moves: () => [] }, (grid) => grid, nodeKaylesGridRules, limits);
  return {
    name: core.name,
    method: core.method,
    // gridCells takes only graphs whose box fits the core
    accepts: (g) => gridCells(g) !== null,
    grundy: (g) => core.grundy(gridCells(g)!),
    hasValue: (g, k) => core.hasValue!(gridCells(g)!, k),
    winningMoves(g, limit = Number.POSITIVE_INFINITY) {
      const cells = gridCells(g)!;
      // the grid's column count: the row width, or the row count when the cells are transposed
      const cols = cells.transposed ? cells.rows.length : cells.width;
      const out: Graph[] = [];
      // as the general solver: each resulting graph once, as written
      const seen = new Set<string>();
      let i = 0;
      for (const to of moves(g)) {
        if (out.length >= limit) break;
        const label = g.labels[i++];
        const written = JSON.stringify(to);
        if (seen.has(written)) continue;
        seen.add(written);
        if (core.hasValue!({ width: cells.width, rows: optionRows(cells, cols, label) }, 0)) out.push(to);
      }
      return out;
    },
    get stats() {
      return core.stats;
    },
    saveTable: core.saveTable,
  };
}
