/**
 * The grid core: nimbers of positions on a grid of cells (Cram, Node Kayles on grid graphs, ...) by
 * Lemoine & Viennot's nimber search with Beling's improvement (LVB), over row-mask bitboards.
 *
 * A nimber is found one value at a time (LVB): "is g(C) = k?" for k = 0, 1, ... for one canonical
 * component C (C + *k a P-position?):
 *  - g(C) = k exactly when, for each j < k, some option has value j, and no option has value k;
 *  - Beling: an option found to have value j is dropped from the search for j+1, j+2, ... (it cannot
 *    have those values), and options whose value the table already knows are settled before any
 *    search (enhanced transposition cutoff), their values skipped;
 *  - below that first question, Beling & Rogalski ("On pruning search trees of impartial games",
 *    Artificial Intelligence 283, 2020): a question is "is g(C) in this set?" (nimberIn), each
 *    option asked once, about only the values that could still change the answer, and "no" is an
 *    answer that cuts the search short (mex pruning, the impartial games' alpha-beta);
 *  - an option is a sum of components: all but its largest are valued (smallest first), their
 *    nim-sum folded into the question (a set of values is nim-added by a bit permutation), and the
 *    question asked of the largest alone; what was valued stays folded;
 *  - options are tried fewest moves first (difficulty): small searches often decide.
 * Every exact value found goes to the table (table.ts), keyed by the exact canonical shape (shape.ts).
 * A shape that a theorem of the rules settles (e.g. a centrally symmetric Cram shape where mirroring
 * is always possible: value 0) is not searched.
 *
 * Cost: exponential in the cells, like every exact method; what LVB saves is the full valuation of
 * options whose value is never needed (only refuted). Recursion depth is at most the moves of a line
 * of play times the nesting of questions, a few hundred at most for the boards the core takes.
 */
import { SearchStopped, type SearchOptions, type SearchStats } from '../search/solver.ts';
import type { EndgameDb } from './endgame.ts';
import { below, largest, least, upToLargest, xorEach } from './nimber-set.ts';
import { type Shape, blankShape, canonicalInto, unpackKey } from './shape.ts';
import { REGION_CELLS, REGION_HEIGHT, REGION_ROWS, REGION_START, REGION_WIDTH, shapesOf, splitRows } from './split.ts';
import { type GridTable, LOWER_BOUND, NimberTable } from './table.ts';
import type { WasmGridGame } from './wasm.ts';

/** What the core asks of a game played on cells of a grid. */
export interface GridRules {
  /** The game's name in the names of its endgame databases. */
  readonly name: string;
  /** Fewest cells of a region that has a move (smaller regions are dropped: they add nothing). */
  readonly minCells: number;
  /** Number of moves of a shape (counted without listing them). */
  moveCount(rows: readonly number[], h: number, w: number): number;
  /**
   * Calls `visit` with each option of a shape, as rows of the same h x w grid in one scratch array
   * that `visit` reads and leaves as it found it (the rules may change only what differs between options).
   */
  forEachOption(rows: readonly number[], h: number, w: number, visit: (option: number[]) => void): void;
  /** 0 when a theorem proves the shape a P-position, 1 when it proves it an N-position (value ≥ 1), -1 otherwise. */
  theorem?(shape: Shape): number;
  /** The game as the WebAssembly core names it, when that core plays these rules (wasm.ts); absent: the TypeScript core alone. */
  readonly wasm?: WasmGridGame;
}

/** Table size by default: 2^22 entries (80 MiB). */
export const DEFAULT_GRID_TABLE_BITS = 22;

export interface GridSearchOptions extends Omit<SearchOptions, 'prune' | 'decompose' | 'tableEntries' | 'endgame'> {
  /** The table holds 2^tableBits entries (20 bytes each). */
  readonly tableBits?: number;
  /**
   * 'br' (the default): Beling–Rogalski questions "is the value in this set?" below every question;
   * 'lvb': one value per question, as before them (kept to measure what the pruning saves).
   */
  readonly method?: 'br' | 'lvb';
  /** Nimbers of every component up to its size, looked up instead of searched. */
  readonly database?: EndgameDb;
  /** The table to keep facts in (e.g. one shared by threads, shared-table.ts); default: a table of its own of 2^tableBits entries. */
  readonly table?: GridTable;
  /** Called every CHECK_EVERY positions; it may throw to stop the search (threads.ts: another thread answered first). */
  readonly poll?: () => void;
  /**
   * This thread's seat among `of` threads searching one position: at shapes of at least `fromCells`
   * cells, the options (in move order) are tried from the seat's share on, wrapping around, so
   * threads start on different subtrees near the root (threads.ts). Absent: the move order alone.
   */
  readonly spread?: { readonly seat: number; readonly of: number; readonly fromCells: number };
}

/** An answer of `nimberIn`: the value is not in the set asked about. */
const NOT_IN_SET = -1;

/**
 * Questions "is g = k?" go to Beling–Rogalski set questions for k up to this, to LVB above: a set
 * question about a large k asks every option about up to k values, nearly a full valuation, and
 * on Node Kayles 3 x 21 (value 5) k ≥ 4 searched 2.4 times the positions of LVB, while k ≤ 3 keeps
 * Cram's gains (docs/benchmarks.md).
 */
const MAX_SET_QUESTION = 3;

/** One option under search: its components not yet valued (largest first) and the nim-sum of those valued. */
interface Option {
  parts: Shape[];
  folded: number;
  /** How hard its largest component looks (GridSolver.difficulty): the move order. */
  size: number;
}

const CHECK_EVERY = 1024;

const PROGRESS_EVERY = 65_536;

/** The key of the component being looked up (expandAll reads each before it searches anything). */
const KEY = blankShape();
/** A region's rows moved to the front of a scratch array (canonicalInto reads rows from 0). */
const REGION_COPY = new Int32Array(REGION_ROWS.length);

export class GridSolver {
  readonly table: GridTable;
  private readonly started = Date.now();
  private readonly deadline: number;
  private nodes = 0;

  constructor(
    private readonly rules: GridRules,
    private readonly options: GridSearchOptions = {},
  ) {
    this.table = options.table ?? new NimberTable(options.tableBits ?? DEFAULT_GRID_TABLE_BITS);
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.started + options.timeLimitMs;
  }

  get stats(): SearchStats {
    return {
      nodes: this.nodes,
      tableEntries: this.table.size,
      evicted: this.table.evicted,
      elapsedMs: Date.now() - this.started,
    };
  }

  /** The canonical components of a position (row masks of any grid up to the core's limits). */
  shapes(rows: readonly number[]): Shape[] {
    // empty rows above and below are dropped first: a tall strip of mostly filled rows still fits
    let top = 0;
    let bottom = rows.length;
    while (top < bottom && rows[top] === 0) top++;
    while (bottom > top && rows[bottom - 1] === 0) bottom--;
    return shapesOf(rows.slice(top, bottom), this.rules.minCells);
  }

  /** The Grundy value of a position: the nim-sum of its components' nimbers. */
  grundy(rows: readonly number[]): number {
    let value = 0;
    for (const s of this.shapes(rows)) value ^= this.nimber(s);
    return value;
  }

  /** True when the position's value is k (cheaper than grundy when the answer is no). */
  hasValue(rows: readonly number[], k: number): boolean {
    const parts = this.shapes(rows).sort((a, b) => b.cells - a.cells);
    return this.optionHas({ parts, folded: 0, size: 0 }, k);
  }

  /** The table's answer for a shape (table.ts: nimber, LOWER_BOUND + bound, or UNKNOWN), the endgame database's first. */
  private lookup(s: Shape): number {
    const v = this.options.database?.get(s) ?? -1;
    return v >= 0 ? v : this.table.lookup(s);
  }

  /** The nimber of a shape when the endgame database or the table holds it, else -1. */
  private known(s: Shape): number {
    const v = this.options.database?.get(s) ?? -1;
    return v >= 0 ? v : this.table.get(s);
  }

  private get br(): boolean {
    return this.options.method !== 'lvb';
  }

  private tick(): void {
    this.nodes++;
    if (this.nodes % CHECK_EVERY !== 0) return;
    this.options.poll?.();
    if (this.options.signal?.aborted) throw new SearchStopped('cancelled', this.stats);
    if (Date.now() > this.deadline) throw new SearchStopped('time-limit', this.stats, this.options.timeLimitMs);
    if (this.options.onProgress && this.nodes % PROGRESS_EVERY === 0) this.options.onProgress(this.stats);
  }

  /**
   * How hard a component looks, for the move order: fewest moves first, then fewest cells. Trying
   * options whose search is small first settles most questions early (an option of the value
   * sought ends the question); by moves rather than by cells halves the positions searched on
   * Cram 4 x 7 and 5 x 5 (docs/benchmarks.md).
   */
  private difficulty(s: Shape): number {
    // cells stay below the factor (a strip of MAX_GRID_ROWS rows of 30), so moves decide first
    return this.rules.moveCount(s.rows, s.h, s.w) * 4096 + s.cells;
  }

  /** The theorem's verdict on a shape not in the table (a proved 0 goes to the table). */
  private theorem(s: Shape): number {
    const verdict = this.rules.theorem?.(s) ?? -1;
    if (verdict === 0) this.table.set(s, 0);
    return verdict;
  }

  /**
   * The options of a shape, split into components; those the table values wholly are not returned
   * but marked in `skip` (bit v: some option has value v), so no search asks about them.
   * `hit` is the value sought: when a known option has it, expansion stops and returns null.
   */
  private expand(s: Shape, hit: number): { options: Option[]; skip: boolean[] } | null {
    const skip: boolean[] = [];
    const options = this.expandAll(s, (value) => {
      skip[value] = true;
      return value === hit;
    });
    return options && { options, skip };
  }

  /** Is the option's value k? Values all its components but the largest, then asks about that one. */
  private optionHas(o: Option, k: number): boolean {
    while (o.parts.length > 1) o.folded ^= this.nimber(o.parts.pop()!);
    if (o.parts.length === 0) return o.folded === k;
    return this.hasNimber(o.parts[0], k ^ o.folded);
  }

  /** The index of an option of value k, or -1. */
  private findOption(options: Option[], k: number): number {
    for (let i = 0; i < options.length; i++) if (this.optionHas(options[i], k)) return i;
    return -1;
  }

  /** The nimber of one component. */
  nimber(s: Shape): number {
    const known = this.lookup(s);
    if (known >= 0 && known < LOWER_BOUND) return known;
    const verdict = this.theorem(s);
    if (verdict === 0) return 0;
    const { options, skip } = this.expand(s, -1)!;
    const count = this.rules.moveCount(s.rows, s.h, s.w);
    for (let k = Math.max(verdict, known - LOWER_BOUND, 0); k < count; k++) {
      if (skip[k]) continue;
      const i = this.findOption(options, k);
      if (i < 0) {
        this.table.set(s, k);
        return k;
      }
      options.splice(i, 1);
    }
    this.table.set(s, count);
    return count;
  }

  /** Is the nimber of one component k? A "no" because some option has value k is kept as g > k. */
  hasNimber(s: Shape, k: number): boolean {
    if (this.br && k <= MAX_SET_QUESTION) return this.nimberIn(s, 1 << k) === k;
    const count = this.rules.moveCount(s.rows, s.h, s.w);
    if (count < k) return false;
    const known = this.lookup(s);
    if (known >= LOWER_BOUND) {
      if (k < known - LOWER_BOUND || (k < 32 && (this.table.notValues(s) & (1 << k)) !== 0)) return false;
    } else if (known >= 0) return known === k;
    const verdict = this.theorem(s);
    if (verdict === 0) return k === 0;
    if (verdict === 1 && k === 0) return false;
    const expanded = this.expand(s, k);
    if (expanded === null) {
      this.table.setNotValue(s, k);
      return false;
    }
    const { options, skip } = expanded;
    for (let j = Math.max(verdict, known - LOWER_BOUND, 0); j < k; j++) {
      if (skip[j]) continue;
      const i = this.findOption(options, j);
      if (i < 0) {
        this.table.set(s, j);
        return false;
      }
      options.splice(i, 1);
    }
    if (count > k && this.findOption(options, k) >= 0) {
      this.table.setBound(s, k + 1);
      return false;
    }
    this.table.set(s, k);
    return true;
  }

  /**
   * Every option of a shape, split into components; those the table values wholly are not returned
   * but passed to `known` with their value (enhanced transposition cutoff), which answers true to
   * stop the expansion (the question is settled), and then null is returned.
   */
  private expandAll(s: Shape, known: (value: number) => boolean): Option[] | null {
    this.tick();
    const options: Option[] = [];
    let settled = false;
    const key = KEY;
    const minCells = this.rules.minCells;
    this.rules.forEachOption(s.rows, s.h, s.w, (rows) => {
      if (settled) return;
      const regions = splitRows(rows, s.h, minCells);
      let folded = 0;
      let open: Shape[] | null = null;
      for (let i = 0; i < regions; i++) {
        const start = REGION_START[i];
        const h = REGION_HEIGHT[i];
        let region = REGION_ROWS;
        if (start !== 0) {
          region = REGION_COPY;
          for (let r = 0; r < h; r++) region[r] = REGION_ROWS[start + r];
        }
        // the key alone for the lookup: rows are unpacked only for a component that is searched
        canonicalInto(region, h, REGION_WIDTH[i], REGION_CELLS[i], key, false);
        const v = this.known(key);
        if (v >= 0) folded ^= v;
        else {
          const p = blankShape();
          // a long key keeps its rows (it cannot be unpacked), fresh for each component
          p.rows = key.longKey === '' ? unpackKey(key.k0, key.k1, key.k2, key.h, key.w) : key.rows;
          p.h = key.h;
          p.w = key.w;
          p.cells = key.cells;
          p.k0 = key.k0;
          p.k1 = key.k1;
          p.k2 = key.k2;
          p.dims = key.dims;
          p.longKey = key.longKey;
          if (open === null) open = [p];
          else open.push(p);
        }
      }
      if (open === null) {
        settled = known(folded);
        return;
      }
      if (open.length > 1) open.sort((a, b) => b.cells - a.cells);
      options.push({ parts: open, folded, size: this.difficulty(open[0]) });
    });
    if (settled) return null;
    options.sort((a, b) => a.size - b.size);
    const spread = this.options.spread;
    if (spread && spread.seat > 0 && s.cells >= spread.fromCells && options.length > 1) {
      const from = Math.floor((spread.seat * options.length) / spread.of);
      if (from > 0) return options.slice(from).concat(options.slice(0, from));
    }
    return options;
  }

  /**
   * The nimber of a shape when it is in `set`, else NOT_IN_SET: a set question when every value of
   * the set is at most MAX_SET_QUESTION, else one question per value (a sum's other components can
   * shift a small set to large values).
   */
  private valueIn(s: Shape, set: number): number {
    if (largest(set) <= MAX_SET_QUESTION) return this.nimberIn(s, set);
    for (let rest = set; rest !== 0; rest &= rest - 1) {
      const v = least(rest);
      if (this.hasNimber(s, v)) return v;
    }
    return NOT_IN_SET;
  }

  /**
   * Keeps "g is none of `set`" for a shape, and as a lower bound the values from 0 up that are now
   * all refuted: the full valuation (nimberByValues) starts from the bound, so a refuted 0 is not
   * searched again there.
   */
  private refute(s: Shape, set: number): void {
    this.table.setNotValues(s, set);
    const refuted = this.table.notValues(s);
    const bound = refuted === -1 ? 32 : least(~refuted);
    const known = this.table.lookup(s);
    if (bound > 0 && known >= LOWER_BOUND && bound > known - LOWER_BOUND) this.table.setBound(s, bound);
  }

  /**
   * Beling–Rogalski: the nimber of a shape when it is in `want` (a set of values up to 31), else
   * NOT_IN_SET; a value outside `want` may still be returned when it is found.
   *
   * `low` and `big` hold the values the shape may still have: bits 0..31, and `big` values above
   * 31 (which ones never matters: no question reaches them). They start as {0, ..., m} for m moves;
   * each option takes one value out: its own when it is still there, else the largest. So one
   * value is left at the end, and it is the nimber when it is at most the largest wanted value
   * (the mex is never the one taken out: the values below it are all some option's). Each option
   * is asked only about the values it could still take out that matter: those left, less the
   * largest (taking out the largest is what "not in the set" does anyway), up to the largest
   * wanted. A "no" is kept in the table (g is none of `want`), so a later question skips it.
   */
  nimberIn(s: Shape, want: number): number {
    const known = this.lookup(s);
    if (known >= 0 && known < LOWER_BOUND) return known;
    if (known >= LOWER_BOUND) {
      const bound = known - LOWER_BOUND;
      want &= ~this.table.notValues(s) & ~below(bound);
      if (want === 0) return NOT_IN_SET;
    }
    const verdict = this.theorem(s);
    if (verdict === 0) return 0;
    if (verdict === 1) {
      want &= ~1;
      if (want === 0) return NOT_IN_SET;
    }
    const count = this.rules.moveCount(s.rows, s.h, s.w);
    let low = below(count + 1);
    let big = Math.max(0, count + 1 - 32);
    const takeOut = (v: number) => {
      if (v < 32 && (low & (1 << v)) !== 0) low &= ~(1 << v);
      else if (big > 0) big--;
      else low &= ~(1 << largest(low));
    };
    const options = this.expandAll(s, (v) => {
      takeOut(v);
      return (low & want) === 0;
    });
    if (options === null) {
      this.refute(s, want);
      return NOT_IN_SET;
    }
    const upTo = upToLargest(want);
    let exact = true;
    for (const o of options) {
      if ((low & want) === 0) {
        this.refute(s, want);
        return NOT_IN_SET;
      }
      const ask = (big > 0 ? low : low & ~(1 << largest(low))) & upTo;
      let v = NOT_IN_SET;
      if (ask !== 0) {
        while (o.parts.length > 1) o.folded ^= this.nimber(o.parts.pop()!);
        if (o.folded >= 32) v = this.nimber(o.parts[0]) ^ o.folded;
        else {
          const g = this.valueIn(o.parts[0], xorEach(ask, o.folded));
          if (g !== NOT_IN_SET) v = g ^ o.folded;
        }
      }
      if (v === NOT_IN_SET) {
        exact = false;
        if (big > 0) big--;
        else low &= ~(1 << largest(low));
      } else takeOut(v);
    }
    if (big === 0 && low !== 0 && (exact || (low & upTo) !== 0)) {
      const g = least(low);
      this.table.set(s, g);
      return g;
    }
    // left: a value above 31 (exact, but not which), or one above every wanted value
    this.refute(s, want);
    return NOT_IN_SET;
  }
}
