/**
 * Text in and out: export formats of sequences and P-positions (CSV, JSON, OEIS b-file), the known
 * OEIS sequences, the number forms every face accepts (digits, 1_000_000, 1e6) and the published maxima.
 * @module
 */
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
