/**
 * The canonical text of a Sprouts position: the key of the transposition table. Two positions that
 * differ only by the names of their spots, where each boundary's walk starts, the order of boundaries,
 * regions and lands, or by a mirror image (every boundary walked backwards) get the same text.
 *
 * Per land and per orientation, boundaries are first ordered by their text with every letter blinded
 * to the kind of place its two corners lie in (one boundary, one region, two regions of given sizes),
 * at the least rotation; regions by the sorted list of their boundaries' blind texts; among the ties
 * that remain, the search below picks the order and starting corners whose text, letters named by
 * first appearance, is least. The least text over both orientations is the land's; the lands' texts,
 * sorted, are the position's. Ties whose choice changes nothing (boundaries with no new letter, regions
 * with no letter) are not branched on; past TIE_BUDGET branches the first choice is kept, which leaves
 * the key sound (it still describes the position exactly) but may tell apart two equal positions.
 * The mirror image's search starts with the forward text as the best to beat. Texts are searched as
 * arrays of character codes and written as a string once (tests/engine/families/sprouts/
 * canonical-reference.ts is the same search on strings, which the tests compare it with).
 */
import { letter, letterIndex, type SproutsPosition } from './position.ts';
import { sproutsLands } from './moves.ts';
import { simplifyLand } from './reduce.ts';

const TIE_BUDGET = 256;

type Boundary = readonly number[];

/** One boundary as the search sees it: its spots in the chosen orientation, blind text and least rotations. */
interface Cycle {
  readonly spots: readonly number[];
  readonly blind: number[];
  /** The rotations (starting indices) whose blind text is the least. */
  readonly starts: readonly number[];
  readonly lettered: boolean;
}

interface Area {
  readonly cycles: readonly Cycle[];
  readonly blind: number[];
  readonly lettered: boolean;
  /** Per cycle, the first cycle of the area with the same blind text (ties share it). */
  readonly ties: number[];
  /** The cycles taken on the line being searched (an area is on one line at a time). */
  readonly taken: number[];
  /** The first area with the same blind text. */
  tie: number;
}

/** The canonical text of a position (lands sorted, joined by '+'), remembered on the position. */
export function sproutsKey(position: SproutsPosition): string {
  const cached = (position as Cached)[KEY];
  if (cached !== undefined) return cached;
  const lands = sproutsLands(position);
  const key = lands.length === 1 ? landKey(lands[0]) : joinLands(lands.map(landKey).sort(compare));
  (position as Cached)[KEY] = key;
  return key;
}

/**
 * A key that tells positions apart exactly as sproutsKey does, without renaming each land's letters
 * (a land's letters start at A again after each '+'): cheaper, for telling a position's options apart.
 */
export function sproutsSameKey(position: SproutsPosition): string {
  const lands = sproutsLands(position);
  if (lands.length === 1) return keyOfLand(lands[0]);
  return lands.map(keyOfLand).sort(compare).join('+');
}

/**
 * The canonical text of one land, remembered on it: a land's text is its sproutsKey, so the search
 * that keys a position's lands after its options were told apart (the misère search) reads them
 * back instead of writing each land again.
 */
function keyOfLand(land: SproutsPosition): string {
  const cached = (land as Cached)[KEY];
  if (cached !== undefined) return cached;
  const key = landKey(land);
  (land as Cached)[KEY] = key;
  return key;
}

/** The lands' canonical texts, sorted, as one text that reads back: each land's letters follow the previous land's. */
function joinLands(texts: string[]): string {
  let offset = 0;
  return texts
    .map((text) => {
      let most = -1;
      const renamed = text.replace(/[A-Za-z\u00c0-\u00ff]/g, (c) => {
        const k = letterIndex(c);
        if (k > most) most = k;
        return letter(k + offset);
      });
      offset += most + 1;
      return renamed;
    })
    .join('+');
}

/** Texts remembered on the objects they describe (a symbol property: not written by JSON, no weak map for the collector to trace). */
const KEY = Symbol('sprouts key');
interface Cached {
  [KEY]?: string;
}

/** The canonical text of one land, remembered for the land's regions. */
export function landKey(land: SproutsPosition): string {
  const { regions } = land;
  if (regions.length === 0) return '';
  // the text is of the simplified land (reduce.ts), so lands of one game written apart meet in the table
  const simple = simplifyLand(land);
  const text = writtenLand(simple);
  let key = canonicalOfWritten.get(text);
  if (key === undefined) {
    key = leastText(simple, canonicalOfFirstLine);
    if (canonicalOfWritten.size >= WRITTEN_ENTRIES) canonicalOfWritten.clear();
    canonicalOfWritten.set(text, key);
  }
  return key;
}

/**
 * Canonical texts by the land's text as written (letters named in order of appearance): the same
 * land is met again and again along different lines of play, written the same way far more often
 * than not, and writing it costs a fraction of the search for the least text.
 */
const canonicalOfWritten = new Map<string, string>();
const WRITTEN_ENTRIES = 1 << 17;

function writtenLand(land: SproutsPosition): string {
  const { regions, lives } = land;
  // each lettered spot's letter + 1 (0: not named yet)
  const name = scratch(0, lives.length);
  let named = 0;
  const met = scratch(1, lives.length);
  let length = 0;
  // indexed loops here and below: a for-of makes an iterator object per loop until V8 optimizes the
  // function, and a search's first second runs mostly unoptimized
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    length += region.length + 1;
    for (let c = 0; c < region.length; c++) {
      const b = region[c];
      for (let k = 0; k < b.length; k++) met[b[k]]++;
      length += b.length;
    }
  }
  // one array of codes and one string: a text built a character at a time is a rope of as many parts
  const codes = scratchCodes(length);
  let at = 0;
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    codes[at++] = OPEN;
    for (let c = 0; c < region.length; c++) {
      if (c > 0) codes[at++] = DOT;
      const b = region[c];
      for (let k = 0; k < b.length; k++) {
        const s = b[k];
        if (met[s] < 2) codes[at++] = DIGIT + lives[s];
        else {
          if (name[s] === 0) name[s] = ++named;
          codes[at++] = letterCode(name[s] - 1);
        }
      }
    }
    codes[at++] = CLOSE;
  }
  return textOf(codes, length);
}

/**
 * Canonical texts by the land's first line: the text the forward search writes taking the first
 * choice at every tie, found without branching or a mirror image. Like the written text it describes
 * the land completely (equal first lines are the same land), but far more of a land's retellings
 * share it: at 8 spots 54,801 written texts that missed their cache were 15,619 first lines for
 * 11,843 lands.
 */
const canonicalOfFirstLine = new Map<string, string>();

/** The canonical text of one land (regions in braces, boundaries joined by '.'). */
export function canonicalLand(land: SproutsPosition): string {
  return leastText(land, null);
}

/** canonicalLand, looked up by the land's first line in `firstLines` (and kept there) when given. */
function leastText(land: SproutsPosition, firstLines: Map<string, string> | null): string {
  const { regions, lives } = land;
  const count = scratch(0, lives.length);
  // where each spot is first met: its region and boundary, numbered together (+ 1; 0: not met)
  const first = scratch(1, lives.length);
  const regionOf = scratch(2, lives.length);
  const corners = scratch(3, regions.length);
  let length = 0;
  let place = 0;
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    length += region.length + 1;
    for (let c = 0; c < region.length; c++) {
      const b = region[c];
      place++;
      for (let k = 0; k < b.length; k++) {
        const s = b[k];
        if (count[s]++ === 0) {
          first[s] = place;
          regionOf[s] = r;
        } else if (first[s] !== place) first[s] = regionOf[s] === r ? -1 : -2;
        corners[r]++;
        length++;
      }
    }
  }
  // a spot met twice is a letter, blind as its kind (blindLetter); a spot met once is its lives
  const symbols = scratchSymbols(lives.length);
  let lettered = false;
  for (let s = 0; s < lives.length; s++) {
    if (count[s] >= 2) {
      lettered = true;
      symbols[s] = first[s] > 0 ? LETTER_IN_ONE_BOUNDARY : first[s] === -1 ? LETTER_IN_ONE_REGION : 0;
    } else symbols[s] = DIGIT + lives[s];
  }
  // a letter between two regions: by their sizes (a second pass, once every region's corners are counted)
  if (lettered)
    for (let r = 0; r < regions.length; r++)
      for (let c = 0; c < regions[r].length; c++) {
        const b = regions[r][c];
        for (let k = 0; k < b.length; k++) {
          const s = b[k];
          if (count[s] >= 2 && first[s] === -2 && regionOf[s] !== r)
            symbols[s] = letterBetween(corners[regionOf[s]], corners[r]);
        }
      }
  if (!lettered) return plainLand(regions, symbols);
  const work = workspace(lives.length, length);
  const cycles = cyclesOf(regions, symbols, false);
  let firstLine: string | null = null;
  if (firstLines !== null) {
    firstLine = textOf(new LeastSearch(cycles, work, length, 0).run(null));
    const known = firstLines.get(firstLine);
    if (known !== undefined) return known;
  }
  const forward = new LeastSearch(cycles, work, length, TIE_BUDGET).run(null);
  // a land that is its own mirror image has nothing more to find; else the mirror image's search
  // starts with the forward text as its best: it is cut as soon as it is above it, and its result is
  // the forward text unless it finds a text below
  const least = isOwnMirror(regions)
    ? forward
    : new LeastSearch(cyclesOf(regions, symbols, true), work, length, TIE_BUDGET).run(forward);
  const key = textOf(least);
  if (firstLines !== null && firstLine !== null) {
    if (firstLines.size >= WRITTEN_ENTRIES) firstLines.clear();
    firstLines.set(firstLine, key);
  }
  return key;
}

/**
 * True when every boundary walked backwards is the same cycle of spots (a rotation of itself): then
 * the mirror image is the land itself, spot for spot, and its least text the forward one. Every
 * boundary of one or two corners is (a fifth of the lands keyed at 8 spots have only such).
 */
function isOwnMirror(regions: readonly (readonly Boundary[])[]): boolean {
  for (let r = 0; r < regions.length; r++)
    for (let c = 0; c < regions[r].length; c++) {
      const b = regions[r][c];
      const n = b.length;
      if (n <= 2) continue;
      // some start from which the backward walk meets the same spots as the forward one
      let found = false;
      for (let start = 0; start < n && !found; start++) {
        found = true;
        for (let k = 0; k < n && found; k++) found = b[(start - k + n) % n] === b[k];
      }
      if (!found) return false;
    }
  return true;
}

/**
 * The text is built on character codes, written only once the least is known: each code is the
 * character's own, so comparing codes compares texts (a blind letter sorts below '.', the digits,
 * the letters in the order letter() names them, and the braces).
 */
/**
 * A letter while blind: a code below '.' (so below the digits, as '*' was) that tells the spot's two
 * corners apart by where they lie, which no naming, rotation, order or mirror image changes: on one
 * boundary, on two boundaries of one region, or in two regions (by their sizes in corners, capped).
 * The more kinds, the fewer ties for the search to branch on.
 */
const LETTER_IN_ONE_BOUNDARY = 1;
const LETTER_IN_ONE_REGION = 2;
const CAP = 7;
function letterBetween(a: number, b: number): number {
  const low = Math.min(a, b, CAP);
  const high = Math.min(Math.max(a, b), CAP);
  // 3 + the pair's index among pairs low <= high <= CAP: at most 3 + 27 < 42
  return 3 + ((high - 1) * high) / 2 + (low - 1);
}
function isLetter(code: number): boolean {
  return code < DOT;
}
const DOT = 46; // '.'
const DIGIT = 48; // '0'
const OPEN = 123; // '{'
const CLOSE = 125; // '}'
const LETTER_CODES = Array.from({ length: 256 }, (_, k) => letter(k).charCodeAt(0));

function letterCode(k: number): number {
  return k < LETTER_CODES.length ? LETTER_CODES[k] : letter(k).charCodeAt(0);
}

function textOf(codes: Uint16Array, length = codes.length): string {
  // without a view made per call where one can be kept: the whole array, or the scratch text's start
  if (length <= 4096) {
    if (length === codes.length) return String.fromCharCode.apply(null, codes as unknown as number[]);
    if (codes === scratchText) {
      let view = scratchViews[length];
      if (view === undefined) {
        view = codes.subarray(0, length);
        scratchViews[length] = view;
      }
      return String.fromCharCode.apply(null, view as unknown as number[]);
    }
  }
  let text = '';
  for (let i = 0; i < length; i += 4096)
    text += String.fromCharCode.apply(null, codes.subarray(i, Math.min(i + 4096, length)) as unknown as number[]);
  return text;
}

/**
 * Scratch arrays for the counts and names of one call (writtenLand, canonicalLand), reused from call
 * to call: nothing is kept past a call and nothing here is reentrant, and a typed array made per call
 * costs more than the work it holds. scratch(slot, n) is at least n long, its first n entries 0.
 */
const scratchInts: Int32Array[] = [];
let scratchText = new Uint16Array(256);

function scratch(slot: number, n: number): Int32Array {
  let a = scratchInts[slot];
  if (a === undefined || a.length < n) {
    a = new Int32Array(Math.max(64, 2 * n));
    scratchInts[slot] = a;
  } else a.fill(0, 0, n);
  return a;
}

let scratchSymbolArray = new Uint16Array(64);

/** Each spot's blind symbol: every entry below n is written by canonicalLand before it is read. */
function scratchSymbols(n: number): Uint16Array {
  if (scratchSymbolArray.length < n) scratchSymbolArray = new Uint16Array(2 * n);
  return scratchSymbolArray;
}

function scratchCodes(n: number): Uint16Array {
  if (scratchText.length < n) {
    scratchText = new Uint16Array(2 * n);
    scratchViews = [];
  }
  return scratchText;
}

/** Views of scratchText's first n codes, by n, made once each (for textOf). */
let scratchViews: Uint16Array[] = [];

/** Codes compared as texts: the first difference decides, else the shorter is less. */
function compareCodes(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** A land with no letter: each boundary its least rotation either way, sorted. */
function plainLand(regions: readonly (readonly Boundary[])[], symbols: Uint16Array): string {
  const texts: string[] = [];
  for (const region of regions) {
    const cycles: number[][] = [];
    for (const b of region) {
      const a = cycleOf(b, symbols, false).blind;
      const z = cycleOf(b, symbols, true).blind;
      cycles.push(compareCodes(a, z) <= 0 ? a : z);
    }
    sortSmall(cycles, compareCodes);
    let text = '{';
    for (let c = 0; c < cycles.length; c++) text += (c === 0 ? '' : '.') + String.fromCharCode.apply(null, cycles[c]);
    texts.push(`${text}}`);
  }
  return texts.sort(compare).join('');
}

/** Every region's boundaries as cycles, in one orientation. */
function cyclesOf(regions: readonly (readonly Boundary[])[], symbols: Uint16Array, mirror: boolean): Cycle[][] {
  const out: Cycle[][] = new Array(regions.length);
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    const cycles: Cycle[] = new Array(region.length);
    for (let b = 0; b < region.length; b++) cycles[b] = cycleOf(region[b], symbols, mirror);
    out[r] = cycles;
  }
  return out;
}

/**
 * The arrays a search writes in, shared by the two orientations' searches and reused from call to
 * call: names (every entry -1 between searches, which leave it so), the letters' spots, the text
 * and a candidate step.
 */
interface Workspace {
  readonly names: Int32Array;
  readonly order: Int32Array;
  readonly current: Uint16Array;
  readonly candidate: Uint16Array;
}
let shared: Workspace = workspaceOf(64, 256);

function workspaceOf(spots: number, length: number): Workspace {
  return {
    names: new Int32Array(spots).fill(-1),
    order: new Int32Array(spots),
    current: new Uint16Array(length),
    candidate: new Uint16Array(length),
  };
}

function workspace(spots: number, length: number): Workspace {
  if (shared.names.length < spots || shared.current.length < length)
    shared = workspaceOf(Math.max(spots, shared.names.length) * 2, Math.max(length, shared.current.length) * 2);
  return shared;
}

function cycleOf(spots: Boundary, symbols: Uint16Array, mirror: boolean): Cycle {
  const n = spots.length;
  const ordered = mirror ? [...spots].reverse() : spots;
  // the least rotations, compared symbol by symbol
  const starts: number[] = [0];
  for (let i = 1; i < n; i++) {
    let order = 0;
    const least = starts[0];
    for (let k = 0; k < n && order === 0; k++) {
      const a = symbols[ordered[(i + k) % n]];
      const b = symbols[ordered[(least + k) % n]];
      if (a !== b) order = a < b ? -1 : 1;
    }
    if (order < 0) {
      starts.length = 1;
      starts[0] = i;
    } else if (order === 0) starts.push(i);
  }
  const blind = new Array<number>(n);
  let lettered = false;
  for (let k = 0; k < n; k++) {
    const c = symbols[ordered[(starts[0] + k) % n]];
    if (isLetter(c)) lettered = true;
    blind[k] = c;
  }
  return { spots: ordered, blind, starts, lettered };
}

/**
 * The least text over the orders and starting corners that keep regions and boundaries sorted by
 * blind text: a depth-first search over the ties, each step a region's opening boundary, a further
 * boundary or a region's close, cut as soon as a step's text is above the best's at the same step.
 * Every line of the search writes steps of the same lengths in the same places (the regions and
 * boundaries tied at a step have one blind text), so the text is one array of codes, and a step is
 * compared with the best's codes at the same place.
 */
/**
 * The candidates of every step on the line being searched, as (area, cycle, start) triples, each
 * step's above its callers': one array for every search (a search runs to its end before the next).
 */
const chosenStack: number[] = [];

class LeastSearch {
  private readonly areas: Area[];
  /** Each spot's letter (its index), -1 while unnamed; `named` letters are given. */
  private readonly names: Int32Array;
  private named = 0;
  private readonly used: boolean[];
  /** The text of the line being searched (the first `length` entries). */
  private readonly current: Uint16Array;
  private readonly length: number;
  private best: Uint16Array | null = null;
  /** A candidate step's text, before it is compared with the least so far. */
  private readonly candidate: Uint16Array;
  /** The spot of each letter given. */
  private readonly order: Int32Array;
  private branches = 0;
  /** Where the current step's candidates start in chosenStack (the callers' lie below). */
  private top = 0;

  /** `budget`: branches past which the first choice is kept (0: the first line alone). */
  constructor(
    regions: Cycle[][],
    work: Workspace,
    length: number,
    private readonly budget: number,
  ) {
    const areas: Area[] = new Array(regions.length);
    for (let r = 0; r < regions.length; r++) areas[r] = areaOf(regions[r]);
    this.areas = sortSmall(areas, byBlind);
    for (let a = 1; a < this.areas.length; a++)
      this.areas[a].tie = compareCodes(this.areas[a].blind, this.areas[a - 1].blind) === 0 ? this.areas[a - 1].tie : a;
    this.used = new Array<boolean>(this.areas.length).fill(false);
    this.names = work.names;
    this.order = work.order;
    this.current = work.current;
    this.candidate = work.candidate;
    this.length = length;
  }

  /** The least text; `bound`, when given, a text to beat (returned, in the same array, when none is below it). */
  run(bound: Uint16Array | null): Uint16Array {
    this.best = bound;
    this.visit(0, null, 0, false, 0);
    return this.best!;
  }

  /**
   * Names the new letters of a cycle from a start, in order of appearance, and writes its text into
   * `candidate`; unname(before) takes the names back.
   */
  private name(cycle: Cycle, start: number): void {
    const { names, candidate, order } = this;
    const { spots, blind } = cycle;
    const n = spots.length;
    for (let k = 0, i = start; k < n; k++, i = i + 1 === n ? 0 : i + 1) {
      const c = blind[k];
      if (!isLetter(c)) {
        candidate[k] = c;
        continue;
      }
      const s = spots[i];
      let name = names[s];
      if (name < 0) {
        name = this.named++;
        names[s] = name;
        order[name] = s;
      }
      candidate[k] = letterCode(name);
    }
  }

  /** Takes back the names given since `named` was `before`. */
  private unname(before: number): void {
    while (this.named > before) this.names[this.order[--this.named]] = -1;
  }

  /**
   * `better`: the steps so far are already below the best's, so no comparison is needed; `at`: where
   * this step's text starts.
   */
  private visit(areaSlot: number, area: Area | null, cycleSlot: number, better: boolean, at: number): void {
    const { areas, current } = this;
    if (area !== null && cycleSlot === area.cycles.length) {
      current[at] = CLOSE;
      this.visit(areaSlot + 1, null, 0, better, at + 1);
      return;
    }
    if (area === null && areaSlot === areas.length) {
      // the first line's text copied by the same loop as a better line's (type feedback for it, below)
      const best = this.best ?? new Uint16Array(this.length);
      if (better || this.best === null) for (let k = 0; k < this.length; k++) best[k] = current[k];
      this.best = best;
      return;
    }
    // the candidates tied for the least text, as (area, cycle, start) triples (the area read only when
    // a region opens) from `base` on in the shared stack, above the callers' own; the least text at at + 1
    const chosen = chosenStack;
    const base = this.top;
    let count = 0;
    if (area === null) {
      const tie = areas[areaSlot].tie;
      for (let a = 0; a < areas.length; a++) {
        if (this.used[a] || areas[a].tie !== tie) continue;
        // any boundary with the least blind text may open the region
        const { cycles, ties } = areas[a];
        for (let c = 0; c < cycles.length && ties[c] === 0; c++)
          count = this.consider(a, c, cycles[c], at, base, count);
        // a region without letters is the same whichever copy is taken
        if (!areas[a].lettered) break;
      }
    } else {
      const { cycles, ties, taken } = area;
      const tie = ties[cycleSlot];
      for (let c = tie; c < cycles.length && ties[c] === tie; c++)
        if (taken[c] === 0) count = this.consider(areaSlot, c, cycles[c], at, base, count);
    }
    current[at] = area === null ? OPEN : DOT;
    const end = at + 1 + (area === null ? areas[areaSlot].cycles[0] : area.cycles[cycleSlot]).spots.length;
    let nowBetter = better;
    if (!better) {
      // with no best yet the step is compared with itself (equal: nothing changes), and every read
      // and comparison runs at each code: so the loop has type feedback before V8 optimizes visit. A
      // search's first lands run only first lines, which know no best until their end; the first full
      // search then met operations never run, and visit was deoptimized and compiled again
      const other = this.best ?? current;
      for (let k = at; k < end; k++) {
        const order = current[k] - other[k];
        if (order > 0) return;
        if (order < 0) {
          nowBetter = true;
          break;
        }
      }
    }
    let choices = count;
    // a boundary that names no new letter is the same step whichever copy or start is taken
    if (area !== null && choices > 1 && !this.namesAnew(area.cycles[chosen[base + 1]], chosen[base + 2])) choices = 1;
    if (choices > 1) {
      this.branches += choices - 1;
      if (this.branches > this.budget) choices = 1;
    }
    this.top = base + 3 * count;
    for (let i = 0; i < choices; i++) {
      const a = chosen[base + 3 * i];
      const c = chosen[base + 3 * i + 1];
      const before = this.named;
      this.name((area ?? areas[a]).cycles[c], chosen[base + 3 * i + 2]);
      if (area === null) {
        this.used[a] = true;
        areas[a].taken[c] = 1;
        this.visit(areaSlot, areas[a], 1, nowBetter, end);
        areas[a].taken[c] = 0;
        this.used[a] = false;
      } else {
        area.taken[c] = 1;
        this.visit(areaSlot, area, cycleSlot + 1, nowBetter, end);
        area.taken[c] = 0;
      }
      this.unname(before);
      // a later branch must beat the best the first one found
      nowBetter = false;
    }
    this.top = base;
  }

  /**
   * Each start of a cycle as a candidate step: kept in the stack (the triples from `base`, `count` of
   * them so far) when its text ties the least, which is written at at + 1. Returns the count of triples kept.
   */
  private consider(a: number, c: number, cycle: Cycle, at: number, base: number, count: number): number {
    const { current, candidate } = this;
    const chosen = chosenStack;
    const n = cycle.spots.length;
    const before = this.named;
    const { starts } = cycle;
    for (let t = 0; t < starts.length; t++) {
      const start = starts[t];
      this.name(cycle, start);
      this.unname(before);
      let order = -1;
      if (count > 0) {
        order = 0;
        for (let k = 0; k < n; k++)
          if (candidate[k] !== current[at + 1 + k]) {
            order = candidate[k] - current[at + 1 + k];
            break;
          }
      }
      if (order < 0) {
        for (let k = 0; k < n; k++) current[at + 1 + k] = candidate[k];
        count = 0;
      }
      if (order <= 0) {
        chosen[base + 3 * count] = a;
        chosen[base + 3 * count + 1] = c;
        chosen[base + 3 * count + 2] = start;
        count++;
      }
    }
    return count;
  }

  /** True when the cycle from this start meets a spot not named yet. */
  private namesAnew(cycle: Cycle, start: number): boolean {
    const { spots, blind } = cycle;
    const n = spots.length;
    for (let k = 0; k < n; k++) if (isLetter(blind[k]) && this.names[spots[(start + k) % n]] < 0) return true;
    return false;
  }
}

/** A region's cycles sorted by blind text, with its blind text and tie classes. */
function areaOf(cycles: Cycle[]): Area {
  const sorted = sortSmall(cycles, byBlind);
  const blind: number[] = [];
  let lettered = false;
  const ties = new Array<number>(sorted.length);
  const taken = new Array<number>(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0) blind.push(DOT);
    const text = sorted[i].blind;
    for (let k = 0; k < text.length; k++) blind.push(text[k]);
    if (sorted[i].lettered) lettered = true;
    ties[i] = i > 0 && compareCodes(sorted[i].blind, sorted[i - 1].blind) === 0 ? ties[i - 1] : i;
    taken[i] = 0;
  }
  return { cycles: sorted, blind, lettered, ties, taken, tie: 0 };
}

/**
 * A stable insertion sort in place: the arrays sorted here hold a few regions or boundaries, and the
 * built-in sort makes a working copy of every array it sorts (a fifth of what a search allocated).
 */
function sortSmall<T>(a: T[], order: (x: T, y: T) => number): T[] {
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= 0 && order(a[j], x) > 0) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
  return a;
}

function byBlind(a: { blind: number[] }, b: { blind: number[] }): number {
  return compareCodes(a.blind, b.blind);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
