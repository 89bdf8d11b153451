/**
 * Arc Kayles on induced subgraphs of grid graphs, for the grid core (solve/grid): such a graph is a
 * set of cells (label r * C + c) and an edge is a domino on two of them; taking it removes both
 * ends, and the graph left is the grid's induced subgraph on the other cells. So the game is Cram on
 * those cells and the core searches it with Cram's rules (its WebAssembly core, its theorems).
 */
import type { Graph } from '../../graph.ts';
import { centralSymmetry, cramGridRules } from '../cram/grid.ts';
import { gridCells } from '../node-kayles/grid.ts';
import { fitsGrid, gridSearch } from '../../solve/grid/index.ts';
import type { PositionSearch, SearchLimits, TheoremVerdict } from '../../types.ts';

/** A graph's cells as gridCells lays them out. */
type Cells = NonNullable<ReturnType<typeof gridCells>>;

/**
 * Row masks of `labels` (some of the cells of `from`) laid out as `from` lays out its cells: rows of
 * grid row `top` on, or (where gridCells transposes a strip too wide for a row) a row per grid column.
 */
function rowsOf(labels: readonly number[], from: Cells): number[] {
  const transposed = 'transposed' in from && from.transposed === true;
  const cols = transposed ? from.rows.length : from.width;
  const rows = new Array<number>(from.rows.length).fill(0);
  for (const a of labels) {
    const r = Math.floor(a / cols) - from.top;
    const c = a % cols;
    if (transposed) rows[c] |= 1 << r;
    else rows[r] |= 1 << c;
  }
  return rows;
}

/**
 * Cram's central symmetry theorem (cram/grid.ts) on a graph that is a grid's induced subgraph: a
 * P-position, or an N-position whose value a search must still find; null when it does not apply.
 */
export function arcKaylesTheorem(g: Graph): TheoremVerdict | null {
  const grid = gridCells(g);
  if (grid === null || grid.rows.length === 0) return null;
  let all = 0;
  for (const m of grid.rows) all |= m;
  const low = 31 - Math.clz32(all & -all);
  const w = 32 - Math.clz32(all) - low;
  const verdict = centralSymmetry(
    grid.rows.map((m) => m >>> low),
    grid.rows.length,
    w,
  );
  if (verdict === 0)
    return {
      outcome: 'P',
      grundy: 0,
      reason:
        'central symmetry: the graph is an induced subgraph of a grid, symmetric under the half turn, and no edge meets its image, so the second player answers each edge with its half-turn image',
    };
  if (verdict === 1)
    return {
      outcome: 'N',
      grundy: null,
      reason:
        'central symmetry: the first player takes the edge through the centre, then answers each edge with its half-turn image',
    };
  return null;
}

/**
 * The grid core on Arc Kayles positions that are grids' induced subgraphs (others: not accepted),
 * by Cram's rules. `moves` lists a graph's options in the family's order (its edges in label
 * order); winning moves keep that order. An option is read off the cells its graph keeps, in the
 * position's own layout (a graph left without a vertical edge could be laid out anew at another
 * width, with a larger bounding box).
 */
export function arcKaylesGridSearch(moves: (g: Graph) => Iterable<Graph>, limits: SearchLimits): PositionSearch<Graph> {
  // the grid core on cells, its winning moves unused: they are found here on graphs
  const cells = gridSearch<{ readonly width: number; readonly rows: readonly number[] }>(
    { moves: () => [] },
    (grid) => grid,
    cramGridRules,
    limits,
  );
  const cellsOf = (g: Graph) => gridCells(g)!;
  return {
    name: cells.name,
    method: cells.method,
    accepts(g) {
      const grid = gridCells(g);
      return grid !== null && fitsGrid(grid);
    },
    grundy: (g) => cells.grundy(cellsOf(g)),
    hasValue: (g, k) => cells.hasValue!(cellsOf(g), k),
    winningMoves(g, limit = Number.POSITIVE_INFINITY) {
      const grid = cellsOf(g);
      const out: Graph[] = [];
      // as the general solver: each resulting graph once, as written
      const seen = new Set<string>();
      for (const to of moves(g)) {
        if (out.length >= limit) break;
        const written = JSON.stringify(to);
        if (seen.has(written)) continue;
        seen.add(written);
        if (cells.hasValue!({ width: grid.width, rows: rowsOf(to.labels, grid) }, 0)) out.push(to);
      }
      return out;
    },
    get stats() {
      return cells.stats;
    },
    saveTable: cells.saveTable,
  };
}
