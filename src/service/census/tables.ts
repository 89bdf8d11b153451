/** The census table of either convention, built and written in a format (the faces call this, never the convention's own builder). */
import type { CodeSpace, FoldedCode } from '../../engine/families/takebreak/codes.ts';
import type { CensusFormat } from './formats.ts';
import { buildMisereTable, formatMisereTable, type MisereCensusTable, misereSummaryText } from './misere-table.ts';
import { valuesOf } from './run.ts';
import { buildTable, type CensusTable, formatTable, summaryText } from './table.ts';
import type { CensusBudget, CensusConvention, CensusRow } from './types.ts';

/** A census table of either convention (JSON: a misère one says so in `census.convention`). */
export type AnyCensusTable = CensusTable | MisereCensusTable;

export function buildAnyTable(
  space: CodeSpace,
  budget: CensusBudget,
  groups: readonly FoldedCode[],
  rows: ReadonlyMap<string, CensusRow>,
  convention: CensusConvention,
): AnyCensusTable {
  return convention === 'misere'
    ? buildMisereTable(space, budget, groups, rows)
    : buildTable(space, budget, groups, rows, valuesOf);
}

/** The table as text in a format, and its summary in a few sentences. */
export function censusTableText(
  space: CodeSpace,
  budget: CensusBudget,
  groups: readonly FoldedCode[],
  rows: ReadonlyMap<string, CensusRow>,
  format: CensusFormat,
  convention: CensusConvention,
): { text: string; summary: string } {
  return anyTableText(buildAnyTable(space, budget, groups, rows, convention), format);
}

/** A built table as text in a format, and its summary in a few sentences. */
export function anyTableText(table: AnyCensusTable, format: CensusFormat): { text: string; summary: string } {
  if (isMisereTable(table)) return { text: formatMisereTable(table, format), summary: misereSummaryText(table) };
  return { text: formatTable(table, format), summary: summaryText(table) };
}

export function isMisereTable(table: AnyCensusTable): table is MisereCensusTable {
  return (table.census as { convention?: string }).convention === 'misere';
}

/**
 * What a table holds, for a face that draws it: proved periods of Grundy values, or misère
 * quotients (the service decides from the table; the face draws the kind it is given).
 */
export type CensusTableView =
  | { readonly holds: 'periods'; readonly table: CensusTable }
  | { readonly holds: 'quotients'; readonly table: MisereCensusTable };

export function censusTableView(table: AnyCensusTable): CensusTableView {
  return isMisereTable(table) ? { holds: 'quotients', table } : { holds: 'periods', table };
}
