/**
 * Node Kayles on induced subgraphs of grid graphs, for the grid core (solve/grid): a graph whose
 * vertices are cells (label r * C + c) and whose edges are exactly the grid's edges among them is
 * a set of cells, and a move takes a cell with its four neighbours.
 */
import type { Graph } from '../../graph.ts';
import { type GridPosition, gridSearch } from '../../solve/grid/index.ts';
import type { GridRules } from '../../solve/grid/search.ts';
import { MAX_GRID_ROWS, MAX_GRID_SIDE, reverseBits } from '../../solve/grid/shape.ts';
import { defineGridRules } from '../../solve/grid/rules.ts';
import type { PositionSearch, SearchLimits, TheoremVerdict } from '../../types.ts';

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

/**
 * Node Kayles' central symmetry theorem on a trimmed h x w shape (rows of w bits): 0 when it proves
 * the shape a P-position, 1 when it proves it an N-position, -1 when it says nothing.
 *
 * σ turns the box by 180°, σ(r, c) = (h-1-r, w-1-c); it maps the grid graph onto itself, so on a
 * σ-symmetric shape S it maps N[v] (v with its neighbours in S) onto N[σ(v)]. A cell v meets its
 * image (σ(v) = v, or σ(v) a neighbour of v) exactly when |2r-(h-1)| + |2c-(w-1)| <= 1: never when h
 * and w are even; when both are odd the sum is even, so only the centre cell; when one is odd the
 * sum is odd, so only the two middle cells of the middle row (or column), neighbours and each
 * other's images.
 *  - P: S symmetric, no cell of S meets its image. The second player answers v with σ(v): it is
 *    still there, as σ(v) is not in N[v], and S less N[v] and N[σ(v)] = σ(N[v]) is symmetric again,
 *    a subset of S, so no cell of it meets its image. The second player always has an answer.
 *  - N, both sides odd, the centre z in S: taking z removes N[z] = σ(N[z]) and leaves a symmetric
 *    shape without z, a P-position by the above.
 *  - N, one side odd, the middle pair {a, σ(a)} in S with no other neighbour: taking a removes the
 *    pair alone and leaves a P-position by the above. When the pair has other neighbours no move
 *    leaves a symmetric shape (S less N[v] is symmetric only when N[v] is, so σ(v) is in N[v]: v is
 *    in the pair, and then its other neighbours must be absent), and the theorem says nothing.
 * The grid core's shapes are connected, so there the last case is the pair alone (1 x 2).
 */
export function nodeKaylesSymmetry(rows: ArrayLike<number>, h: number, w: number): number {
  for (let i = 0; i <= (h - 1) >> 1; i++) if (rows[i] !== reverseBits(rows[h - 1 - i], w)) return -1;
  const hOdd = (h & 1) === 1;
  const wOdd = (w & 1) === 1;
  if (!hOdd && !wOdd) return 0;
  if (hOdd && wOdd) return rows[h >> 1] & (1 << (w >> 1)) ? 1 : 0;
  // one side odd: the middle pair a, σ(a) is in S or not (S is symmetric), and since σ maps the
  // other neighbours of a onto those of σ(a), the pair is alone when a has no other neighbour
  if (hOdd) {
    // a = (h/2, w/2 - 1), σ(a) = (h/2, w/2)
    const m = h >> 1;
    const c = w / 2 - 1;
    if ((rows[m] & (1 << c)) === 0) return 0;
    // a's other neighbours: (m, c-1), (m-1, c) and (m+1, c), the image of (m-1, c+1)
    const left = c > 0 && (rows[m] & (1 << (c - 1))) !== 0;
    const aboveOrBelow = m > 0 && (rows[m - 1] & (0b11 << c)) !== 0;
    return left || aboveOrBelow ? -1 : 1;
  }
  // a = (h/2 - 1, w/2), σ(a) = (h/2, w/2)
  const r = h / 2 - 1;
  const c = w >> 1;
  if ((rows[r] & (1 << c)) === 0) return 0;
  // a's other neighbours: (r-1, c), (r, c-1) and (r, c+1)
  const above = r > 0 && (rows[r - 1] & (1 << c)) !== 0;
  const beside = (c > 0 && (rows[r] & (1 << (c - 1))) !== 0) || (rows[r] & (1 << (c + 1))) !== 0;
  return above || beside ? -1 : 1;
}

export const nodeKaylesGridRules: GridRules = defineGridRules({
  // an isolated vertex is a move (value 1): no region is too small
  name: 'node-kayles',
  minCells: 1,
  // the WebAssembly core's second game: 5 to 16 times the TypeScript core's speed (docs/benchmarks.md)
  wasm: 'cell-and-neighbours',
  theorem: (s) => nodeKaylesSymmetry(s.rows, s.h, s.w),
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

/**
 * The central symmetry theorem (nodeKaylesSymmetry) on a graph that is a grid's induced subgraph:
 * a P-position, or an N-position whose value a search must still find; null when it says nothing
 * (or the graph is no grid's induced subgraph, or the empty graph).
 */
export function nodeKaylesTheorem(g: Graph): TheoremVerdict | null {
  const cells = gridCells(g);
  if (cells === null || g.labels.length === 0) return null;
  // trimmed to the cells' box: the symmetry is the half turn of that box
  let first = 0;
  while (cells.rows[first] === 0) first++;
  let last = cells.rows.length - 1;
  while (cells.rows[last] === 0) last--;
  let all = 0;
  for (let i = first; i <= last; i++) all |= cells.rows[i];
  const low = 31 - Math.clz32(all & -all);
  const w = 32 - Math.clz32(all) - low;
  const h = last - first + 1;
  const rows = cells.rows.slice(first, last + 1).map((m) => m >>> low);
  const verdict = nodeKaylesSymmetry(rows, h, w);
  if (verdict === 0)
    return {
      outcome: 'P',
      grundy: 0,
      reason:
        'central symmetry: the graph is a set of grid cells symmetric under the half turn, none of them its own image or next to it, so the second player answers each vertex taken with its half-turn image',
    };
  if (verdict === 1)
    return {
      outcome: 'N',
      grundy: null,
      reason:
        (h & w & 1) === 1
          ? 'central symmetry: the first player takes the centre cell, which leaves a shape symmetric under the half turn with no cell its own image or next to it, then answers each vertex taken with its half-turn image'
          : 'central symmetry: the first player takes one of the two centre cells (they have no other neighbours), which leaves a shape symmetric under the half turn with no cell its own image or next to it, then answers each vertex taken with its half-turn image',
    };
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
