/** Census rows read back from outside (a store file, Redis, a table the page opens): validated, never trusted. */
import * as z from 'zod';
import type { CensusRow } from './types.ts';

const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const budget = z.object({
  maxHeaps: count,
  maxWork: z.number().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  seconds: z.number().nonnegative().max(1e9),
});

const code = z.string().min(3).max(300);
const status = z.enum(['solved', 'unsolved']);

/** The schema of a normal-play CensusRow (extra fields are dropped). */
export const censusRowSchema = z.object({
  code,
  status,
  preperiod: count.nullable(),
  period: count.nullable(),
  saltus: z.number().int().nullable(),
  largestValue: count,
  largestAt: count,
  rare: z.object({ mask: count, twist: z.boolean(), count, last: count, zeroRare: z.boolean().optional() }).nullable(),
  heaps: count,
  ms: count,
  stopped: z.enum(['heaps', 'work', 'seconds']).nullable(),
  budget,
});

/**
 * The schema of a misère row. A solved row must carry its period and cover at least one period
 * past its preperiod; anything else is refused rather than read as a proof.
 */
export const misereCensusRowSchema = z
  .object({
    code,
    convention: z.literal('misere'),
    status,
    tame: z.boolean(),
    order: count.min(1),
    pPortion: count,
    preperiod: count.nullable(),
    period: count.min(1).nullable(),
    heaps: count.min(1),
    lastGrowth: count,
    ms: count,
    stopped: z.enum(['heaps', 'work', 'limit', 'seconds']).nullable(),
    reason: z.string().max(500).nullable(),
    budget,
  })
  .refine(
    (r) =>
      r.pPortion <= r.order &&
      r.lastGrowth < r.heaps &&
      (r.status === 'solved'
        ? r.preperiod !== null && r.period !== null && r.preperiod + r.period <= r.heaps && r.stopped === null
        : r.preperiod === null && r.period === null && r.stopped !== null),
  );

/** The row, or null when `value` is not one (of either convention). */
export function parseCensusRow(value: unknown): CensusRow | null {
  const misere = (value as { convention?: unknown } | null)?.convention === 'misere';
  const parsed = (misere ? misereCensusRowSchema : censusRowSchema).safeParse(value);
  return parsed.success ? (parsed.data as CensusRow) : null;
}
