/**
 * Play's click model, pure: which tokens are marked to be taken and where a heap is cut, the
 * position that selection makes, and the selection that makes a given move (so hints point only at
 * moves the board can click). One model fits every move shape: taking tokens from an end (Nim,
 * subtraction games), from the middle so that the heap splits (Kayles), splitting with cuts between
 * tokens (Grundy's game, Stone Piles, Lasker's Nim), and taking from several piles at once when the
 * piles move together (Wythoff, equal-removal).
 */

/** What is marked in one heap: tokens to take (indices 0..h-1) and cuts (gap g lies between tokens g-1 and g, 1..h-1). */
export interface HeapMarks {
  readonly taken: readonly number[];
  readonly cuts: readonly number[];
}

/** Marks per heap index; a heap without an entry is left as it is. */
export type Marks = ReadonlyMap<number, HeapMarks>;

/** 'heap': a sum of heaps (a heap may turn into several); 'pile': piles moved together (each pile just shrinks). */
export type Unit = 'heap' | 'pile';

/** The parts a heap of `size` tokens leaves: the runs of tokens not taken, split at cuts. */
export function partsOf(size: number, marks: HeapMarks | undefined): number[] {
  if (!marks) return [size];
  const taken = new Set(marks.taken);
  const cuts = new Set(marks.cuts);
  const parts: number[] = [];
  let run = 0;
  for (let t = 0; t < size; t++) {
    if (cuts.has(t) && run > 0) {
      parts.push(run);
      run = 0;
    }
    if (taken.has(t)) {
      if (run > 0) parts.push(run);
      run = 0;
    } else run++;
  }
  if (run > 0) parts.push(run);
  return parts;
}

/** The position the marks make: heap i replaced in place by its parts (0 when nothing is left), or each pile less its taken tokens. */
export function targetOf(unit: Unit, position: readonly number[], marks: Marks): number[] {
  if (unit === 'pile') return position.map((h, i) => h - (marks.get(i)?.taken.length ?? 0));
  const out: number[] = [];
  position.forEach((h, i) => {
    const parts = partsOf(h, marks.get(i));
    if (parts.length === 0) out.push(0);
    else out.push(...parts);
  });
  return out;
}

/** True when some heap is marked. */
export function hasMarks(marks: Marks): boolean {
  for (const m of marks.values()) if (m.taken.length > 0 || m.cuts.length > 0) return true;
  return false;
}

/** Equal positions: as multisets of non-empty heaps for heaps (their order does not matter), exactly for piles. */
export function samePosition(unit: Unit, a: readonly number[], b: readonly number[]): boolean {
  if (unit === 'pile') return a.length === b.length && a.every((x, i) => x === b[i]);
  const key = (p: readonly number[]) =>
    p
      .filter((h) => h > 0)
      .sort((x, y) => x - y)
      .join(',');
  return key(a) === key(b);
}

/** The legal move among `options` that the marks make, or null. */
export function matchMove(
  unit: Unit,
  position: readonly number[],
  marks: Marks,
  options: readonly (readonly number[])[],
): number[] | null {
  if (!hasMarks(marks)) return null;
  const target = targetOf(unit, position, marks);
  const found = options.find((o) => samePosition(unit, o, target));
  return found ? [...found] : null;
}

/**
 * The marks that make the move from `from` to `to`, or null when the board cannot click it. Heaps:
 * `to` has heap i replaced in place by its parts (the engine's shape); the parts are laid out left
 * to right, the taken tokens after the first part (so that they split it from the second, as in
 * Kayles), further parts separated by cuts. Piles: each pile's taken tokens at its right end.
 */
export function marksFor(unit: Unit, from: readonly number[], to: readonly number[]): Map<number, HeapMarks> | null {
  const marks = new Map<number, HeapMarks>();
  if (unit === 'pile') {
    if (to.length !== from.length) return null;
    for (let i = 0; i < from.length; i++) {
      const k = from[i] - to[i];
      if (k < 0) return null;
      if (k > 0) marks.set(i, { taken: range(to[i], from[i]), cuts: [] });
    }
    return marks.size > 0 ? marks : null;
  }
  const extra = to.length - from.length;
  if (extra < 0) return null;
  for (let i = 0; i < from.length; i++) {
    if (from.slice(0, i).some((h, j) => to[j] !== h) || from.slice(i + 1).some((h, j) => to[i + 1 + extra + j] !== h))
      continue;
    const parts = to.slice(i, i + extra + 1).filter((p) => p > 0);
    const taken = from[i] - parts.reduce((a, b) => a + b, 0);
    if (taken < 0 || (taken === 0 && parts.length <= 1)) continue;
    const takenTokens: number[] = [];
    const cuts: number[] = [];
    let t = 0;
    parts.forEach((p, k) => {
      if (k === 1 && taken > 0) {
        takenTokens.push(...range(t, t + taken));
        t += taken;
      } else if (k > 0) cuts.push(t);
      t += p;
    });
    if (parts.length <= 1) takenTokens.push(...range(t, t + taken));
    marks.set(i, { taken: takenTokens, cuts });
    return marks;
  }
  return null;
}

/** Toggles token t of heap i. */
export function toggleToken(marks: Marks, i: number, t: number): Map<number, HeapMarks> {
  return toggle(marks, i, 'taken', t);
}

/** Toggles the cut before token g of heap i. */
export function toggleCut(marks: Marks, i: number, g: number): Map<number, HeapMarks> {
  return toggle(marks, i, 'cuts', g);
}

function toggle(marks: Marks, i: number, field: keyof HeapMarks, x: number): Map<number, HeapMarks> {
  const next = new Map(marks);
  const m = next.get(i) ?? { taken: [], cuts: [] };
  const list = m[field].includes(x) ? m[field].filter((y) => y !== x) : [...m[field], x].sort((a, b) => a - b);
  next.set(i, { ...m, [field]: list });
  return next;
}

function range(a: number, b: number): number[] {
  return Array.from({ length: Math.max(0, b - a) }, (_, k) => a + k);
}

/** A move as one line of a game record: "3 4 5 -> 3 4 1". */
export function moveLine(from: readonly number[], to: readonly number[]): string {
  return `${from.join(' ')} -> ${to.join(' ')}`;
}
