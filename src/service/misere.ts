/**
 * The misère operations every face shares (CLI, HTTP worker, library): analysis, the perfect
 * opponent's move, counts of P-positions and the misère quotient of a heap game, with their reply
 * shapes. Pure, like operations.ts.
 */
import { InputError, isInputError } from '../engine/errors.ts';
import { requireHeapRuleset } from '../engine/solve/normal/grundy.ts';
import {
  GENUS_MAX_HEAP,
  analyzeMisere,
  analyzeSolvedMisere,
  chooseMisereMove,
  countMisere,
  type MisereAnalysis,
  type MisereMethod,
  requireSolvedQuotient,
  type SolvedMisereAnalysis,
} from '../engine/solve/misere/index.ts';
import { ruleText } from '../engine/solve/misere/presentation.ts';
import {
  MAX_QUOTIENT_HEAP,
  MAX_TRIAL_SIZE,
  misereQuotient,
  type MisereQuotient,
} from '../engine/solve/misere/quotient.ts';
import { misereSolution, solveMisereQuotient } from '../engine/solve/misere/solved.ts';
import { checkCheckpoint, decodeCheckpoint, encodeCheckpoint } from '../engine/solve/misere/checkpoint.ts';
import type { QuotientCheckpoint, QuotientProgress } from '../engine/solve/misere/quotient.ts';
import type { CountOrder, HeapRuleset, Outcome, TupleRuleset } from '../engine/types.ts';
import { type ByKind, byKind } from './by-kind.ts';

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
   * The complete presentation: with the generators, these rules (a confluent rewriting system in
   * the degree-lexicographic order, each left side the least word that is not a normal form) rebuild
   * the quotient; the element words are its normal forms. 0.75: a^2 = 1, b c = a b, c^2 = b^2, b^3 = b.
   */
  relations: string[];
  /**
   * Set when the periodicity theorem proves the pretending function (heaps) periodic from the heaps
   * computed: Φ(n + period) = Φ(n) for n >= preperiod, heaps 0..proofLength - 1 were needed, and
   * the quotient is that of every heap.
   */
  solved: { preperiod: number; period: number; proofLength: number } | null;
  /** The pretending function: the element of each heap 0..max, as a word. */
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

/**
 * The misère analysis of a position. A heap game with a heap above the quotient's largest (1,000)
 * is answered by genus theory when every heap is tame and small enough, else from its solved
 * quotient (heaps of any size), else refused in one line.
 */
export function analyzeMiserePosition(
  ruleset: TupleRuleset,
  heaps: readonly (number | bigint)[],
  method?: MisereMethod,
): MisereAnalyzeReply | SolvedMisereAnalysis {
  return byKind(ANALYZE_MISERE, ruleset, heaps, method);
}

type MisereArgs = [heaps: readonly (number | bigint)[], method: MisereMethod | undefined];

/** The misère analysis for each kind: only heap games reach past the quotient's largest heap. */
const ANALYZE_MISERE: ByKind<MisereArgs, MisereAnalyzeReply | SolvedMisereAnalysis, TupleRuleset['kind']> = {
  heap: (ruleset, heaps, method) => {
    const largest = heaps.reduce<bigint>((a, h) => (BigInt(h) > a ? BigInt(h) : a), 0n);
    if (!ruleset.nimHeaps && method === undefined && largest > BigInt(MAX_QUOTIENT_HEAP)) {
      if (largest <= BigInt(GENUS_MAX_HEAP)) {
        try {
          return plain(analyzeMisere(ruleset, heaps.map(Number), { method: 'genus' }));
        } catch (e) {
          if (!isInputError(e)) throw e;
        }
      }
      return analyzeSolvedMisere(ruleset, heaps.map(BigInt), requireSolvedQuotient(ruleset, largest));
    }
    return smallMisere(ruleset, heaps, method);
  },
  coupled: smallMisere,
};

/** The misère analysis of sizes up to 2^53 − 1, by the analysis's own choice of method (or the one asked). */
function smallMisere(
  ruleset: TupleRuleset,
  heaps: readonly (number | bigint)[],
  method: MisereMethod | undefined,
): MisereAnalyzeReply {
  return plain(analyzeMisere(ruleset, heaps.map(safeHeap), { method }));
}

function plain(a: MisereAnalysis): MisereAnalyzeReply {
  return { ...a, heaps: [...a.heaps], winningMoves: a.winningMoves.map((m) => ({ to: [...m.to] })) };
}

function safeHeap(value: number | bigint, i: number): number {
  if (typeof value === 'bigint' && value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new InputError(`heap ${i + 1} is above the maximum of ${Number.MAX_SAFE_INTEGER}`, 'too-large');
  return Number(value);
}

/** The perfect misère opponent's move (`to` null: it has no move, so it has won). */
export function misereEngineMove(
  ruleset: TupleRuleset,
  position: readonly number[],
): { from: number[]; to: number[] | null; outcome: Outcome } {
  return chooseMisereMove(ruleset, position);
}

/** The exact number of misère P-positions among heapCount heaps of sizes 0..max. */
export function countMiserePositions(
  ruleset: TupleRuleset,
  heapCount: number,
  max: number | bigint,
  order: CountOrder,
): bigint {
  return countMisere(ruleset, heapCount, max, order);
}

/** x^(index+period) = x^index in words: "a^2 = 1", "b^3 = b", "c^4 = c^2". */
export function powerRelation(name: string, index: number, period: number): string {
  const pow = (k: number) => (k === 0 ? '1' : k === 1 ? name : `${name}^${k}`);
  return `${pow(index + period)} = ${pow(index)}`;
}

/**
 * The quotient of heaps 0..max; with `solve`, instead the quotient of heaps up to where the
 * periodicity theorem first proves it (up to heap 1,000), or of heaps 0..max when it does not.
 */
export type { QuotientProgress };

/** The largest size limit a construction takes (the largest trial monoid). */
export const QUOTIENT_SIZE_LIMIT = MAX_TRIAL_SIZE;

/** How much one quotient may cost, and where its progress goes. */
export interface QuotientLimits {
  /** Steps of the construction at most (default the engine's, MAX_QUOTIENT_WORK). */
  readonly maxWork?: number;
  /** Elements of the quotient and of each reduced trial at most (default the engine's, MAX_QUOTIENT_SIZE). */
  readonly maxSize?: number;
  /** Verification states at most (default the engine's, MAX_VERIFY_STATES). */
  readonly maxStates?: number;
  /** Recalibrations at one heap at most (default the engine's, MAX_RECALIBRATIONS). */
  readonly maxRecalibrations?: number;
  /** Called when a phase of a heap starts and about every 2^24 steps within one (a long heap shows where it is). */
  readonly onProgress?: (progress: QuotientProgress) => void;
  /** Called after each heap with the steps spent so far. */
  readonly onWork?: (steps: number) => void;
  /** Where the partial quotient is kept after each heap and resumed from (the CLI's --store file). */
  readonly store?: QuotientStore;
}

/** Bytes of a stored partial quotient, wherever they live (a file for the CLI). */
export interface QuotientStore {
  /** Names the store in error lines (the file's path). */
  readonly name: string;
  /** The stored bytes, or null when nothing is stored yet. */
  load(): Uint8Array | null;
  /** Replaces what is stored (all at once: a run killed while saving keeps the previous heap's). */
  save(bytes: Uint8Array): void;
}

/** The stored partial quotient to resume from, checked against the ruleset; a fault is one line naming the store. */
function loadCheckpoint(store: QuotientStore, ruleset: HeapRuleset): QuotientCheckpoint | null {
  const bytes = store.load();
  if (bytes === null) return null;
  try {
    const cp = decodeCheckpoint(bytes);
    checkCheckpoint(cp, ruleset);
    return cp;
  } catch (e) {
    if (isInputError(e)) throw new InputError(`${store.name}: ${e.message}`);
    throw e;
  }
}

export function quotientReply(
  ruleset: HeapRuleset,
  max: number,
  solve = false,
  onHeap?: (heap: number, size: number) => void,
  limits: QuotientLimits = {},
): QuotientReply {
  const heap = requireHeapRuleset(ruleset);
  if (!Number.isSafeInteger(max)) throw new InputError(`max must be a non-negative integer, got ${max}`);
  const { store, ...rest } = limits;
  if (store && solve) throw new InputError('a stored quotient resumes a construction up to --max, not --solve');
  const resume = store ? loadCheckpoint(store, heap) : null;
  if (resume && resume.heap > max)
    throw new InputError(
      `${store!.name}: it holds the quotient of heaps 0..${resume.heap}, past the largest heap asked for (${max})`,
    );
  const proved = solve ? solveMisereQuotient(heap) : null;
  const q: MisereQuotient =
    proved?.quotient ??
    misereQuotient(heap, max, {
      onHeap,
      ...rest,
      ...(resume ? { resume } : {}),
      ...(store ? { onCheckpoint: (cp: QuotientCheckpoint) => store.save(encodeCheckpoint(cp)) } : {}),
    });
  const solved = proved?.solution ?? misereSolution(heap, q);
  const names = q.generators.map((g) => g.name);
  let lastGrowth = 0;
  for (let h = 1; h < q.sizeByHeap.length; h++) if (q.sizeByHeap[h] > q.sizeByHeap[h - 1]) lastGrowth = h;
  return {
    ruleset: heap.spec,
    title: heap.title,
    max: q.maxHeap,
    size: q.size,
    pPortion: q.words.filter((_, u) => q.pPortion[u] === 1),
    generators: q.generators.map((g) => ({
      name: g.name,
      heap: g.heap,
      index: g.index,
      period: g.period,
      relation: powerRelation(g.name, g.index, g.period),
    })),
    relations: q.presentation.rules.map((r) => ruleText(r, names)),
    solved: solved && { ...solved },
    heaps: Array.from(q.heapElement, (e) => q.words[e]),
    sizeByHeap: [...q.sizeByHeap],
    lastGrowth,
    growing: !solved && lastGrowth > 0 && lastGrowth > q.maxHeap / 2,
    recalibrations: q.recalibrations,
  };
}
