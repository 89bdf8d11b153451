/**
 * Finite partial orders for poset games: read from covering relations ("a<b,a<c,b<d") or named
 * (divisors of n, subsets of an n-set, products of chains), closed transitively, with cycles refused.
 */
import { InputError } from '../../errors.ts';

export interface Poset {
  /** Element names, in the order positions list them. */
  readonly names: readonly string[];
  /** up[x]: the elements y >= x (x included), ascending. */
  readonly up: readonly (readonly number[])[];
  /** comparable[x][y]: x <= y or y <= x. */
  readonly comparable: readonly (readonly boolean[])[];
}

/** Most elements of a poset (its positions are subsets: the search, not this bound, limits the work). */
export const MAX_ELEMENTS = 64;

const NAME = /^[A-Za-z0-9_]+$/;

/** The poset whose order is the transitive closure of `less` (pairs x < y over elements 0..n-1). */
export function closeOrder(names: readonly string[], less: readonly (readonly [number, number])[]): Poset {
  const n = names.length;
  if (n > MAX_ELEMENTS)
    throw new InputError(`a poset of ${n} elements is above the maximum of ${MAX_ELEMENTS}`, 'too-large');
  const above: number[][] = Array.from({ length: n }, () => []);
  for (const [x, y] of less) above[x].push(y);
  const reach: boolean[][] = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (let x = 0; x < n; x++) {
    const stack = [...above[x]];
    while (stack.length > 0) {
      const y = stack.pop()!;
      if (reach[x][y]) continue;
      reach[x][y] = true;
      stack.push(...above[y]);
    }
    if (reach[x][x]) throw new InputError(`the relations make a cycle through '${names[x]}': a partial order has none`);
  }
  const up = reach.map((row, x) => [x, ...row.flatMap((r, y) => (r ? [y] : []))].sort((a, b) => a - b));
  const comparable = reach.map((row, x) => row.map((r, y) => r || reach[y][x] || x === y));
  return { names, up, comparable };
}

/** Reads relations such as "a<b,a<c,b<d<e,f" (a lone name is an element related to nothing). */
export function parseRelations(text: string): Poset {
  const names: string[] = [];
  const index = new Map<string, number>();
  const less: [number, number][] = [];
  const element = (name: string, item: string): number => {
    if (!NAME.test(name))
      throw new InputError(
        `in '${item}': '${name}' is not an element name (letters, digits and _); relations look like a<b,a<c,b<d`,
      );
    let i = index.get(name);
    if (i === undefined) {
      i = names.length;
      names.push(name);
      index.set(name, i);
      if (names.length > MAX_ELEMENTS)
        throw new InputError(`more than ${MAX_ELEMENTS} elements: a poset has at most ${MAX_ELEMENTS}`, 'too-large');
    }
    return i;
  };
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (item === '') throw new InputError(`an empty relation in '${text}'; relations look like a<b,a<c,b<d`);
    const chain = item.split('<').map((s) => s.trim());
    const ids = chain.map((name) => element(name, item));
    for (let k = 1; k < ids.length; k++) {
      if (ids[k] === ids[k - 1])
        throw new InputError(`in '${item}': '${chain[k]}' < '${chain[k]}' is not a strict order`);
      less.push([ids[k - 1], ids[k]]);
    }
  }
  return closeOrder(names, less);
}

/** The divisors of n ordered by divisibility (named by their values). */
export function divisorPoset(n: number): Poset {
  const divisors: number[] = [];
  for (let d = 1; d * d <= n; d++) if (n % d === 0) divisors.push(d, n / d);
  const sorted = [...new Set(divisors)].sort((a, b) => a - b);
  if (sorted.length > MAX_ELEMENTS)
    throw new InputError(
      `${n} has ${sorted.length} divisors, above the maximum of ${MAX_ELEMENTS} elements`,
      'too-large',
    );
  const less: [number, number][] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) if (sorted[j] % sorted[i] === 0) less.push([i, j]);
  return closeOrder(sorted.map(String), less);
}

/** The subsets of {1..n} ordered by inclusion (named by their members: {}, {1}, {12}, ...). */
export function subsetPoset(n: number): Poset {
  const count = 2 ** n;
  if (count > MAX_ELEMENTS)
    throw new InputError(
      `the subsets of a ${n}-set are ${count} elements, above the maximum of ${MAX_ELEMENTS}`,
      'too-large',
    );
  const name = (s: number) => `{${Array.from({ length: n }, (_, k) => (s & (1 << k) ? String(k + 1) : '')).join('')}}`;
  const less: [number, number][] = [];
  for (let s = 0; s < count; s++) for (let k = 0; k < n; k++) if (!(s & (1 << k))) less.push([s, s | (1 << k)]);
  return closeOrder(
    Array.from({ length: count }, (_, s) => name(s)),
    less,
  );
}

/** The product of chains of these lengths, ordered coordinatewise (named by 1-based coordinates: 1.1, 2.3, ...). */
export function chainProduct(lengths: readonly number[]): Poset {
  const count = lengths.reduce((a, b) => a * b, 1);
  if (count > MAX_ELEMENTS)
    throw new InputError(
      `a product of chains ${lengths.join('x')} has ${count} elements, above the maximum of ${MAX_ELEMENTS}`,
      'too-large',
    );
  const coords: number[][] = [];
  const walk = (prefix: number[]) => {
    if (prefix.length === lengths.length) coords.push(prefix);
    else for (let i = 0; i < lengths[prefix.length]; i++) walk([...prefix, i]);
  };
  walk([]);
  const id = new Map(coords.map((c, i) => [c.join('.'), i]));
  const less: [number, number][] = [];
  for (const [i, c] of coords.entries())
    for (const [axis, v] of c.entries())
      if (v + 1 < lengths[axis]) less.push([i, id.get(c.map((w, a) => (a === axis ? w + 1 : w)).join('.'))!]);
  return closeOrder(
    coords.map((c) => c.map((v) => v + 1).join('.')),
    less,
  );
}
