/**
 * A small in-memory LRU of API replies (JSON text), bounded by entry count and by total characters of
 * keys and values together (a key can be as large as its value: the app keys by a hash, but the
 * bound must not depend on that).
 */

export class Lru {
  private readonly map = new Map<string, string>();
  private counted = 0;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxEntries = 1000,
    readonly maxChars = 64 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** Characters held: every key and every value. */
  get chars(): number {
    return this.counted;
  }

  get(key: string): string | undefined {
    const value = this.map.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    // A Map iterates in insertion order: re-inserting marks the entry most recently used.
    this.map.delete(key);
    this.map.set(key, value);
    this.hits++;
    return value;
  }

  set(key: string, value: string): void {
    if (key.length + value.length > this.maxChars) return;
    const old = this.map.get(key);
    if (old !== undefined) {
      this.counted -= key.length + old.length;
      this.map.delete(key);
    }
    this.map.set(key, value);
    this.counted += key.length + value.length;
    for (const [k, v] of this.map) {
      if (this.map.size <= this.maxEntries && this.counted <= this.maxChars) break;
      this.map.delete(k);
      this.counted -= k.length + v.length;
    }
  }
}
