/**
 * The grid core's endgame database: the nimber of every connected shape of a game's cells up to
 * some number of cells, computed once (shapes grown cell by cell, valued smallest first) and kept
 * as words a store can hold; a search then values those components by lookup, never by search.
 *
 * Words: a header (format, cells, count, a checksum over the entries) and 4 words per entry: the
 * shape's exact key (k0, k1, k2) and dims | nimber << 16. The engine does no I/O: a store passed in
 * (EndgameStore, types.ts) loads and saves the words; what it loads is checked here before it is believed.
 */
import { InputError } from '../../errors.ts';
import type { EndgameStore } from '../../types.ts';
import type { GridRules } from './search.ts';
import { type Shape, canonicalShape } from './shape.ts';
import { shapesOf } from './split.ts';

const FORMAT = 0x4e454731; // "NEG1"
/** Largest shapes a database may hold: a connected shape of n cells fits a box of ((n + 1) / 2)^2 cells, within the core's keys. */
export const MAX_ENDGAME_CELLS = 18;
const HEADER = 4;
const STRIDE = 4;

/** FNV-1a over the entry words: a damaged file shows up as a mismatch, never as a wrong value. */
export function checksum(words: Int32Array, from: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < words.length; i++) {
    h = Math.imul(h ^ words[i], 0x01000193);
    h ^= h >>> 15;
  }
  return h | 0;
}

/** The key of a shape as text (for sets while growing shapes). */
function keyText(s: Shape): string {
  return `${s.dims},${s.k0},${s.k1},${s.k2}`;
}

/**
 * Every connected shape (4-neighbours) of `minCells` to `maxCells` cells, canonical (one per class
 * under the square's symmetries), smallest first: each shape of n cells is grown by each empty
 * neighbouring cell, and the results deduplicated by their exact key.
 */
export function connectedShapes(minCells: number, maxCells: number): Shape[] {
  const out: Shape[] = [];
  let level: Shape[] = [canonicalShape([1], 1, 1, 1)];
  for (let n = 1; n <= maxCells; n++) {
    if (n >= minCells) out.push(...level);
    if (n === maxCells) break;
    const seen = new Set<string>();
    const next: Shape[] = [];
    for (const s of level) {
      // the shape in a frame one cell wider on every side, so each neighbour has a place
      const framed = [0, ...s.rows.map((m) => m << 1), 0];
      for (let r = 0; r < framed.length; r++) {
        const around = (framed[r] << 1) | (framed[r] >>> 1) | (framed[r - 1] ?? 0) | (framed[r + 1] ?? 0);
        for (let free = around & ~framed[r]; free !== 0; free &= free - 1) {
          const rows = framed.slice();
          rows[r] |= free & -free;
          const [grown] = shapesOf(rows, 1);
          const key = keyText(grown);
          if (seen.has(key)) continue;
          seen.add(key);
          next.push(grown);
        }
      }
    }
    level = next;
  }
  return out;
}

/** A database's words: every connected shape of the rules' components up to `maxCells` cells, with its nimber. */
export function buildEndgame(maxCells: number, value: (s: Shape) => number, rules: GridRules): Int32Array {
  const shapes = connectedShapes(rules.minCells, maxCells);
  const words = new Int32Array(HEADER + STRIDE * shapes.length);
  words[0] = FORMAT;
  words[1] = maxCells;
  words[2] = shapes.length;
  shapes.forEach((s, i) => {
    const at = HEADER + STRIDE * i;
    words[at] = s.k0;
    words[at + 1] = s.k1;
    words[at + 2] = s.k2;
    words[at + 3] = s.dims | (value(s) << 16);
  });
  words[3] = checksum(words, HEADER);
  return words;
}

/** The database as a lookup table: open addressing on the exact key, read-only once built. */
export class EndgameDb {
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly wrap: number;
  readonly maxCells: number;
  readonly size: number;
  /** The checked words it was made of (what helper threads index again). */
  readonly words: Int32Array;

  /** Checks the words (format, size, checksum, entries) and indexes them; a bad one is an InputError naming `source`. */
  constructor(words: Int32Array, source: string) {
    const bad = (why: string) => new InputError(`the endgame database ${source} is damaged (${why}): delete it`);
    if (words.length < HEADER || words[0] !== FORMAT) throw bad('not an endgame database');
    const count = words[2];
    if (!(words[1] >= 1 && words[1] <= MAX_ENDGAME_CELLS) || count < 0 || words.length !== HEADER + STRIDE * count)
      throw bad('wrong length');
    if (checksum(words, HEADER) !== words[3]) throw bad('checksum mismatch');
    this.words = words;
    this.maxCells = words[1];
    this.size = count;
    let bits = 4;
    while (1 << bits < count * 2) bits++;
    this.slots = new Int32Array((1 << bits) * STRIDE);
    this.mask = (1 << bits) - 1;
    this.wrap = this.slots.length - 1;
    for (let i = 0; i < count; i++) {
      const at = HEADER + STRIDE * i;
      const meta = words[at + 3];
      if ((meta & 0xffff) === 0 || meta >>> 16 > 255) throw bad(`entry ${i}`);
      let slot = this.slotOf(words[at], words[at + 1], words[at + 2], meta & 0xffff);
      while (this.slots[slot + 3] !== 0) slot = (slot + STRIDE) & this.wrap;
      this.slots.set(words.subarray(at, at + STRIDE), slot);
    }
  }

  private slotOf(k0: number, k1: number, k2: number, dims: number): number {
    let h = Math.imul(k0 ^ Math.imul(dims, 0x9e3779b1), 0x85ebca6b);
    h = Math.imul(h ^ k1 ^ (h >>> 13), 0xc2b2ae35);
    h = Math.imul(h ^ k2 ^ (h >>> 16), 0x27d4eb2f);
    return ((h ^ (h >>> 15)) & this.mask) * STRIDE;
  }

  /** The nimber of a shape, or -1 when the database does not hold it. */
  get(s: Shape): number {
    if (s.cells > this.maxCells) return -1;
    const w = this.slots;
    for (let slot = this.slotOf(s.k0, s.k1, s.k2, s.dims); ; slot = (slot + STRIDE) & this.wrap) {
      const meta = w[slot + 3];
      if (meta === 0) return -1;
      if ((meta & 0xffff) === s.dims && w[slot] === s.k0 && w[slot + 1] === s.k1 && w[slot + 2] === s.k2)
        return meta >>> 16;
    }
  }
}

/** Shapes up to this many cells go to the database: about 87,000 Cram shapes, built in seconds once. */
export const DEFAULT_ENDGAME_CELLS = 12;

/** Databases already loaded or built, by store and name: each is read once per process. */
const loaded = new WeakMap<EndgameStore, Map<string, EndgameDb>>();

/**
 * The database of the rules' components up to `maxCells` cells from the store, built (by `value`,
 * a search of each shape) and saved there when the store has none. A damaged one is an InputError.
 */
export function endgameFrom(
  store: EndgameStore,
  rules: GridRules,
  value: (s: Shape) => number,
  maxCells = DEFAULT_ENDGAME_CELLS,
): EndgameDb {
  const name = `${rules.name}-${maxCells}`;
  let byName = loaded.get(store);
  if (!byName) loaded.set(store, (byName = new Map()));
  const known = byName.get(name);
  if (known) return known;
  const words = store.load(name);
  let db: EndgameDb;
  if (words) {
    db = new EndgameDb(words, store.describe(name));
    if (db.maxCells !== maxCells)
      throw new InputError(
        `the endgame database ${store.describe(name)} is damaged (holds shapes up to ${db.maxCells} cells, not ${maxCells}): delete it`,
      );
  } else {
    const built = buildEndgame(maxCells, value, rules);
    db = new EndgameDb(built, name);
    store.save(name, built);
  }
  byName.set(name, db);
  return db;
}
