/**
 * The misère census table: one row per code with its quotient (solved or unsolved), tame or wild,
 * and the known-quotient column; a summary; and the three output formats (Markdown, CSV, JSON).
 */
import type { CodeSpace, FoldedCode } from '../../engine/families/takebreak/codes.ts';
import type { CensusFormat } from './formats.ts';
import { checkKnownQuotient, type KnownVerdict } from './misere-known.ts';
import type { CensusBudget, CensusRow, MisereCensusRow } from './types.ts';

export interface MisereCensusTableRow extends MisereCensusRow {
  readonly members: readonly string[];
  readonly known: KnownVerdict;
  readonly knownNote: string | null;
}

export interface MisereCensusSummary {
  readonly games: number;
  readonly solved: number;
  readonly unsolved: number;
  readonly missing: number;
  readonly tame: number;
  readonly wild: number;
  /** Unsolved games by what stopped them. */
  readonly stopped: Readonly<Record<'heaps' | 'work' | 'limit' | 'seconds', number>>;
  readonly known: Readonly<Record<KnownVerdict, number>>;
  /** The solved game with the largest quotient. */
  readonly largestSolved: { readonly code: string; readonly order: number } | null;
  /** The solved game with the longest preperiod + period. */
  readonly longestSolved: { readonly code: string; readonly preperiod: number; readonly period: number } | null;
  readonly computeMs: number;
}

export interface MisereCensusTable {
  readonly census: {
    readonly convention: 'misere';
    readonly digits: number;
    readonly hex: boolean;
    readonly prefix: string | null;
    readonly budget: CensusBudget;
  };
  readonly summary: MisereCensusSummary;
  readonly rows: readonly MisereCensusTableRow[];
}

/** Assembles the table from the codes and the rows known for them (normal-play rows are ignored). */
export function buildMisereTable(
  space: CodeSpace,
  budget: CensusBudget,
  groups: readonly FoldedCode[],
  rows: ReadonlyMap<string, CensusRow>,
): MisereCensusTable {
  const out: MisereCensusTableRow[] = [];
  let missing = 0;
  for (const group of groups) {
    const row = rows.get(group.code);
    if (row?.convention !== 'misere') {
      missing++;
      continue;
    }
    const check = checkKnownQuotient(row);
    out.push({ ...row, members: group.members, known: check.verdict, knownNote: check.note });
  }
  const solved = out.filter((r) => r.status === 'solved');
  const stopped = { heaps: 0, work: 0, limit: 0, seconds: 0 };
  const known: Record<KnownVerdict, number> = { agrees: 0, disagrees: 0, 'not reached': 0, 'not known': 0 };
  for (const r of out) {
    if (r.stopped) stopped[r.stopped]++;
    known[r.known]++;
  }
  const largest = solved.reduce<MisereCensusTableRow | null>((b, r) => (!b || r.order > b.order ? r : b), null);
  const longest = solved.reduce<MisereCensusTableRow | null>(
    (b, r) => (!b || r.preperiod! + r.period! > b.preperiod! + b.period! ? r : b),
    null,
  );
  return {
    census: {
      convention: 'misere',
      digits: space.digits,
      hex: space.hex ?? false,
      prefix: space.prefix ?? null,
      budget,
    },
    summary: {
      games: groups.length,
      solved: solved.length,
      unsolved: out.length - solved.length,
      missing,
      tame: out.filter((r) => r.tame).length,
      wild: out.filter((r) => !r.tame).length,
      stopped,
      known,
      largestSolved: largest ? { code: largest.code, order: largest.order } : null,
      longestSolved: longest ? { code: longest.code, preperiod: longest.preperiod!, period: longest.period! } : null,
      computeMs: out.reduce((n, r) => n + r.ms, 0),
    },
    rows: out,
  };
}

const COLUMNS = [
  'code',
  'status',
  'tame',
  'order',
  'P',
  'preperiod',
  'period',
  'heaps',
  'last growth',
  'stopped',
  'seconds',
  'known',
  'note',
] as const;

function cells(r: MisereCensusTableRow): string[] {
  const num = (v: number | null) => (v === null ? '' : String(v));
  return [
    r.code,
    r.status,
    r.tame ? 'tame' : 'wild',
    String(r.order),
    String(r.pPortion),
    num(r.preperiod),
    num(r.period),
    String(r.heaps),
    String(r.lastGrowth),
    r.stopped ?? '',
    (r.ms / 1000).toFixed(3),
    r.known,
    r.knownNote ?? r.reason ?? '',
  ];
}

/** The table in a format: Markdown (a summary, then the table), CSV (RFC 4180) or JSON. */
export function formatMisereTable(table: MisereCensusTable, format: CensusFormat): string {
  if (format === 'json') return JSON.stringify(table, null, 1) + '\n';
  if (format === 'csv') {
    const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    return [COLUMNS.join(','), ...table.rows.map((r) => cells(r).map(quote).join(','))].join('\r\n') + '\r\n';
  }
  const left = new Set<string>(['code', 'status', 'tame', 'stopped', 'known', 'note']);
  const lines = [
    `# Misère take-and-break census: ${describeSpace(table)}`,
    '',
    misereSummaryText(table),
    '',
    `| ${COLUMNS.join(' | ')} |`,
    `|${COLUMNS.map((c) => (left.has(c) ? ' :--- ' : ' ---: ')).join('|')}|`,
    ...table.rows.map(
      (r) =>
        `| ${cells(r)
          .map((s) => s.replace(/\|/g, '\\|'))
          .join(' | ')} |`,
    ),
  ];
  return lines.join('\n') + '\n';
}

function describeSpace(table: MisereCensusTable): string {
  const c = table.census;
  const prefix = c.prefix ? `, codes starting ${c.prefix}` : '';
  const work = c.budget.maxWork === undefined ? '' : `, ${c.budget.maxWork} steps`;
  return `${c.hex ? 'hex' : 'octal'} codes with up to ${c.digits} digit${c.digits === 1 ? '' : 's'}${prefix} (budget ${c.budget.maxHeaps} heaps${work}, ${c.budget.seconds} s a game)`;
}

/** The summary in a few sentences (the Markdown head, the CLI's closing lines). */
export function misereSummaryText(table: MisereCensusTable): string {
  const s = table.summary;
  const parts = [
    `${s.games} games: ${s.solved} solved, ${s.unsolved} unsolved${s.missing ? `, ${s.missing} not computed yet` : ''}; ${s.tame} tame, ${s.wild} wild through the heaps computed.`,
  ];
  const why = Object.entries(s.stopped).filter(([, n]) => n > 0);
  if (why.length > 0) parts.push(`Unsolved, stopped by: ${why.map(([k, n]) => `${k} ${n}`).join(', ')}.`);
  if (s.largestSolved) parts.push(`Largest solved quotient: ${s.largestSolved.code} (order ${s.largestSolved.order}).`);
  if (s.longestSolved)
    parts.push(
      `Longest solved: ${s.longestSolved.code} (preperiod ${s.longestSolved.preperiod}, period ${s.longestSolved.period}).`,
    );
  parts.push(
    `Known quotients: ${s.known.agrees} agree, ${s.known.disagrees} disagree, ${s.known['not reached']} not reached.`,
  );
  parts.push(`Computing time ${(s.computeMs / 1000).toFixed(1)} s (sum over games).`);
  return parts.join(' ');
}
