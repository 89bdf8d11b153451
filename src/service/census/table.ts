/**
 * The census table: one row per standard form with the codes folded into it, what computing it
 * found and the reference column; a summary (how many solved, the largest extents); and the three
 * output formats (Markdown, CSV, JSON).
 */
import type { CodeSpace, FoldedCode } from '../../engine/families/takebreak/codes.ts';
import { checkAgainstReference, maskText, type ReferenceVerdict, type ValuesOf } from './reference-check.ts';
import { REFERENCE_SOURCE } from './reference.ts';
import type { CensusFormat } from './formats.ts';
import type { CensusBudget, CensusRow, NormalCensusRow } from './types.ts';

export interface CensusTableRow extends NormalCensusRow {
  /** Every code of the census with this standard form (the form itself included when enumerated). */
  readonly members: readonly string[];
  readonly reference: ReferenceVerdict;
  readonly referenceNote: string | null;
}

export interface CensusSummary {
  readonly games: number;
  readonly codes: number;
  readonly solved: number;
  readonly unsolved: number;
  /** Games of the census with no stored row (an interrupted run). */
  readonly missing: number;
  readonly reference: Readonly<Record<ReferenceVerdict, number>>;
  /** The unsolved games computed furthest (at most five): code and heaps. */
  readonly largestExtents: readonly { readonly code: string; readonly heaps: number }[];
  /** The solved game with the longest preperiod + period. */
  readonly longestSolved: { readonly code: string; readonly preperiod: number; readonly period: number } | null;
  /** Sum of the games' computing times (ms), not the wall-clock time of the run. */
  readonly computeMs: number;
  /**
   * The unsolved games stopped by their time budget, every one: how far they got depends on the
   * speed of the machine (a game stopped by heaps is the same everywhere).
   */
  readonly stoppedBySeconds: readonly string[];
}

export interface CensusTable {
  readonly census: {
    readonly digits: number;
    readonly hex: boolean;
    readonly prefix: string | null;
    readonly budget: CensusBudget;
  };
  readonly reference: string;
  readonly summary: CensusSummary;
  readonly rows: readonly CensusTableRow[];
}

/** Assembles the table from the folded codes and the rows known for them (rows of other codes or of misère play are ignored). */
export function buildTable(
  space: CodeSpace,
  budget: CensusBudget,
  groups: readonly FoldedCode[],
  rows: ReadonlyMap<string, CensusRow>,
  valuesOf: ValuesOf,
): CensusTable {
  const out: CensusTableRow[] = [];
  let missing = 0;
  for (const group of groups) {
    const row = rows.get(group.code);
    // a misère row answers nothing of normal play
    if (!row || row.convention !== undefined) {
      missing++;
      continue;
    }
    const check = checkAgainstReference(row, valuesOf);
    out.push({ ...row, members: group.members, reference: check.verdict, referenceNote: check.note });
  }
  const reference: Record<ReferenceVerdict, number> = {
    agrees: 0,
    disagrees: 0,
    'not reached': 0,
    'not in reference': 0,
  };
  for (const r of out) reference[r.reference]++;
  const unsolved = out.filter((r) => r.status === 'unsolved');
  const solved = out.filter((r) => r.status === 'solved');
  const longest = solved.reduce<CensusTableRow | null>(
    (best, r) => (!best || r.preperiod! + r.period! > best.preperiod! + best.period! ? r : best),
    null,
  );
  return {
    census: { digits: space.digits, hex: space.hex ?? false, prefix: space.prefix ?? null, budget },
    reference: REFERENCE_SOURCE,
    summary: {
      games: groups.length,
      codes: groups.reduce((n, g) => n + g.members.length, 0),
      solved: solved.length,
      unsolved: unsolved.length,
      missing,
      reference,
      largestExtents: [...unsolved]
        .sort((a, b) => b.heaps - a.heaps || a.code.localeCompare(b.code))
        .slice(0, 5)
        .map((r) => ({ code: r.code, heaps: r.heaps })),
      longestSolved: longest ? { code: longest.code, preperiod: longest.preperiod!, period: longest.period! } : null,
      computeMs: out.reduce((n, r) => n + r.ms, 0),
      stoppedBySeconds: unsolved.filter((r) => r.stopped === 'seconds').map((r) => r.code),
    },
    rows: out,
  };
}

export { CENSUS_FORMATS, type CensusFormat } from './formats.ts';

const COLUMNS = [
  'code',
  'also',
  'status',
  'preperiod',
  'period',
  'saltus',
  'largest',
  'largest at',
  'rare mask',
  'rare',
  'last rare',
  'heaps',
  'stopped',
  'seconds',
  'reference',
  'reference note',
] as const;

/** The cells of a row, as text, in COLUMNS order. */
function cells(r: CensusTableRow): string[] {
  const num = (v: number | null) => (v === null ? '' : String(v));
  return [
    r.code,
    r.members.filter((m) => m !== r.code).join(' '),
    r.status,
    num(r.preperiod),
    num(r.period),
    num(r.saltus),
    String(r.largestValue),
    String(r.largestAt),
    r.rare ? maskText(r.rare.mask, r.rare.twist) : '',
    r.rare ? String(r.rare.count) : '',
    r.rare ? String(r.rare.last) : '',
    String(r.heaps),
    r.stopped ?? '',
    (r.ms / 1000).toFixed(3),
    r.reference,
    r.referenceNote ?? '',
  ];
}

/** The table in a format: Markdown (a summary, then the table), CSV (RFC 4180) or JSON. */
export function formatTable(table: CensusTable, format: CensusFormat): string {
  if (format === 'json') return JSON.stringify(table, null, 1) + '\n';
  if (format === 'csv') {
    const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    return [COLUMNS.join(','), ...table.rows.map((r) => cells(r).map(quote).join(','))].join('\r\n') + '\r\n';
  }
  const escapeCell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    `# Take-and-break census: ${describeSpace(table)}`,
    '',
    summaryText(table),
    '',
    `Reference: ${table.reference}.`,
    '',
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map((c) => (['code', 'also', 'status', 'stopped', 'reference', 'reference note', 'rare mask'].includes(c) ? ' :--- ' : ' ---: ')).join('|')}|`,
    ...table.rows.map((r) => `| ${cells(r).map(escapeCell).join(' | ')} |`),
  ];
  return lines.join('\n') + '\n';
}

function describeSpace(table: CensusTable): string {
  const c = table.census;
  const prefix = c.prefix ? `, codes starting ${c.prefix}` : '';
  return `${c.hex ? 'hex' : 'octal'} codes with up to ${c.digits} digit${c.digits === 1 ? '' : 's'}${prefix} (budget ${c.budget.maxHeaps} heaps${c.budget.maxWork === undefined ? '' : `, ${c.budget.maxWork} pair checks`}, ${c.budget.seconds} s a game)`;
}

/** The summary in a few sentences (the Markdown head, the CLI's closing lines). */
export function summaryText(table: CensusTable): string {
  const s = table.summary;
  const parts = [
    `${s.games} games (${s.codes} codes folded to standard forms): ${s.solved} solved, ${s.unsolved} unsolved${s.missing ? `, ${s.missing} not computed yet` : ''}.`,
  ];
  if (s.longestSolved)
    parts.push(
      `Longest solved: ${s.longestSolved.code} (preperiod ${s.longestSolved.preperiod}, period ${s.longestSolved.period}).`,
    );
  if (s.largestExtents.length)
    parts.push(`Largest extents unsolved: ${s.largestExtents.map((e) => `${e.code} to ${e.heaps}`).join(', ')}.`);
  const ref = s.reference;
  parts.push(
    `Reference: ${ref.agrees} agree, ${ref.disagrees} disagree, ${ref['not reached']} not reached, ${ref['not in reference']} not in it.`,
  );
  // absent in tables stored before the field existed
  const byTime = s.stoppedBySeconds ?? [];
  if (byTime.length > 0)
    parts.push(
      `Stopped by the time budget (${table.census.budget.seconds} s a game), so how far they got depends on this machine's speed: ${byTime.length} game${byTime.length === 1 ? '' : 's'}, ${byTime.join(', ')}.`,
    );
  parts.push(`Computing time ${(s.computeMs / 1000).toFixed(1)} s (sum over games).`);
  return parts.join(' ');
}
