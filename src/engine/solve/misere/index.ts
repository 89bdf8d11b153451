/**
 * Misère play (the player who makes the last move loses): outcomes, winning moves, the perfect
 * opponent's move and counts of P-positions, each answered by the first layer that applies:
 *  - genus: every heap is tame (Nim's heaps always; other rulesets when heapGenera types every
 *    heap of the position as tame): Bouton's misère rule on the heaps' types;
 *  - quotient: the misère quotient of the ruleset up to the largest heap; a position's outcome is
 *    whether the product of its heaps' elements lies in the P-portion;
 *  - search: the misère oracle (coupled games, and heap games beyond the quotient's limits).
 * Unless a layer is forced, the quotient is first tried with a small work limit (a wild game's
 * quotient can need minutes where the search answers small heaps at once), then the search, and
 * only when the search is beyond its budget too, the quotient with its full work limit.
 */
import { InputError, isInputError } from '../../errors.ts';
import { applyHeapOption, validateHeaps } from '../../position.ts';
import type {
  CountOrder,
  CoupledRuleset,
  HeapRuleset,
  Outcome,
  Position,
  TupleRuleset,
  WinningMove,
} from '../../types.ts';
import { COUNT_ORDERS } from '../../types.ts';
import { checkHeapCount } from '../normal/count.ts';
import { validatePosition } from '../normal/play.ts';
import { addTypes, genusText, heapGenera, tameMisereValue, ZERO_TYPE, type HeapGenus, type TameType } from './genus.ts';
import { misereOracleCount, misereOracleFor } from '../oracle/misere.ts';
import { isWorkLimit, MAX_QUOTIENT_HEAP, MAX_QUOTIENT_WORK, misereQuotient, type MisereQuotient } from './quotient.ts';
import { requireSolvedQuotient, solvedElementCounts } from './solved.ts';

export const MISERE_METHODS = ['genus', 'quotient', 'search'] as const;
export type MisereMethod = (typeof MISERE_METHODS)[number];

/** Largest heap typed by the genus layer before it gives way to the quotient. */
export const GENUS_MAX_HEAP = 2000;

/** Work limit (steps) of the quotient's first try when no layer is forced: a few seconds at most. */
export const FIRST_QUOTIENT_WORK = 1e8;

const isTooLarge = (e: unknown) => isInputError(e) && e.kind === 'too-large';

/**
 * The quotient-or-search answer when no layer is forced: the quotient with a small work limit, then
 * the search, then the quotient with the full limit (its error stands when it fails too).
 */
function quotientThenSearch<T>(fromQuotient: (maxWork: number) => T, bySearch: () => T, maxWork?: number): T {
  const first = Math.min(maxWork ?? MAX_QUOTIENT_WORK, FIRST_QUOTIENT_WORK);
  try {
    return fromQuotient(first);
  } catch (e) {
    if (!isTooLarge(e)) throw e;
    // a limit other than work (size, powers, recalibrations) does not lift with more steps
    if (!isWorkLimit(e) || first >= (maxWork ?? MAX_QUOTIENT_WORK)) return bySearch();
  }
  try {
    return bySearch();
  } catch (e) {
    if (!isTooLarge(e)) throw e;
    return fromQuotient(maxWork ?? MAX_QUOTIENT_WORK);
  }
}

/** The misère analysis of one position. */
export interface MisereAnalysis {
  readonly ruleset: string;
  readonly heaps: number[];
  readonly convention: 'misere';
  /** The layer that answered. */
  readonly method: MisereMethod;
  readonly outcome: Outcome;
  readonly winningMoves: WinningMove[];
  /** Genus of each heap (method genus), e.g. "0^120". */
  readonly genus: string[] | null;
  /** The position's element of the misère quotient, as a word in its generators (method quotient). */
  readonly element: string | null;
  /** Size of the quotient used (method quotient). */
  readonly quotientSize: number | null;
}

export interface MisereOptions {
  /** Forces one layer (it throws InputError when it does not apply). */
  readonly method?: MisereMethod;
  /** Work limit of the quotient layer in steps (default MAX_QUOTIENT_WORK); past it the search answers. */
  readonly maxWork?: number;
}

/** Outcome and every winning move under misère play. */
export function analyzeMisere(ruleset: TupleRuleset, input: Position, options: MisereOptions = {}): MisereAnalysis {
  if (options.method !== undefined && !MISERE_METHODS.includes(options.method))
    throw new InputError(`method must be one of ${MISERE_METHODS.join(', ')}, got '${options.method}'`);
  if (ruleset.kind === 'coupled') {
    if (options.method && options.method !== 'search')
      throw new InputError(
        `${ruleset.spec} moves several piles at once: only the search answers misère questions about it`,
      );
    return bySearch(ruleset, validatePosition(ruleset, input));
  }
  const heaps = validateHeaps(input, ruleset.maxHeap);
  const want = options.method;
  if (!want || want === 'genus') {
    const genus = genusLayer(ruleset, heaps);
    if (genus) return genus;
    if (want)
      throw new InputError(
        `the genus layer does not apply: ${ruleset.spec} is not tame on heaps up to ${Math.max(...heaps)}`,
      );
  }
  if (!want || want === 'quotient') {
    const m = Math.max(0, ...heaps);
    if (m <= Math.min(MAX_QUOTIENT_HEAP, ruleset.maxHeap)) {
      const fromQuotient = (maxWork?: number) => byQuotient(ruleset, heaps, misereQuotient(ruleset, m, { maxWork }));
      if (want) return fromQuotient(options.maxWork);
      return quotientThenSearch(fromQuotient, () => bySearch(ruleset, heaps), options.maxWork);
    } else if (want) {
      throw new InputError(
        `heap ${m} is above the largest heap of a misère quotient (${MAX_QUOTIENT_HEAP})`,
        'too-large',
      );
    }
  }
  return bySearch(ruleset, heaps);
}

/** Types of heaps 0..max when every heap of the position is tame, else null. */
function tameTypes(ruleset: HeapRuleset, heaps: readonly number[]): ((heap: number) => TameType) | null {
  if (ruleset.nimHeaps) return nimType;
  const m = Math.max(0, ...heaps);
  if (m > GENUS_MAX_HEAP) return null;
  let genera: HeapGenus[];
  try {
    genera = heapGenera(ruleset, m, 200_000, true);
  } catch (e) {
    if (isInputError(e)) return null;
    throw e;
  }
  if (genera.length <= m) return null;
  for (const h of heaps) if (!genera[h].tame) return null;
  return (heap) => genera[heap].tame!;
}

/** The type of the Nim heap *n: 0 and *1 are themselves, larger heaps restive. */
function nimType(n: number): TameType {
  return { grundy: n, restive: n >= 2 };
}

function nimGenus(n: number): string {
  if (n <= 1) return n === 0 ? '0^120' : '1^031';
  return genusText(n, [n, n ^ 2, n]);
}

function genusLayer(ruleset: HeapRuleset, heaps: number[]): MisereAnalysis | null {
  const typeOf = tameTypes(ruleset, heaps);
  if (!typeOf) return null;
  let total = ZERO_TYPE;
  for (const h of heaps) total = addTypes(total, typeOf(h));
  const isP = (t: TameType) => tameMisereValue(t) === 0;
  const winningMoves: WinningMove[] = [];
  const seen = new Set<string>();
  const push = (to: number[]) => {
    const k = to.join(',');
    if (!seen.has(k)) {
      seen.add(k);
      winningMoves.push({ to });
    }
  };
  if (!isP(total)) {
    heaps.forEach((h, i) => {
      // the sum without heap i: types do not subtract, so rebuild it
      let rest = ZERO_TYPE;
      heaps.forEach((o, j) => {
        if (j !== i) rest = addTypes(rest, typeOf(o));
      });
      if (ruleset.nimHeaps) {
        // Bouton: a winning move leaves nim-sum 0 with a heap >= 2, or only heaps <= 1
        const candidates = new Set([(total.grundy ^ h) >>> 0, 0, 1]);
        for (const v of [...candidates].sort((a, b) => b - a))
          if (v < h && isP(addTypes(rest, nimType(v)))) push(applyHeapOption(heaps, i, v === 0 ? [] : [v]));
        return;
      }
      for (const parts of ruleset.heapOptions(h)) {
        let t = rest;
        for (const p of parts) t = addTypes(t, typeOf(p));
        if (isP(t)) push(applyHeapOption(heaps, i, parts));
      }
    });
  }
  const genus = heaps.map((h) => (ruleset.nimHeaps ? nimGenus(h) : genusOfTame(typeOf(h))));
  return {
    ruleset: ruleset.spec,
    heaps,
    convention: 'misere',
    method: 'genus',
    outcome: isP(total) ? 'P' : 'N',
    winningMoves,
    genus,
    element: null,
    quotientSize: null,
  };
}

/** Conway's notation for the genus of a tame game of a type. */
export function genusOfTame(t: TameType): string {
  if (!t.restive) return t.grundy === 0 ? '0^120' : '1^031';
  return genusText(t.grundy, [t.grundy, t.grundy ^ 2, t.grundy]);
}

function byQuotient(ruleset: HeapRuleset, heaps: number[], q: MisereQuotient): MisereAnalysis {
  const n = heaps.length;
  // prefix[i]: product of heaps before i; suffix[i]: of heaps from i on
  const prefix = new Int32Array(n + 1);
  const suffix = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = q.table[prefix[i] * q.size + q.heapElement[heaps[i]]];
  for (let i = n - 1; i >= 0; i--) suffix[i] = q.table[suffix[i + 1] * q.size + q.heapElement[heaps[i]]];
  const whole = prefix[n];
  const winningMoves: WinningMove[] = [];
  if (!q.pPortion[whole]) {
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const rest = q.table[prefix[i] * q.size + suffix[i + 1]];
      for (const parts of ruleset.heapOptions(heaps[i])) {
        let e = rest;
        for (const p of parts) e = q.table[e * q.size + q.heapElement[p]];
        if (!q.pPortion[e]) continue;
        const to = applyHeapOption(heaps, i, parts);
        const k = to.join(',');
        if (!seen.has(k)) {
          seen.add(k);
          winningMoves.push({ to });
        }
      }
    }
  }
  return {
    ruleset: ruleset.spec,
    heaps,
    convention: 'misere',
    method: 'quotient',
    outcome: q.pPortion[whole] ? 'P' : 'N',
    winningMoves,
    genus: null,
    element: q.words[whole],
    quotientSize: q.size,
  };
}

function bySearch(ruleset: TupleRuleset, heaps: number[]): MisereAnalysis {
  const oracle = misereOracleFor(ruleset);
  const outcome = oracle.outcome(heaps);
  const winningMoves = outcome === 'N' ? oracle.winningMoves(heaps) : [];
  return {
    ruleset: ruleset.spec,
    heaps,
    convention: 'misere',
    method: 'search',
    outcome,
    winningMoves,
    genus: null,
    element: null,
    quotientSize: null,
  };
}

/** The perfect misère opponent's move: a winning move removing the fewest tokens, else the move removing the fewest. */
export function chooseMisereMove(
  ruleset: TupleRuleset,
  position: Position,
): { from: number[]; to: number[] | null; outcome: Outcome } {
  const analysis = analyzeMisere(ruleset, position);
  const from = analysis.heaps;
  if (analysis.winningMoves.length > 0) {
    let best = analysis.winningMoves[0].to;
    for (const { to } of analysis.winningMoves) if (removed(from, to) < removed(from, best)) best = to;
    return { from, to: best, outcome: analysis.outcome };
  }
  // No winning move: a P-position (every move loses), or a terminal position (the engine wins by having no move).
  let best: number[] | null = null;
  let scanned = 0;
  const moves = ruleset.kind === 'heap' ? heapMovesLimited(ruleset, from) : (ruleset as CoupledRuleset).moves(from);
  for (const to of moves) {
    if (best === null || removed(from, to) < removed(from, best)) best = to;
    if (++scanned >= 200_000) break;
  }
  return { from, to: best, outcome: analysis.outcome };
}

/** Every heap's options, the smallest removals first as families list them, a bounded share per heap. */
function* heapMovesLimited(ruleset: HeapRuleset, from: number[]): Iterable<number[]> {
  const share = Math.max(1, Math.floor(200_000 / from.length));
  for (let i = 0; i < from.length; i++) {
    let n = 0;
    for (const parts of ruleset.heapOptions(from[i])) {
      yield applyHeapOption(from, i, parts);
      if (++n >= share) break;
    }
  }
}

function removed(from: readonly number[], to: readonly number[]): number {
  let d = 0;
  for (const h of from) d += h;
  for (const h of to) d -= h;
  return d;
}

/**
 * The number of misère P-positions among k heaps of sizes 0..max (in the order's sense): for heap
 * rulesets from the misère quotient up to max by a count over its elements (exact bigints); for
 * coupled rulesets, and heap rulesets whose quotient passes its limits, by the misère oracle.
 */
export function countMisere(
  ruleset: TupleRuleset,
  heapCount: number,
  maxHeap: number | bigint,
  order: CountOrder = 'sorted',
): bigint {
  if (!COUNT_ORDERS.includes(order))
    throw new InputError(`order must be one of ${COUNT_ORDERS.join(', ')}, got '${order}'`);
  if (ruleset.kind === 'heap' && BigInt(maxHeap) > BigInt(MAX_QUOTIENT_HEAP)) {
    // heaps of any size: from a solved quotient, counting heaps per element by residues
    const k = checkHeapCount(heapCount);
    const solved = requireSolvedQuotient(ruleset, BigInt(maxHeap));
    return countFromQuotient(solved.quotient, k, order, solvedElementCounts(solved, BigInt(maxHeap)));
  }
  const max = Number(maxHeap);
  if (ruleset.kind === 'coupled') return misereOracleCount(ruleset, heapCount, max, order);
  const k = checkHeapCount(heapCount);
  const fromQuotient = (maxWork: number) => countFromQuotient(misereQuotient(ruleset, max, { maxWork }), k, order);
  // beyond the quotient's limits: classify every tuple (the oracle has its own budget)
  return quotientThenSearch(fromQuotient, () => misereOracleCount(ruleset, k, max, order));
}

/** Most state updates of a count from a quotient. */
export const QUOTIENT_COUNT_BUDGET = 200_000_000;

/**
 * Counts k-tuples of heaps 0..q.maxHeap (or of the heaps `heapsPerElement` counts) whose product lies in the P-portion. Heaps are grouped by
 * element (s heaps of element e); a multiset takes c of them in C(s+c-1, c) ways (sorted), a set in
 * C(s, c) ways (distinct), and each contributes e^c; ordered tuples are k products of the whole
 * histogram. State: (heaps taken, product).
 */
export function countFromQuotient(
  q: MisereQuotient,
  k: number,
  order: CountOrder,
  heapsPerElement?: ReadonlyMap<number, bigint>,
): bigint {
  const m = q.size;
  const groups = new Map<number, bigint>(heapsPerElement);
  if (!heapsPerElement)
    for (let h = 0; h <= q.maxHeap; h++) groups.set(q.heapElement[h], (groups.get(q.heapElement[h]) ?? 0n) + 1n);
  const mul = (a: number, b: number) => q.table[a * m + b];
  if (order === 'ordered') {
    if (groups.size * m * k > QUOTIENT_COUNT_BUDGET)
      throw new InputError(`this count needs more than ${QUOTIENT_COUNT_BUDGET} steps (limit on counts)`, 'too-large');
    let f: bigint[] = new Array<bigint>(m).fill(0n);
    f[0] = 1n;
    for (let step = 0; step < k; step++) {
      const g: bigint[] = new Array<bigint>(m).fill(0n);
      for (let u = 0; u < m; u++) if (f[u] !== 0n) for (const [e, s] of groups) g[mul(u, e)] += f[u] * s;
      f = g;
    }
    return sumP(q, f);
  }
  if (groups.size * m * (k + 1) * (k + 1) > QUOTIENT_COUNT_BUDGET)
    throw new InputError(`this count needs more than ${QUOTIENT_COUNT_BUDGET} steps (limit on counts)`, 'too-large');
  // f[j][u]: ways to take j heaps so far with product u
  let f: bigint[][] = Array.from({ length: k + 1 }, () => new Array<bigint>(m).fill(0n));
  f[0][0] = 1n;
  for (const [e, s] of groups) {
    const g: bigint[][] = Array.from({ length: k + 1 }, () => new Array<bigint>(m).fill(0n));
    const S = s;
    for (let j = 0; j <= k; j++) {
      for (let u = 0; u < m; u++) {
        if (f[j][u] === 0n) continue;
        let ways = 1n; // C(s+c-1, c) or C(s, c) for c = 0
        let p = u;
        for (let c = 0; j + c <= k; c++) {
          if (c > 0) {
            const C = BigInt(c);
            ways = order === 'sorted' ? (ways * (S + C - 1n)) / C : (ways * (S - C + 1n)) / C;
            if (ways === 0n) break;
            p = mul(p, e);
          }
          g[j + c][p] += f[j][u] * ways;
        }
      }
    }
    f = g;
  }
  return sumP(q, f[k]);
}

function sumP(q: MisereQuotient, f: readonly bigint[]): bigint {
  let total = 0n;
  for (let u = 0; u < q.size; u++) if (q.pPortion[u]) total += f[u];
  return total;
}

export { misereQuotient, elementOf, type MisereQuotient } from './quotient.ts';
export {
  analyzeSolvedMisere,
  misereSolution,
  requireSolvedQuotient,
  solveMisereQuotient,
  type MisereSolution,
  type SolvedMisereAnalysis,
  type SolvedQuotient,
} from './solved.ts';
export { presentMonoid, type Presentation, type RewriteRule } from './presentation.ts';
export { heapGenera, genusBySearch, MisereGrundySearch, genusText, type HeapGenus } from './genus.ts';
export { MisereOracle, misereOracleFor, misereOracleCount } from '../oracle/misere.ts';
