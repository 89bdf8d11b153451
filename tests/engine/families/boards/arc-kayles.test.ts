/**
 * Arc Kayles: solver against the oracle on random graphs, paths against 0.07, grid graphs against
 * Cram, and the grid core (Cram's rules) against the general solver on grids' induced subgraphs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arcKaylesTheorem } from '../../../../src/engine/families/arc-kayles/grid.ts';
import { arcKayles } from '../../../../src/engine/families/arc-kayles/index.ts';
import { cram } from '../../../../src/engine/families/cram/index.ts';
import { type Graph, formatGraph, gridGraph, inducedSubgraph, namedGraph } from '../../../../src/engine/graph.ts';
import { parseGameSpec } from '../../../../src/engine/spec.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { expectOracleAgreement } from '../../solve/search/oracle-agreement.ts';
import { expectGridCoreAgrees, randomGraph } from '../../../helpers/grid-graphs.ts';

describe('arc-kayles', () => {
  const rules = parseGameSpec('arc-kayles');

  it('agrees with the oracle on random graphs of up to 9 vertices', () => {
    const graph = randomGraph(9, 12);
    fc.assert(
      fc.property(fc.array(graph, { minLength: 10, maxLength: 10 }), (graphs) => {
        expectOracleAgreement(rules, graphs);
      }),
      { numRuns: 20 },
    );
  });

  it("on a path of n vertices it is Dawson's Kayles (0.07), n <= 120", () => {
    const dawson = grundySequence(parseTupleSpec('takebreak:0.07'), 120);
    const solver = new GameSolver(rules);
    for (let n = 1; n <= 120; n++)
      expect(solver.grundy(parseGameSpec(`arc-kayles:path:${n}`).start), `path ${n}`).toBe(dawson[n]);
  });

  it('on the R x C grid graph it is Cram on the R x C board', () => {
    const arcs = new GameSolver(rules);
    const dominoes = new GameSolver(cram());
    for (const [r, c] of [
      [2, 3],
      [3, 3],
      [3, 4],
      [2, 6],
      [4, 4],
    ]) {
      expect(arcs.grundy(parseGameSpec(`arc-kayles:grid:${r}x${c}`).start), `${r} x ${c}`).toBe(
        dominoes.grundy(cram(r, c).start!),
      );
    }
  });
});

/** A random induced subgraph of a grid of up to 5 x 6 vertices, symmetric under the half turn. */
const symmetricSubgrids = fc
  .tuple(
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 1, max: 6 }),
    fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
  )
  .map(([h, w, keep]) =>
    inducedSubgraph(
      gridGraph(h, w),
      keep.slice(0, h * w).map((_, i) => keep[Math.min(i, h * w - 1 - i)]),
    ),
  );

describe('arc-kayles on the grid core', () => {
  const rules = arcKayles();

  it('agrees with the general solver on random induced subgraphs of grids (values and winning moves)', () => {
    expectGridCoreAgrees(rules, 200);
  });

  it("Cram's central symmetry theorem holds on symmetric induced subgraphs", () => {
    const general = new GameSolver(rules);
    fc.assert(
      fc.property(symmetricSubgrids, (g: Graph) => {
        const verdict = arcKaylesTheorem(g);
        if (verdict === null) return;
        const value = general.grundy(g);
        if (verdict.outcome === 'P') expect(value, formatGraph(g)).toBe(0);
        else expect(value, formatGraph(g)).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
    expect(arcKaylesTheorem(gridGraph(4, 4))?.outcome).toBe('P');
    expect(arcKaylesTheorem(gridGraph(3, 4))?.outcome).toBe('N');
  });

  it('the grid core takes the R x C grid graph, and the general solver keeps graphs that are no grid induced subgraph', () => {
    const search = rules.accelerators.fastSearch!({});
    expect(search.accepts(gridGraph(5, 6))).toBe(true);
    expect(search.grundy(gridGraph(5, 6))).toBe(2);
    for (const spec of ['complete:5', 'cycle:5', 'cycle:6']) {
      const start = namedGraph(spec, 'arc-kayles');
      expect(search.accepts(start), spec).toBe(false);
      expect(arcKaylesTheorem(start), spec).toBeNull();
    }
  });
});
