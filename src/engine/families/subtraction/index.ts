/** Subtraction games: remove s tokens from one heap, s in a finite or named infinite set. */
import { InputError } from '../../errors.ts';
import { MAX_SEQUENCE } from '../../limits.ts';
import type { Family, HeapRuleset, SubtractionSet } from '../../types.ts';
import { fastSubtractionSequence } from './kernel.ts';
import { WASM_MAX_MOVES, WasmSubtraction, wasmAvailable } from './wasm.ts';

export interface SubtractionRuleset extends HeapRuleset {
  readonly subtractionSet: SubtractionSet;
}

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

/** The named infinite subtraction sets of the spec language (a Map: user text is never an object key). */
export const NAMED_SETS: ReadonlyMap<string, (limit: number) => number[]> = new Map([
  ['squares', powersOf(2)],
  ['cubes', powersOf(3)],
  ['primes', primes],
  [
    'powers-of-2',
    (limit: number) => {
      const out: number[] = [];
      for (let p = 1; p <= limit; p *= 2) out.push(p);
      return out;
    },
  ],
  [
    'fibonacci',
    (limit: number) => {
      const out: number[] = [];
      for (let a = 1, b = 2; a <= limit; [a, b] = [b, a + b]) out.push(a);
      return out;
    },
  ],
  [
    'triangular',
    (limit: number) => {
      const out: number[] = [];
      for (let k = 1; (k * (k + 1)) / 2 <= limit; k++) out.push((k * (k + 1)) / 2);
      return out;
    },
  ],
]);

const namedList = () => [...NAMED_SETS.keys()].join(', ');

/** Builds the ruleset from the text after 'subtract:'. */
export function parseSubtraction(args: string): SubtractionRuleset {
  const text = args.trim();
  if (text === '')
    throw new InputError(`subtract needs a set: a comma list like 'subtract:1,3,4' or one of ${namedList()}`);
  let set: SubtractionSet;
  const named = NAMED_SETS.get(text);
  if (named) set = namedSet(text, named);
  else {
    const parts = text.split(',').map((p) => p.trim());
    const members = parts.map((p) => {
      if (NAMED_SETS.has(p))
        throw new InputError(
          `subtract: a named set stands alone ('subtract:${p}'); it cannot be combined with other members, got '${text}'`,
        );
      if (!/^\d+$/.test(p) || Number(p) < 1) {
        throw new InputError(`subtract: '${p}' is not a positive integer or a known set (${namedList()})`);
      }
      const value = Number(p);
      if (value > MAX_SEQUENCE)
        throw new InputError(`subtract: ${p} is above the maximum of ${MAX_SEQUENCE}`, 'too-large');
      return value;
    });
    set = finiteSet(members);
  }
  return subtraction(set);
}

/** Per-heap overhead of the kernels in steps (a short finite set is bound by it: 1,3,4 to 10^6 is about 20 ms in a browser). */
const PER_HEAP_STEPS = 16;

/** The WebAssembly kernel applies when the runtime has WebAssembly and every value fits its u16 cells. */
function wasmApplies(moveCount: number): boolean {
  return moveCount <= WASM_MAX_MOVES && wasmAvailable();
}

export function subtraction(set: SubtractionSet): SubtractionRuleset {
  // Finite sets, largest move m: g(n) depends only on g(n-m..n-1) once n >= m, so a repeat of
  // g(n + p) = g(n) over preperiod e <= n < e + m (a computed length e + p + m) holds forever.
  const members = set.finite ? set.upTo(MAX_SEQUENCE) : null;
  const largest = members && members.length > 0 ? members[members.length - 1] : 0;
  return {
    kind: 'heap',
    family: 'subtraction',
    spec: `subtract:${set.text}`,
    title: set.finite ? `subtraction game {${set.text}}` : `subtract ${set.text}`,
    maxHeap: MAX_SEQUENCE,
    subtractionSet: set,
    *heapOptions(n: number) {
      for (const s of set.upTo(n)) yield n - s === 0 ? [] : [n - s];
    },
    // a finite set: every option of any heap, n - s for each s <= n
    ...(members ? { farOptions: (n: bigint) => ({ options: farSubtractions(members, n), complete: true }) } : {}),
    sequence: (maxHeap) => fastSubtractionSequence(set, maxHeap),
    computation(capacity) {
      const moves = set.upTo(capacity - 1);
      return wasmApplies(moves.length) ? new WasmSubtraction(moves, capacity) : null;
    },
    ...(members ? { certificationLength: (e: number, p: number) => e + largest + p } : {}),
    // The WebAssembly mex scan: the moves up to maxHeap for each heap, plus a per-heap overhead.
    workEstimate: (maxHeap) => (maxHeap + 1) * (PER_HEAP_STEPS + set.upTo(maxHeap).length),
    kernelName: (maxHeap) =>
      wasmApplies(set.upTo(maxHeap).length)
        ? 'the WebAssembly subtraction kernel'
        : 'the TypeScript subtraction kernel',
  };
}

function* farSubtractions(members: Int32Array, n: bigint): Generator<bigint[]> {
  for (const s of members) {
    const rest = n - BigInt(s);
    if (rest < 0n) break;
    yield rest === 0n ? [] : [rest];
  }
}

export const subtractionFamily: Family = {
  name: 'subtract',
  help: 'subtract:<set> — remove an allowed number from one heap; <set> is a list like 1,3,4 or squares, cubes, primes, powers-of-2, fibonacci, triangular',
  args: 'required',
  example: { spec: 'subtract:1,3,4', heaps: [5, 7] },
  sequences: [['subtract:squares', { id: 'A014586', name: 'Sprague-Grundy values for subtract-a-square' }]],
  parse: parseSubtraction,
};
