/** Random graphs, random induced subgraphs of grids, and the check that a family's grid core agrees with the general solver on them. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { type Graph, formatGraph, graphFromEdges, gridGraph, inducedSubgraph } from '../../src/engine/graph.ts';
import { GameSolver } from '../../src/engine/solve/search/solver.ts';
import type { GameRuleset } from '../../src/engine/types.ts';

/** A random simple graph on 1 to maxVertices vertices 0..n-1, from up to maxEdges random pairs (loops dropped). */
export function randomGraph(maxVertices: number, maxEdges: number): fc.Arbitrary<Graph> {
  return fc.integer({ min: 1, max: maxVertices }).chain((n) =>
    fc
      .array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), {
        maxLength: maxEdges,
      })
      .map((pairs) =>
        graphFromEdges(
          [...Array(n).keys()],
          pairs.filter(([a, b]) => a !== b),
        ),
      ),
  );
}

/** A random induced subgraph of a grid of up to 5 x 6 vertices. */
export const subgrids: fc.Arbitrary<Graph> = fc
  .tuple(
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 1, max: 6 }),
    fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
  )
  .map(([h, w, keep]) => inducedSubgraph(gridGraph(h, w), keep.slice(0, h * w)));

/**
 * The family's fast search (its grid core) takes every random induced subgraph of a grid and gives
 * the general solver's value and winning moves, all of them and the first one, in the family's order.
 */
export function expectGridCoreAgrees(rules: GameRuleset<Graph>, numRuns: number): void {
  const search = rules.accelerators.fastSearch!({});
  const general = new GameSolver(rules);
  fc.assert(
    fc.property(subgrids, (g) => {
      const text = formatGraph(g);
      expect(search.accepts(g), text).toBe(true);
      expect(search.grundy(g), text).toBe(general.grundy(g));
      expect(search.winningMoves(g).map(formatGraph), text).toEqual(general.winningMoves(g).map(formatGraph));
      expect(search.winningMoves(g, 1).map(formatGraph), text).toEqual(general.winningMoves(g, 1).map(formatGraph));
    }),
    { numRuns },
  );
}
