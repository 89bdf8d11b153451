/** One line per census game computed (a queue worker's log): code, status, period or quotient, heaps, time. */
import type { CensusRow } from './types.ts';

export function describeCensusRow(row: CensusRow): string {
  const heaps = `${row.heaps.toLocaleString('en-US')} heaps`;
  const time = `${(row.ms / 1000).toFixed(row.ms < 10_000 ? 2 : 1)} s`;
  if (row.convention === 'misere') {
    const kind = row.tame ? 'tame' : 'wild';
    if (row.status === 'solved')
      return `${row.code} misère solved (${kind}): order ${row.order}, |P| ${row.pPortion}, preperiod ${row.preperiod}, period ${row.period} (${heaps}, ${time})`;
    return `${row.code} misère unsolved (${kind}): order ${row.order} at ${heaps} (out of ${row.stopped ?? 'budget'}, ${time})`;
  }
  if (row.status === 'solved')
    return `${row.code} solved: preperiod ${row.preperiod}, period ${row.period}, saltus ${row.saltus} (${heaps}, ${time})`;
  return `${row.code} unsolved at ${heaps} (out of ${row.stopped ?? 'budget'}, ${time})`;
}
