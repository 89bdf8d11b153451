/** The grid core on Node Kayles: grids' induced subgraphs against the general solver, and the 3 x n grid against OEIS A316632. */
import { describe, expect, it } from 'vitest';
import { nodeKayles } from '../../../../src/engine/families/node-kayles/index.ts';
import { gridCells, nodeKaylesGridRules } from '../../../../src/engine/families/node-kayles/grid.ts';
import { graphFromEdges, gridGraph } from '../../../../src/engine/graph.ts';
import { GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { expectGridCoreAgrees } from '../../../helpers/grid-graphs.ts';

const rules = nodeKayles();

describe('the grid core on Node Kayles', () => {
  it('agrees with the general solver on random induced subgraphs of grids (values and winning moves)', () => {
    expectGridCoreAgrees(rules, 200);
  });

  it('takes only graphs that are a grid induced subgraph: a triangle and a non-induced square go to the general solver', () => {
    expect(
      gridCells(
        graphFromEdges(
          [0, 1, 2],
          [
            [0, 1],
            [1, 2],
            [0, 2],
          ],
        ),
      ),
    ).toBeNull();
    // 0-1, 2-3 and 0-2 but not 1-3: a path, not the 2 x 2 grid's induced subgraph on labels 0..3 (C = 2)
    expect(
      gridCells(
        graphFromEdges(
          [0, 1, 2, 3],
          [
            [0, 1],
            [2, 3],
            [0, 2],
          ],
        ),
      ),
    ).toBeNull();
    const square = gridCells(gridGraph(2, 2))!;
    expect(square.rows).toEqual([3, 3]);
  });

  it('3 x n grids: the 16 terms of OEIS A316632 (Brown et al., J. Integer Seq. 23 (2020), Article 20.3.5)', () => {
    const a316632 = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    const core = new GridSolver(nodeKaylesGridRules, { tableBits: 20 });
    const values = a316632.map((_, i) => core.grundy(new Array<number>(3).fill(2 ** (i + 1) - 1)));
    expect(values).toEqual(a316632);
  });

  it('3 x 31, past the 30 columns of a row: the grid graph turned (one row per column), its value as its certificate proves', () => {
    // 2: docs/certificates/node-kayles-3x31.cert.gz, checked by `nimber verify` (docs/certificates.md)
    const g = gridGraph(3, 31);
    const cells = gridCells(g)!;
    expect([cells.transposed, cells.rows.length, cells.width]).toEqual([true, 31, 3]);
    const search = rules.accelerators.fastSearch!({});
    expect(search.accepts(g)).toBe(true);
    expect(search.grundy(g)).toBe(2);
  });
});
