/** zod schemas of the API's bodies and queries: data only, sizes bounded, integers as numbers or decimal strings. */
import { z } from 'zod';
import { COUNT_ORDERS } from '../engine/types.ts';

/** Longest judge input accepted by /api/solve (characters). */
export const MAX_INPUT_CHARS = 512 * 1024;
/** Longest ruleset spec accepted. */
export const MAX_SPEC_CHARS = 1000;
/** Longest heap list the schema lets through (the engine's own maximum, 1000, answers 413 above it). */
const MAX_LIST = 100_000;

/** A non-negative safe integer, as a JSON number or a decimal string (big values travel as strings). */
const natural = z.unknown().transform((value, ctx) => {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    ctx.addIssue({ code: 'custom', message: `expected a non-negative integer, got ${JSON.stringify(value) ?? 'nothing'}` });
    return z.NEVER;
  }
  return n;
});

const spec = z.string().trim().min(1, 'give a ruleset spec, e.g. nim or subtract:1,3,4').max(MAX_SPEC_CHARS);
const sizes = z.array(natural).min(1, 'give at least one heap size').max(MAX_LIST);

export const solveBody = z.object({ problem: z.string().min(1).max(100), input: z.string().max(MAX_INPUT_CHARS) });
export const grundyQuery = z.object({ ruleset: spec, to: natural });
export const describeQuery = z.object({ ruleset: spec });
export const pPositionsQuery = z.object({ ruleset: spec, max: natural, piles: natural.optional() });
export const periodQuery = z.object({ ruleset: spec, length: natural.optional() });
export const analyzeBody = z.object({ ruleset: spec, heaps: sizes });
export const countBody = z.object({ ruleset: spec, heaps: natural, max: natural, order: z.enum(COUNT_ORDERS).default('sorted') });
export const positionBody = z.object({ ruleset: spec, position: sizes });

/** One line naming every problem in a failed parse, e.g. "heaps.2: expected a non-negative integer". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ` : '') + i.message).join('; ');
}
