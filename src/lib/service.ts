/**
 * The operations every face shares (the CLI, the HTTP API and the page call the same ones): one
 * request per operation for every ruleset and both conventions; the service chooses the method
 * (closed form, proved period, kernel, search, oracle) and reports it. Everything an operation needs
 * from outside arrives in one ServiceEnv; `ENGINE_ENV` computes in this thread and keeps nothing.
 * `request(name, fields)` runs an operation of the table by name on the same fields as the HTTP
 * API's body or query. What the faces share besides: the export formats of sequences and P-positions
 * (CSV, JSON, OEIS b-file), the known OEIS sequences, the number forms every face accepts (digits,
 * 1_000_000, 1e6) and the published maxima.
 * @module
 */
import { InputError } from '../engine/errors.ts';
import { ENGINE_ENV, type ServiceEnv } from '../service/env.ts';
import {
  OPERATIONS,
  type OperationInput,
  type OperationName,
  type OperationReply,
  type OperationRequest,
  runOperation,
} from '../service/operation-table.ts';

export * from '../service/operations.ts';
export { ENGINE_ENV } from '../service/env.ts';
export type { ServiceEnv } from '../service/env.ts';
export { OPERATIONS, checkOperation, isOperationName, runOperation } from '../service/operation-table.ts';
export type {
  OperationInput,
  OperationName,
  OperationReply,
  OperationRequest,
} from '../service/operation-table.ts';
export { analyzePosition, engineMove, verifiedAnalysis } from '../service/analyze.ts';
export { countPositions, verifiedCount } from '../service/count.ts';
export { openPlay } from '../service/play.ts';
export type { PlaySession, PlayMove } from '../service/play.ts';
export type { AnalyzeRequest, CountRequest, MoveRequest, PositionInput, Limits } from '../service/requests.ts';
export { engineSequences } from '../service/sequences.ts';
export type { SequenceSource } from '../service/sequences.ts';
export { heapValuesUpTo } from '../service/heap-values.ts';
export { grundyWindow, analyzeLargeHeaps, countLargeHeaps, withKnownValues } from '../service/large-heaps.ts';
export { valuesWindow, type ValuesWindow } from '../service/grundy-window.ts';
export type * from '../service/replies.ts';
export {
  formatSequence,
  sequenceCsv,
  sequenceBfile,
  sequenceJson,
  pPositionsCsv,
  pPositionsJson,
  SEQUENCE_FORMATS,
} from '../service/export.ts';
export type { SequenceFormat } from '../service/export.ts';
export { knownSequence, oeisUrl } from '../service/oeis.ts';
export { parseNatural, parseBigNatural, MAX_HEAP_DIGITS } from '../engine/errors.ts';
export { MAX_SEQUENCE, MAX_NIM_HEAP, MAX_HEAPS } from '../engine/limits.ts';

/** Most problems one refusal names; the rest are counted. */
const ISSUES_NAMED = 5;

/**
 * Runs the operation `name` of the table on `fields`, the HTTP API's body or query as plain data
 * (`{ ruleset: 'kayles', to: 20 }`): read by the operation's schema, checked, computed. A field
 * that does not fit is one InputError naming it ('too-large' when a size is over its maximum).
 */
export async function request<N extends OperationName>(
  name: N,
  fields: OperationInput<N>,
  env: ServiceEnv = ENGINE_ENV,
): Promise<OperationReply<N>> {
  const parsed = OPERATIONS[name].schema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const named = issues
      .slice(0, ISSUES_NAMED)
      .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message);
    const more = issues.length > ISSUES_NAMED ? `; and ${issues.length - ISSUES_NAMED} more` : '';
    const kind = issues.some((issue) => issue.code === 'too_big') ? 'too-large' : 'invalid';
    throw new InputError(named.join('; ') + more, kind);
  }
  return runOperation(name, parsed.data as OperationRequest<N>, env);
}
