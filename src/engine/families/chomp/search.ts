/**
 * The Chomp table core as the family's fast search: a position is looked up in the table of a frame
 * that holds it (or its transpose, the same game), built on first need and kept by the ruleset, so
 * the boards of a `nimber table` and a game's later positions reuse one build.
 */
import type { PositionSearch, SearchLimits, SearchProgress } from '../../types.ts';
import {
  type ChompTable,
  MAX_CHOMP_CORE_POSITIONS,
  buildChompTable,
  chompPositionCount,
  chompTableValue,
} from './core.ts';

/** The last table a ruleset's searches built, shared by them (one ruleset, one game: its values never change). */
export interface ChompTableCache {
  table: ChompTable | null;
}

/** The transposed diagram (rows become columns): the same game. */
export function conjugateHeights(heights: readonly number[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < (heights[0] ?? 0); r++) {
    let n = 0;
    while (n < heights.length && heights[n] > r) n++;
    out.push(n);
  }
  return out;
}

/** The diagram turned so that it is no taller than wide: frames are kept that way round. */
function upright(heights: readonly number[]): readonly number[] {
  return (heights[0] ?? 0) <= heights.length ? heights : conjugateHeights(heights);
}

/** True when the table core takes the diagram: its bounding frame holds at most MAX_CHOMP_CORE_POSITIONS positions. */
export function chompCoreFits(heights: readonly number[]): boolean {
  return chompPositionCount(heights[0] ?? 0, heights.length) <= MAX_CHOMP_CORE_POSITIONS;
}

function holds(table: ChompTable, heights: readonly number[]): boolean {
  return (heights[0] ?? 0) <= table.rows && heights.length <= table.cols;
}

/** The fast search of Chomp positions by the table core, within the limits' time and signal. */
export function chompCoreSearch(
  moves: (heights: readonly number[]) => Iterable<readonly number[]>,
  cache: ChompTableCache,
  limits: SearchLimits,
): PositionSearch<readonly number[]> {
  let stats: SearchProgress = { nodes: 0, tableEntries: 0, evicted: 0, elapsedMs: 0 };
  const tableFor = (position: readonly number[]): ChompTable => {
    const p = upright(position);
    const old = cache.table;
    if (old && holds(old, p)) return old;
    // grow the kept frame to hold both when that costs little more than the two, so a table of
    // boards builds few frames (but a 4 x 4 then a 1 x 100 builds 1 x 100, not 4 x 100)
    let rows = p[0] ?? 0;
    let cols = p.length;
    const union = old ? chompPositionCount(Math.max(rows, old.rows), Math.max(cols, old.cols)) : Infinity;
    if (old && union <= MAX_CHOMP_CORE_POSITIONS && union <= 2 * (chompPositionCount(rows, cols) + old.values.length)) {
      rows = Math.max(rows, old.rows);
      cols = Math.max(cols, old.cols);
    }
    const started = Date.now();
    const table = buildChompTable(rows, cols, limits);
    const built = table.values.length;
    stats = {
      nodes: stats.nodes + built,
      tableEntries: built,
      evicted: 0,
      elapsedMs: stats.elapsedMs + Date.now() - started,
    };
    cache.table = table;
    return table;
  };
  const value = (table: ChompTable, position: readonly number[]) => chompTableValue(table, upright(position));
  return {
    name: 'the Chomp table core',
    method: 'table core',
    accepts: chompCoreFits,
    grundy: (position) => value(tableFor(position), position),
    winningMoves(position, limit = Number.POSITIVE_INFINITY) {
      const table = tableFor(position);
      const out: (readonly number[])[] = [];
      for (const to of moves(position)) {
        if (out.length >= limit) break;
        if (value(table, to) === 0) out.push(to);
      }
      return out;
    },
    get stats() {
      return stats;
    },
  };
}
