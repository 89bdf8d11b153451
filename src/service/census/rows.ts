/** Census rows read back from outside (a store file, Redis, a table the page opens): validated, never trusted. */
import { z } from 'zod';
import type { CensusRow } from './types.ts';

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const budget = z.object({ maxHeaps: count, seconds: z.number().nonnegative().max(1e9) });

/** The schema of a CensusRow (extra fields are dropped). */
export const censusRowSchema = z.object({
  code: z.string().min(3).max(300),
  status: z.enum(['solved', 'unsolved']),
  preperiod: count.nullable(),
  period: count.nullable(),
  saltus: z.number().int().nullable(),
  largestValue: count,
  largestAt: count,
  rare: z.object({ mask: count, twist: z.boolean(), count, last: count, zeroRare: z.boolean().optional() }).nullable(),
  heaps: count,
  ms: count,
  stopped: z.enum(['heaps', 'seconds']).nullable(),
  budget,
});

/** The row, or null when `value` is not one. */
export function parseCensusRow(value: unknown): CensusRow | null {
  const parsed = censusRowSchema.safeParse(value);
  return parsed.success ? (parsed.data as CensusRow) : null;
}
