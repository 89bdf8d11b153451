/**
 * The grid core past 30 columns: long narrow shapes (a 3 x n strip is n rows of 3 bits) and boxes
 * over 96 cells get an exact text key. Their keys against a brute-force canonical form, their facts
 * in the tables, and their values against the general solver.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridCells, nodeKaylesGridRules } from '../../../../src/engine/families/node-kayles/grid.ts';
import { type Graph, formatGraph, nodeKayles } from '../../../../src/engine/families/node-kayles/index.ts';
import { gridGraph, inducedSubgraph } from '../../../../src/engine/graph.ts';
import { GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import {
  MAX_GRID_CELLS,
  MAX_GRID_ROWS,
  MAX_GRID_SIDE,
  type Shape,
  canonicalShape,
} from '../../../../src/engine/solve/grid/shape.ts';
import { SharedNimberTable, sharedTableMemory } from '../../../../src/engine/solve/grid/shared-table.ts';
import { LOWER_BOUND, LongFacts, NimberTable, UNKNOWN } from '../../../../src/engine/solve/grid/table.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { cellBox } from '../../../helpers/boards.ts';

/** A shape's cells as (row, column) pairs. */
type Cells = [number, number][];

function cellsOf(rows: readonly number[]): Cells {
  const out: Cells = [];
  rows.forEach((m, r) => {
    for (let c = 0; c < 32; c++) if ((m >>> c) & 1) out.push([r, c]);
  });
  return out;
}

/** The 8 symmetries of the square on cells (rows and columns may swap). */
const SYMMETRIES: ((r: number, c: number) => [number, number])[] = [
  (r, c) => [r, c],
  (r, c) => [r, -c],
  (r, c) => [-r, c],
  (r, c) => [-r, -c],
  (r, c) => [c, r],
  (r, c) => [c, -r],
  (r, c) => [-c, r],
  (r, c) => [-c, -r],
];

/**
 * The canonical rows by brute force, as shape.ts defines them: of the 8 images, those whose rows
 * fit (width at most MAX_GRID_SIDE); of these the ones with fewest rows when both orientations fit
 * (else the long side is down in every one left); the least of them row by row.
 */
function bruteCanonical(rows: readonly number[]): { rows: number[]; h: number; w: number } {
  const cells = cellsOf(rows);
  const fitting = SYMMETRIES.map((f) => cellBox(cells.map(([r, c]) => f(r, c)))).filter((b) => b.w <= MAX_GRID_SIDE);
  const fewest = Math.min(...fitting.map((b) => b.h));
  const pool = fitting.filter((b) => b.h === fewest);
  let best = pool[0];
  for (const b of pool) {
    const i = b.rows.findIndex((m, k) => m !== best.rows[k]);
    if (i >= 0 && b.rows[i] < best.rows[i]) best = b;
  }
  return best;
}

function shapeOf(rows: readonly number[]): Shape {
  const { rows: boxed, h, w } = cellBox(cellsOf(rows));
  return canonicalShape(boxed, h, w, cellsOf(rows).length);
}

/** A random image of the rows under a symmetry whose rows still fit 32-bit masks. */
function imageOf(rows: readonly number[], symmetry: number): number[] | null {
  const b = cellBox(cellsOf(rows).map(([r, c]) => SYMMETRIES[symmetry](r, c)));
  return b.w <= 32 ? b.rows : null;
}

/** Random tall shapes: 31 to MAX_GRID_ROWS rows of up to 30 bits, the first and last rows and the first column non-empty. */
const tallShapes = fc
  .tuple(
    fc.integer({ min: MAX_GRID_SIDE + 1, max: MAX_GRID_ROWS }),
    fc.integer({ min: 1, max: MAX_GRID_SIDE }),
    fc.array(fc.integer({ min: 0, max: 2 ** 30 - 1 }), { minLength: MAX_GRID_ROWS, maxLength: MAX_GRID_ROWS }),
  )
  .map(([h, w, masks]) => {
    const rows = masks.slice(0, h).map((m) => m & ((1 << w) - 1));
    rows[0] |= 1;
    rows[h - 1] |= 1 << (w - 1);
    return rows;
  });

/** Random boxes over 96 cells with both sides at most 30 (e.g. 10 x 10): long keys too. */
const wideShapes = fc
  .tuple(
    fc.integer({ min: 4, max: MAX_GRID_SIDE }),
    fc.integer({ min: 4, max: MAX_GRID_SIDE }),
    fc.array(fc.integer({ min: 0, max: 2 ** 30 - 1 }), { minLength: MAX_GRID_SIDE, maxLength: MAX_GRID_SIDE }),
  )
  .filter(([h, w]) => h * w > MAX_GRID_CELLS)
  .map(([h, w, masks]) => {
    const rows = masks.slice(0, h).map((m) => m & ((1 << w) - 1));
    rows[0] |= 1;
    rows[h - 1] |= 1 << (w - 1);
    return rows;
  });

describe('long keys', () => {
  it('are the brute-force canonical form, the same for every image of a shape', () => {
    fc.assert(
      fc.property(fc.oneof(tallShapes, wideShapes), fc.integer({ min: 0, max: 7 }), (rows, symmetry) => {
        const s = shapeOf(rows);
        const brute = bruteCanonical(rows);
        expect(s.longKey).not.toBe('');
        expect([s.h, s.w]).toEqual([brute.h, brute.w]);
        expect(s.rows).toEqual(brute.rows);
        const image = imageOf(rows, symmetry);
        if (image !== null) expect(shapeOf(image).longKey).toBe(s.longKey);
      }),
      { numRuns: 300 },
    );
  });

  it('tell two shapes apart exactly when their canonical forms differ (one cell changed)', () => {
    fc.assert(
      fc.property(tallShapes, fc.nat(), (rows, at) => {
        const other = rows.slice();
        const r = 1 + (at % (rows.length - 2));
        other[r] ^= 1 << (at % 3);
        const same = JSON.stringify(bruteCanonical(rows)) === JSON.stringify(bruteCanonical(other));
        expect(shapeOf(other).longKey === shapeOf(rows).longKey).toBe(same);
      }),
      { numRuns: 200 },
    );
  });

  it('leave shapes of up to 96 cells in a box of sides up to 30 on the three-word key', () => {
    const s = shapeOf([7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
    expect([s.h, s.w, s.longKey]).toEqual([3, 30, '']);
    const strip = shapeOf(new Array<number>(31).fill(7));
    expect([strip.h, strip.w, strip.longKey === '']).toEqual([31, 3, false]);
    // 3 x 31 given as 3 rows of 31 bits: turned to 31 rows of 3 bits, the same key
    expect(shapeOf([2 ** 31 - 1, 2 ** 31 - 1, 2 ** 31 - 1]).longKey).toBe(strip.longKey);
  });

  it('refuse a box with both sides over 30 rather than confuse shapes', () => {
    expect(() => canonicalShape(new Array<number>(31).fill(2 ** 31 - 1), 31, 31, 961)).toThrow(RangeError);
  });
});

describe('long-keyed facts in the tables', () => {
  const a = shapeOf(new Array<number>(40).fill(7));
  const b = shapeOf([...new Array<number>(39).fill(7), 3]);

  for (const [name, make] of [
    ['the plain table', () => new NimberTable(8)],
    ['the shared table', () => new SharedNimberTable(sharedTableMemory(8))],
  ] as const)
    it(`${name}: exact values, bounds and excluded values, kept apart by key`, () => {
      const t = make();
      expect(t.lookup(a)).toBe(UNKNOWN);
      t.setNotValues(a, 0b101);
      expect(t.lookup(a)).toBe(LOWER_BOUND);
      expect(t.notValues(a)).toBe(0b101);
      t.setBound(a, 2);
      expect(t.lookup(a)).toBe(LOWER_BOUND + 2);
      expect(t.notValues(a)).toBe(0b101);
      expect(t.lookup(b)).toBe(UNKNOWN);
      t.set(a, 3);
      expect(t.get(a)).toBe(3);
      // an exact value is never replaced by a bound
      t.setBound(a, 1);
      expect(t.get(a)).toBe(3);
      t.set(b, 1);
      expect([t.get(a), t.get(b)]).toEqual([3, 1]);
    });

  it('a full store drops its oldest facts, never a wrong one', () => {
    const facts = new LongFacts(8);
    const shapes = Array.from({ length: 20 }, (_, i) => shapeOf([...new Array<number>(31 + i).fill(7)]));
    for (const [i, s] of shapes.entries()) facts.write(s, i % 7, false, 0);
    expect(facts.size).toBeLessThanOrEqual(8);
    expect(facts.evicted).toBe(20 - facts.size);
    shapes.forEach((s, i) => {
      const v = facts.lookup(s);
      expect(v === UNKNOWN || v === i % 7).toBe(true);
    });
    expect(facts.lookup(shapes[19])).toBe(19 % 7);
  });
});

const rules = nodeKayles();

/**
 * Random induced subgraphs of a tall grid whose first column is nearly whole, so a component often
 * spans more than 30 rows (a long key); the other columns sparse, so the general solver stays quick.
 */
const tallGraphs = fc
  .tuple(
    fc.integer({ min: MAX_GRID_SIDE + 1, max: 38 }),
    fc.integer({ min: 1, max: 2 }),
    fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 84, maxLength: 84 }),
  )
  .map(([h, w, dice]) => {
    const keep = Array.from({ length: h * w }, (_, i) => dice[i % dice.length] < (i % w === 0 ? 98 : 20));
    return inducedSubgraph(gridGraph(h, w), keep);
  });

describe('the grid core on long shapes', () => {
  it('agrees with the general solver on tall induced subgraphs of grids, with a table small enough to drop facts', () => {
    const general = new GameSolver(rules);
    let long = 0;
    fc.assert(
      fc.property(tallGraphs, (g: Graph) => {
        const cells = gridCells(g);
        expect(cells, formatGraph(g)).not.toBeNull();
        const core = new GridSolver(nodeKaylesGridRules, { tableBits: 8 });
        if (core.shapes(cells!.rows).some((s) => s.longKey !== '')) long++;
        const expected = general.grundy(g);
        expect(core.grundy(cells!.rows), formatGraph(g)).toBe(expected);
        expect(new GridSolver(nodeKaylesGridRules, { tableBits: 12 }).grundy(cells!.rows), formatGraph(g)).toBe(
          expected,
        );
      }),
      { numRuns: 20 },
    );
    // about half the graphs have a component of more than 30 rows (the first column unbroken)
    expect(long).toBeGreaterThan(0);
  });

  it('takes a grid of more than 30 columns turned (one row per column), its winning moves as the general solver finds them', () => {
    // 2 x 32: vertical edges 32 apart, so only the turned embedding fits the core's rows
    const keep = Array.from({ length: 64 }, (_, i) => i % 32 < 3 || i % 32 > 27 || i % 5 !== 0);
    const g = inducedSubgraph(gridGraph(2, 32), keep);
    const cells = gridCells(g)!;
    expect(cells.transposed).toBe(true);
    expect(cells.rows.length).toBe(32);
    const search = rules.accelerators.fastSearch!({});
    expect(search.accepts(g)).toBe(true);
    const general = new GameSolver(rules);
    expect(search.grundy(g)).toBe(general.grundy(g));
    expect(search.winningMoves(g).map(formatGraph)).toEqual(general.winningMoves(g).map(formatGraph));
  });
});
