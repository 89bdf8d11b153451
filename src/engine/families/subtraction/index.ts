/** Subtraction games: remove s tokens from one heap, s in a finite or named infinite set. */
import { InputError } from '../../errors.ts';
import { MAX_SEQUENCE } from '../../limits.ts';
import type { SubtractionRuleset, SubtractionSet } from '../../types.ts';

function finiteSet(members: number[]): SubtractionSet {
  const sorted = Int32Array.from([...new Set(members)].sort((a, b) => a - b));
  return {
    text: Array.from(sorted).join(','),
    finite: true,
    upTo(limit) {
      let end = 0;
      while (end < sorted.length && sorted[end] <= limit) end++;
      return sorted.slice(0, end);
    },
  };
}

/** A named infinite set, listed by a generator of its ascending members. */
function namedSet(text: string, members: (limit: number) => number[]): SubtractionSet {
  return { text, finite: false, upTo: (limit) => Int32Array.from(members(limit)) };
}

function powersOf(e: number) {
  return (limit: number) => {
    const out: number[] = [];
    for (let k = 1; k ** e <= limit; k++) out.push(k ** e);
    return out;
  };
}

function primes(limit: number): number[] {
  if (limit < 2) return [];
  const composite = new Uint8Array(limit + 1);
  const out: number[] = [];
  for (let p = 2; p <= limit; p++) {
    if (composite[p]) continue;
    out.push(p);
    for (let q = p * p; q <= limit; q += p) composite[q] = 1;
  }
  return out;
}

/** The named infinite subtraction sets of the spec language. */
export const NAMED_SETS: Record<string, (limit: number) => number[]> = {
  squares: powersOf(2),
  cubes: powersOf(3),
  primes,
  'powers-of-2': (limit) => {
    const out: number[] = [];
    for (let p = 1; p <= limit; p *= 2) out.push(p);
    return out;
  },
  fibonacci: (limit) => {
    const out: number[] = [];
    for (let a = 1, b = 2; a <= limit; [a, b] = [b, a + b]) out.push(a);
    return out;
  },
  triangular: (limit) => {
    const out: number[] = [];
    for (let k = 1; (k * (k + 1)) / 2 <= limit; k++) out.push((k * (k + 1)) / 2);
    return out;
  },
};

/** Builds the ruleset from the text after 'subtract:'. */
export function parseSubtraction(args: string): SubtractionRuleset {
  const text = args.trim();
  if (text === '') throw new InputError(`subtract needs a set: a comma list like 'subtract:1,3,4' or one of ${Object.keys(NAMED_SETS).join(', ')}`);
  let set: SubtractionSet;
  const named = NAMED_SETS[text];
  if (named) set = namedSet(text, named);
  else {
    const parts = text.split(',').map((p) => p.trim());
    const members = parts.map((p) => {
      if (!/^\d+$/.test(p) || Number(p) < 1) {
        throw new InputError(`subtract: '${p}' is not a positive integer or a known set (${Object.keys(NAMED_SETS).join(', ')})`);
      }
      const value = Number(p);
      if (value > MAX_SEQUENCE) throw new InputError(`subtract: ${p} is above the maximum of ${MAX_SEQUENCE}`, 'too-large');
      return value;
    });
    set = finiteSet(members);
  }
  return subtraction(set);
}

export function subtraction(set: SubtractionSet): SubtractionRuleset {
  return {
    kind: 'heap',
    family: 'subtraction',
    spec: `subtract:${set.text}`,
    title: set.finite ? `subtraction game {${set.text}}` : `subtract ${set.text}`,
    maxHeap: MAX_SEQUENCE,
    set,
    *heapOptions(n: number) {
      for (const s of set.upTo(n)) yield n - s === 0 ? [] : [n - s];
    },
  };
}
