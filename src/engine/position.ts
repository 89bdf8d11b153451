/** Positions: validation and applying a heap option. */
import { InputError, checkMax } from './errors.ts';
import { MAX_HEAPS } from './limits.ts';
import type { Position } from './types.ts';

/**
 * The position after heap i is replaced by `parts`: the first part stays in heap i's place, the
 * others follow it; when nothing remains a 0 stays in its place (the tuple keeps its shape).
 */
export function applyHeapOption(heaps: Position, i: number, parts: readonly number[]): number[] {
  const out = heaps.slice(0, i);
  if (parts.length === 0) out.push(0);
  else out.push(...parts);
  for (let j = i + 1; j < heaps.length; j++) out.push(heaps[j]);
  return out;
}

/** Checks a list of heap sizes against a maximum; throws InputError naming the bad one. */
export function validateHeaps(heaps: readonly number[], maxHeap: number, what = 'heap'): number[] {
  if (heaps.length === 0) throw new InputError(`give at least one ${what} size`);
  checkMax(heaps.length, `number of ${what}s`, MAX_HEAPS);
  return heaps.map((h, i) => {
    if (!Number.isSafeInteger(h) || h < 0)
      throw new InputError(`${what} ${i + 1} must be a non-negative integer, got ${h}`);
    return checkMax(h, `${what} ${i + 1}`, maxHeap);
  });
}

/** A key for a position of independent heaps: order and empty heaps do not matter. */
export function heapMultisetKey(heaps: Position): string {
  return heaps
    .filter((h) => h > 0)
    .sort((a, b) => a - b)
    .join(',');
}
