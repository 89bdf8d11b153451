/**
 * Census tab: a take-and-break census table, stored by `nimber census` on the server (GET /api/census)
 * or opened from a JSON file the CLI wrote; filtered by status and reference, sorted by a column,
 * each code linked to Explore.
 */
import { useEffect, useMemo, useReducer } from 'preact/hooks';
import { api, type CensusReply, errorText } from './api.ts';
import { censusSpec } from '../../src/service/census/spec.ts';
import { formatHash, hashVisit, paramsFor, replaceHash } from './url-state.ts';
import type { CensusSummary, CensusTable, CensusTableRow } from '../../src/service/census/table.ts';
import { type AnyCensusTable, censusTableView } from '../../src/service/census/tables.ts';
import { MisereCensusView } from './CensusMisere.tsx';
import { ErrorLine } from './controls.tsx';
import { CodeFilter, MAX_ROWS_SHOWN, SortButton } from './census-parts.tsx';
import {
  type CensusAction,
  type CensusState,
  COLUMNS,
  STATUS_FILTERS,
  STATUSES,
  censusesByPlay,
  censusHash,
  censusReducer,
  initialCensusState,
  keptRows,
  shownPlay,
} from './census-state.ts';

/** The play switch's words for the conventions of the stored censuses. */
const PLAY_NAMES = new Map([
  ['normal', 'normal play'],
  ['misere', 'misère play'],
]);
const VERDICTS = ['agrees', 'disagrees', 'not reached', 'not in reference'] as const;

/** A table read from a file: checked enough to draw, or an error in words. */
export function readTableFile(text: string): AnyCensusTable {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('This file is not JSON. Open a table written by `nimber census … --format json`.');
  }
  const t = json as Partial<AnyCensusTable> | null;
  const ok =
    t !== null &&
    typeof t === 'object' &&
    Array.isArray(t.rows) &&
    typeof t.summary === 'object' &&
    t.summary !== null &&
    t.rows.every(
      (r) =>
        r !== null &&
        typeof r === 'object' &&
        typeof r.code === 'string' &&
        (STATUSES as readonly string[]).includes(r.status) &&
        typeof r.heaps === 'number' &&
        Array.isArray(r.members),
    );
  if (!ok) throw new Error('This JSON is not a census table. Open a table written by `nimber census … --format json`.');
  return t as AnyCensusTable;
}

/** The table of a census reply asked by name (the list comes only without a name). */
function tableOf(reply: CensusReply): AnyCensusTable {
  if ('censuses' in reply) throw new Error('The server sent its list of censuses instead of a table.');
  return reply;
}

type Dispatch = (action: CensusAction) => void;

export function Census() {
  const [state, dispatch] = useReducer(censusReducer, paramsFor('census'), initialCensusState);
  const visit = useMemo(hashVisit, []);
  const { name, stored, table: loaded } = state;

  useEffect(() => {
    api.census({}).then(
      (reply) => dispatch({ type: 'listed', stored: 'censuses' in reply ? [...reply.censuses] : [] }),
      (e) => dispatch({ type: 'failed', error: errorText(e), keepTable: true }),
    );
  }, []);

  useEffect(() => {
    if (!name) return;
    api.census({ name }).then(
      (reply) => {
        try {
          dispatch({ type: 'loaded', table: tableOf(reply), source: `stored census ${name}` });
        } catch (e) {
          dispatch({ type: 'failed', error: errorText(e) });
        }
      },
      (e) => dispatch({ type: 'failed', error: errorText(e) }),
    );
  }, [name]);

  useEffect(() => {
    if (name) replaceHash('census', censusHash(state), visit);
  }, [name, state.status, state.verdict, state.filter, state.sort]);

  async function open(file: File | undefined) {
    if (!file) return;
    try {
      dispatch({ type: 'loaded', table: readTableFile(await file.text()), source: `file ${file.name}` });
    } catch (e) {
      dispatch({ type: 'failed', error: errorText(e), keepTable: true });
    }
  }

  // the service says what the table holds: proved periods (normal play) or misère quotients
  const view = loaded ? censusTableView(loaded) : null;
  return (
    <section class="census" id="census">
      <CensusPicker state={state} dispatch={dispatch} open={open} />
      {stored && stored.length === 0 && !loaded && (
        <p id="census-none">
          No census is stored on this server. Make one with <code>nimber census takebreak --digits 3</code> (rows are
          stored under the cache directory, which <code>nimber serve</code> reads), then reload; or open a table written
          with <code>--format json</code>.
        </p>
      )}
      <ErrorLine error={state.error} />
      {view?.holds === 'quotients' && <MisereCensusView table={view.table} source={state.source} />}
      {view?.holds === 'periods' && <PeriodCensusView table={view.table} state={state} dispatch={dispatch} />}
    </section>
  );
}

/** The play switch, the stored censuses of that play, and a file to open. */
function CensusPicker({
  state,
  dispatch,
  open,
}: {
  state: CensusState;
  dispatch: Dispatch;
  open: (file: File | undefined) => void;
}) {
  const { stored, name } = state;
  const plays = useMemo(() => censusesByPlay(stored), [stored]);
  const play = shownPlay(state);
  const shown = plays.get(play) ?? stored ?? [];
  return (
    <div class="row">
      {plays.size > 1 && (
        <label>
          Play{' '}
          <select
            id="census-play"
            value={play}
            onChange={(e) => dispatch({ type: 'play', play: e.currentTarget.value })}
          >
            {[...plays.keys()].map((c) => (
              <option key={c} value={c}>
                {PLAY_NAMES.get(c) ?? c}
              </option>
            ))}
          </select>
        </label>
      )}
      {stored && stored.length > 0 && (
        <label>
          Stored census{' '}
          <select
            id="census-name"
            value={name}
            onChange={(e) => dispatch({ type: 'choose', name: e.currentTarget.value })}
          >
            {shown.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name} ({c.rows} games)
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Open a JSON table{' '}
        <input
          id="census-file"
          type="file"
          accept=".json,application/json"
          onChange={(e) => open(e.currentTarget.files?.[0])}
        />
      </label>
    </div>
  );
}

/** A normal-play census: its summary, the filters and the sortable table of periods. */
function PeriodCensusView({ table, state, dispatch }: { table: CensusTable; state: CensusState; dispatch: Dispatch }) {
  const rows = useMemo(
    () => keptRows(table.rows, state),
    [table, state.status, state.verdict, state.filter, state.sort],
  );
  return (
    <>
      <SummaryLine source={state.source} s={table.summary} reference={table.reference} />
      <div class="row">
        <label>
          Status{' '}
          <select
            id="census-status"
            value={state.status}
            onChange={(e) => dispatch({ type: 'status', status: e.currentTarget.value })}
          >
            <option value="">all</option>
            {STATUS_FILTERS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label>
          Reference{' '}
          <select
            id="census-reference"
            value={state.verdict}
            onChange={(e) => dispatch({ type: 'verdict', verdict: e.currentTarget.value })}
          >
            <option value="">all</option>
            {VERDICTS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <CodeFilter
          filter={state.filter}
          setFilter={(filter) => dispatch({ type: 'filter', filter })}
          shown={rows.length}
        />
      </div>
      <div class="scroll">
        <table class="values census-table" id="census-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.label}>
                  {c.key ? (
                    <SortButton
                      column={c.key}
                      label={c.label}
                      sort={state.sort}
                      setSort={(sort) => dispatch({ type: 'sort', sort })}
                    />
                  ) : (
                    c.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS_SHOWN).map((r) => (
              <CensusRow key={r.code} r={r} />
            ))}
          </tbody>
        </table>
      </div>
      <p class="summary">Hover a reference verdict marked * for the note. Codes link to Explore.</p>
    </>
  );
}

function SummaryLine({ source, s, reference }: { source: string; s: CensusSummary; reference: string }) {
  return (
    <p id="census-summary">
      {source}: {s.games} games ({s.codes} codes), <strong>{s.solved} solved</strong>, {s.games - s.solved - s.missing}{' '}
      unsolved
      {s.missing > 0 ? `, ${s.missing} not computed yet` : ''}. Reference ({reference}): {s.reference.agrees} agree,{' '}
      {s.reference.disagrees} disagree, {s.reference['not reached']} not reached, {s.reference['not in reference']} not
      in it.
      {s.largestExtents.length > 0 &&
        ` Largest extents of the unsolved rows: ${s.largestExtents.map((e) => `${e.code} to ${e.heaps}`).join(', ')}.`}
      {(s.stoppedBySeconds?.length ?? 0) > 0 &&
        ` Stopped by the time budget (how far depends on the machine's speed): ${s.stoppedBySeconds.join(', ')}.`}
    </p>
  );
}

/** One game of the census: its code linked to Explore, then its columns. */
function CensusRow({ r }: { r: CensusTableRow }) {
  return (
    <tr data-code={r.code} class={r.reference === 'disagrees' ? 'disagrees' : undefined}>
      <td>
        <a
          href={formatHash('explore', {
            ruleset: censusSpec(r.code),
            to: String(Math.min(2000, (r.preperiod ?? 0) + 2 * (r.period ?? 100))),
          })}
        >
          {r.code}
        </a>
      </td>
      <td>{r.members.filter((m) => m !== r.code).join(' ')}</td>
      <td class="status">{r.status === 'solved' ? 'solved' : `unsolved${r.stopped ? ` (${r.stopped})` : ''}`}</td>
      <td>{r.preperiod ?? ''}</td>
      <td>{r.period ?? ''}</td>
      <td>
        {r.largestValue} ({r.largestAt})
      </td>
      <td>
        {r.rare ? `${r.rare.mask.toString(16)}${r.rare.twist ? '+pos' : ''} / ${r.rare.count} / ${r.rare.last}` : ''}
      </td>
      <td>{r.heaps}</td>
      <td>{(r.ms / 1000).toFixed(2)}</td>
      <td class="reference" title={r.referenceNote ?? undefined}>
        {r.reference}
        {r.referenceNote ? ' *' : ''}
      </td>
    </tr>
  );
}
