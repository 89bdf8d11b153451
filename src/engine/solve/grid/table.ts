/**
 * The grid core's transposition table: nimbers of canonical shapes in one preallocated Int32Array,
 * open addressing in buckets of 4 entries, indexed by a Zobrist (tabulation) hash of the exact key,
 * with a one-byte filter per bucket that answers most misses without reading the bucket.
 *
 * An entry is 5 words: the 96-bit key, one word of meta (dims, nimber or lower bound, cells, flags)
 * and a mask of values the shape is proved not to have (bit k: g ≠ k, from a search that found an
 * option of value k). Keys are exact, so a hit is never a collision. Replacement: a full bucket drops its entry with the
 * fewest cells (the cheapest to search again), so large components, whose values cost the most,
 * stay; the new entry always goes in.
 *
 * Shapes with a long key (a box over 96 cells, shape.ts: long strips such as 3 x 40) are kept
 * apart in a Map by their key (LongFacts): they are few (components spanning more than 30 rows
 * or columns, near the root of a search), and the words of the common entries stay as they are.
 */
import type { Shape } from './shape.ts';

/** Words per entry, entries per bucket, and the meta word's flags (shared-table.ts lays its entries out the same way). */
export const STRIDE = 5;
export const BUCKET = 4;
export const USED = 1 << 30;
/** Set when the entry holds a proved lower bound rather than the nimber. */
export const BOUND = 1 << 25;

/** What `lookup` answers for a shape the table does not hold. */
export const UNKNOWN = -1;
/** `lookup` answers LOWER_BOUND + b when only g ≥ b is known. */
export const LOWER_BOUND = 256;

/** 14 random bytes' worth of tables (12 key bytes, 2 dims bytes), from a fixed seed so runs repeat. */
const ZOBRIST = (() => {
  const z = new Int32Array(14 * 256);
  let s = 0x9e3779b9 | 0;
  for (let i = 0; i < z.length; i++) {
    // xorshift32
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    z[i] = s;
  }
  return z;
})();

export function zobrist(k0: number, k1: number, k2: number, dims: number): number {
  const z = ZOBRIST;
  return (
    z[k0 & 255] ^
    z[256 + ((k0 >>> 8) & 255)] ^
    z[512 + ((k0 >>> 16) & 255)] ^
    z[768 + (k0 >>> 24)] ^
    z[1024 + (k1 & 255)] ^
    z[1280 + ((k1 >>> 8) & 255)] ^
    z[1536 + ((k1 >>> 16) & 255)] ^
    z[1792 + (k1 >>> 24)] ^
    z[2048 + (k2 & 255)] ^
    z[2304 + ((k2 >>> 8) & 255)] ^
    z[2560 + ((k2 >>> 16) & 255)] ^
    z[2816 + (k2 >>> 24)] ^
    z[3072 + (dims & 255)] ^
    z[3328 + (dims >>> 8)]
  );
}

/** What the search asks of a table: the plain one here, or the one threads share (shared-table.ts). */
export type GridTable = Pick<
  NimberTable,
  | 'bits'
  | 'capacity'
  | 'size'
  | 'evicted'
  | 'lookup'
  | 'notValues'
  | 'setNotValue'
  | 'setNotValues'
  | 'get'
  | 'set'
  | 'setBound'
  | 'forEachEntry'
>;

/** Arrays a table can be laid in (lent-table.ts keeps one a thread for its searches in turn). */
export interface TableStorage {
  readonly words: Int32Array;
  readonly filter: Uint8Array;
}

/** Storage for a table of 2^bits entries. */
export function tableStorage(bits: number): TableStorage {
  return { words: new Int32Array((1 << bits) * STRIDE), filter: new Uint8Array(1 << (bits - 2)) };
}

/** True when `storage` holds a table of 2^bits entries. */
export function tableFits(storage: TableStorage, bits: number): boolean {
  return storage.words.length >= (1 << bits) * STRIDE && storage.filter.length >= 1 << (bits - 2);
}

/** The facts on one long-keyed shape: a meta word as the table's (flags, value, cells) and the excluded values. */
interface LongFact {
  meta: number;
  not: number;
}

/** Long-keyed facts kept at most: a Map entry with its key costs about 200 bytes. */
const MAX_LONG_FACTS = 1 << 20;

/**
 * The facts on shapes with a long key, by key, in a Map of at most `limit` entries; when full, the
 * oldest quarter is dropped (a fact not kept is only work done again). Facts merge as in the
 * shared table: an exact value is never replaced by a bound, bounds and excluded values combine.
 */
export class LongFacts {
  private readonly facts = new Map<string, LongFact>();
  /** Entries dropped to make room so far. */
  evicted = 0;

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.facts.size;
  }

  /** As NimberTable.lookup. */
  lookup(s: Shape): number {
    const f = this.facts.get(s.longKey);
    if (f === undefined) return UNKNOWN;
    return ((f.meta >>> 10) & 255) + (f.meta & BOUND ? LOWER_BOUND : 0);
  }

  notValues(s: Shape): number {
    return this.facts.get(s.longKey)?.not ?? 0;
  }

  /** Records an exact nimber, or (bound) g ≥ value and g none of `not`; true when a new entry was made. */
  write(s: Shape, value: number, bound: boolean, not: number): boolean {
    const f = this.facts.get(s.longKey);
    if (f !== undefined) {
      if ((f.meta & BOUND) === 0) return false;
      if (bound) {
        value = Math.max(value, (f.meta >>> 10) & 255);
        not |= f.not;
      }
      f.meta = USED | (bound ? BOUND : 0) | (Math.min(s.cells, 127) << 18) | (value << 10);
      f.not = bound ? not : 0;
      return false;
    }
    if (this.facts.size >= this.limit) this.dropOldest();
    this.facts.set(s.longKey, {
      meta: USED | (bound ? BOUND : 0) | (Math.min(s.cells, 127) << 18) | (value << 10),
      not: bound ? not : 0,
    });
    return true;
  }

  private dropOldest(): void {
    let drop = Math.max(1, this.facts.size >>> 2);
    this.evicted += drop;
    for (const key of this.facts.keys()) {
      this.facts.delete(key);
      if (--drop === 0) break;
    }
  }
}

/** The room for long-keyed facts beside a table of 2^bits entries. */
export function longFactsFor(bits: number): LongFacts {
  return new LongFacts(Math.min(1 << bits, MAX_LONG_FACTS));
}

export class NimberTable {
  private readonly words: Int32Array;
  /**
   * One byte per bucket, bit (hash >>> 29) set for each key stored there: a lookup whose bit is
   * clear is a miss without reading the bucket (about half the lookups of a search are misses, and
   * a bucket read is a cache miss; the filter is a few MiB, mostly in cache). A bit is never
   * cleared when its entry is replaced: a stale bit only costs the read.
   */
  private readonly filter: Uint8Array;
  private readonly bucketMask: number;
  /** Entries in use, and entries dropped by replacement so far (long-keyed ones not counted). */
  size = 0;
  evicted = 0;
  /** Facts on shapes with a long key, apart from the words. */
  private readonly long: LongFacts;

  /**
   * A table of 2^bits entries (20 bytes each; bits from 4 to 27), empty: in arrays of its own, or at
   * the start of `storage` (cleared here; TableStorage.fits says whether it is large enough).
   */
  constructor(
    readonly bits: number,
    storage?: TableStorage,
  ) {
    if (!(bits >= 4 && bits <= 27)) throw new RangeError('table bits must be between 4 and 27');
    const words = (1 << bits) * STRIDE;
    const buckets = 1 << (bits - 2);
    if (storage && !tableFits(storage, bits)) throw new RangeError(`the storage is too small for 2^${bits} entries`);
    this.words = storage ? storage.words.subarray(0, words).fill(0) : new Int32Array(words);
    this.filter = storage ? storage.filter.subarray(0, buckets).fill(0) : new Uint8Array(buckets);
    this.bucketMask = buckets - 1;
    this.long = longFactsFor(bits);
  }

  get capacity(): number {
    return 1 << this.bits;
  }

  /** The nimber of a shape, LOWER_BOUND + b when only g ≥ b is known, or UNKNOWN. */
  lookup(s: Shape): number {
    if (s.longKey !== '') return this.long.lookup(s);
    const at = this.find(s);
    if (at < 0) return UNKNOWN;
    const meta = this.words[at + 3];
    return ((meta >>> 10) & 255) + (meta & BOUND ? LOWER_BOUND : 0);
  }

  /** The values a shape is proved not to have (bit k: g ≠ k), 0 when the table does not hold it. */
  notValues(s: Shape): number {
    if (s.longKey !== '') return this.long.notValues(s);
    const at = this.find(s);
    return at < 0 ? 0 : this.words[at + 4];
  }

  /** Records g ≠ k (k < 32) for a shape whose nimber the table does not hold. */
  setNotValue(s: Shape, k: number): void {
    if (k < 32) this.setNotValues(s, 1 << k);
  }

  /** Records that g is none of the values of `set` (bit k: g ≠ k) for a shape whose nimber the table does not hold. */
  setNotValues(s: Shape, set: number): void {
    if (s.longKey !== '') {
      this.long.write(s, 0, true, set);
      return;
    }
    const at = this.find(s);
    if (at >= 0) {
      this.words[at + 4] |= set;
      return;
    }
    this.store(s, 0, BOUND, set);
  }

  private find(s: Shape): number {
    const hash = zobrist(s.k0, s.k1, s.k2, s.dims);
    const bucket = hash & this.bucketMask;
    if ((this.filter[bucket] & (1 << (hash >>> 29))) === 0) return -1;
    const w = this.words;
    const base = bucket * BUCKET * STRIDE;
    for (let i = 0; i < BUCKET; i++) {
      const at = base + i * STRIDE;
      const meta = w[at + 3];
      if (meta === 0) return -1;
      if ((meta & 1023) === s.dims && w[at] === s.k0 && w[at + 1] === s.k1 && w[at + 2] === s.k2) return at;
    }
    return -1;
  }

  /** The nimber of a shape, or -1 when the table does not hold it. */
  get(s: Shape): number {
    const v = this.lookup(s);
    return v >= LOWER_BOUND ? UNKNOWN : v;
  }

  /** Records the nimber of a shape (0..255). */
  set(s: Shape, nimber: number): void {
    if (s.longKey !== '') this.long.write(s, nimber, false, 0);
    else this.store(s, nimber, 0, 0);
  }

  /** Records that g ≥ bound (1..255) for a shape whose nimber the table does not hold. */
  setBound(s: Shape, bound: number): void {
    if (s.longKey !== '') {
      this.long.write(s, bound, true, 0);
      return;
    }
    const at = this.find(s);
    this.store(s, bound, BOUND, at < 0 ? 0 : this.words[at + 4]);
  }

  private store(s: Shape, nimber: number, flag: number, notValues: number): void {
    const w = this.words;
    const hash = zobrist(s.k0, s.k1, s.k2, s.dims);
    const bucket = hash & this.bucketMask;
    this.filter[bucket] |= 1 << (hash >>> 29);
    const base = bucket * BUCKET * STRIDE;
    let victim = -1;
    let victimCells = 1 << 10;
    for (let i = 0; i < BUCKET; i++) {
      const at = base + i * STRIDE;
      const meta = w[at + 3];
      if (meta === 0) {
        victim = at;
        this.size++;
        break;
      }
      if ((meta & 1023) === s.dims && w[at] === s.k0 && w[at + 1] === s.k1 && w[at + 2] === s.k2) {
        victim = at;
        break;
      }
      const cells = (meta >>> 18) & 127;
      if (cells < victimCells) {
        victimCells = cells;
        victim = at;
      }
    }
    if (victimCells !== 1 << 10 && w[victim + 3] !== 0 && !this.sameKey(victim, s)) this.evicted++;
    w[victim] = s.k0;
    w[victim + 1] = s.k1;
    w[victim + 2] = s.k2;
    w[victim + 3] = USED | flag | (Math.min(s.cells, 127) << 18) | (nimber << 10) | s.dims;
    w[victim + 4] = notValues;
  }

  /**
   * Calls `visit` with each entry in slot order: its exact key, its cells, its value as `lookup`
   * answers it (nimber, or LOWER_BOUND + b) and its not-value mask (table-file.ts writes these).
   * Long-keyed facts are not visited: a saved table lacks them (they are searched again).
   */
  forEachEntry(
    visit: (k0: number, k1: number, k2: number, dims: number, cells: number, value: number, notValues: number) => void,
  ): void {
    const w = this.words;
    for (let at = 0; at < w.length; at += STRIDE) {
      const meta = w[at + 3];
      if (meta === 0) continue;
      const value = ((meta >>> 10) & 255) + (meta & BOUND ? LOWER_BOUND : 0);
      visit(w[at], w[at + 1], w[at + 2], meta & 1023, (meta >>> 18) & 127, value, w[at + 4]);
    }
  }

  private sameKey(at: number, s: Shape): boolean {
    const w = this.words;
    return (w[at + 3] & 1023) === s.dims && w[at] === s.k0 && w[at + 1] === s.k1 && w[at + 2] === s.k2;
  }
}
