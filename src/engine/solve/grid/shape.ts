/**
 * Shapes on a grid as row masks (bit c of rows[r]: cell (r, c) is in play): the canonical form of a
 * component under the 8 symmetries of the square packed into an exact key, so a transposition
 * table never confuses two positions (split.ts finds the components). A box of up to 96 cells
 * packs into three 32-bit words; a larger one (a long narrow strip such as 3 x 40, or a wide box)
 * gets an exact text key instead, so the common small shapes keep the cheap key.
 */

/** Widest row and most cells of a three-word key: rows are 32-bit masks, keys three 32-bit words. */
export const MAX_GRID_SIDE = 30;
export const MAX_GRID_CELLS = 96;
/**
 * Most rows of a shape whose rows are at most MAX_GRID_SIDE wide (a 3 x n strip is n rows of 3
 * bits): the scratch arrays of the core are sized for it. 128 is past any strip the core can
 * search in hours, and past the graphs' 256 vertices for every strip of 2 or more rows.
 */
export const MAX_GRID_ROWS = 128;

/** True when an h x w box fits the core in some orientation: one side at most MAX_GRID_SIDE, the other at most MAX_GRID_ROWS. */
export function boxFits(h: number, w: number): boolean {
  return Math.min(h, w) <= MAX_GRID_SIDE && Math.max(h, w) <= MAX_GRID_ROWS;
}

/**
 * One component in its canonical orientation (the least of its symmetries by rows, with h <= w
 * when both sides are at most MAX_GRID_SIDE, else the long side down, so rows stay 30 bits wide),
 * with its exact key: for a box of up to MAX_GRID_CELLS cells, the rows packed row-major at w bits
 * each into k0, k1, k2 and its size in `dims`, and `longKey` empty; for a larger box, `longKey`
 * (h, w and the rows as text) and k0, k1, k2, dims all 0.
 */
export interface Shape {
  readonly rows: number[];
  readonly h: number;
  readonly w: number;
  readonly cells: number;
  readonly k0: number;
  readonly k1: number;
  readonly k2: number;
  /** h | w << 5: part of the key (a 2 x 3 and a 3 x 2 packing can share bits). */
  readonly dims: number;
  /** The exact key of a shape whose box is over MAX_GRID_CELLS cells; '' for every other shape. */
  readonly longKey: string;
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The lowest `width` bits of m in reverse order. */
export function reverseBits(m: number, width: number): number {
  m = ((m >>> 1) & 0x55555555) | ((m & 0x55555555) << 1);
  m = ((m >>> 2) & 0x33333333) | ((m & 0x33333333) << 2);
  m = ((m >>> 4) & 0x0f0f0f0f) | ((m & 0x0f0f0f0f) << 4);
  m = ((m >>> 8) & 0x00ff00ff) | ((m & 0x00ff00ff) << 8);
  m = (m >>> 16) | (m << 16);
  return (m >>> 0) >>> (32 - width);
}

/** The rows of the transpose of an h x w shape (w rows of h bits), into `out` when given. */
export function transpose(
  rows: ArrayLike<number>,
  h: number,
  w: number,
  out: number[] | Int32Array = new Array<number>(w),
): number[] | Int32Array {
  out.fill(0, 0, w);
  for (let r = 0; r < h; r++) {
    let m = rows[r];
    while (m !== 0) {
      const c = 31 - Math.clz32(m & -m);
      out[c] |= 1 << r;
      m &= m - 1;
    }
  }
  return out;
}

/**
 * Compares orientation `a` of (src, rev) with orientation `b` of (src2, rev2), row by row. An
 * orientation: bit 0 mirrors left-right (the reversed rows), bit 1 turns upside down.
 */
function rowOf(src: ArrayLike<number>, rev: ArrayLike<number>, h: number, o: number, i: number): number {
  const r = o & 2 ? h - 1 - i : i;
  return o & 1 ? rev[r] : src[r];
}

function less(
  aSrc: ArrayLike<number>,
  aRev: ArrayLike<number>,
  aO: number,
  bSrc: ArrayLike<number>,
  bRev: ArrayLike<number>,
  bO: number,
  h: number,
): boolean {
  for (let i = 0; i < h; i++) {
    const x = rowOf(aSrc, aRev, h, aO, i);
    const y = rowOf(bSrc, bRev, h, bO, i);
    if (x !== y) return x < y;
  }
  return false;
}

/**
 * The canonical shape of a trimmed region: the orientation with fewer rows (both when square) when
 * both sides fit a row, else the one whose rows fit, and of its 4 reflections the least by rows,
 * packed into its key.
 */
// Scratch rows for the orientations (the core is single-threaded and canonicalShape does not recurse).
const TURNED = new Int32Array(MAX_GRID_ROWS + 2);
const REVERSED = new Int32Array(MAX_GRID_ROWS + 2);
const TURNED_REVERSED = new Int32Array(MAX_GRID_ROWS + 2);

export function canonicalShape(rows: ArrayLike<number>, h: number, w: number, cells: number): Shape {
  const out = blankShape();
  canonicalInto(rows, h, w, cells, out, true);
  return out;
}

/** A Shape whose fields a caller fills (one object layout for every shape, so lookups stay monomorphic). */
export function blankShape(): MutableShape {
  return { rows: EMPTY_ROWS, h: 0, w: 0, cells: 0, k0: 0, k1: 0, k2: 0, dims: 0, longKey: '' };
}

const EMPTY_ROWS: number[] = [];

/** A Shape being filled: canonicalInto writes one (the search's scratch key, a fresh shape). */
export interface MutableShape {
  rows: number[];
  h: number;
  w: number;
  cells: number;
  k0: number;
  k1: number;
  k2: number;
  dims: number;
  longKey: string;
}

/**
 * The canonical form of a trimmed region into `out`: its key always, its rows (a new array) only
 * when `withRows` (a key alone is what a lookup needs; rows only a shape that is searched) or when
 * the key is a long one (it cannot be unpacked again).
 */
export function canonicalInto(
  rows: ArrayLike<number>,
  h: number,
  w: number,
  cells: number,
  out: MutableShape,
  withRows: boolean,
): void {
  // one side must fit a 32-bit row (30 columns): refuse rather than confuse two shapes
  if (!boxFits(h, w))
    throw new RangeError(
      `a ${h} x ${w} component is beyond the grid core (one side up to ${MAX_GRID_SIDE}, the other up to ${MAX_GRID_ROWS})`,
    );
  let src: ArrayLike<number> = rows;
  let H = h;
  let W = w;
  // fewer rows when both orientations fit a row; otherwise the one that does (the long side down)
  if (w > MAX_GRID_SIDE || (h > w && h <= MAX_GRID_SIDE)) {
    src = transpose(rows, h, w, TURNED);
    H = w;
    W = h;
  }
  const rev = REVERSED;
  for (let i = 0; i < H; i++) rev[i] = reverseBits(src[i], W);
  let bestSrc = src;
  let bestRev: ArrayLike<number> = rev;
  let best = 0;
  for (let o = 1; o < 4; o++) if (less(src, rev, o, bestSrc, bestRev, best, H)) best = o;
  if (h === w) {
    const t = transpose(rows, h, w, TURNED);
    const tRev = TURNED_REVERSED;
    for (let i = 0; i < H; i++) tRev[i] = reverseBits(t[i], W);
    for (let o = 0; o < 4; o++)
      if (less(t, tRev, o, bestSrc, bestRev, best, H)) {
        bestSrc = t;
        bestRev = tRev;
        best = o;
      }
  }
  out.h = H;
  out.w = W;
  out.cells = cells;
  if (H > MAX_GRID_SIDE || H * W > MAX_GRID_CELLS) {
    longInto(bestSrc, bestRev, best, H, W, out);
    return;
  }
  const kept = withRows ? new Array<number>(H) : EMPTY_ROWS;
  let k0 = 0;
  let k1 = 0;
  let k2 = 0;
  for (let i = 0; i < H; i++) {
    const v = rowOf(bestSrc, bestRev, H, best, i);
    if (withRows) kept[i] = v;
    const at = i * W;
    const word = at >>> 5;
    const shift = at & 31;
    const lowPart = v << shift;
    // the bits that do not fit in this word go to the next one (W <= 30, so shift > 0 then)
    const highPart = shift + W > 32 ? v >>> (32 - shift) : 0;
    if (word === 0) {
      k0 |= lowPart;
      k1 |= highPart;
    } else if (word === 1) {
      k1 |= lowPart;
      k2 |= highPart;
    } else k2 |= lowPart;
  }
  out.rows = kept;
  out.k0 = k0;
  out.k1 = k1;
  out.k2 = k2;
  out.dims = H | (W << 5);
  out.longKey = '';
}

/**
 * The rows and long key of a shape over MAX_GRID_CELLS cells (H, W and each row as two 15-bit
 * characters: rows are at most 30 bits): exact, and cheap next to the search of so large a shape.
 */
function longInto(
  src: ArrayLike<number>,
  rev: ArrayLike<number>,
  o: number,
  H: number,
  W: number,
  out: MutableShape,
): void {
  const kept = new Array<number>(H);
  let key = String.fromCharCode(H, W);
  for (let i = 0; i < H; i++) {
    const v = rowOf(src, rev, H, o, i);
    kept[i] = v;
    key += String.fromCharCode(v & 0x7fff, v >>> 15);
  }
  out.rows = kept;
  out.k0 = 0;
  out.k1 = 0;
  out.k2 = 0;
  out.dims = 0;
  out.longKey = key;
}

/** The rows of a canonical key (packed row-major at w bits each in k0, k1, k2). */
export function unpackKey(k0: number, k1: number, k2: number, h: number, w: number): number[] {
  const rows = new Array<number>(h);
  const mask = w === 32 ? -1 : (1 << w) - 1;
  for (let i = 0; i < h; i++) {
    const at = i * w;
    const word = at >>> 5;
    const shift = at & 31;
    const lo = word === 0 ? k0 : word === 1 ? k1 : k2;
    let v = lo >>> shift;
    if (shift + w > 32) v |= (word === 0 ? k1 : k2) << (32 - shift);
    rows[i] = v & mask;
  }
  return rows;
}
