/**
 * The operations every face shares (CLI, HTTP worker, page, library) besides analysis and counts
 * (analyze.ts, count.ts): a request in, a reply value out. Each checks the capability it needs and
 * refuses in one line naming it. Pure: Grundy sequences come through the SequenceSource port, so the
 * face decides where they are computed (memory, disk cache, worker threads).
 */
import { capabilitiesOf, describeKind, requireCapability } from '../engine/capabilities.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { FAMILIES } from '../engine/registry.ts';
import { forEachCoupledPPosition } from '../engine/solve/normal/count.ts';
import { sequenceLimit } from '../engine/solve/normal/grundy.ts';
import { periodicity } from '../engine/solve/normal/period.ts';

export { DEFAULT_PERIOD_BUDGET_MS } from '../engine/solve/normal/period.ts';
import { legalMoves } from '../engine/solve/normal/play.ts';
import type {
  CoupledRuleset,
  GameRuleset,
  HeapRuleset,
  Ruleset,
  SearchProgress as SearchStats,
  SizedStarts,
  TupleRuleset,
} from '../engine/types.ts';
import { isSequenceProblem, type Problem } from '../problems/types.ts';
import { boardOf, heapsOf, safeSizes, unitOf } from './analyze.ts';
import { type ByKind, byKind } from './by-kind.ts';
import { optionsPageSize } from './checks.ts';
import { fixedPiles, heapCountOf } from './count.ts';
import { type BoardTableOptions, gameTable, type TableCell } from './board-table.ts';
import { gamePosition, tableRanges } from './games.ts';
import { heapValuesUpTo } from './heap-values.ts';
import { type ValuesWindow, valuesWindow } from './grundy-window.ts';
import { type QuotientLimits, type QuotientReply, quotientReply } from './misere.ts';
import type { GrundyReply, OptionsReply, PeriodReply, PPositionsReply, RulesetInfo } from './replies.ts';
import { type Limits, type OptionsRequest, type RulesetRef, rulesetOf } from './requests.ts';
import { certificateOf, keepProof, type ProofStore, storedProof } from './proofs.ts';
import { resultPosition } from './results.ts';
import type { ServiceEnv } from './env.ts';

/** The ruleset a request names, checked to have Grundy values of single heaps. */
function heapRuleset(ref: RulesetRef, operation: string): HeapRuleset {
  const ruleset = rulesetOf(ref);
  requireCapability(ruleset, 'heap-values', operation);
  return ruleset as HeapRuleset;
}

/** g(0..to) of a heap ruleset, with the heaps where g = 0. */
export async function grundyValues(ref: RulesetRef, to: number, env: ServiceEnv): Promise<GrundyReply> {
  const heap = heapRuleset(ref, 'grundy');
  checkMax(to, 'heap size', sequenceLimit(heap));
  return grundyReply(heap, (await heapValuesUpTo(heap, BigInt(to), env)).window(0n, BigInt(to)));
}

/** g(from..to) of a heap ruleset, heaps of any size where a period is proved or a closed form answers them. */
export function grundyValuesWindow(
  ref: RulesetRef,
  from: bigint,
  to: bigint,
  env: ServiceEnv,
  limits: Limits = {},
): Promise<ValuesWindow> {
  return valuesWindow(heapRuleset(ref, 'grundy'), from, to, env, { budgetMs: limits.budgetMs });
}

/** The reply shape of a computed sequence (also for sequences computed elsewhere, e.g. in a browser). */
export function grundyReply(ruleset: Ruleset, values: ArrayLike<number>): GrundyReply {
  const pPositions: number[] = [];
  for (let n = 0; n < values.length; n++) if (values[n] === 0) pPositions.push(n);
  return { ruleset: ruleset.spec, title: ruleset.title, values: Array.from(values), pPositions };
}

/**
 * The periodicity of a heap ruleset's values, computing at most heaps 0..length-1. With `proofs`, a
 * period proved before within that length is answered from there, and one proved now is kept.
 */
export function period(
  ref: RulesetRef,
  length?: number,
  budgetMs?: number,
  lastHeapName = 'length - 1',
  proofs?: ProofStore,
): PeriodReply {
  const ruleset = heapRuleset(ref, 'period');
  if (length !== undefined) checkMax(length - 1, lastHeapName, sequenceLimit(ruleset));
  const kept = ruleset.provedPeriod ? null : storedProof(ruleset, proofs);
  if (kept && (length === undefined || length >= kept.computed))
    return {
      ruleset: ruleset.spec,
      title: ruleset.title,
      ...certificateOf(kept),
      certified: true,
      computed: kept.computed,
      provableFrom: null,
    };
  const found = periodicity(ruleset, {
    maxLength: length,
    budgetMs,
    onProved: (values, proved) => keepProof(ruleset, proofs, proved, values, values.length),
  });
  // an observed period that the theorem would prove from a longer stretch: say how long
  const theorem = ruleset.certificationLength;
  const provableFrom =
    !found.certified && found.period !== null && found.saltus === 0 && theorem
      ? theorem(found.preperiod!, found.period)
      : null;
  return { ruleset: ruleset.spec, title: ruleset.title, ...found, provableFrom };
}

/** The misère quotient of a heap ruleset restricted to heaps 0..max (`solve`: up to where a period is proved). */
export function quotient(
  ref: RulesetRef,
  max: number,
  solve = false,
  onHeap?: (heap: number, size: number) => void,
  limits: QuotientLimits = {},
): QuotientReply {
  const ruleset = rulesetOf(ref);
  requireCapability(ruleset, 'quotient', 'quotient');
  return quotientReply(ruleset as HeapRuleset, max, solve, onHeap, limits);
}

/**
 * The positions one move away, a page of at most `limit` after the first `offset` and at most `maxSize`
 * numbers or characters (as positions of numbers, or as text for boards and graphs). `next`: the
 * offset of the following page when the list was cut short.
 */
export function options(request: OptionsRequest): OptionsReply {
  const ruleset = rulesetOf(request.ruleset);
  const offset = request.offset ?? 0;
  const maxSize = request.maxSize ?? Number.POSITIVE_INFINITY;
  return byKind(OPTIONS, ruleset, request, offset, maxSize);
}

type OptionsArgs = [request: OptionsRequest, offset: number, maxSize: number];

/** A page of options for each kind of ruleset: positions as text (boards, graphs) or as numbers. */
const OPTIONS: ByKind<OptionsArgs, OptionsReply> = {
  game: (ruleset, request, offset, maxSize) => {
    const position = gamePosition(ruleset, boardOf(ruleset, request.position));
    const listed: string[] = [];
    let skipped = 0;
    let size = 0;
    let truncated = false;
    for (const to of ruleset.moves(position)) {
      if (skipped < offset) {
        skipped++;
        continue;
      }
      const text = ruleset.notation.formatPosition(to);
      if (listed.length === request.limit || (listed.length > 0 && size + text.length > maxSize)) {
        truncated = true;
        break;
      }
      listed.push(text);
      size += text.length;
    }
    return page(listed, truncated, offset);
  },
  heap: tupleOptions,
  coupled: tupleOptions,
  // the positions after each legal move, as text (a winning move's too: the game over)
  result: (ruleset, request, offset, maxSize) => {
    const position = resultPosition(ruleset, request.position);
    const texts = ruleset
      .moves(position)
      .slice(offset)
      .map((m) => ruleset.notation.formatPosition(ruleset.play(position, m).position));
    const listed: string[] = [];
    let size = 0;
    for (const text of texts) {
      if (listed.length === request.limit || (listed.length > 0 && size + text.length > maxSize)) break;
      listed.push(text);
      size += text.length;
    }
    return page(listed, listed.length < texts.length, offset);
  },
};

function tupleOptions(ruleset: TupleRuleset, request: OptionsRequest, offset: number, maxSize: number): OptionsReply {
  const heaps = safeSizes(heapsOf(ruleset, request.position));
  const limit = optionsPageSize(heaps.length, request.limit, maxSize);
  const { moves, truncated } = legalMoves(ruleset, heaps, limit, offset);
  return page(moves, truncated, offset);
}

function page<T extends number[] | string>(options: T[], truncated: boolean, offset: number): OptionsReply {
  return truncated
    ? { options: options as OptionsReply['options'], truncated, next: offset + options.length }
    : { options: options as OptionsReply['options'], truncated };
}

/** Sorted P-positions of a ruleset whose piles move together, with piles of 0..max, at most `limit` of them. */
export function listPPositions(
  ref: RulesetRef,
  max: number,
  requestedPiles: number | undefined,
  limit: number,
  maxPile = Number.MAX_SAFE_INTEGER,
): PPositionsReply {
  const ruleset = rulesetOf(ref);
  requireCapability(ruleset, 'p-positions', 'a listing of P-positions');
  checkMax(max, 'max', maxPile);
  const coupled = ruleset as CoupledRuleset;
  const piles = heapCountOf(coupled, requestedPiles);
  const positions: number[][] = [];
  let truncated = false;
  forEachCoupledPPosition(coupled, { pileCount: piles, max, order: 'sorted' }, (t) => {
    if (positions.length === limit) {
      truncated = true;
      return false;
    }
    positions.push([...t]);
  });
  return { ruleset: coupled.spec, title: coupled.title, piles, max, positions, truncated };
}

/** What a spec names: its kind and capabilities, how its positions are written, and its start position. */
export function describe(ref: RulesetRef): RulesetInfo {
  const ruleset = rulesetOf(ref);
  const base = {
    ruleset: ruleset.spec,
    title: ruleset.title,
    kind: ruleset.kind,
    family: ruleset.family,
    what: describeKind(ruleset),
    capabilities: capabilitiesOf(ruleset),
  };
  return { ...base, ...byKind(POSITIONS, ruleset) };
}

/** How each kind of ruleset writes its positions, for `describe`. */
const POSITIONS: ByKind<[], Pick<RulesetInfo, 'piles' | 'unit' | 'positionFormat' | 'start'>> = {
  game: (ruleset) => ({
    piles: null,
    unit: null,
    positionFormat: ruleset.notation.positionFormat,
    start: ruleset.start === null ? null : ruleset.notation.formatPosition(ruleset.start),
  }),
  heap: tuplePositions,
  coupled: tuplePositions,
  result: (ruleset) => ({
    piles: null,
    unit: null,
    positionFormat: ruleset.notation.positionFormat,
    start: ruleset.notation.formatPosition(ruleset.start),
  }),
};

function tuplePositions(ruleset: TupleRuleset): Pick<RulesetInfo, 'piles' | 'unit' | 'positionFormat' | 'start'> {
  const unit = unitOf(ruleset);
  return {
    piles: fixedPiles(ruleset) ?? null,
    unit,
    positionFormat: `${unit} sizes separated by spaces, e.g. 3 4 5`,
    start: null,
  };
}

/** What `table` varies for a game: its R x C boards, or its starts sized by one number (`sizedBy`, e.g. spots). */
export interface TableShape {
  /** The game's spec without the start it may name (cram:4x5 -> cram): the table varies the start. */
  readonly game: string;
  readonly rectangles: boolean;
  readonly sizedBy: string | null;
}

/**
 * The game a table is asked of, read from the whole spec (so 'coins:mock-turtles' is refused as a game
 * on a row of coins, not as 'coins' without its rule); refused in one line when it has no table.
 */
export function tableShape(spec: string): TableShape {
  let ruleset = rulesetOf(spec);
  // the arguments of a game with a table that names a start are that start: the table varies it
  const named = byKind(TABLE_STARTS, ruleset);
  if (named.namesStart && (named.rectangles || named.sized)) ruleset = rulesetOf(spec.trim().replace(/:.*$/, ''));
  const { rectangles, sized } = byKind(TABLE_STARTS, ruleset);
  const sizedBy = sized ? sized.name : null;
  if (!rectangles && sizedBy === null) requireCapability(ruleset, 'rectangles', 'table');
  return { game: ruleset.spec, rectangles, sizedBy };
}

/** The starts a table of a ruleset varies: R x C boards (`rectangles`), or starts sized by one number. */
interface TableStarts {
  /** True when the spec names a start position (cram:4x5), which the table's arguments replace. */
  readonly namesStart: boolean;
  readonly rectangles: boolean;
  readonly sized: SizedStarts<unknown> | undefined;
}

const NO_TABLE: TableStarts = { namesStart: false, rectangles: false, sized: undefined };

/** The starts `nimber table` varies for each kind of ruleset: only games on boards and graphs have any. */
const TABLE_STARTS: ByKind<[], TableStarts> = {
  game: (ruleset) => ({
    namesStart: ruleset.start !== null,
    rectangles: ruleset.rectangle !== undefined,
    sized: ruleset.sized,
  }),
  heap: () => NO_TABLE,
  coupled: () => NO_TABLE,
  result: () => NO_TABLE,
};

/** The game of a table of R x C start positions and its ranges of sides ("1..5"), checked. */
function rectangleRanges(ref: RulesetRef, rows: string, cols: string) {
  const ruleset = rulesetOf(ref);
  const starts = byKind(TABLE_STARTS, ruleset);
  const sized = starts.rectangles ? undefined : starts.sized;
  if (sized)
    throw new InputError(
      `'${ruleset.spec}' is sized by ${sized.name}: give --${sized.name}, e.g. --${sized.name} 1..6`,
    );
  requireCapability(ruleset, 'rectangles', 'table');
  return { ruleset: ruleset as GameRuleset, ...tableRanges(ruleset as GameRuleset, rows, cols) };
}

/** The values of the R x C start positions of a game played on rectangles, over ranges of sides ("1..5"). */
export function rectangleTable(
  ref: RulesetRef,
  rows: string,
  cols: string,
  cellMs: number,
  onCell?: (cell: TableCell) => void,
  onProgress?: (board: { rows: number; cols: number }, stats: SearchStats) => void,
  options: BoardTableOptions = {},
): {
  ruleset: GameRuleset;
  cells: TableCell[];
  rows: { from: number; to: number };
  cols: { from: number; to: number };
} {
  const table = rectangleRanges(ref, rows, cols);
  return {
    ...table,
    cells: gameTable(table.ruleset, table.rows, table.cols, cellMs, onCell, onProgress, options),
  };
}

/** The words of the sizes `nimber table` varies besides rows and columns (e.g. spots), from the registry. */
export function tableSizeNames(): string[] {
  const names = new Set<string>();
  for (const family of FAMILIES) {
    if (family.args === 'required') continue;
    const ruleset = family.parse('');
    const { sized } = byKind(TABLE_STARTS, ruleset);
    if (sized) names.add(sized.name);
  }
  return [...names];
}

/**
 * A catalog problem's answer for parsed input: problems that rest on one heap sequence take it
 * from the source (cache, threads, progress); the others compute on their own.
 */
export async function solveProblem<I, O>(
  problem: Problem<I, O>,
  input: I,
  env: ServiceEnv,
  onProgress?: (done: number, total: number) => void,
): Promise<O> {
  if (isSequenceProblem(problem)) {
    const need = problem.sequenceFor(input);
    return problem.solveWith(input, await env.sequences(need.ruleset, need.maxHeap));
  }
  if (onProgress && problem.solveWithProgress) return problem.solveWithProgress(input, onProgress);
  return problem.solve(input);
}
