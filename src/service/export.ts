/**
 * Export formats of a Grundy sequence and of P-positions, shared by `nimber grundy --format` and
 * the page's downloads: CSV, JSON and the OEIS b-file (`n a(n)` per line, `#` comment lines).
 */

/** The formats every face offers for a Grundy sequence. */
export const SEQUENCE_FORMATS = ['text', 'json', 'csv', 'bfile'] as const;
export type SequenceFormat = (typeof SEQUENCE_FORMATS)[number];

/** Values of a sequence: numbers, or bigints where a closed form's values pass 32 bits (windows far out). */
export type SequenceValues = ArrayLike<number> | readonly bigint[];

/** Values at or above 2^53 are JSON strings: a JSON number would lose their last digits. */
const LARGEST_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** Grundy values as CSV: a header `n,grundy`, then one row per heap size (heaps from..). */
export function sequenceCsv(values: SequenceValues, from = 0n): string {
  const lines = ['n,grundy'];
  for (let n = 0; n < values.length; n++) lines.push(`${from + BigInt(n)},${values[n]}`);
  return lines.join('\n') + '\n';
}

/** Grundy values as an OEIS b-file: `n g(n)` per line from offset `from` (default 0), after one comment line naming the ruleset. */
export function sequenceBfile(spec: string, values: SequenceValues, from = 0n): string {
  const lines = [`# Grundy values g(n) of ${spec}, n = ${from}..${from + BigInt(values.length - 1)} (nimber)`];
  for (let n = 0; n < values.length; n++) lines.push(`${from + BigInt(n)} ${values[n]}`);
  return lines.join('\n') + '\n';
}

/**
 * Grundy values and the P-positions (the heaps of value 0) as one JSON object. A window that starts
 * above 0 also carries `from` and `to`, and its heap sizes are decimal strings (they may pass 2^53);
 * its values are decimal strings, all of them, when one of them reaches 2^53 (bigint values of a
 * closed form far out), numbers otherwise. The arrays are spliced in as text: millions of values
 * cost seconds through JSON.stringify.
 */
export function sequenceJson(spec: string, values: SequenceValues, from = 0n): string {
  const zeros = pPositionsOf(values);
  const head =
    from === 0n
      ? { ruleset: spec }
      : { ruleset: spec, from: String(from), to: String(from + BigInt(values.length - 1)) };
  const pPositions = from === 0n ? zeros.join(',') : zeros.map((n) => `"${from + BigInt(n)}"`).join(',');
  const list = exceedsExact(values)
    ? (values as readonly bigint[]).map((v) => `"${v}"`).join(',')
    : joinValues(values, ',');
  return `${JSON.stringify(head).slice(0, -1)},"values":[${list}],"pPositions":[${pPositions}]}\n`;
}

/** True when a value is at or above 2^53 (only bigint values can be). */
export function exceedsExact(values: SequenceValues): boolean {
  if (values.length === 0 || typeof values[0] === 'number') return false;
  return (values as readonly bigint[]).some((v) => v > LARGEST_EXACT);
}

/** values.join(sep) in slices: several times faster than one join (or Array.from) over millions of values. */
export function joinValues(values: SequenceValues, sep: string): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; i += JOIN_SLICE)
    parts.push(Array.prototype.slice.call(values, i, i + JOIN_SLICE).join(sep));
  return parts.join(sep);
}
const JOIN_SLICE = 1 << 16;

/** The heap sizes of value 0. */
export function pPositionsOf(values: SequenceValues): number[] {
  const out: number[] = [];
  for (let n = 0; n < values.length; n++) if (Number(values[n]) === 0) out.push(n);
  return out;
}

/** P-positions (one heap size or one tuple of piles each) as CSV: a header, then one row each. */
export function pPositionsCsv(positions: readonly (number | readonly number[])[]): string {
  const width =
    positions.length > 0 && typeof positions[0] !== 'number' ? (positions[0] as readonly number[]).length : 1;
  const header =
    width === 1 && (positions.length === 0 || typeof positions[0] === 'number')
      ? 'n'
      : Array.from({ length: width }, (_, i) => `pile${i + 1}`).join(',');
  return [header, ...positions.map((p) => (typeof p === 'number' ? String(p) : p.join(',')))].join('\n') + '\n';
}

/** P-positions as JSON. */
export function pPositionsJson(spec: string, positions: readonly (number | readonly number[])[]): string {
  return JSON.stringify({ ruleset: spec, pPositions: positions }) + '\n';
}

/** A sequence of heaps from.. in one of SEQUENCE_FORMATS ('text': the values separated by spaces). */
export function formatSequence(format: SequenceFormat, spec: string, values: SequenceValues, from = 0n): string {
  switch (format) {
    case 'csv':
      return sequenceCsv(values, from);
    case 'bfile':
      return sequenceBfile(spec, values, from);
    case 'json':
      return sequenceJson(spec, values, from);
    case 'text':
      return joinValues(values, ' ') + '\n';
  }
}
