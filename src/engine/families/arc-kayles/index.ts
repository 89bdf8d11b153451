/**
 * Arc Kayles (as in CGSuite): a move picks an edge of a graph and removes both its ends with every
 * edge at them; the player who cannot move loses. On a path of n vertices it is Dawson's Kayles
 * (octal 0.07); on the R x C grid graph it is Cram on the R x C board (an edge is a domino).
 */
import {
  GRAPH_FORMAT,
  checkInducedSubgraph,
  type Graph,
  formatGraph,
  graphComponents,
  graphKey,
  gridGraph,
  inducedSubgraph,
  namedStart,
  parseGraph,
} from '../../graph.ts';
import { defineGame } from '../../define.ts';
import type { Family, GameRuleset, GridView } from '../../types.ts';

/** Every graph after picking one edge (in label order): both its ends go. */
export function* arcKaylesMoves(g: Graph): Generator<Graph> {
  for (let v = 0; v < g.adj.length; v++) {
    for (const w of g.adj[v]) {
      if (w < v) continue;
      const keep = new Array<boolean>(g.adj.length).fill(true);
      keep[v] = keep[w] = false;
      yield inducedSubgraph(g, keep);
    }
  }
}

/** Connected components that still hold an edge (a lone vertex is dead). */
function liveComponents(g: Graph): Graph[] {
  return graphComponents(g).filter((c) => c.adj.length > 1);
}

function describeArcKaylesMove(from: Graph, to: Graph): string {
  const left = new Set(to.labels);
  const removed = from.labels.filter((l) => !left.has(l));
  return removed.length === 2
    ? `take edge ${removed[0]}-${removed[1]}`
    : `move to ${formatGraph(to) || 'the empty graph'}`;
}

/** A grid graph drawn as its grid: two clicks on adjacent vertices take the edge between them. */
function gridEdgeView(rows: number, cols: number): GridView<Graph> {
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

export type ArcKaylesRuleset = GameRuleset<Graph>;

export function arcKayles(
  start: Graph | null = null,
  startSpec = '',
  grid?: readonly [rows: number, cols: number],
): ArcKaylesRuleset {
  return defineGame<Graph>({
    what: 'a game on a graph',
    family: 'arc-kayles',
    spec: startSpec === '' ? 'arc-kayles' : `arc-kayles:${startSpec}`,
    title: startSpec === '' ? 'Arc Kayles' : `Arc Kayles on ${startSpec.replace(':', ' ')}`,
    start,
    positionFormat: GRAPH_FORMAT,
    startHint: 'a named graph (e.g. arc-kayles:grid:2x3 or arc-kayles:path:6)',
    parsePosition:
      start === null
        ? parseGraph
        : (text) => checkInducedSubgraph(parseGraph(text), start, `arc-kayles:${startSpec}`, 'arc-kayles'),
    formatPosition: formatGraph,
    moves: arcKaylesMoves,
    components: liveComponents,
    key: graphKey,
    describeMove: describeArcKaylesMove,
    rectangle: gridGraph,
    gridView: grid ? gridEdgeView(grid[0], grid[1]) : undefined,
  });
}

export const arcKaylesFamily: Family = {
  name: 'arc-kayles',
  help: "arc-kayles[:path:<n>|cycle:<n>|complete:<n>|grid:<r>x<c>] — Arc Kayles: pick an edge, remove both its ends; positions are edge lists such as '0-1 1-2'",
  args: 'optional',
  example: { spec: 'arc-kayles:grid:2x3' },
  parse(args) {
    const named = namedStart(args, 'arc-kayles');
    return named ? arcKayles(named.graph, named.spec, named.grid) : arcKayles();
  },
};
