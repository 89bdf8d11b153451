/** Node Kayles on a grid graph drawn as its grid (vertex r * cols + c in row r, column c): a click takes a vertex. */
import type { Graph } from '../engine/graph.ts';
import { inducedSubgraph } from '../engine/graph.ts';
import { type NodeKaylesRuleset, nodeKaylesFamily } from '../engine/families/node-kayles/index.ts';
import type { FamilyView, GridView } from './types.ts';

function gridGraph(rows: number, cols: number): GridView<Graph> {
  const index = (g: Graph, r: number, c: number) => g.labels.indexOf(r * cols + c);
  return {
    howToMove: 'click a vertex: it goes with its neighbours (left, right, above, below)',
    size: () => ({ rows, cols }),
    cell: (g, r, c) => (index(g, r, c) >= 0 ? 'free' : 'taken'),
    pick(g, cells) {
      if (cells.length !== 1) return null;
      const v = index(g, cells[0][0], cells[0][1]);
      if (v < 0) return null;
      const keep = g.labels.map(() => true);
      keep[v] = false;
      for (const w of g.adj[v]) keep[w] = false;
      return inducedSubgraph(g, keep);
    },
  };
}

export const nodeKaylesView: FamilyView<Graph, NodeKaylesRuleset> = {
  family: nodeKaylesFamily,
  // other start graphs (paths, cycles) and no start: the edge list and the listed moves alone
  of: ({ startGrid }) => (startGrid ? { grid: gridGraph(startGrid[0], startGrid[1]) } : {}),
};
