/**
 * Simple graphs as game positions: vertices keep the user's labels, edges are adjacency lists over
 * local indices. Parsing from edge lists (errors name line and column), induced subgraphs,
 * connected components, and a sound key (equal keys only for isomorphic graphs).
 */
import { InputError } from './errors.ts';

export interface Graph {
  /** The user's vertex ids, in increasing order. */
  readonly labels: readonly number[];
  /** adj[i]: the local indices of the neighbours of vertex i, increasing. */
  readonly adj: readonly (readonly number[])[];
}

export const MAX_GRAPH_VERTICES = 256;
export const MAX_VERTEX_ID = 9999;
export const GRAPH_FORMAT =
  "an edge list such as '0-1 1-2 2-3' (a lone number is an isolated vertex; commas, spaces or newlines between items)";

/** Reads an edge list; errors name the line and column. The empty text is the empty graph. */
export function parseGraph(text: string): Graph {
  const neighbours = new Map<number, Set<number>>();
  const lines = text.replace(/\\n/g, '\n').split('\n');
  lines.forEach((line, i) => {
    const re = /[^\s,]+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line)) !== null) {
      const where = `line ${i + 1}, column ${m.index + 1}`;
      const parts = m[0].split('-');
      if (parts.length > 2 || parts.some((p) => !/^\d+$/.test(p)))
        throw new InputError(`${where}: '${m[0]}' is neither a vertex id nor an edge a-b; expected ${GRAPH_FORMAT}`);
      const ids = parts.map(Number);
      for (const id of ids) {
        if (id > MAX_VERTEX_ID)
          throw new InputError(`${where}: vertex id ${id} is above the maximum of ${MAX_VERTEX_ID}`);
        if (!neighbours.has(id)) neighbours.set(id, new Set());
        if (neighbours.size > MAX_GRAPH_VERTICES)
          throw new InputError(`${where}: more than ${MAX_GRAPH_VERTICES} vertices`, 'too-large');
      }
      if (ids.length === 2) {
        if (ids[0] === ids[1]) throw new InputError(`${where}: a loop ${m[0]}; an edge joins two different vertices`);
        neighbours.get(ids[0])!.add(ids[1]);
        neighbours.get(ids[1])!.add(ids[0]);
      }
    }
  });
  const labels = [...neighbours.keys()].sort((a, b) => a - b);
  const index = new Map(labels.map((l, i) => [l, i]));
  return { labels, adj: labels.map((l) => [...neighbours.get(l)!].map((x) => index.get(x)!).sort((a, b) => a - b)) };
}

/** Edges "a-b" (a < b) in label order, then isolated vertices; the empty graph is the empty text. */
export function formatGraph(g: Graph): string {
  const items: string[] = [];
  g.adj.forEach((ns, i) => {
    if (ns.length === 0) items.push(String(g.labels[i]));
    for (const j of ns) if (j > i) items.push(`${g.labels[i]}-${g.labels[j]}`);
  });
  return items.join(' ');
}

/** A graph from labels and an edge list over them. */
export function graphFromEdges(labels: readonly number[], edges: readonly (readonly [number, number])[]): Graph {
  const index = new Map(labels.map((l, i) => [l, i]));
  const adj = labels.map(() => [] as number[]);
  for (const [a, b] of edges) {
    adj[index.get(a)!].push(index.get(b)!);
    adj[index.get(b)!].push(index.get(a)!);
  }
  return { labels, adj: adj.map((ns) => [...new Set(ns)].sort((x, y) => x - y)) };
}

/** The subgraph induced by the vertices for which keep[i] is true. */
export function inducedSubgraph(g: Graph, keep: readonly boolean[]): Graph {
  const index = new Array<number>(g.adj.length).fill(-1);
  const labels: number[] = [];
  for (let i = 0; i < g.adj.length; i++)
    if (keep[i]) {
      index[i] = labels.length;
      labels.push(g.labels[i]);
    }
  const adj: number[][] = [];
  for (let i = 0; i < g.adj.length; i++) {
    if (!keep[i]) continue;
    const row: number[] = [];
    for (const j of g.adj[i]) if (keep[j]) row.push(index[j]);
    adj.push(row);
  }
  return { labels, adj };
}

/**
 * The graph, when it is an induced subgraph of `start` (its vertices are start's, with exactly the
 * edges start has between them): the positions of Node Kayles and Arc Kayles that arise from start.
 * Throws an InputError naming the first vertex or edge that does not fit, and `spec`.
 */
export function checkInducedSubgraph(g: Graph, start: Graph, spec: string, family: string): Graph {
  const index = new Map(start.labels.map((l, i) => [l, i]));
  const refuse = (what: string) =>
    new InputError(
      `${what}, so the graph does not arise from ${spec}; give the spec ${family} for a graph of any shape`,
    );
  for (const label of g.labels) if (!index.has(label)) throw refuse(`vertex ${label} is not a vertex of ${spec}`);
  for (let i = 0; i < g.adj.length; i++) {
    const a = index.get(g.labels[i])!;
    const mine = new Set(g.adj[i].map((j) => g.labels[j]));
    for (const label of g.labels) {
      if (label <= g.labels[i]) continue;
      const theirs = start.adj[a].includes(index.get(label)!);
      if (mine.has(label) !== theirs)
        throw refuse(
          `${mine.has(label) ? 'the edge' : 'the missing edge'} ${g.labels[i]}-${label} is ${theirs ? 'an edge' : 'not an edge'} of ${spec}`,
        );
    }
  }
  return g;
}

/**
 * The connected components (each as its own graph), isolated vertices included; a connected graph
 * is its own one component (the same object: graphs are never changed).
 */
export function graphComponents(g: Graph): Graph[] {
  const n = g.adj.length;
  // each vertex's component, numbered in order of their least vertex
  const component = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  let count = 0;
  for (let s = 0; s < n; s++) {
    if (component[s] >= 0) continue;
    component[s] = count;
    stack.push(s);
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (const w of g.adj[v])
        if (component[w] < 0) {
          component[w] = count;
          stack.push(w);
        }
    }
    count++;
  }
  if (count <= 1) return count === 0 ? [] : [g];
  const labels: number[][] = Array.from({ length: count }, () => []);
  const adj: number[][][] = Array.from({ length: count }, () => []);
  const index = new Int32Array(n);
  for (let v = 0; v < n; v++) {
    const c = component[v];
    index[v] = labels[c].length;
    labels[c].push(g.labels[v]);
  }
  for (let v = 0; v < n; v++) {
    const row: number[] = [];
    for (const w of g.adj[v]) row.push(index[w]);
    adj[component[v]].push(row);
  }
  return labels.map((l, c) => ({ labels: l, adj: adj[c] }));
}

/**
 * A sound key: paths and cycles by name (P7, C5: canonical), any other graph by its adjacency under
 * a vertex order from colour refinement (degrees refined by neighbours' colours), ties broken by the
 * vertices' order. Equal keys mean isomorphic graphs (the key spells the whole graph out); two
 * isomorphic graphs whose refinement leaves ties may still get different keys (a miss in the
 * table, never a wrong answer). Isolated vertices count, as families may give them moves.
 *
 * The refinement works on integers: a vertex's signature is its colour followed by its neighbours'
 * colours in increasing order (padded, so every signature has the same length), and the new colours
 * are the signatures' ranks. Ranks depend on the colours alone, never on the vertices' numbers, so
 * the order found is the same for isomorphic graphs up to the ties. (Certificates key every
 * component they meet: a key built from strings cost a third of writing a Node Kayles proof.)
 */
export function graphKey(g: Graph): string {
  const n = g.adj.length;
  if (n === 0) return '';
  let edges = 0;
  let maxDegree = 0;
  for (const ns of g.adj) {
    edges += ns.length;
    if (ns.length > maxDegree) maxDegree = ns.length;
  }
  edges /= 2;
  if (maxDegree <= 2 && isConnected(g)) {
    if (edges === n - 1) return 'P' + n;
    if (edges === n) return 'C' + n;
  }
  const width = maxDegree + 1;
  const signature = new Int32Array(n * width);
  let colour = new Int32Array(n);
  let classes = 0;
  {
    const seen = new Uint8Array(maxDegree + 1);
    for (let v = 0; v < n; v++) {
      const d = g.adj[v].length;
      colour[v] = d;
      if (seen[d] === 0) {
        seen[d] = 1;
        classes++;
      }
    }
  }
  const compare = (a: number, b: number): number => {
    const x = a * width;
    const y = b * width;
    for (let i = 0; i < width; i++) {
      const d = signature[x + i] - signature[y + i];
      if (d !== 0) return d;
    }
    return 0;
  };
  // sorted in place by insertion: after the first round the order is nearly sorted (refinement only
  // splits classes), and Array.prototype.sort copies its array on every call (a proof keys hundreds
  // of thousands of components)
  const order = new Int32Array(n);
  for (let v = 0; v < n; v++) order[v] = v;
  for (let round = 0; round < n; round++) {
    for (let v = 0; v < n; v++) {
      const base = v * width;
      signature[base] = colour[v];
      // the neighbours' colours by insertion (degrees are small), then -1 past the degree
      const ns = g.adj[v];
      let k = 0;
      for (const w of ns) {
        const c = colour[w];
        let at = base + 1 + k;
        while (at > base + 1 && signature[at - 1] > c) {
          signature[at] = signature[at - 1];
          at--;
        }
        signature[at] = c;
        k++;
      }
      for (let i = base + 1 + k; i < base + width; i++) signature[i] = -1;
    }
    for (let i = 1; i < n; i++) {
      const v = order[i];
      let at = i;
      while (at > 0 && compare(order[at - 1], v) > 0) {
        order[at] = order[at - 1];
        at--;
      }
      order[at] = v;
    }
    const next = new Int32Array(n);
    let rank = 0;
    for (let i = 0; i < n; i++) {
      if (i > 0 && compare(order[i - 1], order[i]) !== 0) rank++;
      next[order[i]] = rank;
    }
    colour = next;
    if (rank + 1 === classes) break;
    classes = rank + 1;
  }
  // by colour, ties by vertex: a counting sort (colours are 0..classes-1)
  const byColour = new Int32Array(n);
  {
    const start = new Int32Array(n + 1);
    for (let v = 0; v < n; v++) start[colour[v] + 1]++;
    for (let c = 0; c < n; c++) start[c + 1] += start[c];
    for (let v = 0; v < n; v++) byColour[start[colour[v]]++] = v;
  }
  const position = new Int32Array(n);
  for (let i = 0; i < n; i++) position[byColour[i]] = i;
  let key = 'G' + n + ':';
  const row = new Int32Array(maxDegree);
  for (let i = 0; i < n; i++) {
    const ns = g.adj[byColour[i]];
    for (let k = 0; k < ns.length; k++) {
      const p = position[ns[k]];
      let at = k;
      while (at > 0 && row[at - 1] > p) {
        row[at] = row[at - 1];
        at--;
      }
      row[at] = p;
    }
    if (i > 0) key += '|';
    for (let k = 0; k < ns.length; k++) key += k > 0 ? '.' + row[k] : String(row[k]);
  }
  return key;
}

function isConnected(g: Graph): boolean {
  const seen = new Array<boolean>(g.adj.length).fill(false);
  const stack = [0];
  seen[0] = true;
  let count = 1;
  while (stack.length > 0) {
    for (const w of g.adj[stack.pop()!])
      if (!seen[w]) {
        seen[w] = true;
        count++;
        stack.push(w);
      }
  }
  return count === g.adj.length;
}

/** Named graphs of the specs: path:N, cycle:N, grid:RxC, complete:N. */
/** A graph family's spec arguments (`path:9`, `grid:3x4`, …): the start graph, the arguments as written in the spec, and a grid's size; null when none are given. */
export function namedStart(
  args: string,
  what: string,
): { graph: Graph; spec: string; grid?: readonly [rows: number, cols: number] } | null {
  const spec = args.trim().toLowerCase().replace(/\s+/g, '');
  if (spec === '') return null;
  const grid = /^grid:(\d+)x(\d+)$/.exec(spec);
  return { graph: namedGraph(spec, what), spec, grid: grid ? [Number(grid[1]), Number(grid[2])] : undefined };
}

export function namedGraph(text: string, what: string): Graph {
  const m = /^\s*(path|cycle|complete|grid):\s*(\d+)(?:\s*[xX]\s*(\d+))?\s*$/.exec(text);
  if (!m || (m[1] === 'grid') !== (m[3] !== undefined))
    throw new InputError(`${what} takes path:<n>, cycle:<n>, complete:<n> or grid:<rows>x<cols>, got '${text.trim()}'`);
  const a = Number(m[2]);
  const b = m[3] === undefined ? 1 : Number(m[3]);
  if (a < 1 || b < 1) throw new InputError(`${what}: a graph needs at least one vertex`);
  if (a * b > MAX_GRAPH_VERTICES)
    throw new InputError(`${what}: ${a * b} vertices is above the maximum of ${MAX_GRAPH_VERTICES}`, 'too-large');
  if (m[1] === 'grid') return gridGraph(a, b);
  const labels = [...Array(a).keys()];
  const edges: [number, number][] = [];
  if (m[1] === 'complete') {
    for (let i = 0; i < a; i++) for (let j = i + 1; j < a; j++) edges.push([i, j]);
  } else {
    for (let i = 0; i + 1 < a; i++) edges.push([i, i + 1]);
    if (m[1] === 'cycle' && a >= 3) edges.push([a - 1, 0]);
  }
  return graphFromEdges(labels, edges);
}

/** The R x C grid graph, vertex r*C + c. */
export function gridGraph(rows: number, cols: number): Graph {
  if (rows * cols > MAX_GRAPH_VERTICES)
    throw new InputError(`a ${rows} x ${cols} grid has more than ${MAX_GRAPH_VERTICES} vertices`, 'too-large');
  const edges: [number, number][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols) edges.push([r * cols + c, r * cols + c + 1]);
      if (r + 1 < rows) edges.push([r * cols + c, (r + 1) * cols + c]);
    }
  }
  return graphFromEdges([...Array(rows * cols).keys()], edges);
}
