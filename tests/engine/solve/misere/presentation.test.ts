/** Complete presentations of misère quotients: the monoid rebuilt from generators and rules alone equals the computed one. */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { misereQuotient, type MisereQuotient } from '../../../../src/engine/solve/misere/quotient.ts';
import { wordBefore, type RewriteRule } from '../../../../src/engine/solve/misere/presentation.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

const divides = (a: readonly number[], b: readonly number[]) => a.every((x, i) => x <= b[i]);

/** Rewrites a word until no rule's left side divides it. */
function reduce(word: readonly number[], rules: readonly RewriteRule[]): number[] {
  let w = word.slice();
  for (let steps = 0; ; steps++) {
    if (steps > 100_000) throw new Error('rewriting does not terminate');
    const rule = rules.find((r) => divides(r.left, w));
    if (!rule) return w;
    w = w.map((x, i) => x - rule.left[i] + rule.right[i]);
  }
}

/**
 * The monoid presented by k generators and the rules, knowing nothing of the quotient: checks that
 * every rule decreases (termination) and that every critical pair resolves (local confluence, hence
 * confluence by Newman's lemma), then lists the irreducible words and their products.
 */
function rebuild(
  k: number,
  rules: readonly RewriteRule[],
): { words: number[][]; product: (a: number, b: number) => number } {
  for (const r of rules) expect(wordBefore(r.right, r.left), `${r.left} -> ${r.right} decreases`).toBe(true);
  for (const r of rules)
    for (const s of rules) {
      const lcm = r.left.map((x, i) => Math.max(x, s.left[i]));
      const viaR = reduce(
        lcm.map((x, i) => x - r.left[i] + r.right[i]),
        rules,
      );
      const viaS = reduce(
        lcm.map((x, i) => x - s.left[i] + s.right[i]),
        rules,
      );
      expect(viaR, `critical pair of ${r.left} and ${s.left}`).toEqual(viaS);
    }
  const words: number[][] = [new Array<number>(k).fill(0)];
  const index = new Map<string, number>([[words[0].join(','), 0]]);
  for (let u = 0; u < words.length; u++)
    for (let i = 0; i < k; i++) {
      const w = words[u].slice();
      w[i]++;
      const r = reduce(w, rules);
      if (!index.has(r.join(','))) {
        index.set(r.join(','), words.length);
        words.push(r);
      }
    }
  const product = (a: number, b: number) =>
    index.get(
      reduce(
        words[a].map((x, i) => x + words[b][i]),
        rules,
      ).join(','),
    )!;
  return { words, product };
}

/** The quotient's element of a word: the product of its generators' heap elements. */
function elementOfWord(q: MisereQuotient, word: readonly number[]): number {
  let e = 0;
  word.forEach((c, i) => {
    for (let j = 0; j < c; j++) e = q.table[e * q.size + q.heapElement[q.generators[i].heap]];
  });
  return e;
}

function checkPresentation(q: MisereQuotient): void {
  const k = q.generators.length;
  const { words, product } = rebuild(k, q.presentation.rules);
  expect(words.length).toBe(q.size);
  const toQ = words.map((w) => elementOfWord(q, w));
  expect(new Set(toQ).size).toBe(q.size); // a bijection onto the quotient
  for (let a = 0; a < words.length; a++)
    for (let b = 0; b < words.length; b++) expect(toQ[product(a, b)]).toBe(q.table[toQ[a] * q.size + toQ[b]]);
  // the normal forms printed are the irreducible words, and the P-portion is read through them
  const printed = new Set(q.presentation.normalForms.map((w) => w.join(',')));
  for (const w of words) expect(printed.has(w.join(','))).toBe(true);
  toQ.forEach((u, a) => {
    expect(q.presentation.normalForms[u]).toEqual(words[a]);
  });
}

describe('complete presentations of misère quotients', () => {
  it('0.75 is R8 = <a, b, c | a^2 = 1, b^3 = b, b c = a b, c^2 = b^2> (Plambeck & Siegel, JCTA 115 (2008))', () => {
    const q = misereQuotient(heap('takebreak:0.75'), 20);
    const names = q.generators.map((g) => g.name);
    const text = q.presentation.rules.map((r) =>
      [r.left, r.right]
        .map(
          (w) =>
            w
              .map((e, i) => (e === 0 ? '' : e === 1 ? names[i] : `${names[i]}^${e}`))
              .filter(Boolean)
              .join(' ') || '1',
        )
        .join(' = '),
    );
    expect(text.sort()).toEqual(['a^2 = 1', 'b c = a b', 'b^3 = b', 'c^2 = b^2'].sort());
    checkPresentation(q);
  });

  it.each([
    ['kayles', 40],
    ['dawsons-kayles', 20],
    ['takebreak:0.72', 30],
    ['takebreak:0.15', 40],
    ['takebreak:0.144', 30],
    ['takebreak:0.44', 60],
    ['grundys-game', 20],
    ['subtract:1,3,4', 20],
    ['nim', 15],
  ])('%s up to heap %i: the rules alone rebuild the quotient (order, products, normal forms)', (spec, max) => {
    checkPresentation(misereQuotient(heap(spec), max));
  });
});
