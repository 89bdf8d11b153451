/**
 * Arc Kayles (as in CGSuite): a move picks an edge of a graph and removes both its ends with every
 * edge at them; the player who cannot move loses. On a path of n vertices it is Dawson's Kayles
 * (octal 0.07); on the R x C grid graph it is Cram on the R x C board (an edge is a domino), and
 * every induced subgraph of a grid graph goes to the grid core with Cram's rules (grid.ts).
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
  MAX_GRAPH_VERTICES,
  namedStart,
  parseGraph,
} from '../../graph.ts';
import { defineGame } from '../../define.ts';
import { MAX_GRID_SIDE } from '../../solve/grid/shape.ts';
import type { Family, GameAccelerators, GameNotation, GameRuleset } from '../../types.ts';
import { arcKaylesGridSearch, arcKaylesTheorem } from './grid.ts';

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

/** How many moves arcKaylesMoves makes: one per edge. */
export function arcKaylesMoveCount(g: Graph): number {
  let ends = 0;
  for (const ns of g.adj) ends += ns.length;
  return ends / 2;
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

/** `startGrid`: the start is the rows x cols grid graph (vertex r * cols + c in row r, column c); absent for other starts. */
export type ArcKaylesRuleset = GameRuleset<Graph> & { readonly startGrid?: readonly [rows: number, cols: number] };

export function arcKayles(
  start: Graph | null = null,
  startSpec = '',
  grid?: readonly [rows: number, cols: number],
): ArcKaylesRuleset {
  const notation: GameNotation<Graph> = {
    positionFormat: GRAPH_FORMAT,
    startHint: 'a named graph (e.g. arc-kayles:grid:2x3 or arc-kayles:path:6)',
    parsePosition:
      start === null
        ? parseGraph
        : (text) => checkInducedSubgraph(parseGraph(text), start, `arc-kayles:${startSpec}`, 'arc-kayles'),
    formatPosition: formatGraph,
    describeMove: describeArcKaylesMove,
  };
  const accelerators: GameAccelerators<Graph> = {
    theorem: arcKaylesTheorem,
    fastSearch: (limits) => arcKaylesGridSearch(arcKaylesMoves, limits),
  };
  const game = defineGame<Graph>({
    what: 'a game on a graph',
    family: 'arc-kayles',
    spec: startSpec === '' ? 'arc-kayles' : `arc-kayles:${startSpec}`,
    title: startSpec === '' ? 'Arc Kayles' : `Arc Kayles on ${startSpec.replace(':', ' ')}`,
    start,
    moves: arcKaylesMoves,
    moveCount: arcKaylesMoveCount,
    components: liveComponents,
    key: graphKey,
    rectangle: gridGraph,
    // a grid's edges are dominoes: Cram's grid core takes sides up to 30, within the graphs' vertex limit
    rectangleLimit: { shortSide: MAX_GRID_SIDE, longSide: MAX_GRID_SIDE, cells: MAX_GRAPH_VERTICES },
    notation,
    accelerators,
  });
  return grid ? { ...game, startGrid: grid } : game;
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
