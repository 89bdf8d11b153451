/**
 * The Census tab's state as a reducer: which census is shown (stored on the server or opened from a
 * file), its filters and its sort, and the pure selectors the views draw from (the list of one play's
 * censuses, the rows kept and sorted). No fetch and no DOM here, so it is tested without a browser.
 */
import type { StoredCensus } from '../../src/adapters/census-store.ts';
import type { CensusTableRow } from '../../src/service/census/table.ts';
import type { AnyCensusTable } from '../../src/service/census/tables.ts';
import type { Sort } from './census-parts.tsx';

export type SortKey = 'code' | 'status' | 'preperiod' | 'period' | 'largestValue' | 'heaps' | 'ms' | 'reference';

export const COLUMNS: readonly { key: SortKey | null; label: string }[] = [
  { key: 'code', label: 'code' },
  { key: null, label: 'also' },
  { key: 'status', label: 'status' },
  { key: 'preperiod', label: 'preperiod' },
  { key: 'period', label: 'period' },
  { key: 'largestValue', label: 'largest (at)' },
  { key: null, label: 'rare mask / count / last' },
  { key: 'heaps', label: 'heaps' },
  { key: 'ms', label: 'seconds' },
  { key: 'reference', label: 'reference' },
];

/** The statuses a row may have (stored rows say 'unsolved'; 'partial' is accepted too). */
export const STATUSES = ['solved', 'partial', 'unsolved'] as const;
/** The status filter's choices: every row not solved is unsolved, the CLI's word. */
export const STATUS_FILTERS = ['solved', 'unsolved'] as const;
export const statusWord = (status: string) => (status === 'solved' ? 'solved' : 'unsolved');

export interface CensusState {
  /** The server's stored censuses (null until the list came). */
  readonly stored: StoredCensus[] | null;
  /** The stored census asked for ('' for none yet). */
  readonly name: string;
  /** Which play's censuses the list offers ('' : the shown census's). */
  readonly play: string;
  readonly table: AnyCensusTable | null;
  /** Where the table came from, in words. */
  readonly source: string;
  readonly error: string | null;
  readonly status: string;
  readonly verdict: string;
  readonly filter: string;
  readonly sort: Sort<SortKey>;
}

export type CensusAction =
  | { type: 'listed'; stored: StoredCensus[] }
  | { type: 'choose'; name: string }
  | { type: 'play'; play: string }
  | { type: 'loaded'; table: AnyCensusTable; source: string }
  | { type: 'failed'; error: string; keepTable?: boolean }
  | { type: 'status'; status: string }
  | { type: 'verdict'; verdict: string }
  | { type: 'filter'; filter: string }
  | { type: 'sort'; sort: Sort<SortKey> };

/** A sort from the address: a column key, '-' before it for descending; else by code. */
export function readSort(text: string | null): Sort<SortKey> {
  const down = text?.startsWith('-') ?? false;
  const key = (down ? text!.slice(1) : text) ?? '';
  return COLUMNS.some((c) => c.key === key) ? { key: key as SortKey, down } : { key: 'code', down: false };
}

/** The state a link opens: its census, filters and sort. */
export function initialCensusState(params: URLSearchParams): CensusState {
  return {
    stored: null,
    name: params.get('name') ?? '',
    play: '',
    table: null,
    source: '',
    error: null,
    status: params.get('status') ?? '',
    verdict: params.get('reference') ?? '',
    filter: params.get('code') ?? '',
    sort: readSort(params.get('sort')),
  };
}

export function censusReducer(state: CensusState, action: CensusAction): CensusState {
  switch (action.type) {
    case 'listed': {
      // without a census named, the first one with rows
      const name = state.name || (action.stored.find((c) => c.rows > 0)?.name ?? action.stored[0]?.name ?? state.name);
      return { ...state, stored: action.stored, name };
    }
    case 'choose':
      return { ...state, name: action.name, error: null };
    case 'play': {
      // the first census the list offers under that play: the switch and the list group alike
      const first = censusesByPlay(state.stored).get(action.play)?.[0];
      return { ...state, play: action.play, name: first?.name ?? state.name, error: null };
    }
    case 'loaded':
      return { ...state, table: action.table, source: action.source, error: null };
    case 'failed':
      return { ...state, error: action.error, table: action.keepTable ? state.table : null };
    case 'status':
      return { ...state, status: action.status };
    case 'verdict':
      return { ...state, verdict: action.verdict };
    case 'filter':
      return { ...state, filter: action.filter };
    case 'sort':
      return { ...state, sort: action.sort };
  }
}

/** The view in the address: the census, its filters and its sort (`sort=-heaps`: descending). */
export function censusHash(state: CensusState): Record<string, string | undefined> {
  const { name, status, verdict, filter, sort } = state;
  return {
    name: name || undefined,
    status: status || undefined,
    reference: verdict || undefined,
    code: filter.trim() || undefined,
    sort: sort.key === 'code' && !sort.down ? undefined : `${sort.down ? '-' : ''}${sort.key}`,
  };
}

/**
 * The censuses of each play the server has stores of, in its order. A census's play is a label the
 * server sends: the page groups by it and offers the groups, and never asks which play one is.
 */
export function censusesByPlay(stored: readonly StoredCensus[] | null): Map<string, StoredCensus[]> {
  const by = new Map<string, StoredCensus[]>();
  for (const c of stored ?? []) by.set(c.convention, [...(by.get(c.convention) ?? []), c]);
  return by;
}

/** The play whose censuses the list shows: the one chosen, else the shown census's, else normal play. */
export function shownPlay(state: CensusState): string {
  return state.play || (state.stored?.find((c) => c.name === state.name)?.convention ?? 'normal');
}

function compare(a: CensusTableRow, b: CensusTableRow, key: SortKey): number {
  const x = a[key],
    y = b[key];
  if (typeof x === 'number' || typeof y === 'number')
    return (x === null ? -1 : Number(x)) - (y === null ? -1 : Number(y));
  // solved before unsolved, whichever word a stored row uses
  if (key === 'status') return Number(statusWord(String(x)) !== 'solved') - Number(statusWord(String(y)) !== 'solved');
  return String(x).localeCompare(String(y));
}

/** The rows the filters keep, sorted (ties by code). */
export function keptRows(rows: readonly CensusTableRow[], state: CensusState): CensusTableRow[] {
  const { status, verdict, sort } = state;
  const needle = state.filter.trim().toLowerCase();
  const kept = rows.filter(
    (r) =>
      (!status || statusWord(r.status) === statusWord(status)) &&
      (!verdict || r.reference === verdict) &&
      (!needle || r.members.some((m) => m.toLowerCase().includes(needle))),
  );
  const sorted = kept.sort((a, b) => compare(a, b, sort.key) || a.code.localeCompare(b.code));
  return sort.down ? sorted.reverse() : sorted;
}
