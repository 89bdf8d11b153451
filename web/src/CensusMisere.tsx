/**
 * The Census tab's view of a misère census: each code's misère quotient, solved (order, |P|,
 * the pretending function's preperiod and period) or unsolved (order at the heap reached and why
 * it stopped), tame or wild; filtered by status and code, sorted by a column.
 */
import { useMemo, useState } from 'preact/hooks';
import type { MisereCensusTable, MisereCensusTableRow } from '../../src/service/census/misere-table.ts';
import { censusSpec } from '../../src/service/census/spec.ts';
import { CodeFilter, MAX_ROWS_SHOWN, type Sort, SortButton } from './census-parts.tsx';
import { formatHash } from './url-state.ts';

type Key = 'code' | 'status' | 'tame' | 'order' | 'pPortion' | 'preperiod' | 'period' | 'heaps' | 'ms' | 'known';

const COLUMNS: readonly { key: Key; label: string }[] = [
  { key: 'code', label: 'code' },
  { key: 'status', label: 'status' },
  { key: 'tame', label: 'tame' },
  { key: 'order', label: 'order' },
  { key: 'pPortion', label: '|P|' },
  { key: 'preperiod', label: 'preperiod' },
  { key: 'period', label: 'period' },
  { key: 'heaps', label: 'heaps' },
  { key: 'ms', label: 'seconds' },
  { key: 'known', label: 'known' },
];

function compare(a: MisereCensusTableRow, b: MisereCensusTableRow, key: Key): number {
  const x = a[key],
    y = b[key];
  if (typeof x === 'number' || typeof y === 'number')
    return (x === null ? -1 : Number(x)) - (y === null ? -1 : Number(y));
  return String(x).localeCompare(String(y));
}

export function MisereCensusView({ table, source }: { table: MisereCensusTable; source: string }) {
  const [status, setStatus] = useState('');
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<Sort<Key>>({ key: 'code', down: false });
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const kept = table.rows.filter(
      // every row not solved is unsolved, the CLI's word (stored rows may also say 'partial')
      (r) =>
        (!status || (r.status === 'solved') === (status === 'solved')) &&
        (!needle || r.code.toLowerCase().includes(needle)),
    );
    const sorted = [...kept].sort((a, b) => compare(a, b, sort.key) || a.code.localeCompare(b.code));
    return sort.down ? sorted.reverse() : sorted;
  }, [table, status, filter, sort]);
  const s = table.summary;
  return (
    <>
      <p id="census-summary">
        {source}: misère quotients of {s.games} games, <strong>{s.solved} solved</strong>,{' '}
        {s.games - s.solved - s.missing} unsolved
        {s.missing > 0 ? `, ${s.missing} not computed yet` : ''}; {s.tame} tame, {s.wild} wild (through the heaps
        computed). Known quotients: {s.known.agrees} agree, {s.known.disagrees} disagree.
        {s.largestSolved && ` Largest solved: ${s.largestSolved.code} (order ${s.largestSolved.order}).`}
      </p>
      <div class="row">
        <label>
          Status{' '}
          <select id="census-status" value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">all</option>
            <option value="solved">solved</option>
            <option value="unsolved">unsolved</option>
          </select>
        </label>
        <CodeFilter filter={filter} setFilter={setFilter} shown={rows.length} />
      </div>
      <div class="scroll">
        <table class="values census-table" id="census-table">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c.key}>
                  <SortButton column={c.key} label={c.label} sort={sort} setSort={setSort} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, MAX_ROWS_SHOWN).map((r) => (
              <tr key={r.code} data-code={r.code} class={r.known === 'disagrees' ? 'disagrees' : undefined}>
                <td>
                  <a href={formatHash('explore', { ruleset: censusSpec(r.code) })}>{r.code}</a>
                </td>
                <td class="status" title={r.reason ?? undefined}>
                  {r.status === 'solved' ? 'solved' : `unsolved${r.stopped ? ` (${r.stopped})` : ''}`}
                </td>
                <td>{r.tame ? 'tame' : 'wild'}</td>
                <td>{r.order}</td>
                <td>{r.pPortion}</td>
                <td>{r.preperiod ?? ''}</td>
                <td>{r.period ?? ''}</td>
                <td>{r.heaps}</td>
                <td>{(r.ms / 1000).toFixed(2)}</td>
                <td class="reference" title={r.knownNote ?? undefined}>
                  {r.known}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="summary">
        A solved quotient answers every heap: its pretending function is periodic, proved by the periodicity theorem
        (see docs/misere.md). Codes link to Explore.
      </p>
    </>
  );
}
