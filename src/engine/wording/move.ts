/** A move in words, for heaps of either size (number, or bigint beyond any computed sequence): what was taken, split or moved. */

type Heap = number | bigint;

/** "take 9 from heap 1 (13 -> 4): 4 12 8" when one heap shrank, "split heap 1 (8) into 3 + 5: …" or "take 1 from heap 1 (8) and split the rest into 3 + 4: …" for take-and-break moves; otherwise the new position. */
export function describeMove<H extends Heap>(from: readonly H[], to: readonly H[]): string {
  const changed = from.map((h, i) => (to[i] !== h ? i : -1)).filter((i) => i >= 0);
  if (to.length === from.length && changed.length === 1) {
    const i = changed[0];
    return `take ${minus(from[i], to[i])} from heap ${i + 1} (${from[i]} -> ${to[i]}): ${to.join(' ')}`;
  }
  if (
    to.length === from.length &&
    changed.length > 1 &&
    changed.every((i) => minus(from[i], to[i]) === minus(from[changed[0]], to[changed[0]]))
  ) {
    const k = minus(from[changed[0]], to[changed[0]]);
    return `take ${k} from each of piles ${changed.map((i) => i + 1).join(', ')}: ${to.join(' ')}`;
  }
  // a take-and-break move: heap i became the parts to[i..i+extra], the heaps around it kept their places
  const extra = to.length - from.length;
  for (let i = 0; extra > 0 && i < from.length; i++) {
    if (from.slice(0, i).some((h, j) => to[j] !== h) || from.slice(i + 1).some((h, j) => to[i + 1 + extra + j] !== h))
      continue;
    const parts = to.slice(i, i + extra + 1);
    const taken = parts.reduce<Heap>(minus, from[i]);
    if (taken < 0) break;
    const into = parts.join(' + ');
    return taken === 0 || taken === 0n
      ? `split heap ${i + 1} (${from[i]}) into ${into}: ${to.join(' ')}`
      : `take ${taken} from heap ${i + 1} (${from[i]}) and split the rest into ${into}: ${to.join(' ')}`;
  }
  return `move to ${to.join(' ')}`;
}

/** a - b for two heaps of the same type. */
function minus(a: Heap, b: Heap): Heap {
  return typeof a === 'bigint' ? a - (b as bigint) : a - (b as number);
}
