/**
 * No import cycles among the modules of src/ and web/src/: a cycle means two modules that cannot be
 * understood, tested or moved apart, and under ESM one of them runs against the other's bindings
 * before they are initialised. Found as the strongly connected components (Tarjan) of the import graph.
 *
 * Edges: static imports, re-exports and dynamic import() of a value. Type-only imports are left out:
 * under verbatimModuleSyntax the compiler erases them, so they order nothing at run time, and a
 * family's kernel naming its own ruleset type (kernel.ts -> index.ts -> kernel.ts) is harmless.
 * The layer rules (layers.test.ts) do count type-only imports, so direction still holds for types.
 */
import { describe, it } from 'vitest';
import { expectNone, sourceModules } from './source-tree.ts';

/** The value imports between governed modules, by importer; each edge keeps the line it was written on. */
function importGraph(): Map<string, Map<string, number>> {
  const modules = sourceModules();
  const known = new Set(modules.map((m) => m.path));
  const graph = new Map<string, Map<string, number>>();
  for (const m of modules) {
    const targets = new Map<string, number>();
    for (const edge of m.imports)
      if (!edge.typeOnly && edge.to !== null && known.has(edge.to) && !targets.has(edge.to))
        targets.set(edge.to, edge.line);
    graph.set(m.path, targets);
  }
  return graph;
}

/** Tarjan's strongly connected components: the components of two or more modules, and self-imports. */
function cyclicComponents(graph: Map<string, Map<string, number>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)!.keys()) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.has(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** The shortest cycle through the component's first module, as 'a:line -> b:line -> a' (breadth-first inside the component). */
function chain(graph: Map<string, Map<string, number>>, component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i]!;
    for (const w of graph.get(v)!.keys()) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(parent.get(path[0]!)!);
        return [...path, start]
          .map((m, k, all) => (k + 1 < all.length ? `${m}:${graph.get(m)!.get(all[k + 1]!)}` : m))
          .join(' -> ');
      }
      if (!parent.has(w) && w !== start) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.join(', ');
}

describe('imports', () => {
  it('form no cycle among the modules of src/ and web/src/ (value imports)', () => {
    const graph = importGraph();
    const violations = cyclicComponents(graph).map((component) => {
      const rest =
        component.length > 2 ? ` (the component holds ${component.length} modules: ${component.join(', ')})` : '';
      return `${chain(graph, component)}${rest}`;
    });
    expectNone('import cycles (each as file:line of the import -> next module):', violations);
  });
});
