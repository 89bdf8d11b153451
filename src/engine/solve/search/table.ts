/**
 * The transposition table of the general solver: what is known of each canonical position, bounded
 * in entries. Replacement is generational (an approximate LRU in O(1)): entries live in a young
 * and an old generation; when the young one is full the old one is dropped and the young one
 * becomes old; a hit in the old generation moves the entry back into the young one. So the table
 * never holds more than 2 × capacity entries, and entries used recently survive.
 */

/**
 * What is known of one position C. `value`: its Grundy value, or -1 while unknown. `atLeast`:
 * g(C) ≥ atLeast is proved. `notValues`: bit k set when g(C) ≠ k is proved (k < 31), from searches
 * that asked "is g(C) = k?".
 */
export interface Knowledge {
  value: number;
  atLeast: number;
  notValues: number;
}

export class TranspositionTable {
  private young = new Map<string, Knowledge>();
  private old = new Map<string, Knowledge>();
  /** Entries dropped by replacement so far. */
  evicted = 0;

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('transposition table capacity must be at least 1');
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  get(key: string): Knowledge | undefined {
    const hit = this.young.get(key);
    if (hit !== undefined) return hit;
    const aged = this.old.get(key);
    if (aged !== undefined) {
      this.old.delete(key);
      this.insert(key, aged);
    }
    return aged;
  }

  /** The entry of `key` without refreshing it (a probe that may not lead anywhere). */
  peek(key: string): Knowledge | undefined {
    return this.young.get(key) ?? this.old.get(key);
  }

  /** The entry of `key`, created (unknown) when missing. */
  entry(key: string): Knowledge {
    let k = this.get(key);
    if (k === undefined) {
      k = { value: -1, atLeast: 0, notValues: 0 };
      this.insert(key, k);
    }
    return k;
  }

  private insert(key: string, knowledge: Knowledge): void {
    if (this.young.size >= this.capacity) {
      this.evicted += this.old.size;
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, knowledge);
  }
}
