/**
 * The land search's facts kept between runs (src/engine/families/sprouts/facts.ts): written and read
 * back whole, a damaged file refused in one line naming it, every stored fact true of its land (the
 * brute force), and a later search that reads them answers the same with fewer questions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { analyzeSprouts } from '../../../../src/engine/families/sprouts/analysis.ts';
import {
  FACTS_NAME,
  type LandFact,
  decodeFacts,
  encodeFacts,
  keepFacts,
  storedFacts,
} from '../../../../src/engine/families/sprouts/facts.ts';
import { parseSprouts, sprouts } from '../../../../src/engine/families/sprouts/index.ts';
import { normalize } from '../../../../src/engine/families/sprouts/moves.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/budgeted.ts';
import type { EndgameStore } from '../../../../src/engine/types.ts';
import { SproutsBruteForce, randomlyPlayed } from './oracle.ts';

/** A store in memory that counts its saves. */
class MemoryStore implements EndgameStore {
  readonly files = new Map<string, Int32Array>();
  saves = 0;
  load(name: string): Int32Array | null {
    return this.files.get(name) ?? null;
  }
  save(name: string, words: Int32Array): void {
    this.saves++;
    this.files.set(name, words.slice());
  }
  describe(name: string): string {
    return `memory/${name}`;
  }
}

const fact = (value: number, atLeast = 0, notValues = 0): LandFact => ({ value, atLeast, notValues });

describe('the facts file', () => {
  it('reads back what it wrote: nimbers, partial facts, texts of odd and even length and letters past Z', () => {
    const facts = new Map<string, LandFact>([
      ['{3.3}', fact(-1, 1, 0)],
      ['{AB.3.3}{AB.3.3}', fact(2)],
      ['{A.B}{C.D}{A.B.E}{C.D.E}', fact(-1, 2, 0b10100)],
      ['{\u00c0\u00c1}{\u00c0\u00c1.3}', fact(0)],
    ]);
    const back = decodeFacts(encodeFacts(facts), 'f');
    expect([...back].sort()).toEqual([...facts].sort());
    expect(decodeFacts(encodeFacts(new Map()), 'f').size).toBe(0);
  });

  it('property: any facts come back as they were', () => {
    const text = fc.string({ unit: fc.constantFrom('{', '}', '.', '1', '2', '3', 'A', 'B', 'z'), minLength: 1 });
    const entry = fc.record({ value: fc.integer({ min: -1, max: 40 }), atLeast: fc.nat(40), notValues: fc.integer() });
    fc.assert(
      fc.property(fc.dictionary(text, entry), (record) => {
        const facts = new Map(Object.entries(record));
        expect(decodeFacts(encodeFacts(facts), 'f')).toEqual(facts);
      }),
    );
  });

  it('a damaged file is one line naming it; another format is no facts', () => {
    const words = encodeFacts(new Map([['{AB.3.3}{AB.3.3}', fact(2)]]));
    const refusal = (w: Int32Array) => {
      try {
        decodeFacts(w, 'cache/endgame-sprouts-lands.edb');
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        const message = (e as Error).message;
        expect(message).not.toContain('\n');
        expect(message).toContain('cache/endgame-sprouts-lands.edb');
        return message;
      }
      throw new Error('accepted');
    };
    expect(refusal(words.subarray(0, words.length - 1))).toMatch(/is damaged \(.*\): delete it$/);
    const changed = words.slice();
    changed[4] = 3; // the nimber 2 made 3: the checksum tells
    expect(refusal(changed)).toMatch(/checksum/);
    expect(refusal(new Int32Array([1, 2, 3]))).toMatch(/not a land database/);
    const longer = new Int32Array(words.length + 1);
    longer.set(words);
    expect(refusal(longer)).toMatch(/damaged/);
    const other = words.slice();
    other[1] = 99;
    expect(decodeFacts(other, 'f').size).toBe(0);
  });

  it('keepFacts saves only what is new or knows more, and merges what two searches proved of one land', () => {
    const store = new MemoryStore();
    expect(keepFacts(store, [['{3.3}', fact(-1, 1, 0)]])).toBe(1);
    expect(store.saves).toBe(1);
    expect(keepFacts(store, [['{3.3}', fact(-1, 1, 0)]])).toBe(0);
    expect(store.saves).toBe(1);
    expect(keepFacts(store, [['{3.3}', fact(-1, 0, 0b1000)]])).toBe(1);
    expect(storedFacts(store).get('{3.3}')).toEqual(fact(-1, 1, 0b1000));
    expect(keepFacts(store, [['{3.3}', fact(2)]])).toBe(1);
    // a known nimber is never replaced
    expect(keepFacts(store, [['{3.3}', fact(-1, 5, 0)]])).toBe(0);
    expect(decodeFacts(store.files.get(FACTS_NAME)!, 'f').get('{3.3}')).toEqual(fact(2));
  });
});

describe('a search with the facts of earlier searches', () => {
  it('every fact stored is true of its land (the brute force), from random positions of 4 and 5 spots', () => {
    const store = new MemoryStore();
    for (let i = 0; i < 12; i++) {
      const p = randomlyPlayed(
        4 + (i % 2),
        Array.from({ length: 6 }, (_, k) => (i * 7 + k * 3) % 11),
      );
      analyzeSprouts(p, { nimber: true, store });
    }
    const facts = decodeFacts(store.files.get(FACTS_NAME)!, 'f');
    expect(facts.size).toBeGreaterThan(20);
    const brute = new SproutsBruteForce();
    for (const [text, f] of facts) {
      const parsed = parseSprouts(text);
      const g = brute.grundy(normalize(parsed.regions, parsed.lives));
      if (f.value >= 0) expect(g, text).toBe(f.value);
      else {
        expect(g, text).toBeGreaterThanOrEqual(f.atLeast);
        if (g < 31) expect((f.notValues >>> g) & 1, text).toBe(0);
      }
    }
  });

  it('answers the same with fewer questions: 1 to 9 spots, the store read back as a fresh process would', () => {
    const store = new MemoryStore();
    const first = new Map<number, number>();
    for (let n = 1; n <= 9; n++) {
      const a = analyzeSprouts(sprouts(n).start!, { store });
      // P exactly when n mod 6 is 0, 1 or 2 (Applegate, Jacobson and Sleator 1991)
      expect(a.outcome, `${n} spots`).toBe([0, 1, 2].includes(n % 6) ? 'P' : 'N');
      first.set(n, a.positions);
    }
    // a new store object over the same words: read from them, not from this process's memory
    const again = new MemoryStore();
    again.files.set(FACTS_NAME, store.files.get(FACTS_NAME)!);
    for (let n = 1; n <= 9; n++) {
      const a = analyzeSprouts(sprouts(n).start!, { store: again });
      expect(a.outcome, `${n} spots`).toBe([0, 1, 2].includes(n % 6) ? 'P' : 'N');
      expect(a.positions, `${n} spots`).toBeLessThanOrEqual(first.get(n)!);
      if (n >= 5) expect(a.known, `${n} spots`).toBeGreaterThan(0);
    }
    expect(analyzeSprouts(sprouts(8).start!, { store: again }).positions).toBeLessThan(first.get(8)! / 10);
  });

  it('a stopped search keeps what it proved: the next one starts from it', () => {
    const store = new MemoryStore();
    // a signal that aborts at its 30th reading: the search reads it every 64 questions. Stopped much
    // earlier, the few facts kept mostly change which children the next search tries first, and its
    // questions move either way by up to a fifth (at the fifth reading 7,920 against a fresh 7,802)
    let reads = 0;
    const signal = {
      get aborted() {
        return ++reads >= 30;
      },
    };
    expect(() => analyzeSprouts(sprouts(8).start!, { store, signal })).toThrow(SearchStopped);
    expect(store.saves).toBe(1);
    const fresh = analyzeSprouts(sprouts(8).start!);
    const resumed = analyzeSprouts(sprouts(8).start!, { store });
    expect(resumed.outcome).toBe('P');
    expect(resumed.known).toBeGreaterThan(0);
    expect(resumed.positions).toBeLessThan(fresh.positions);
  });
});
