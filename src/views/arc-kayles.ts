/** Arc Kayles on a grid graph drawn as its grid: two clicks on adjacent vertices take the edge between them. */
import type { Graph } from '../engine/graph.ts';
import { inducedSubgraph } from '../engine/graph.ts';
import { type ArcKaylesRuleset, arcKaylesFamily } from '../engine/families/arc-kayles/index.ts';
import type { FamilyView, GridView } from './types.ts';

function gridEdges(rows: number, cols: number): GridView<Graph> {
  const index = (g: Graph, r: number, c: number) => g.labels.indexOf(r * cols + c);
  return {
    howToMove: 'click two adjacent vertices to take the edge between them',
    size: () => ({ rows, cols }),
    cell: (g, r, c) => (index(g, r, c) >= 0 ? 'free' : 'taken'),
    pick(g, cells) {
      const vs = cells.map(([r, c]) => index(g, r, c));
      if (vs.length === 0 || vs.length > 2 || vs.some((v) => v < 0)) return null;
      if (vs.length === 1) return g.adj[vs[0]].length > 0 ? 'more' : null;
      if (!g.adj[vs[0]].includes(vs[1])) return null;
      const keep = g.labels.map(() => true);
      keep[vs[0]] = keep[vs[1]] = false;
      return inducedSubgraph(g, keep);
    },
  };
}

export const arcKaylesView: FamilyView<Graph, ArcKaylesRuleset> = {
  family: arcKaylesFamily,
  // other start graphs (paths, cycles) and no start: the edge list and the listed moves alone
  of: ({ startGrid }) => (startGrid ? { grid: gridEdges(startGrid[0], startGrid[1]) } : {}),
};
