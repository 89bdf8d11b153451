/**
 * The graph key (engine/graph.ts) against a brute force: a key spells out a graph isomorphic to the
 * one keyed (so equal keys only for isomorphic graphs), and relabelling a graph whose refinement
 * leaves no ties gives the same key. Checked by trying every vertex permutation on small graphs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Graph, graphFromEdges, graphKey, gridGraph, inducedSubgraph } from '../../src/engine/graph.ts';
import { randomGraph } from '../helpers/grid-graphs.ts';

const smallGraph = randomGraph(7, 16);

/** The graph a key of the general form spells out (adjacency rows in the key's order); null for P/C names. */
function decode(key: string): Graph | null {
  const m = /^G(\d+):(.*)$/.exec(key);
  if (!m) return null;
  const rows = m[2].split('|').map((row) => (row === '' ? [] : row.split('.').map(Number)));
  expect(rows).toHaveLength(Number(m[1]));
  return { labels: rows.map((_, i) => i), adj: rows };
}

function edgeSet(g: Graph, relabel: readonly number[]): Set<string> {
  const out = new Set<string>();
  g.adj.forEach((ns, i) => {
    for (const j of ns) {
      const [a, b] = [relabel[i], relabel[j]].sort((x, y) => x - y);
      out.add(`${a}-${b}`);
    }
  });
  return out;
}

function* permutations(n: number): Generator<number[]> {
  const p = [...Array(n).keys()];
  function* go(k: number): Generator<number[]> {
    if (k === n) {
      yield [...p];
      return;
    }
    for (let i = k; i < n; i++) {
      [p[k], p[i]] = [p[i], p[k]];
      yield* go(k + 1);
      [p[k], p[i]] = [p[i], p[k]];
    }
  }
  yield* go(0);
}

function isomorphic(a: Graph, b: Graph): boolean {
  if (a.adj.length !== b.adj.length) return false;
  const target = edgeSet(b, [...Array(b.adj.length).keys()]);
  for (const p of permutations(a.adj.length)) {
    const mine = edgeSet(a, p);
    if (mine.size === target.size && [...mine].every((e) => target.has(e))) return true;
  }
  return false;
}

/** The number of colour classes colour refinement ends with, by a plain string version of it. */
function stableClasses(g: Graph): number {
  let colour = g.adj.map((ns) => String(ns.length));
  let classes = new Set(colour).size;
  for (;;) {
    const next = colour.map(
      (c, i) =>
        `${c}(${g.adj[i]
          .map((j) => colour[j])
          .sort()
          .join(',')})`,
    );
    const count = new Set(next).size;
    if (count === classes) return count;
    colour = next;
    classes = count;
  }
}

function relabelled(g: Graph, p: readonly number[]): Graph {
  const edges: [number, number][] = [];
  g.adj.forEach((ns, i) => {
    for (const j of ns) if (j > i) edges.push([p[i], p[j]]);
  });
  return graphFromEdges([...Array(g.adj.length).keys()], edges);
}

describe('graphKey', () => {
  it('spells out a graph isomorphic to the one keyed (every permutation tried)', () => {
    fc.assert(
      fc.property(smallGraph, (g) => {
        const spelled = decode(graphKey(g));
        if (spelled !== null) expect(isomorphic(g, spelled)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('is the same for a relabelled copy when the refinement leaves no ties', () => {
    fc.assert(
      fc.property(smallGraph, fc.infiniteStream(fc.nat()), (g, random) => {
        const n = g.adj.length;
        const p = [...Array(n).keys()];
        for (let i = n - 1; i > 0; i--) {
          const j = random.next().value % (i + 1);
          [p[i], p[j]] = [p[j], p[i]];
        }
        const copy = relabelled(g, p);
        if (g.adj.some((ns) => ns.length > 2) && stableClasses(g) === n) expect(graphKey(copy)).toBe(graphKey(g));
        const spelled = decode(graphKey(copy));
        if (spelled !== null) expect(isomorphic(g, spelled)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the 3 x n strips and their mirror images one key (the positions of Node Kayles certificates)', () => {
    for (const n of [4, 7, 10]) {
      const strip = gridGraph(3, n);
      // the strip without its first column and without its last: mirror images of each other
      const left = inducedSubgraph(
        strip,
        strip.labels.map((v) => v % n !== 0),
      );
      const right = inducedSubgraph(
        strip,
        strip.labels.map((v) => v % n !== n - 1),
      );
      expect(graphKey(left)).toBe(graphKey(right));
      expect(graphKey(strip)).not.toBe(graphKey(left));
    }
  });
});
