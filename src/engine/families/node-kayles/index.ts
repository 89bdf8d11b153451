/**
 * Node Kayles: a move picks a vertex of a graph and removes it with all its neighbours; the player
 * who cannot move loses. On a path of n vertices it is the octal game 0.137 (Dawson's chess).
 * Positions are edge lists; the spec may name a start graph (path:N, cycle:N, complete:N, grid:RxC).
 */
import { defineGame } from '../../define.ts';
import type { Family, GameAccelerators, GameNotation, GameRuleset } from '../../types.ts';
import {
  GRAPH_FORMAT,
  MAX_GRAPH_VERTICES,
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
import { MAX_GRID_ROWS, MAX_GRID_SIDE } from '../../solve/grid/shape.ts';
import { nodeKaylesGridSearch, nodeKaylesTheorem } from './grid.ts';

export type { Graph } from '../../graph.ts';
export { parseGraph, formatGraph, graphKey, graphFromEdges } from '../../graph.ts';

/** Every graph after picking one vertex (in label order): the vertex and its neighbours are removed. */
export function* nodeKaylesMoves(g: Graph): Generator<Graph> {
  for (let v = 0; v < g.adj.length; v++) {
    const keep = new Array<boolean>(g.adj.length).fill(true);
    keep[v] = false;
    for (const w of g.adj[v]) keep[w] = false;
    yield inducedSubgraph(g, keep);
  }
}

function describeNodeKaylesMove(from: Graph, to: Graph): string {
  const left = new Set(to.labels);
  const removed = from.labels.filter((l) => !left.has(l));
  const removedSet = new Set(removed);
  const v = from.adj.findIndex(
    (ns, i) =>
      removedSet.has(from.labels[i]) &&
      ns.length + 1 === removed.length &&
      ns.every((j) => removedSet.has(from.labels[j])),
  );
  if (v < 0) return `move to ${to.labels.length === 0 ? 'the empty graph' : formatGraph(to)}`;
  const others = removed.filter((l) => l !== from.labels[v]);
  return `take vertex ${from.labels[v]}${others.length > 0 ? ` (removing ${others.join(', ')} with it)` : ''}`;
}

/** `startGrid`: the start is the rows x cols grid graph (vertex r * cols + c in row r, column c); absent for other starts. */
export type NodeKaylesRuleset = GameRuleset<Graph> & { readonly startGrid?: readonly [rows: number, cols: number] };

export function nodeKayles(
  start: Graph | null = null,
  startSpec = '',
  grid?: readonly [rows: number, cols: number],
): NodeKaylesRuleset {
  const notation: GameNotation<Graph> = {
    positionFormat: GRAPH_FORMAT,
    startHint: 'a named graph (e.g. node-kayles:path:6 or node-kayles:grid:3x4)',
    parsePosition:
      start === null
        ? parseGraph
        : (text) => checkInducedSubgraph(parseGraph(text), start, `node-kayles:${startSpec}`, 'node-kayles'),
    formatPosition: formatGraph,
    describeMove: describeNodeKaylesMove,
  };
  const accelerators: GameAccelerators<Graph> = {
    theorem: nodeKaylesTheorem,
    fastSearch: (limits) => nodeKaylesGridSearch(nodeKaylesMoves, limits),
  };
  const game = defineGame<Graph>({
    what: 'a game on a graph',
    family: 'node-kayles',
    spec: startSpec === '' ? 'node-kayles' : `node-kayles:${startSpec}`,
    title: startSpec === '' ? 'Node Kayles' : `Node Kayles on ${startSpec.replace(':', ' ')}`,
    start,
    moves: nodeKaylesMoves,
    // every vertex is a move
    moveCount: (g) => g.adj.length,
    components: graphComponents,
    key: graphKey,
    rectangle: gridGraph,
    // the grid core's box (a 3 x 40 strip runs down its rows) within the graphs' vertex limit
    rectangleLimit: { shortSide: MAX_GRID_SIDE, longSide: MAX_GRID_ROWS, cells: MAX_GRAPH_VERTICES },
    notation,
    accelerators,
  });
  return grid ? { ...game, startGrid: grid } : game;
}

export const nodeKaylesFamily: Family = {
  name: 'node-kayles',
  help: "node-kayles[:path:<n>|cycle:<n>|complete:<n>|grid:<r>x<c>] — Node Kayles: pick a vertex, remove it and its neighbours; positions are edge lists such as '0-1 1-2'",
  args: 'optional',
  example: { spec: 'node-kayles:path:6' },
  parse(args) {
    const named = namedStart(args, 'node-kayles');
    return named ? nodeKayles(named.graph, named.spec, named.grid) : nodeKayles();
  },
};
