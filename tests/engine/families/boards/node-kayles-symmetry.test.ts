/**
 * Node Kayles' central symmetry theorem (node-kayles/grid.ts) against the plain oracle (a brute-force
 * search of whole graphs, keyed as written) on symmetric shapes, where it applies and where it must not;
 * the grid core with the theorem against the general solver; and the analysis that answers from it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nodeKaylesGridRules,
  nodeKaylesSymmetry,
  nodeKaylesTheorem,
} from '../../../../src/engine/families/node-kayles/grid.ts';
import { nodeKayles, nodeKaylesMoves } from '../../../../src/engine/families/node-kayles/index.ts';
import { type Graph, formatGraph, gridGraph, inducedSubgraph, parseGraph } from '../../../../src/engine/graph.ts';
import { GridSolver, type GridRules } from '../../../../src/engine/solve/grid/search.ts';
import { Oracle } from '../../../../src/engine/solve/oracle/normal.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { parseGameSpec } from '../../../../src/engine/spec.ts';
import { analyzeGame } from '../../../../src/service/games.ts';

const rules = nodeKayles();

/** The plain oracle: the game's moves on whole graphs, no components, no symmetry, keys as written. */
const plainOracle = () => new Oracle<Graph>({ moves: (g) => nodeKaylesMoves(g), key: (g) => JSON.stringify(g) });

/** The cells of an h x w box kept by `keep` (cell i of the box, row-major), as the grid's induced subgraph. */
const cellsOf = (h: number, w: number, keep: readonly boolean[]): Graph => inducedSubgraph(gridGraph(h, w), [...keep]);

/** A set of cells of an h x w box: bit i of the box (row-major) is kept when keep[i]. */
interface Cells {
  readonly h: number;
  readonly w: number;
  readonly keep: readonly boolean[];
}

/** A random set of cells of a box of up to 5 x 5 (or 4 x 6), symmetric under the half turn of the box. */
const symmetricCells: fc.Arbitrary<Cells> = fc
  .tuple(
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 1, max: 6 }),
    fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
  )
  .filter(([h, w]) => h * w <= 25)
  .map(([h, w, keep]) => {
    const n = h * w;
    return { h, w, keep: keep.slice(0, n).map((_, i) => keep[Math.min(i, n - 1 - i)]) };
  });
const symmetricShapes = symmetricCells.map(({ h, w, keep }) => cellsOf(h, w, keep));

/** The cells as the grid core's rows (bit c of row r: cell (r, c)). */
function rowsOf({ h, w, keep }: Cells): number[] {
  const rows = new Array<number>(h).fill(0);
  keep.forEach((k, i) => {
    if (k) rows[Math.floor(i / w)] |= 1 << (i % w);
  });
  return rows;
}

/** A random set of cells of such a box, symmetric or not (most are not). */
const anyShapes = fc
  .tuple(
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 1, max: 5 }),
    fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
  )
  .map(([h, w, keep]) => cellsOf(h, w, keep.slice(0, h * w)));

/** The rules of the grid core without the theorem: what it searched before it had one. */
const withoutTheorem: GridRules = {
  name: 'node-kayles',
  minCells: nodeKaylesGridRules.minCells,
  moveCount: nodeKaylesGridRules.moveCount,
  forEachOption: nodeKaylesGridRules.forEachOption,
};

describe("Node Kayles' central symmetry theorem", () => {
  it('agrees with the plain oracle on random symmetric shapes, and says nothing of some (P- and N-positions among them)', () => {
    const oracle = plainOracle();
    const said = { P: 0, N: 0, nothing: 0 };
    fc.assert(
      fc.property(symmetricShapes, (g) => {
        const verdict = nodeKaylesTheorem(g);
        if (verdict === null) {
          if (g.labels.length > 0) said.nothing++;
          return;
        }
        said[verdict.outcome]++;
        expect(oracle.isP(g), `${verdict.outcome}: ${formatGraph(g)}`).toBe(verdict.outcome === 'P');
        if (verdict.outcome === 'P') expect(verdict.grundy).toBe(0);
      }),
      { numRuns: 400 },
    );
    // every case was met: the test is not vacuous
    expect(said.P).toBeGreaterThan(20);
    expect(said.N).toBeGreaterThan(20);
    expect(said.nothing).toBeGreaterThan(5);
  });

  it('agrees with the plain oracle on every symmetric shape of the boxes up to 12 cells', () => {
    const oracle = plainOracle();
    for (let h = 1; h <= 4; h++)
      for (let w = 1; w * h <= 12; w++) {
        const n = h * w;
        const free = (n + 1) >> 1;
        for (let m = 0; m < 1 << free; m++) {
          const g = cellsOf(
            h,
            w,
            Array.from({ length: n }, (_, i) => ((m >> Math.min(i, n - 1 - i)) & 1) === 1),
          );
          const verdict = nodeKaylesTheorem(g);
          if (verdict !== null) expect(oracle.isP(g), `${h} x ${w}: ${formatGraph(g)}`).toBe(verdict.outcome === 'P');
        }
      }
  });

  it('says nothing of shapes that are not symmetric, nor of symmetric ones whose centre pair has other neighbours', () => {
    const oracle = plainOracle();
    fc.assert(
      fc.property(anyShapes, (g) => {
        const verdict = nodeKaylesTheorem(g);
        if (verdict !== null) expect(oracle.isP(g), formatGraph(g)).toBe(verdict.outcome === 'P');
      }),
      { numRuns: 300 },
    );
    // not symmetric: an L of three cells (P: its middle takes all), a path of 3 cells off centre in a 2 x 3 box
    expect(nodeKaylesTheorem(parseGraph('0-1 0-3'))).toBeNull();
    // symmetric, the middle pair joined to more: P-positions and N-positions alike, so the theorem may not say
    const outside = [
      ['a path of 4 (1 x 4)', gridGraph(1, 4), true],
      ['a path of 6 (1 x 6)', gridGraph(1, 6), false],
      ['the 3 x 2 grid', gridGraph(3, 2), false],
      ['the 2 x 3 grid', gridGraph(2, 3), false],
      ['the 3 x 4 grid', gridGraph(3, 4), true],
      [
        'two dominoes joined across the centre of a 2 x 5 box',
        cellsOf(2, 5, [0, 0, 1, 1, 0, 0, 1, 1, 0, 0].map(Boolean)),
        true,
      ],
    ] as const;
    for (const [what, g, isP] of outside) {
      expect(nodeKaylesTheorem(g), what).toBeNull();
      expect(oracle.isP(g), what).toBe(isP);
    }
  });

  it('proves the even x even grids P-positions and the odd x odd ones N-positions; the centre pair alone wins', () => {
    for (const [r, c] of [
      [2, 2],
      [4, 6],
      [6, 6],
      [8, 8],
      [4, 10],
      [2, 30],
    ])
      expect(nodeKaylesTheorem(gridGraph(r, c))?.outcome, `${r} x ${c}`).toBe('P');
    for (const [r, c] of [
      [1, 1],
      [3, 3],
      [5, 5],
      [3, 7],
    ])
      expect(nodeKaylesTheorem(gridGraph(r, c))?.outcome, `${r} x ${c}`).toBe('N');
    // two single cells and a lone domino across the centre of a 3 x 4 box: take the domino, then mirror
    const pairAlone = cellsOf(3, 4, [1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1].map(Boolean));
    expect(nodeKaylesTheorem(pairAlone)?.outcome).toBe('N');
    expect(plainOracle().isP(pairAlone)).toBe(false);
    // the same strip laid out on its side (one row per column, as gridCells lays out 3 x 40)
    expect(nodeKaylesTheorem(gridGraph(3, 40))).toBeNull();
    expect(nodeKaylesTheorem(gridGraph(2, 40))?.outcome).toBe('P');
    expect(nodeKaylesTheorem(gridGraph(3, 41))?.outcome).toBe('N');
  });

  it('on row masks: the shapes of the grid core, whatever their orientation', () => {
    // 3 x 5, centre cell present (N) and absent (P); 1 x 2, the pair alone (N); 2 x 2 (P); not symmetric (-1)
    expect(nodeKaylesSymmetry([0b11111, 0b11111, 0b11111], 3, 5)).toBe(1);
    expect(nodeKaylesSymmetry([0b11111, 0b11011, 0b11111], 3, 5)).toBe(0);
    expect(nodeKaylesSymmetry([0b11], 1, 2)).toBe(1);
    expect(nodeKaylesSymmetry([0b11, 0b11], 2, 2)).toBe(0);
    expect(nodeKaylesSymmetry([0b1, 0b11], 2, 2)).toBe(-1);
    // a column of 2 (the pair alone, 2 x 1), a column of 4 (the pair joined to more)
    expect(nodeKaylesSymmetry([1, 1], 2, 1)).toBe(1);
    expect(nodeKaylesSymmetry([1, 1, 1, 1], 4, 1)).toBe(-1);
  });
});

describe('the grid core with the theorem', () => {
  it('agrees with the general solver on random symmetric shapes, and with itself without the theorem', () => {
    const general = new GameSolver(rules);
    fc.assert(
      fc.property(symmetricCells, (cells) => {
        const g = cellsOf(cells.h, cells.w, cells.keep);
        const rows = rowsOf(cells);
        const value = general.grundy(g);
        expect(new GridSolver(nodeKaylesGridRules, { tableBits: 12 }).grundy(rows), formatGraph(g)).toBe(value);
        expect(new GridSolver(withoutTheorem, { tableBits: 12 }).grundy(rows), formatGraph(g)).toBe(value);
      }),
      { numRuns: 150 },
    );
  });

  it('answers an even x even grid without a search, and searches less on an odd x odd one', () => {
    const square = new GridSolver(nodeKaylesGridRules, { tableBits: 12 });
    expect(square.grundy(new Array<number>(6).fill(0b111111))).toBe(0);
    expect(square.stats.nodes).toBe(0);
    const full = (h: number, w: number) => new Array<number>(h).fill(2 ** w - 1);
    const plain = new GridSolver(withoutTheorem, { tableBits: 16 });
    const proved = new GridSolver(nodeKaylesGridRules, { tableBits: 16 });
    expect(proved.grundy(full(5, 5))).toBe(plain.grundy(full(5, 5)));
    expect(proved.stats.nodes).toBeLessThanOrEqual(plain.stats.nodes);
  });
});

describe('the analysis of Node Kayles on grids', () => {
  it('answers even x even grids from the theorem at once, with the theorem in words', () => {
    for (const spec of ['node-kayles:grid:6x6', 'node-kayles:grid:8x8', 'node-kayles:grid:4x10']) {
      const reply = analyzeGame(parseGameSpec(spec), undefined);
      expect(reply.method, spec).toBe('theorem');
      expect(reply.grundy, spec).toBe(0);
      expect(reply.outcome, spec).toBe('P');
      expect(reply.nodes, spec).toBe(0);
      expect(reply.theorem, spec).toMatch(/^central symmetry: .*second player answers each vertex/);
    }
  });

  it('names the theorem that proves an odd x odd grid an N-position, and searches its value', () => {
    const reply = analyzeGame(parseGameSpec('node-kayles:grid:3x3'), undefined);
    expect(reply.outcome).toBe('N');
    expect(reply.grundy).toBe(new GameSolver(rules).grundy(gridGraph(3, 3)));
    expect(reply.theorem).toMatch(/first player takes the centre cell/);
    expect(reply.method).not.toBe('theorem');
  });
});
