/**
 * Conway's genus theory (On Numbers and Games ch. 12; Winning Ways ch. 13): the genus g^{γ0γ1γ2…}
 * of a game G is its normal Grundy value g and the misère Grundy values γj of G + *2 + … + *2
 * (j copies). A game is tame when every position has the genus of a misère Nim position:
 * 0^{120} (like 0), 1^{031} (like *1), or g^{g(g⊕2)} (restive: like *g, or *2+*2 for g = 0,
 * *2+*2+*1 for g = 1). Tame games add like misère Nim heaps, so a sum of tame heaps is decided by
 * Bouton's misère rule on their types: with some restive part it is P iff the nim-sum is 0;
 * otherwise P iff the nim-sum is 1.
 *
 * Two ways to the genus of a heap:
 *  - heapTameTypes: by induction on the heap size. When every option of heap h is a sum of tame
 *    heaps, the misère Grundy values f(a, b) of h + a·*2 + b·*1 follow from the options' types by
 *    mex (O(options · L²) per heap, L = GENUS_DEPTH); γj = f(j, 0).
 *  - genusBySearch: the definition itself, by a memoised search over positions of heaps and Nim
 *    heaps (any heap, tame or wild, within a state budget). It is the reference for the first.
 */
import { InputError } from '../../errors.ts';
import type { HeapRuleset } from '../../types.ts';
import { ORACLE_BUDGET } from '../oracle/normal.ts';

/** How many values γ0..γL a genus is computed to (the tame patterns are checked on all of them). */
export const GENUS_DEPTH = 6;

/** How a tame game adds in misère sums: its normal Grundy value and whether it is restive (not like 0 or *1). */
export interface TameType {
  readonly grundy: number;
  readonly restive: boolean;
}

export interface HeapGenus {
  readonly heap: number;
  /** Normal Grundy value g. */
  readonly grundy: number;
  /** γ0..γL; null when the heap could not be typed (an option contains a wild heap). */
  readonly misere: readonly number[] | null;
  /** The type when the heap is tame (it and every position of it), else null. */
  readonly tame: TameType | null;
}

/** The misère Grundy value of a sum of tame games of the combined type. */
export function tameMisereValue(t: TameType): number {
  return t.restive ? t.grundy : t.grundy ^ 1;
}

/** Combines the types of the parts of a sum. */
export function addTypes(a: TameType, b: TameType): TameType {
  return { grundy: a.grundy ^ b.grundy, restive: a.restive || b.restive };
}

export const ZERO_TYPE: TameType = { grundy: 0, restive: false };

/** The type a genus stands for, or null when it is not a tame genus. */
export function tameTypeOf(grundy: number, misere: readonly number[]): TameType | null {
  const fickle =
    grundy <= 1 && misere.every((v, j) => (j === 0 ? v === (grundy ^ 1) : v === (j % 2 === 1 ? 2 + grundy : grundy)));
  if (fickle) return { grundy, restive: false };
  const restive = misere.every((v, j) => v === (j % 2 === 0 ? grundy : grundy ^ 2));
  return restive ? { grundy, restive: true } : null;
}

/** Conway's notation: g^{γ0γ1…}, written until the values alternate for good (commas when a value has two digits). */
export function genusText(grundy: number, misere: readonly number[]): string {
  let start = 0;
  // the shortest prefix after which the sequence alternates between two values
  while (start + 2 < misere.length && !misere.slice(start).every((v, j, s) => j < 2 || v === s[j - 2])) start++;
  const shown = misere.slice(0, Math.min(misere.length, start + 2));
  const sep = [grundy, ...shown].some((v) => v >= 10) ? ',' : '';
  return `${grundy}^${shown.join(sep)}`;
}

function mex(values: Iterable<number>): number {
  const seen = new Set(values);
  let m = 0;
  while (seen.has(m)) m++;
  return m;
}

/**
 * The genus and tame type of heaps 1..maxHeap by induction (entry 0 is the empty heap). A heap
 * whose options all are sums of tame heaps gets its genus; it is tame when that genus is a tame one.
 * optionBudget bounds the options listed over all heaps (split games have very many); stopAtWild
 * returns the heaps before the first that is not tame.
 */
export function heapGenera(
  ruleset: HeapRuleset,
  maxHeap: number,
  optionBudget = 2_000_000,
  stopAtWild = false,
): HeapGenus[] {
  const L = GENUS_DEPTH;
  const out: HeapGenus[] = [{ heap: 0, grundy: 0, misere: tameMisereSequence(ZERO_TYPE), tame: ZERO_TYPE }];
  let scanned = 0;
  for (let h = 1; h <= maxHeap; h++) {
    const types: TameType[] = [];
    let typed = true;
    const grundies = new Set<number>();
    for (const parts of ruleset.heapOptions(h)) {
      if (++scanned > optionBudget)
        throw new InputError(
          `too many options to type heaps up to ${maxHeap} (more than ${optionBudget})`,
          'too-large',
        );
      let t = ZERO_TYPE;
      let g = 0;
      for (const p of parts) {
        const known = p < h ? out[p] : undefined;
        if (!known) {
          typed = false;
          break;
        }
        g ^= known.grundy;
        if (known.tame) t = addTypes(t, known.tame);
        else typed = false;
      }
      grundies.add(g);
      types.push(t);
    }
    const grundy = mex(grundies);
    if (!typed) {
      if (stopAtWild) return out;
      out.push({ heap: h, grundy, misere: null, tame: null });
      continue;
    }
    // f[a][b]: misère Grundy value of h + a·*2 + b·*1
    const B = 2 * L + 2;
    const f: number[][] = [];
    for (let a = 0; a <= L; a++) {
      f.push([]);
      for (let b = 0; b + a <= B; b++) {
        const vals: number[] = [];
        for (const t of types)
          vals.push(
            tameMisereValue({ grundy: t.grundy ^ (a % 2 === 1 ? 2 : 0) ^ (b % 2), restive: t.restive || a > 0 }),
          );
        if (a > 0) vals.push(f[a - 1][b + 1], f[a - 1][b]);
        if (b > 0) vals.push(f[a][b - 1]);
        if (types.length === 0 && a === 0 && b === 0)
          f[a].push(1); // no move at all: misère value 1
        else f[a].push(mex(vals));
      }
    }
    const misere = f.map((row) => row[0]);
    const tame = tameTypeOf(grundy, misere);
    if (!tame && stopAtWild) return out;
    out.push({ heap: h, grundy, misere, tame });
  }
  return out;
}

/** γ0..γL of a tame game of the given type. */
function tameMisereSequence(t: TameType): number[] {
  const out: number[] = [];
  for (let j = 0; j <= GENUS_DEPTH; j++)
    out.push(tameMisereValue({ grundy: t.grundy ^ (j % 2 === 1 ? 2 : 0), restive: t.restive || j > 0 }));
  return out;
}

/**
 * Misère Grundy values by the definition: 1 for a position with no move, else the mex of the
 * options' values. Positions mix the ruleset's heaps (positive sizes) with Nim heaps (negative:
 * -k is *k), so G + *2 + *2 is [h, -2, -2].
 */
export class MisereGrundySearch {
  private readonly memo = new Map<string, number>();
  constructor(
    private readonly ruleset: HeapRuleset,
    private readonly budget = ORACLE_BUDGET,
  ) {}

  value(position: readonly number[]): number {
    const sorted = position.filter((h) => h !== 0).sort((a, b) => a - b);
    const key = sorted.join(',');
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    if (this.memo.size >= this.budget)
      throw new InputError(`too large for the misère search (more than ${this.budget} positions)`, 'too-large');
    const values = new Set<number>();
    let any = false;
    for (let i = 0; i < sorted.length; i++) {
      if (i > 0 && sorted[i] === sorted[i - 1]) continue; // the same move again
      const rest = sorted.slice(0, i).concat(sorted.slice(i + 1));
      const h = sorted[i];
      if (h < 0) {
        for (let s = 0; s < -h; s++) {
          any = true;
          values.add(this.value(s === 0 ? rest : rest.concat([-s])));
        }
      } else {
        for (const parts of this.ruleset.heapOptions(h)) {
          any = true;
          values.add(this.value(rest.concat(parts)));
        }
      }
    }
    const v = any ? mex(values) : 1;
    this.memo.set(key, v);
    return v;
  }
}

/** The genus of one heap by search: its normal value g is given; γj = misère value of heap + j·*2. */
export function genusBySearch(
  search: MisereGrundySearch,
  heap: number,
  grundy: number,
  depth = GENUS_DEPTH,
): HeapGenus {
  const misere: number[] = [];
  for (let j = 0; j <= depth; j++) misere.push(search.value([heap, ...new Array<number>(j).fill(-2)]));
  return { heap, grundy, misere, tame: null };
}
