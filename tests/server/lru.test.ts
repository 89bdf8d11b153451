/** The reply LRU: evicts the least recently used entry, by count and by total size. */
import { describe, expect, it } from 'vitest';
import { Lru } from '../../src/server/lru.ts';

describe('Lru', () => {
  it('evicts the least recently used entry beyond its entry count', () => {
    const lru = new Lru(2);
    lru.set('a', '1');
    lru.set('b', '2');
    expect(lru.get('a')).toBe('1'); // a is now more recent than b
    lru.set('c', '3');
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('1');
    expect(lru.get('c')).toBe('3');
    expect(lru.size).toBe(2);
  });

  it('keeps the total size bounded and ignores values larger than the bound', () => {
    const lru = new Lru(100, 10);
    lru.set('a', '12345');
    lru.set('b', '12345');
    lru.set('c', '123');
    expect(lru.get('a')).toBeUndefined();
    expect(lru.get('b')).toBe('12345');
    lru.set('huge', 'x'.repeat(11));
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.hits).toBe(1);
  });
});
