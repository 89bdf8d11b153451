/**
 * The misère operations every face shares (CLI, HTTP worker, library): analysis, the perfect
 * opponent's move, counts of P-positions and the misère quotient of a heap game, with their reply
 * shapes. Pure, like operations.ts.
 */
import { InputError } from '../engine/errors.ts';
import { requireHeapRuleset } from '../engine/solve/normal/grundy.ts';
import {
  analyzeMisere,
  chooseMisereMove,
  countMisere,
  type MisereAnalysis,
  type MisereMethod,
} from '../engine/solve/misere/index.ts';
import { misereQuotient, type MisereQuotient } from '../engine/solve/misere/quotient.ts';
import type { CountOrder, HeapRuleset, Outcome, TupleRuleset } from '../engine/types.ts';

/** POST /api/analyze with "convention": "misere": the outcome, every winning move and the layer that answered. */
export interface MisereAnalyzeReply {
  ruleset: string;
  heaps: number[];
  convention: 'misere';
  method: MisereMethod;
  outcome: Outcome;
  winningMoves: { to: number[] }[];
  /** Genus of each heap when the genus layer answered, e.g. "0^120". */
  genus: string[] | null;
  /** The position's element of the misère quotient, as a word in its generators, when the quotient answered. */
  element: string | null;
  quotientSize: number | null;
}

/** GET /api/quotient: the misère quotient of a heap ruleset restricted to heaps 0..max. */
export interface QuotientReply {
  ruleset: string;
  title: string;
  max: number;
  size: number;
  /** Elements of the P-portion, as words. */
  pPortion: string[];
  /** The generators: the heap each stands for and its power relation, e.g. "b^3 = b". */
  generators: { name: string; heap: number; index: number; period: number; relation: string }[];
  /**
   * Products of two generators (or a square) whose element has another word, e.g. "b c = a b": with
   * the power relations they give the presentation of small quotients (0.75: a^2 = 1, b^3 = b,
   * b c = a b, c^2 = b^2).
   */
  relations: string[];
  /** The element of each heap 0..max, as a word. */
  heaps: string[];
  /** The quotient's size after heaps 0..h, for h = 0..max. */
  sizeByHeap: number[];
  /** The last heap at which the quotient grew (0 when it never did). */
  lastGrowth: number;
  /** True when the quotient still grows late in the computed range (at a heap above max / 2): it may grow without bound. */
  growing: boolean;
  /** Times a merge made with fewer heaps had to be undone by a later heap. */
  recalibrations: number;
}

export function analyzeMiserePosition(
  ruleset: TupleRuleset,
  heaps: readonly number[],
  method?: MisereMethod,
): MisereAnalyzeReply {
  const a: MisereAnalysis = analyzeMisere(ruleset, heaps, { method });
  return { ...a, heaps: [...a.heaps], winningMoves: a.winningMoves.map((m) => ({ to: [...m.to] })) };
}

/** The perfect misère opponent's move (`to` null: it has no move, so it has won). */
export function misereEngineMove(
  ruleset: TupleRuleset,
  position: readonly number[],
): { from: number[]; to: number[] | null; outcome: Outcome } {
  return chooseMisereMove(ruleset, position);
}

/** The exact number of misère P-positions among heapCount heaps of sizes 0..max. */
export function countMiserePositions(ruleset: TupleRuleset, heapCount: number, max: number, order: CountOrder): bigint {
  return countMisere(ruleset, heapCount, max, order);
}

/** x^(index+period) = x^index in words: "a^2 = 1", "b^3 = b", "c^4 = c^2". */
export function powerRelation(name: string, index: number, period: number): string {
  const pow = (k: number) => (k === 0 ? '1' : k === 1 ? name : `${name}^${k}`);
  return `${pow(index + period)} = ${pow(index)}`;
}

export function quotientReply(ruleset: HeapRuleset, max: number): QuotientReply {
  const heap = requireHeapRuleset(ruleset);
  if (!Number.isSafeInteger(max)) throw new InputError(`max must be a non-negative integer, got ${max}`);
  const q: MisereQuotient = misereQuotient(heap, max);
  let lastGrowth = 0;
  for (let h = 1; h < q.sizeByHeap.length; h++) if (q.sizeByHeap[h] > q.sizeByHeap[h - 1]) lastGrowth = h;
  return {
    ruleset: heap.spec,
    title: heap.title,
    max,
    size: q.size,
    pPortion: q.words.filter((_, u) => q.pPortion[u] === 1),
    generators: q.generators.map((g) => ({
      name: g.name,
      heap: g.heap,
      index: g.index,
      period: g.period,
      relation: powerRelation(g.name, g.index, g.period),
    })),
    relations: pairRelations(q),
    heaps: Array.from(q.heapElement, (e) => q.words[e]),
    sizeByHeap: [...q.sizeByHeap],
    lastGrowth,
    growing: lastGrowth > 0 && lastGrowth > max / 2,
    recalibrations: q.recalibrations,
  };
}

/** Products x_i x_j (i <= j) of generators whose element's word is not the product itself. */
function pairRelations(q: MisereQuotient): string[] {
  const out: string[] = [];
  const gens = q.generators;
  for (let i = 0; i < gens.length; i++) {
    for (let j = i; j < gens.length; j++) {
      const product = q.table[q.heapElement[gens[i].heap] * q.size + q.heapElement[gens[j].heap]];
      const written = i === j ? `${gens[i].name}^2` : `${gens[i].name} ${gens[j].name}`;
      if (q.words[product] !== written) out.push(`${written} = ${q.words[product]}`);
    }
  }
  return out;
}
