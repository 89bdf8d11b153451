// Node Kayles on a graph: a move picks a vertex and removes it with its neighbours; the player who
// cannot move loses. A position is an edge list such as '0-1 1-2 2-3' (a lone number is a vertex
// without edges), as the built-in family writes it: `nimber analyze node-kayles --board '0-1 1-2'`.
// The graph's connected parts are games of their own (components).
//   nimber analyze --rules examples/node-kayles.mjs '0-1 1-2 2-3 3-0 0-4'
export default {
  name: 'Node Kayles on a graph',
  // the Petersen graph
  start: { vertices: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], edges: petersen() },
  *moves({ vertices, edges }) {
    for (const v of vertices) {
      const gone = new Set([v, ...neighbours(edges, v)]);
      yield {
        vertices: vertices.filter((w) => !gone.has(w)),
        edges: edges.filter(([a, b]) => !gone.has(a) && !gone.has(b)),
      };
    }
  },
  components({ vertices, edges }) {
    const parts = [];
    const seen = new Set();
    for (const v of vertices) {
      if (seen.has(v)) continue;
      const part = [v];
      seen.add(v);
      for (let i = 0; i < part.length; i++)
        for (const w of neighbours(edges, part[i]))
          if (!seen.has(w)) {
            seen.add(w);
            part.push(w);
          }
      const inPart = new Set(part);
      parts.push({ vertices: part.sort((a, b) => a - b), edges: edges.filter(([a]) => inPart.has(a)) });
    }
    return parts;
  },
  parse(text) {
    const vertices = new Set();
    const edges = [];
    for (const item of text
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)) {
      const ends = item.split('-').map(Number);
      if (ends.length > 2 || ends.some((x) => !Number.isInteger(x) || x < 0))
        throw new Error(`'${item}' is no vertex or edge`);
      for (const x of ends) vertices.add(x);
      if (ends.length === 2) edges.push(ends[0] < ends[1] ? ends : [ends[1], ends[0]]);
    }
    edges.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    return { vertices: [...vertices].sort((a, b) => a - b), edges };
  },
  format({ vertices, edges }) {
    const touched = new Set(edges.flat());
    const items = [];
    for (const v of vertices) {
      if (!touched.has(v)) items.push(String(v));
      for (const [a, b] of edges) if (a === v) items.push(`${a}-${b}`);
    }
    return items.join(' ');
  },
  describeMove(from, to) {
    const left = new Set(to.vertices);
    const taken = from.vertices.find(
      (v) =>
        !left.has(v) &&
        neighbours(from.edges, v).every((w) => !left.has(w)) &&
        from.vertices.filter((w) => !left.has(w)).length === 1 + neighbours(from.edges, v).length,
    );
    return taken === undefined ? 'take a vertex' : `take vertex ${taken}`;
  },
};

function neighbours(edges, v) {
  return edges.filter(([a, b]) => a === v || b === v).map(([a, b]) => (a === v ? b : a));
}

function petersen() {
  const edges = [];
  for (let i = 0; i < 5; i++) {
    edges.push([i, (i + 1) % 5], [i, i + 5], [5 + i, 5 + ((i + 2) % 5)]);
  }
  return edges.map(([a, b]) => (a < b ? [a, b] : [b, a])).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}
