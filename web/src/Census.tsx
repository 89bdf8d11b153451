/**
 * Census tab: a take-and-break census table, stored by `nimber census` on the server (GET /api/census)
 * or opened from a JSON file the CLI wrote; filtered by status and reference, sorted by a column,
 * each code linked to Explore.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type CensusReply, errorText } from './api.ts';
import { censusSpec } from '../../src/service/census/spec.ts';
import { formatHash, paramsFor, replaceHash } from './url-state.ts';
import type { StoredCensus } from '../../src/adapters/census-store.ts';
import type { CensusTableRow } from '../../src/service/census/table.ts';
import { type AnyCensusTable, censusTableView } from '../../src/service/census/tables.ts';
import { MisereCensusView } from './CensusMisere.tsx';
import { ErrorLine } from './controls.tsx';
import { CodeFilter, MAX_ROWS_SHOWN, type Sort, SortButton } from './census-parts.tsx';

type SortKey = 'code' | 'status' | 'preperiod' | 'period' | 'largestValue' | 'heaps' | 'ms' | 'reference';

const COLUMNS: readonly { key: SortKey | null; label: string }[] = [
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

/** The statuses a row may have ('unsolved' is the older word of stored rows for 'partial'). */
const STATUSES = ['solved', 'partial', 'unsolved'] as const;
/** The status filter's choices: every row not solved is partial, the CLI's word. */
const STATUS_FILTERS = ['solved', 'partial'] as const;
const statusWord = (status: string) => (status === 'solved' ? 'solved' : 'partial');
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

/** A sort from the address: a column key, '-' before it for descending; else by code. */
function readSort(text: string | null): Sort<SortKey> {
  const down = text?.startsWith('-') ?? false;
  const key = (down ? text!.slice(1) : text) ?? '';
  return COLUMNS.some((c) => c.key === key) ? { key: key as SortKey, down } : { key: 'code', down: false };
}

function compare(a: CensusTableRow, b: CensusTableRow, key: SortKey): number {
  const x = a[key],
    y = b[key];
  if (typeof x === 'number' || typeof y === 'number')
    return (x === null ? -1 : Number(x)) - (y === null ? -1 : Number(y));
  return String(x).localeCompare(String(y));
}

export function Census() {
  const initial = paramsFor('census');
  const [stored, setStored] = useState<StoredCensus[] | null>(null);
  const [name, setName] = useState(initial.get('name') ?? '');
  const [loaded, setTable] = useState<AnyCensusTable | null>(null);
  // which play's censuses the list offers (the conventions the server has stores of)
  const [play, setPlay] = useState('');
  const [source, setSource] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState(initial.get('status') ?? '');
  const [verdict, setVerdict] = useState(initial.get('reference') ?? '');
  const [filter, setFilter] = useState(initial.get('code') ?? '');
  const [sort, setSort] = useState<Sort<SortKey>>(() => readSort(initial.get('sort')));

  useEffect(() => {
    api.census({}).then(
      (reply) => {
        const censuses = 'censuses' in reply ? reply.censuses : [];
        setStored([...censuses]);
        if (!name && censuses.length > 0) setName(censuses.find((c) => c.rows > 0)?.name ?? censuses[0].name);
      },
      (e) => setError(errorText(e)),
    );
  }, []);

  // The view in the address: the census, its filters and its sort (`sort=-heaps`: descending).
  const hashState = () => ({
    name: name || undefined,
    status: status || undefined,
    reference: verdict || undefined,
    code: filter.trim() || undefined,
    sort: sort.key === 'code' && !sort.down ? undefined : `${sort.down ? '-' : ''}${sort.key}`,
  });

  useEffect(() => {
    if (!name) return;
    replaceHash('census', hashState());
    setError(null);
    api.census({ name }).then(
      (reply) => {
        setTable(tableOf(reply));
        setSource(`stored census ${name}`);
      },
      (e) => {
        setTable(null);
        setError(errorText(e));
      },
    );
  }, [name]);

  useEffect(() => {
    if (name) replaceHash('census', hashState());
  }, [status, verdict, filter, sort]);

  async function open(file: File | undefined) {
    if (!file) return;
    try {
      setTable(readTableFile(await file.text()));
      setSource(`file ${file.name}`);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }

  // the service says what the table holds: proved periods (normal play) or misère quotients
  const view = loaded ? censusTableView(loaded) : null;
  const misereTable = view?.holds === 'quotients' ? view.table : null;
  const table = view?.holds === 'periods' ? view.table : null;
  const plays = useMemo(() => {
    const by = new Map<string, StoredCensus[]>();
    for (const c of stored ?? []) by.set(c.convention, [...(by.get(c.convention) ?? []), c]);
    return by;
  }, [stored]);
  const shown = plays.get((play || stored?.find((c) => c.name === name)?.convention) ?? 'normal') ?? stored ?? [];
  const rows = useMemo(() => {
    if (!table) return [];
    const needle = filter.trim().toLowerCase();
    const kept = table.rows.filter(
      (r) =>
        (!status || statusWord(r.status) === statusWord(status)) &&
        (!verdict || r.reference === verdict) &&
        (!needle || r.members.some((m) => m.toLowerCase().includes(needle))),
    );
    const sorted = [...kept].sort((a, b) => compare(a, b, sort.key) || a.code.localeCompare(b.code));
    return sort.down ? sorted.reverse() : sorted;
  }, [table, status, verdict, filter, sort]);

  const s = table?.summary;
  return (
    <section class="census" id="census">
      <div class="row">
        {plays.size > 1 && (
          <label>
            Play{' '}
            <select
              id="census-play"
              value={play || (stored?.find((c) => c.name === name)?.convention ?? '')}
              onChange={(e) => {
                const next = e.currentTarget.value;
                setPlay(next);
                const first = plays.get(next)?.[0];
                if (first) setName(first.name);
              }}
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
            <select id="census-name" value={name} onChange={(e) => setName(e.currentTarget.value)}>
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
      {stored && stored.length === 0 && !loaded && (
        <p id="census-none">
          No census is stored on this server. Make one with <code>nimber census takebreak --digits 3</code> (rows are
          stored under the cache directory, which <code>nimber serve</code> reads), then reload; or open a table written
          with <code>--format json</code>.
        </p>
      )}
      <ErrorLine error={error} />
      {misereTable && <MisereCensusView table={misereTable} source={source} />}
      {table && s && (
        <>
          <p id="census-summary">
            {source}: {s.games} games ({s.codes} codes), <strong>{s.solved} solved</strong>,{' '}
            {s.games - s.solved - s.missing} partial
            {s.missing > 0 ? `, ${s.missing} not computed yet` : ''}. Reference ({table.reference}):{' '}
            {s.reference.agrees} agree, {s.reference.disagrees} disagree, {s.reference['not reached']} not reached,{' '}
            {s.reference['not in reference']} not in it.
            {s.largestExtents.length > 0 &&
              ` Largest extents of the partial rows: ${s.largestExtents.map((e) => `${e.code} to ${e.heaps}`).join(', ')}.`}
            {(s.stoppedBySeconds?.length ?? 0) > 0 &&
              ` Stopped by the time budget (how far depends on the machine's speed): ${s.stoppedBySeconds.join(', ')}.`}
          </p>
          <div class="row">
            <label>
              Status{' '}
              <select id="census-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
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
              <select id="census-reference" value={verdict} onChange={(e) => setVerdict(e.currentTarget.value)}>
                <option value="">all</option>
                {VERDICTS.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
            <CodeFilter filter={filter} setFilter={setFilter} shown={rows.length} />
          </div>
          <div class="scroll">
            <table class="values census-table" id="census-table">
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c.label}>
                      {c.key ? <SortButton column={c.key} label={c.label} sort={sort} setSort={setSort} /> : c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, MAX_ROWS_SHOWN).map((r) => (
                  <tr key={r.code} data-code={r.code} class={r.reference === 'disagrees' ? 'disagrees' : undefined}>
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
                    <td class="status">
                      {r.status === 'solved' ? 'solved' : `partial${r.stopped ? ` (${r.stopped})` : ''}`}
                    </td>
                    <td>{r.preperiod ?? ''}</td>
                    <td>{r.period ?? ''}</td>
                    <td>
                      {r.largestValue} ({r.largestAt})
                    </td>
                    <td>
                      {r.rare
                        ? `${r.rare.mask.toString(16)}${r.rare.twist ? '+pos' : ''} / ${r.rare.count} / ${r.rare.last}`
                        : ''}
                    </td>
                    <td>{r.heaps}</td>
                    <td>{(r.ms / 1000).toFixed(2)}</td>
                    <td class="reference" title={r.referenceNote ?? undefined}>
                      {r.reference}
                      {r.referenceNote ? ' *' : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class="summary">Hover a reference verdict marked * for the note. Codes link to Explore.</p>
        </>
      )}
    </section>
  );
}
