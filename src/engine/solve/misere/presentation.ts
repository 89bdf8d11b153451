/**
 * A complete presentation of a finite commutative monoid given by its table and generators: each
 * element's normal form (its least word in the degree-lexicographic order) and the rewriting rules
 * that turn every other word into its normal form. The rules are a reduced Gröbner basis of the
 * monoid's congruence: a reader (or a test) rebuilds the monoid from the generators and rules alone.
 *
 * Order on words (exponent vectors over the generators a, b, c, …): fewer letters first, then, at the
 * first generator where two words differ, the one with more of it first (so "a b" comes before
 * "b c"). This order is compatible with multiplication, so every factor of a normal form is a normal
 * form: the normal forms are a down-closed set of exponent vectors and the words that are not normal
 * forms are an up-closed set. Its minimal members are the rules' left sides, each rewritten to the
 * normal form of its element. Every rule makes a word smaller (termination) and a word with no left
 * side dividing it is a normal form, one per element (confluence): the rules present the monoid.
 *
 * Normal forms by degree: a normal form of degree d is a normal form of degree d − 1 times one
 * generator, so a breadth-first pass that keeps, for each element first reached at degree d, the
 * least such candidate finds them all in O(m · k) products (m elements, k generators).
 */

/** One rewriting rule: the word `left` (exponents per generator) equals the normal form `right`. */
export interface RewriteRule {
  readonly left: readonly number[];
  readonly right: readonly number[];
}

export interface Presentation {
  /** The normal form of each element (exponent per generator). */
  readonly normalForms: readonly (readonly number[])[];
  /** The rules, by left side in the word order. */
  readonly rules: readonly RewriteRule[];
}

/** True when word a comes before word b (degree first, then more of the earliest differing generator). */
export function wordBefore(a: readonly number[], b: readonly number[]): boolean {
  let da = 0,
    db = 0;
  for (const x of a) da += x;
  for (const x of b) db += x;
  if (da !== db) return da < db;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/**
 * The presentation of the monoid with `size` elements and products table[a·size + b] (0 the
 * identity) on the generators `gens` (elements); throws when they do not generate it.
 */
export function presentMonoid(size: number, table: ArrayLike<number>, gens: readonly number[]): Presentation {
  const k = gens.length;
  const normal: (number[] | null)[] = new Array(size).fill(null);
  normal[0] = new Array<number>(k).fill(0);
  let level = [0];
  while (level.length > 0) {
    const found = new Map<number, number[]>();
    for (const u of level)
      for (let i = 0; i < k; i++) {
        const v = table[u * size + gens[i]];
        if (normal[v] !== null) continue;
        const w = normal[u]!.slice();
        w[i]++;
        const best = found.get(v);
        if (!best || wordBefore(w, best)) found.set(v, w);
      }
    for (const [v, w] of found) normal[v] = w;
    level = [...found.keys()];
  }
  if (normal.some((w) => w === null)) throw new Error('internal: the generators do not generate the monoid');
  const forms = normal as number[][];
  const elementOfForm = new Map<string, number>();
  forms.forEach((w, u) => {
    elementOfForm.set(w.join(','), u);
  });
  const isNormal = (w: number[]) => elementOfForm.has(w.join(','));
  const rules = new Map<string, RewriteRule>();
  forms.forEach((w, u) => {
    for (let i = 0; i < k; i++) {
      const t = w.slice();
      t[i]++;
      const key = t.join(',');
      if (rules.has(key) || isNormal(t)) continue;
      // a left side is a minimal word that is not a normal form: each of its divisors by one letter is one
      let minimal = true;
      for (let j = 0; j < k && minimal; j++) {
        if (t[j] === 0 || j === i) continue;
        const s = t.slice();
        s[j]--;
        if (!isNormal(s)) minimal = false;
      }
      if (minimal) rules.set(key, { left: t, right: forms[table[u * size + gens[i]]] });
    }
  });
  const sorted = [...rules.values()].sort((a, b) =>
    wordBefore(a.left, b.left) ? -1 : wordBefore(b.left, a.left) ? 1 : 0,
  );
  return { normalForms: forms, rules: sorted };
}

/** A word in the generators' names: "a b^2", "1" for the empty word. */
export function wordText(word: readonly number[], names: readonly string[]): string {
  const parts: string[] = [];
  word.forEach((e, i) => {
    if (e > 0) parts.push(e === 1 ? names[i] : `${names[i]}^${e}`);
  });
  return parts.length === 0 ? '1' : parts.join(' ');
}

/** A rule in words: "b c = a b". */
export function ruleText(rule: RewriteRule, names: readonly string[]): string {
  return `${wordText(rule.left, names)} = ${wordText(rule.right, names)}`;
}
