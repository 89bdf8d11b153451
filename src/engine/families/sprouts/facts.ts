/**
 * The (land, nimber) facts of the land search kept between runs, in a store (the CLI's cache
 * directory) by the land's canonical text: its nimber where a search proved it, else the heaps a
 * search proved wins beside it (search.ts: atLeast and notValues). A later search of any start meets
 * those lands knowing as much and never asks their questions again. A canonical text describes its
 * land completely (canonical.ts), so a stored fact stays true whatever a later version's search does.
 *
 * Words (little-endian int32): MAGIC, FORMAT, the number of facts, a checksum of every word after
 * it, then per fact its nimber (-1: unknown), atLeast, notValues, its text's length and the text's
 * UTF-16 codes two to a word (the last word's high half 0 for an odd length). A file of another
 * format is none (rebuilt); a damaged one (cut, changed, not this layout) is refused in one line
 * naming it, as the grid's endgame databases are.
 */
import { InputError } from '../../errors.ts';
import type { EndgameStore } from '../../types.ts';

/** The name the facts are kept under in the store. */
export const FACTS_NAME = 'sprouts-lands';
const MAGIC = 0x4c525053; // 'SPRL'
const FORMAT = 2;
const HEADER = 4;
/** Most facts kept: about 50 bytes each on disk, so at most about 25 MB. */
export const MAX_FACTS = 1 << 19;
/** A nimber or a text past these is not one the search writes: the file is damaged. */
const MAX_NIMBER = 1 << 16;
const MAX_TEXT = 1 << 16;

/** What is known of one land: its nimber (-1: unknown), else heaps proved wins beside it (search.ts's Land). */
export interface LandFact {
  readonly value: number;
  /** Every heap below this is a win beside the land. */
  readonly atLeast: number;
  /** Heaps (< 31) at or above atLeast proved wins beside the land, as bits. */
  readonly notValues: number;
}

/** The facts as words (sorted by text, so equal facts make equal files). */
export function encodeFacts(facts: ReadonlyMap<string, LandFact>): Int32Array {
  const texts = [...facts.keys()].sort();
  let length = HEADER;
  for (const t of texts) length += 4 + ((t.length + 1) >>> 1);
  const words = new Int32Array(length);
  words[0] = MAGIC;
  words[1] = FORMAT;
  words[2] = texts.length;
  let at = HEADER;
  for (const t of texts) {
    const fact = facts.get(t)!;
    words[at++] = fact.value;
    words[at++] = fact.atLeast;
    words[at++] = fact.notValues;
    words[at++] = t.length;
    for (let k = 0; k < t.length; k += 2)
      words[at++] = t.charCodeAt(k) | (k + 1 < t.length ? t.charCodeAt(k + 1) << 16 : 0);
  }
  words[3] = checksum(words);
  return words;
}

/** The facts of stored words; `where` names the file in the refusal of a damaged one. */
export function decodeFacts(words: Int32Array, where: string): Map<string, LandFact> {
  const damaged = (why: string) => new InputError(`the Sprouts land database ${where} is damaged (${why}): delete it`);
  if (words.length < HEADER || words[0] !== MAGIC) throw damaged('not a land database');
  const facts = new Map<string, LandFact>();
  if (words[1] !== FORMAT) return facts; // another version's layout: built again
  if (words[3] !== checksum(words)) throw damaged('checksum mismatch');
  const count = words[2];
  let at = HEADER;
  for (let i = 0; i < count; i++) {
    if (at + 4 > words.length) throw damaged('cut short');
    const value = words[at++];
    const atLeast = words[at++];
    const notValues = words[at++];
    const length = words[at++];
    if (value < -1 || value >= MAX_NIMBER || atLeast < 0 || atLeast > MAX_NIMBER || length <= 0 || length > MAX_TEXT)
      throw damaged(`fact ${i + 1} is not one`);
    const end = at + ((length + 1) >>> 1);
    if (end > words.length) throw damaged('cut short');
    const codes = new Array<number>(length);
    for (let k = 0; k < length; k++) {
      const w = words[at + (k >>> 1)];
      codes[k] = k & 1 ? w >>> 16 : w & 0xffff;
    }
    at = end;
    facts.set(String.fromCharCode(...codes), { value, atLeast, notValues });
  }
  if (at !== words.length) throw damaged('words past its last fact');
  return facts;
}

/** FNV-1a over every word after the header's checksum word, byte by byte. */
function checksum(words: Int32Array): number {
  let h = 0x811c9dc5;
  for (let i = HEADER; i < words.length; i++) {
    const w = words[i];
    for (let s = 0; s < 32; s += 8) h = Math.imul(h ^ ((w >>> s) & 0xff), 0x01000193);
  }
  return h | 0;
}

/** The facts read from each store, once per process: a later analysis adds to them. */
const loaded = new WeakMap<EndgameStore, Map<string, LandFact>>();

/** The facts a store holds (read once per process; none when it holds none). */
export function storedFacts(store: EndgameStore): Map<string, LandFact> {
  let facts = loaded.get(store);
  if (facts === undefined) {
    const words = store.load(FACTS_NAME);
    facts = words === null ? new Map() : decodeFacts(words, store.describe(FACTS_NAME));
    loaded.set(store, facts);
  }
  return facts;
}

/**
 * Adds what a search knows of its lands to the store's facts (new lands up to MAX_FACTS) and saves
 * them when anything is new. Returns how many facts are new or know more.
 */
export function keepFacts(store: EndgameStore, known: Iterable<readonly [string, LandFact]>): number {
  const facts = storedFacts(store);
  let changed = 0;
  for (const [text, fact] of known) {
    const old = facts.get(text);
    if (old === undefined) {
      if (facts.size >= MAX_FACTS) continue;
      facts.set(text, fact);
      changed++;
    } else if (
      old.value < 0 &&
      (fact.value >= 0 || fact.atLeast > old.atLeast || (fact.notValues & ~old.notValues) !== 0)
    ) {
      facts.set(text, fact.value >= 0 ? fact : merged(old, fact));
      changed++;
    }
  }
  if (changed > 0) store.save(FACTS_NAME, encodeFacts(facts));
  return changed;
}

/** Two facts of one land whose nimber neither knows: every heap either proved a win. */
function merged(a: LandFact, b: LandFact): LandFact {
  const atLeast = Math.max(a.atLeast, b.atLeast);
  // bits below atLeast say nothing more
  const mask = atLeast >= 31 ? 0 : ~((1 << atLeast) - 1);
  return { value: -1, atLeast, notValues: (a.notValues | b.notValues) & mask };
}
