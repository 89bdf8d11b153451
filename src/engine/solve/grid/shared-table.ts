/**
 * The grid core's transposition table shared by threads: the layout of table.ts (buckets of 4
 * entries of 5 words, the same Zobrist index, the same replacement) in a SharedArrayBuffer, plus one
 * guard word per bucket in a second one. Every thread of a search reads and writes it; each entry is
 * a proved fact (an exact nimber, a lower bound, values the shape does not have), so a fact found
 * by any thread may be used by every other.
 *
 * Why a reader never takes a wrong fact. An entry is five words, written one at a time, and two
 * threads may write the same slot: without care a reader could pair one shape's key with another
 * shape's value (a torn read). The guard is a sequence lock:
 *  - a writer takes its bucket's guard from even v to odd v + 1 (Atomics.compareExchange), writes
 *    the words, and releases it to v + 2 (Atomics.store): writers of one bucket exclude each other;
 *  - a reader loads the guard (odd: a write is under way, the read is a miss), reads the entry, and
 *    loads the guard again: if it changed, the read is a miss.
 * Every access to the words and guards is an Atomics operation, which are sequentially consistent
 * in JavaScript's memory model: all of them lie in one total order. A word a reader loads from a
 * write lies after that writer's compareExchange, and the reader's second guard load lies after
 * its word loads, hence after that compareExchange: it sees v + 1 or later, not the first value
 * (guards only grow, modulo 2^32: equal again only after 2^31 writes to that one bucket between a
 * reader's two loads a few nanoseconds apart). So a read that passes saw no write begin after its
 * first guard load, and every write it saw had been released before: whole entries only.
 * A miss is always safe (the shape is searched again). A writer that cannot take the guard in
 * LOCK_SPINS tries (a thread ended while holding it) drops its fact: never a hang, never a lie.
 * Merging: a writer keeps what the entry already proves (an exact value is never replaced by a
 * bound; bounds and excluded values are combined), since other threads' facts are as true as its own.
 *
 * `size` and `evicted` count this thread's own writes (no shared counter to contend on).
 *
 * Shapes with a long key (shape.ts) are not shared: each thread keeps its own facts on them
 * (table.ts LongFacts). They are the few components spanning more than 30 rows or columns; a
 * position of more than 32 rows is searched by its calling thread alone (threads.ts) anyway.
 */
import type { Shape } from './shape.ts';
import {
  BOUND,
  BUCKET,
  type GridTable,
  LOWER_BOUND,
  type LongFacts,
  STRIDE,
  UNKNOWN,
  USED,
  longFactsFor,
  zobrist,
} from './table.ts';

/** The memory of a shared table: what crosses to another thread (SharedArrayBuffers are shared, not copied). */
export interface SharedTableMemory {
  readonly bits: number;
  /** (2^bits) entries of STRIDE words, laid out as in table.ts. */
  readonly words: Int32Array;
  /** One sequence-lock word per bucket. */
  readonly guards: Int32Array;
}

/** Tries to take a bucket's guard before a writer gives up its write (a dead holder; a live one writes in nanoseconds). */
const LOCK_SPINS = 1 << 16;

/** Fresh memory for a shared table of 2^bits entries (bits 4..27). */
export function sharedTableMemory(bits: number): SharedTableMemory {
  if (!(bits >= 4 && bits <= 27)) throw new RangeError('table bits must be between 4 and 27');
  return {
    bits,
    words: new Int32Array(new SharedArrayBuffer((1 << bits) * STRIDE * 4)),
    guards: new Int32Array(new SharedArrayBuffer((1 << (bits - 2)) * 4)),
  };
}

export class SharedNimberTable implements GridTable {
  readonly bits: number;
  private readonly words: Int32Array;
  private readonly guards: Int32Array;
  private readonly bucketMask: number;
  size = 0;
  evicted = 0;
  /** The entry's meta and excluded values from the last `read` that succeeded. */
  private readMeta = 0;
  private readNot = 0;
  /** This thread's facts on long-keyed shapes. */
  private readonly long: LongFacts;

  constructor(memory: SharedTableMemory) {
    this.bits = memory.bits;
    this.words = memory.words;
    this.guards = memory.guards;
    this.bucketMask = (1 << (memory.bits - 2)) - 1;
    if (this.words.length !== (1 << this.bits) * STRIDE || this.guards.length !== this.bucketMask + 1)
      throw new RangeError('shared table memory of the wrong size');
    this.long = longFactsFor(this.bits);
  }

  get capacity(): number {
    return 1 << this.bits;
  }

  private bucketOf(s: Shape): number {
    return zobrist(s.k0, s.k1, s.k2, s.dims) & this.bucketMask;
  }

  /** Reads the shape's entry into readMeta / readNot; false when absent or a write interfered. */
  private read(s: Shape): boolean {
    const b = this.bucketOf(s);
    const g = this.guards;
    const w = this.words;
    const before = Atomics.load(g, b);
    if ((before & 1) !== 0) return false;
    const base = b * BUCKET * STRIDE;
    for (let i = 0; i < BUCKET; i++) {
      const at = base + i * STRIDE;
      const meta = Atomics.load(w, at + 3);
      if (meta === 0) return false;
      if (
        (meta & 1023) === s.dims &&
        Atomics.load(w, at) === s.k0 &&
        Atomics.load(w, at + 1) === s.k1 &&
        Atomics.load(w, at + 2) === s.k2
      ) {
        const not = Atomics.load(w, at + 4);
        if (Atomics.load(g, b) !== before) return false;
        this.readMeta = meta;
        this.readNot = not;
        return true;
      }
    }
    return false;
  }

  /** The nimber of a shape, LOWER_BOUND + b when only g ≥ b is known, or UNKNOWN. */
  lookup(s: Shape): number {
    if (s.longKey !== '') return this.long.lookup(s);
    if (!this.read(s)) return UNKNOWN;
    const meta = this.readMeta;
    return ((meta >>> 10) & 255) + (meta & BOUND ? LOWER_BOUND : 0);
  }

  /** The values a shape is proved not to have (bit k: g ≠ k), 0 when the table does not hold it. */
  notValues(s: Shape): number {
    if (s.longKey !== '') return this.long.notValues(s);
    return this.read(s) ? this.readNot : 0;
  }

  get(s: Shape): number {
    const v = this.lookup(s);
    return v >= LOWER_BOUND ? UNKNOWN : v;
  }

  set(s: Shape, nimber: number): void {
    this.write(s, nimber, false, 0);
  }

  setBound(s: Shape, bound: number): void {
    this.write(s, bound, true, 0);
  }

  setNotValue(s: Shape, k: number): void {
    if (k < 32) this.write(s, 0, true, 1 << k);
  }

  setNotValues(s: Shape, set: number): void {
    this.write(s, 0, true, set);
  }

  /**
   * Calls `visit` with each entry (as NimberTable.forEachEntry: key, cells, value as `lookup`
   * answers it, not-value mask), each bucket read whole under its guard; a bucket being written
   * through every retry is skipped (its facts are not visited: a saved table only lacks them), and
   * so are long-keyed facts.
   */
  forEachEntry(
    visit: (k0: number, k1: number, k2: number, dims: number, cells: number, value: number, notValues: number) => void,
  ): void {
    const g = this.guards;
    const w = this.words;
    const copy = new Int32Array(BUCKET * STRIDE);
    for (let b = 0; b < g.length; b++) {
      let whole = false;
      for (let attempt = 0; attempt < 64 && !whole; attempt++) {
        const before = Atomics.load(g, b);
        if ((before & 1) !== 0) continue;
        for (let i = 0; i < copy.length; i++) copy[i] = Atomics.load(w, b * BUCKET * STRIDE + i);
        whole = Atomics.load(g, b) === before;
      }
      if (!whole) continue;
      for (let at = 0; at < copy.length; at += STRIDE) {
        const meta = copy[at + 3];
        if (meta === 0) continue;
        const value = ((meta >>> 10) & 255) + (meta & BOUND ? LOWER_BOUND : 0);
        visit(copy[at], copy[at + 1], copy[at + 2], meta & 1023, (meta >>> 18) & 127, value, copy[at + 4]);
      }
    }
  }

  /**
   * Writes a fact under the bucket's guard: an exact nimber, or (bound) g ≥ value and g none of
   * `not`, merged with what the entry already holds. A full bucket drops its entry of fewest cells.
   */
  private write(s: Shape, value: number, bound: boolean, not: number): void {
    if (s.longKey !== '') {
      this.long.write(s, value, bound, not);
      return;
    }
    const b = this.bucketOf(s);
    const g = this.guards;
    let held = -1;
    for (let i = 0; i < LOCK_SPINS && held < 0; i++) {
      const v = Atomics.load(g, b);
      if ((v & 1) === 0 && Atomics.compareExchange(g, b, v, (v + 1) | 0) === v) held = v;
    }
    if (held < 0) return; // a fact not kept is only work done again
    const w = this.words;
    const base = b * BUCKET * STRIDE;
    let victim = -1;
    let victimCells = 1 << 10;
    let replaces = false;
    for (let i = 0; i < BUCKET; i++) {
      const at = base + i * STRIDE;
      const meta = Atomics.load(w, at + 3);
      if (meta === 0) {
        victim = at;
        this.size++;
        replaces = false;
        break;
      }
      if (
        (meta & 1023) === s.dims &&
        Atomics.load(w, at) === s.k0 &&
        Atomics.load(w, at + 1) === s.k1 &&
        Atomics.load(w, at + 2) === s.k2
      ) {
        if ((meta & BOUND) === 0) {
          // already exact: nothing to add
          Atomics.store(g, b, (held + 2) | 0);
          return;
        }
        if (bound) {
          value = Math.max(value, (meta >>> 10) & 255);
          not |= Atomics.load(w, at + 4);
        }
        victim = at;
        replaces = false;
        break;
      }
      const cells = (meta >>> 18) & 127;
      if (cells < victimCells) {
        victimCells = cells;
        victim = at;
        replaces = true;
      }
    }
    if (replaces) this.evicted++;
    Atomics.store(w, victim, s.k0);
    Atomics.store(w, victim + 1, s.k1);
    Atomics.store(w, victim + 2, s.k2);
    Atomics.store(w, victim + 3, USED | (bound ? BOUND : 0) | (Math.min(s.cells, 127) << 18) | (value << 10) | s.dims);
    Atomics.store(w, victim + 4, bound ? not : 0);
    Atomics.store(g, b, (held + 2) | 0);
  }
}
