/**
 * Sprague–Grundy's winning moves, written once for heaps and values of either type (number for
 * computed sequences, bigint for heaps and values of any size): in a sum of heaps with values g_i
 * and nim-sum s ≠ 0, the winning moves change one heap i into an option of value g_i XOR s.
 */

/** The options of one heap that have a given value; `complete` is false when the list may miss some. */
export interface OptionsOfValue<H> {
  readonly options: Iterable<readonly H[]>;
  /** Read after `options` is iterated, so that a bounded scan can say whether it ran out. */
  readonly complete: boolean;
}

export interface WinningMovesOfSum<H> {
  readonly winningMoves: { to: H[] }[];
  /** True when more winning moves exist (or may exist) than are listed. */
  readonly truncated: boolean;
}

/** a XOR b, for number values (unsigned 32-bit, the kernels' range) or bigint values. */
export function nimAdd<V extends number | bigint>(a: V, b: V): V {
  return (typeof a === 'bigint' ? a ^ (b as bigint) : (a ^ (b as number)) >>> 0) as V;
}

/** The nim-sum of heap values (`zero` is 0 or 0n: the type of the values). */
export function nimSumOf<V extends number | bigint>(values: readonly V[], zero: V): V {
  return values.reduce<V>(nimAdd, zero);
}

/**
 * The winning moves of a sum of heaps with values `grundy` and nim-sum `nimSum`: for each heap in
 * turn, each option `optionsOfValue` lists with the value g_i XOR nimSum, the heap replaced by its
 * parts (a 0 in its place when nothing remains). A position reached twice is listed once; at most
 * `limit` are listed. A heap whose options cannot be listed (`optionsOfValue` gives null), an
 * incomplete list or the limit make the answer `truncated`.
 */
export function winningMovesOfSum<H extends number | bigint, V extends number | bigint>(
  heaps: readonly H[],
  grundy: readonly V[],
  nimSum: V,
  optionsOfValue: (heap: H, target: V) => OptionsOfValue<H> | null,
  limit = Number.POSITIVE_INFINITY,
): WinningMovesOfSum<H> {
  const winningMoves: { to: H[] }[] = [];
  let truncated = false;
  if (nimSum === 0 || nimSum === 0n) return { winningMoves, truncated };
  const seen = new Set<string>();
  for (let i = 0; i < heaps.length; i++) {
    const found = optionsOfValue(heaps[i], nimAdd(grundy[i], nimSum));
    if (found === null) {
      truncated = true;
      continue;
    }
    for (const parts of found.options) {
      const to = replaceHeap(heaps, i, parts);
      const key = to.join(',');
      if (seen.has(key)) continue;
      if (winningMoves.length === limit) return { winningMoves, truncated: true };
      seen.add(key);
      winningMoves.push({ to });
    }
    if (!found.complete) truncated = true;
  }
  return { winningMoves, truncated };
}

/** The heaps with heap i replaced by `parts`: the first part in its place, the others after it, a 0 when there are none. */
export function replaceHeap<H extends number | bigint>(heaps: readonly H[], i: number, parts: readonly H[]): H[] {
  const out = heaps.slice(0, i);
  if (parts.length === 0) out.push((typeof heaps[i] === 'bigint' ? 0n : 0) as H);
  else out.push(...parts);
  for (let j = i + 1; j < heaps.length; j++) out.push(heaps[j]);
  return out;
}
