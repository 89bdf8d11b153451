/**
 * `grundy --from A --to B` for families with closed forms: each value from the formula, so a window
 * far beyond any sequence (Nim at 2^64, Lasker's Nim at 10^18) costs its length, and a window within
 * the family's maximum does not compute the sequence below it. Other families go through the
 * sequence or a proved period (large-heaps.ts).
 */
import { InputError } from '../engine/errors.ts';
import type { HeapRuleset } from '../engine/types.ts';
import { type GrundyWindow, MAX_WINDOW, grundyWindow } from './large-heaps.ts';
import type { HeapValuesOptions } from './heap-values.ts';
import type { ServiceEnv } from './env.ts';

/** Most bigint values in one window: each costs tens of bytes and a 20-digit line or more. */
export const MAX_BIG_WINDOW = 1_000_000;

/** A window of values: 32-bit values as before, bigint where a closed form's values pass the family's maximum. */
export interface ValuesWindow extends Omit<GrundyWindow, 'values'> {
  readonly values: Uint32Array | readonly bigint[];
}

/** g(from..to) of a heap ruleset: closed forms first (any heap size), then the sequence or a proved period. */
export function valuesWindow(
  ruleset: HeapRuleset,
  from: bigint,
  to: bigint,
  env: ServiceEnv,
  options: HeapValuesOptions = {},
): Promise<ValuesWindow> {
  const values = closedFormValues(ruleset, from, to);
  if (!values) return grundyWindow(ruleset, from, to, env, options);
  return Promise.resolve({
    ruleset: ruleset.spec,
    title: ruleset.title,
    from,
    to,
    values,
    period: ruleset.provedPeriod ?? null,
  });
}

/** The window's values from the family's closed forms, or null when it has none for these heaps. */
export function closedFormValues(ruleset: HeapRuleset, from: bigint, to: bigint): Uint32Array | bigint[] | null {
  const small = ruleset.grundyOf && to <= BigInt(ruleset.maxHeap);
  if (!small && !ruleset.bigClosedForm) return null;
  if (from > to) throw new InputError(`--from (${from}) must not be above --to (${to})`);
  const length = to - from + 1n;
  if (length > BigInt(MAX_WINDOW))
    throw new InputError(`a window of ${length} heaps is above the maximum of ${MAX_WINDOW}`, 'too-large');
  if (small && ruleset.grundyOf) {
    const values = new Uint32Array(Number(length));
    const start = Number(from);
    for (let i = 0; i < values.length; i++) values[i] = ruleset.grundyOf(start + i);
    return values;
  }
  const form = ruleset.bigClosedForm;
  if (!form) return null;
  if (length > BigInt(MAX_BIG_WINDOW))
    throw new InputError(
      `a window of ${length} heaps beyond ${ruleset.maxHeap} is above the maximum of ${MAX_BIG_WINDOW} for ${ruleset.spec} (its values grow with the heap)`,
      'too-large',
    );
  return Array.from({ length: Number(length) }, (_, i) => form.grundyOf(from + BigInt(i)));
}
