/**
 * The Explore tab's state as a reducer: the form (ruleset, range, position, explained heaps, table
 * page), what the ruleset can do, the result shown (Grundy values, a listing of P-positions, or the
 * analysis of a game's position), its period, where it was computed, the error line; and the pure
 * selectors the views draw from (the table's pages, the period in words, the address). Each
 * exploration is numbered: an answer of an earlier one is dropped. No fetch and no DOM here, so it is
 * tested without a browser.
 */
import type { Capability } from '../../src/engine/capabilities.ts';
import { pPositionsOf } from '../../src/service/export.ts';
import { observedEnough, smallestPeriod } from '../../src/service/local.ts';
import type { AnalyzeReply, PeriodReply, PPositionsReply } from './api.ts';
import { heapsField } from './numbers.ts';

/** A ruleset's Grundy values g(0..n), wherever they were computed, with the heaps where g = 0. */
export interface Values {
  readonly ruleset: string;
  readonly title: string;
  readonly values: number[];
  readonly pPositions: number[];
}

export const valuesOf = (reply: { ruleset: string; title: string; values: number[] }): Values => ({
  ruleset: reply.ruleset,
  title: reply.title,
  values: reply.values,
  pPositions: pPositionsOf(reply.values),
});

/** Where the values shown came from. */
export type Source =
  | { readonly where: 'browser'; readonly kernel: string; readonly ms: number }
  | { readonly where: 'server'; readonly ms: number; readonly reason: string };

/** The exploration shown: its spec, its range and (for a game searched position by position) its position. */
export interface Shown {
  readonly spec: string;
  readonly to: string;
  readonly position?: string;
}

/** The period: the server's, the one the values show (past its time limit), an error in words, or null while asked. */
export type PeriodShown = PeriodReply | string | null;

export interface ExploreState {
  readonly spec: string;
  readonly to: string;
  /** The heaps (or piles) of the explain panel. */
  readonly explainText: string;
  /** The position of a game searched position by position (a board, a row of coins); empty: the spec's start. */
  readonly position: string;
  /** How the last game explored writes its positions: the position field shows while it is set. */
  readonly positionFormat: string | null;
  readonly page: number;
  readonly capabilities: readonly Capability[];
  readonly data: Values | null;
  readonly listing: PPositionsReply | null;
  readonly game: AnalyzeReply | null;
  readonly period: PeriodShown;
  readonly source: Source | null;
  readonly error: string | null;
  readonly busy: boolean;
  /** What the result shows (for the address and the explain panel); null until a result is shown. */
  readonly shown: Shown | null;
  /** The exploration under way or last done: answers of another are dropped. */
  readonly run: number;
}

/** An answer of exploration `run`. */
type Answer<T> = T & { run: number };

export type ExploreAction =
  | { type: 'spec'; spec: string }
  | { type: 'to'; to: string }
  | { type: 'position'; position: string }
  | { type: 'explain'; text: string }
  | { type: 'page'; page: number }
  /** Explore pressed (or the tab opened: the page from the address is kept). */
  | { type: 'exploring'; run: number; keepPage: boolean }
  /** What the ruleset can do: the last result goes. */
  | Answer<{ type: 'capabilities'; capabilities: readonly Capability[] }>
  /** The server lists the P-positions of piles moved together. */
  | Answer<{ type: 'listing'; reply: PPositionsReply; ms: number; shown: Shown }>
  /** A game searched position by position: how it writes positions, and the position explored. */
  | Answer<{ type: 'position-format'; positionFormat: string; board: string | undefined }>
  | Answer<{ type: 'analysis'; reply: AnalyzeReply; ms: number; shown: Shown }>
  | Answer<{ type: 'values'; values: Values; source: Source; shown: Shown }>
  /** The period asked beside the values; null: past the server's time limit (the values shown tell). */
  | Answer<{ type: 'period'; period: PeriodShown }>
  | Answer<{ type: 'failed'; error: string }>;

/** The state a link opens: its ruleset, range, position, explained heaps and page. */
export function initialExploreState(params: URLSearchParams, firstSpec: string): ExploreState {
  return {
    spec: params.get('ruleset') ?? firstSpec,
    to: params.get('to') ?? '100',
    explainText: params.get('heap') ?? '13',
    position: params.get('position') ?? '',
    positionFormat: null,
    page: Number(params.get('page') ?? '0') || 0,
    capabilities: [],
    data: null,
    listing: null,
    game: null,
    period: null,
    source: null,
    error: null,
    busy: false,
    shown: null,
    run: 0,
  };
}

export function exploreReducer(state: ExploreState, action: ExploreAction): ExploreState {
  switch (action.type) {
    case 'spec':
      return { ...state, spec: action.spec };
    case 'to':
      return { ...state, to: action.to };
    case 'position':
      return { ...state, position: action.position };
    case 'explain':
      return { ...state, explainText: action.text };
    case 'page':
      return { ...state, page: action.page };
    case 'exploring':
      return {
        ...state,
        run: action.run,
        busy: true,
        error: null,
        period: null,
        page: action.keepPage ? state.page : 0,
      };
  }
  // the answers: only of the exploration under way
  if (action.run !== state.run) return state;
  switch (action.type) {
    case 'capabilities':
      return {
        ...state,
        capabilities: action.capabilities,
        data: null,
        listing: null,
        game: null,
        positionFormat: null,
      };
    case 'listing': {
      const { reply, ms, shown } = action;
      const source: Source = {
        where: 'server',
        ms,
        reason: 'its piles move together, so the server lists its P-positions',
      };
      const explainText = fitPiles(state.explainText, reply.piles);
      return { ...state, listing: reply, explainText, source, shown, busy: false };
    }
    case 'position-format':
      return { ...state, positionFormat: action.positionFormat, position: action.board ?? '' };
    case 'analysis': {
      const source: Source = { where: 'server', ms: action.ms, reason: 'the server searches its positions' };
      return { ...state, game: action.reply, source, shown: action.shown, busy: false };
    }
    case 'values':
      return { ...state, data: action.values, source: action.source, shown: action.shown };
    case 'period':
      return {
        ...state,
        period: action.period ?? (state.data && observedPeriod(state.data)),
        busy: false,
      };
    case 'failed':
      return {
        ...state,
        data: null,
        listing: null,
        game: null,
        period: null,
        source: null,
        shown: null,
        error: action.error,
        busy: false,
      };
  }
}

/** The explained position needs one size per pile: the text as typed when it fits, else a small N-position. */
export function fitPiles(text: string, piles: number): string {
  const sizes = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (sizes.length === piles) return text;
  return piles === 2 ? '3 4' : Array.from({ length: piles }, (_, i) => i + 1).join(' ');
}

/**
 * The position to explore a game from (one whose spec names no start: a coin rule, a bare cram): the
 * one typed, unless it was typed for another spec, else its family's example when the spec has no
 * start (undefined: the spec's start; the reply says how to give one when there is none).
 */
export function positionToExplore(
  state: ExploreState,
  spec: string,
  hasStart: boolean,
  example: string | undefined,
): string | undefined {
  const typed = state.shown === null || state.shown.spec === spec ? state.position.trim() : '';
  return typed || (hasStart ? undefined : example);
}

/** The heaps (or piles) of the explain panel, or why the text is none. */
export function explainedPosition(state: ExploreState): { position: number[] | null; error: string | null } {
  try {
    return { position: heapsField(state.explainText, state.listing ? 'pile' : 'heap'), error: null };
  } catch (e) {
    return { position: null, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The view in the address: what is shown (not what is being typed), the explained heaps, the page. */
export function exploreHash(state: ExploreState): Record<string, string | undefined> | null {
  const { shown } = state;
  if (!shown) return null;
  return {
    ruleset: shown.spec.trim(),
    to: shown.to.trim(),
    position: shown.position?.trim() || undefined,
    heap: state.explainText.trim(),
    page: state.page > 0 ? String(state.page) : undefined,
  };
}

/** The period the values show (observed, never proved): where the server's search ran past its time limit. */
export function observedPeriod(data: Values): PeriodReply {
  const values = Uint32Array.from(data.values);
  const seen = smallestPeriod(values, (e, p) => observedEnough(values.length, e, p));
  return {
    ruleset: data.ruleset,
    title: data.title,
    period: seen?.period ?? null,
    preperiod: seen?.preperiod ?? null,
    saltus: seen?.saltus ?? null,
    certified: false,
    computed: values.length,
    provableFrom: null,
  };
}

/** The period once known: where it starts and how long it is (null: none, or not known yet). */
export function periodOf(period: PeriodShown): { preperiod: number; period: number } | null {
  return period && typeof period !== 'string' && period.period !== null && period.preperiod !== null
    ? { preperiod: period.preperiod, period: period.period }
    : null;
}

/** Rows per page of the table; a row holds PER_ROW values, or one period when the period is at most MAX_PERIOD_ROW. */
export const ROWS_PER_PAGE = 40;
export const PER_ROW = 10;
export const MAX_PERIOD_ROW = 36;

/** The table's page: values per row, the pages, the page shown (within range), and the first n of each row. */
export interface TablePage {
  readonly perRow: number;
  /** Whether a row is one period wide. */
  readonly periodRows: boolean;
  readonly pages: number;
  readonly current: number;
  /** The first and one past the last n on the page. */
  readonly first: number;
  readonly end: number;
  readonly rows: readonly number[];
}

export function tablePage(count: number, period: PeriodShown, page: number): TablePage {
  const known = periodOf(period);
  const periodRows = known !== null && known.period >= 2 && known.period <= MAX_PERIOD_ROW;
  const perRow = periodRows ? known.period : PER_ROW;
  const perPage = perRow * ROWS_PER_PAGE;
  const pages = Math.max(1, Math.ceil(count / perPage));
  const current = Math.min(page, pages - 1);
  const first = current * perPage;
  const end = Math.min(count, first + perPage);
  const rows: number[] = [];
  for (let i = first; i < end; i += perRow) rows.push(i);
  return { perRow, periodRows, pages, current, first, end, rows };
}

/** The period in words: what repeats, from where, and whether a theorem proves it. */
export function describePeriod(p: PeriodReply): string {
  if (p.period === null) return `No period shows in the first ${p.computed} values.`;
  const rule =
    p.saltus === 0
      ? `g(n + ${p.period}) = g(n) for every n ≥ ${p.preperiod}`
      : `g(n + ${p.period}) = g(n) + ${p.saltus} for every n ≥ ${p.preperiod} (arithmetic periodicity, saltus ${p.saltus})`;
  const pre = p.preperiod === 0 ? 'purely periodic' : `preperiod ${p.preperiod}`;
  const proof = p.certified
    ? p.computed > 0
      ? `proved: a periodicity theorem applies once ${p.computed} values are checked`
      : 'proved'
    : `observed in the first ${p.computed} values, not proved`;
  return `Period ${p.period}, ${pre}: ${rule} — ${proof}.`;
}
