/**
 * The grid core's transposition table as words a file can keep, and back: a killed search resumes
 * from the facts its table held. Every entry is a proved fact about one canonical shape of one
 * game (its nimber, a lower bound, values it does not have), true whichever search found it, so a
 * table saved from any search of the game (any board, stopped anywhere) is sound to load.
 *
 * Words: a header (format, version, words per entry, a fingerprint of the shape keys, the rules'
 * smallest region, the number of entries, an FNV checksum of the rest, the game's name) and then 6
 * words per entry: the exact key (k0, k1, k2), dims | cells << 10, the value as the table answers
 * it (nimber, or LOWER_BOUND + bound) and the not-value mask. The entries are re-inserted on load,
 * so a table of another size takes them (a smaller one keeps the larger shapes). Pure: the engine
 * gets and gives words, an adapter keeps them in a file.
 */
import { InputError } from '../../errors.ts';
import { checksum } from './endgame.ts';
import type { GridRules } from './search.ts';
import { MAX_GRID_CELLS, MAX_GRID_SIDE, type Shape, canonicalShape, popcount } from './shape.ts';
import { type GridTable, LOWER_BOUND } from './table.ts';

const FORMAT = 0x4e535431; // "NST1"
const VERSION = 1;
const ENTRY = 6;
/** Words before the game's name: format, version, ENTRY, fingerprint, minCells, count, checksum, name bytes. */
const FIXED = 8;

/**
 * The keys of a few fixed shapes, hashed: a file written when shape.ts packed or oriented keys
 * differently has another fingerprint and is refused (its keys would name other shapes).
 */
const KEY_FINGERPRINT = (() => {
  const samples: [number[], number, number][] = [
    [[0b01, 0b11], 2, 2],
    [[0b1000001, 0b1111111, 0b0010000], 3, 7],
    [[0b111, 0b001, 0b011, 0b010, 0b110, 0b100], 6, 3],
    [[0b100000001, 0b111111111, 0b000010000, 0b011111110, 0b010000010, 0b111000111], 6, 9],
  ];
  const words = new Int32Array(4 * samples.length);
  samples.forEach(([rows, h, w], i) => {
    const s = canonicalShape(
      rows,
      h,
      w,
      rows.reduce((n, m) => n + popcount(m), 0),
    );
    words.set([s.k0, s.k1, s.k2, s.dims], 4 * i);
  });
  return checksum(words, 0);
})();

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The table's entries as words for a file (the rules name the game they are facts of). */
export function tableToWords(table: GridTable, rules: GridRules): Int32Array {
  const name = encoder.encode(rules.name);
  const nameWords = Math.ceil(name.length / 4);
  const body = FIXED + nameWords;
  // one pass into room for the entries there are now, grown when a table shared by threads gains
  // entries while it is read (shared-table.ts); not room for the whole capacity: a large table is
  // mostly what a save must not double
  let room = new Int32Array(body + ENTRY * (table.size + 1024));
  let at = body;
  table.forEachEntry((k0, k1, k2, dims, cells, value, notValues) => {
    if (at + ENTRY > room.length) {
      const grown = new Int32Array(body + 2 * (room.length - body));
      grown.set(room);
      room = grown;
    }
    room[at] = k0;
    room[at + 1] = k1;
    room[at + 2] = k2;
    room[at + 3] = dims | (cells << 10);
    room[at + 4] = value;
    room[at + 5] = notValues;
    at += ENTRY;
  });
  const words = room.slice(0, at);
  words.set([FORMAT, VERSION, ENTRY, KEY_FINGERPRINT, rules.minCells, (at - body) / ENTRY, 0, name.length]);
  new Uint8Array(words.buffer, FIXED * 4, name.length).set(name);
  words[6] = checksum(words, FIXED);
  return words;
}

/** The rows of an h x w shape packed row-major at w bits each in (k0, k1, k2). */
function unpackRows(k0: number, k1: number, k2: number, h: number, w: number): number[] {
  const key = [k0, k1, k2, 0];
  const rows = new Array<number>(h);
  for (let i = 0; i < h; i++) {
    const at = i * w;
    const word = at >>> 5;
    const shift = at & 31;
    let v = key[word] >>> shift;
    if (shift + w > 32) v |= key[word + 1] << (32 - shift);
    rows[i] = v & ((1 << w) - 1);
  }
  return rows;
}

/**
 * The shape an entry names, or null when the words cannot be one the core would have stored: a
 * size beyond the core, untrimmed rows, a cell count that disagrees, or a key that is not the
 * canonical one (a stray bit, another orientation).
 */
function entryShape(k0: number, k1: number, k2: number, dims: number, cells: number, minCells: number): Shape | null {
  const h = dims & 31;
  const w = dims >>> 5;
  if (h < 1 || w < h || w > MAX_GRID_SIDE || h * w > MAX_GRID_CELLS) return null;
  if (cells < Math.max(1, minCells) || cells > h * w) return null;
  const rows = unpackRows(k0, k1, k2, h, w);
  let all = 0;
  let count = 0;
  for (const m of rows) {
    all |= m;
    count += popcount(m);
  }
  if (count !== cells || rows[0] === 0 || rows[h - 1] === 0 || (all & 1) === 0 || all >>> (w - 1) !== 1) return null;
  const s = canonicalShape(rows, h, w, cells);
  return s.k0 === k0 && s.k1 === k1 && s.k2 === k2 && s.dims === dims ? s : null;
}

/**
 * Loads a table's words (tableToWords) into `table`, after checking that they are whole, undamaged,
 * of this game and of this version's keys, and that each entry is a canonical shape with a value
 * in range. Anything else is an InputError of one line naming `source`, and the table, which may
 * then hold the entries before the bad one, is to be dropped (gridSolverFor never uses it).
 * Returns the number of entries read.
 */
export function loadTableWords(words: Int32Array, rules: GridRules, table: GridTable, source: string): number {
  const refuse = (why: string) => new InputError(`the search table ${source} ${why}`);
  const damaged = (why: string) => refuse(`is damaged (${why}): delete it to start afresh`);
  if (words.length < FIXED || words[0] !== FORMAT) throw refuse('is not a search table of nimber');
  if (words[1] !== VERSION || words[2] !== ENTRY)
    throw refuse(`was written in another format (version ${words[1]}): delete it to start afresh`);
  const nameBytes = words[7];
  if (nameBytes < 0 || nameBytes > 256 || words.length < FIXED + Math.ceil(nameBytes / 4))
    throw damaged('truncated header');
  const body = FIXED + Math.ceil(nameBytes / 4);
  const count = words[5];
  if (count < 0 || words.length !== body + ENTRY * count)
    throw damaged(
      words.length < body + ENTRY * count
        ? `truncated: ${Math.floor((words.length - body) / ENTRY).toLocaleString('en-US')} of ${count.toLocaleString('en-US')} entries`
        : 'wrong length',
    );
  if (checksum(words, FIXED) !== words[6]) throw damaged('checksum mismatch');
  const game = decoder.decode(new Uint8Array(words.buffer, words.byteOffset + FIXED * 4, nameBytes));
  if (game !== rules.name) throw refuse(`holds facts of '${game}', not of '${rules.name}'`);
  if (words[3] !== KEY_FINGERPRINT || words[4] !== rules.minCells)
    throw refuse('was written by a version of nimber with other shape keys: delete it to start afresh');
  for (let i = 0; i < count; i++) {
    const at = body + ENTRY * i;
    const [k0, k1, k2, size, value, notValues] = words.subarray(at, at + ENTRY);
    const s = entryShape(k0, k1, k2, size & 1023, size >>> 10, rules.minCells);
    const exact = value >= 0 && value < LOWER_BOUND && notValues === 0;
    const bound = value >= LOWER_BOUND && value < 2 * LOWER_BOUND;
    if (s === null || !(exact || bound)) throw damaged(`entry ${i + 1} is not a fact the search keeps`);
    if (exact) table.set(s, value);
    else {
      if (notValues !== 0) table.setNotValues(s, notValues);
      if (value > LOWER_BOUND) table.setBound(s, value - LOWER_BOUND);
    }
  }
  return count;
}
