/**
 * Quarto's solver: negamax with alpha-beta over scores that rank a win sooner above a win later, a
 * draw, and a loss later above a loss sooner; a transposition table in preallocated typed arrays keyed
 * by the canonical form under the full symmetry group (symmetry.ts), used where enough cells are empty
 * for a probe to pay.
 *
 * Score: a game that ends with N pieces placed is worth 32 - N to the player who completed the line
 * (-(32 - N) to the other), a draw 0. Scores are absolute in time (N, not the distance from the node),
 * so a table entry holds for every path to its position (all have the same number of pieces placed).
 *
 * A node (the player to move holds `hand`): the board is kept as eight cell masks, one per polarity
 * (an attribute's value), and two tables over all 2^16 masks answer, per polarity, where a piece of
 * it would complete a line and which lines are still open to it. If the piece in hand completes a
 * line somewhere the node is won at once. If no line can be completed any more (every line holds
 * pieces with no common attribute, or too few pieces with it are left) the node is a draw. Otherwise
 * each placement is followed by the gives that do not let the opponent win at once; a placement after
 * which every piece lets the opponent win is a loss at the next placement; with two cells empty a
 * placement with a safe give is a draw (the last piece cannot complete a line) and is not searched;
 * with three cells empty each placement and safe give is decided on the spot (the opponent's two
 * placements, and whether the last piece then completes a line).
 * The table's entries are 16 bytes, two a bucket (one cache line). Complexity: exponential in the
 * empty cells; the pruning and the move order are what make 4 to 6 pieces placed tractable. The
 * line-by-line core this replaced is solver-reference.ts, which the tests hold it to.
 *
 * Where WebAssembly exists the nodes run in kernel.as.ts, a line-for-line port of the node below
 * (the same tree: node counts, probes and hits match exactly, which solver-kernel.test.ts checks);
 * the TypeScript node stays as the reference and runs where there is no WebAssembly or on request
 * (`core: 'typescript'`). The kernel has its own table and history in its memory.
 */
import { getRefinement, occupancyTable, type OccupancyTable } from './symmetry.ts';
import { NONE, quartoLines, type QuartoVariant } from './rules.ts';
import { wasmAvailable, wasmBytes, wasmPages } from '../../kernels/wasm.ts';
import { QUARTO_WASM } from './kernel.generated.ts';

/** Score of a game ended by a line at N pieces placed, to the player who made it. */
export function winScore(placedAtEnd: number): number {
  return 32 - placedAtEnd;
}

export const INFINITE = 64;

/** Thrown inside the search when its deadline passes or its signal aborts; caught by the entry. */
export class SearchStopped extends Error {
  override readonly name = 'SearchStopped';
}

export interface SearchOptions {
  /** log2 of the table's entries (default 20; 16 bytes an entry). */
  readonly tableBits?: number;
  /**
   * Probe and store the table only where at least this many cells are empty (default 8: below it a
   * probe, a canonical form and a likely cache miss, costs more than the 1-5 % of nodes it saves;
   * measured in docs/benchmarks.md).
   */
  readonly tableMinEmpty?: number;
  /** Stop (throw SearchStopped) when Date.now() passes this. */
  readonly deadline?: number;
  readonly signal?: AbortSignal;
  /**
   * Which core runs the nodes: 'wasm' (kernel.as.ts, the default where WebAssembly exists) or
   * 'typescript' (the node below, the reference the kernel is tested against). Same tree, same
   * values, same counters.
   */
  readonly core?: QuartoCore;
}

export type QuartoCore = 'wasm' | 'typescript';

/** The WebAssembly kernel's exports (kernel.as.ts; offsets are byte offsets into its memory). */
interface QuartoKernel {
  offset(kind: number): number;
  init(bits: number, minEmpty: number): void;
  clear(): void;
  nodes(): number;
  probes(): number;
  hits(): number;
  setBoard(): number;
  search(hand: number, avail: number, placed: number, alpha: number, beta: number): number;
}

let kernelModule: WebAssembly.Module | undefined;

/**
 * A polarity is an attribute's value: j < 4 for bit j set, j >= 4 for bit j - 4 clear (j ^ 4 the
 * opposite). Four pieces share an attribute when they share a polarity. The board is kept as eight
 * cell masks, one per polarity (each placed piece is in four), so that a line's state is a table
 * read on a mask.
 */
const WITH_POLARITY = Uint16Array.from({ length: 8 }, (_, j) => {
  let m = 0;
  for (let p = 0; p < 16; p++) if (((p >> (j & 3)) & 1) === (j < 4 ? 1 : 0)) m |= 1 << p;
  return m;
});

/** Per piece: its four polarities, as a mask of j. */
const POLARITIES = Uint8Array.from({ length: 16 }, (_, p) => {
  let m = 0;
  for (let b = 0; b < 4; b++) m |= 1 << ((p >> b) & 1 ? b : b + 4);
  return m;
});

interface LineTables {
  /** complete[M]: the cells c where some line L has L minus M = {c} (a piece there completes it). */
  readonly complete: Uint16Array;
  /** avoid[M]: the lines (bit l for line l) with no cell in M. */
  readonly avoid: Uint32Array;
}

const lineTableCache = new Map<QuartoVariant, LineTables>();

/** The per-variant tables over all 2^16 cell masks (192 KiB each variant). */
function lineTables(variant: QuartoVariant): LineTables {
  let t = lineTableCache.get(variant);
  if (t) return t;
  const lines = quartoLines(variant);
  const complete = new Uint16Array(65536);
  const avoid = new Uint32Array(65536);
  for (let m = 0; m < 65536; m++) {
    let c = 0;
    let a = 0;
    lines.forEach((line, l) => {
      const rest = line & ~m;
      if (rest !== 0 && (rest & (rest - 1)) === 0) c |= rest;
      if ((line & m) === 0) a |= 1 << l;
    });
    complete[m] = c;
    avoid[m] = a >>> 0;
  }
  t = { complete, avoid };
  lineTableCache.set(variant, t);
  return t;
}

function popcount16(x: number): number {
  x -= (x >> 1) & 0x5555;
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0f0f;
  return (x + (x >> 8)) & 0x1f;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** The table entry's word 0 without the best move: the key's occupancy part and the generation. */
const KEY_BITS = ~(255 << 17);

/** A cutoff's weight in the history by empty cells: 4^empty. */
const HISTORY_WEIGHT = Float64Array.from({ length: 17 }, (_, e) => 4 ** e);

/**
 * Move order: placements after which the fewest gives are safe come first, then those that kill the
 * fewest lines (leave them without a common attribute), then by history (capped below the unit).
 * Measured from 5 pieces placed: about 10 times fewer nodes than history alone; either key alone
 * about half as good (docs/quarto.md).
 */
const RANK_UNIT = 2 ** 40;
const HISTORY_CAP = 2 ** 39;

/**
 * One search state: the board, the table and the counters. Not safe across threads; one per worker.
 * The board is set with setBoard and searched with search(); the table persists between searches
 * of the same variant.
 */
export class QuartoSearch {
  readonly variant: QuartoVariant;
  nodes = 0;
  tableProbes = 0;
  tableHits = 0;
  private readonly board = new Int8Array(16).fill(NONE);
  private occ = 0;
  /** Per polarity j (bit j set for j < 4, bit j - 4 clear for j >= 4): the cells holding such pieces. */
  private readonly pm = new Int32Array(8);
  private readonly lineMasks: readonly number[];
  private readonly complete: Uint16Array;
  private readonly avoid: Uint32Array;
  /** Per depth (pieces placed) and polarity: the empty cells where a piece of it completes a line. */
  private readonly threatCells = new Int32Array(17 * 8);
  private readonly occTable: OccupancyTable;
  private readonly refineNext: Uint8Array;
  private readonly refineImage: Uint8Array;
  private readonly tableMask: number;
  /**
   * The table: 4 words an entry, two entries a bucket (32 bytes, one cache line): word 0 the key's
   * occupancy part (17 bits), the best move in canonical coordinates (16 * cell + give, 255 for
   * none; 8 bits) and the generation (7 bits: clear() starts a new one instead of zeroing the table); words 1 and 2 the key's pieces; word 3 the lower and upper bounds (+64, 8 bits
   * each) and the log2 of the subtree's nodes above them (the replacement's measure).
   */
  private readonly table: Int32Array;
  private generation = 1;
  /** Per refinement state: a piece's image under a bit permutation respecting it, and back. */
  private readonly pieceForward: Uint8Array;
  private readonly pieceBackward: Uint8Array;
  private readonly moveList = new Uint8Array(17 * 256);
  private readonly moveKey = new Float64Array(17 * 256);
  private readonly history = new Float64Array(256);
  private keyMap = 0;
  private keyState = 0;
  private readonly tableMinEmpty: number;
  private deadline = Number.POSITIVE_INFINITY;
  private signal: AbortSignal | undefined;
  private checkIn = 0;
  private keyA = 0;
  private keyB = 0;
  private keyC = 0;

  constructor(variant: QuartoVariant, options: SearchOptions = {}) {
    this.variant = variant;
    const masks = lineTables(variant);
    this.lineMasks = quartoLines(variant);
    this.complete = masks.complete;
    this.avoid = masks.avoid;
    this.occTable = occupancyTable(variant);
    const r = getRefinement();
    this.refineNext = r.next;
    this.refineImage = r.image;
    const bits = options.tableBits ?? 20;
    if (!Number.isInteger(bits) || bits < 1 || bits > 27)
      throw new RangeError(`QuartoSearch: tableBits must be an integer from 1 to 27, got ${bits}`);
    const size = 2 ** bits;
    this.tableMask = size - 2; // buckets of two entries at even indices
    const core = options.core ?? (wasmAvailable() ? 'wasm' : 'typescript');
    // the TypeScript core's table; the kernel keeps its own in its memory
    this.table = new Int32Array(core === 'typescript' ? 4 * size : 0);
    const states = r.perm.length / 4;
    this.pieceForward = new Uint8Array(16 * states);
    this.pieceBackward = new Uint8Array(16 * states);
    for (let st = 0; st < states; st++)
      for (let v = 0; v < 16; v++) {
        let w = 0;
        for (let b = 0; b < 4; b++) if (v & (1 << b)) w |= 1 << r.perm[4 * st + b];
        this.pieceForward[16 * st + v] = w;
        this.pieceBackward[16 * st + w] = v;
      }
    this.tableMinEmpty = options.tableMinEmpty ?? 8;
    if (core === 'wasm') this.kernel = this.startKernel(bits, r);
  }

  /** The WebAssembly core (null: the TypeScript one runs). */
  private readonly kernel: QuartoKernel | null = null;
  /** The kernel's board (16 bytes, -1 empty) in its memory. */
  private kernelBoard: Int8Array | null = null;

  /** Which core runs the nodes. */
  get core(): QuartoCore {
    return this.kernel ? 'wasm' : 'typescript';
  }

  /** An instance of the kernel with its own memory: the lookup tables written once, a table of 2^bits entries. */
  private startKernel(bits: number, r: ReturnType<typeof getRefinement>): QuartoKernel {
    kernelModule ??= new WebAssembly.Module(wasmBytes(QUARTO_WASM));
    const memory = new WebAssembly.Memory({ initial: 1 });
    const poll = () => this.stopCheck();
    const k = new WebAssembly.Instance(kernelModule, {
      env: {
        memory,
        poll,
        abort: () => {
          throw new Error('quarto kernel: abort');
        },
      },
    }).exports as unknown as QuartoKernel;
    const tableAt = k.offset(12);
    const bytes = tableAt + 16 * 2 ** bits;
    memory.grow(wasmPages(bytes, 'quarto') - 1);
    const buffer = memory.buffer;
    new Uint16Array(buffer, k.offset(0), 65536).set(this.complete);
    new Uint32Array(buffer, k.offset(1), 65536).set(this.avoid);
    new Uint16Array(buffer, k.offset(2), 65536).set(this.occTable.least);
    new Uint32Array(buffer, k.offset(3), 65536).set(this.occTable.reaching);
    new Int8Array(buffer, k.offset(4), this.occTable.inverse.length).set(this.occTable.inverse);
    new Int8Array(buffer, k.offset(5), this.occTable.forward.length).set(this.occTable.forward);
    new Uint32Array(buffer, k.offset(6), this.lineMasks.length).set(this.lineMasks);
    new Uint8Array(buffer, k.offset(7), r.next.length).set(r.next);
    new Uint8Array(buffer, k.offset(8), r.image.length).set(r.image);
    new Uint8Array(buffer, k.offset(9), this.pieceForward.length).set(this.pieceForward);
    new Uint8Array(buffer, k.offset(10), this.pieceBackward.length).set(this.pieceBackward);
    this.kernelBoard = new Int8Array(buffer, k.offset(11), 16);
    k.init(bits, this.tableMinEmpty);
    return k;
  }

  /** Table bytes (for reports). */
  get tableBytes(): number {
    return this.kernel ? 16 * (this.tableMask + 2) : this.table.length * 4;
  }

  setLimits(deadline: number | undefined, signal: AbortSignal | undefined): void {
    this.deadline = deadline ?? Number.POSITIVE_INFINITY;
    this.signal = signal;
  }

  /** Sets the board (16 cells, NONE empty). */
  setBoard(cells: readonly number[]): void {
    this.occ = 0;
    this.pm.fill(0);
    for (let c = 0; c < 16; c++) {
      this.board[c] = cells[c];
      if (cells[c] !== NONE) {
        this.occ |= 1 << c;
        for (let b = 0; b < 4; b++) this.pm[(cells[c] >> b) & 1 ? b : b + 4] |= 1 << c;
      }
    }
    if (this.kernel) {
      this.kernelBoard!.set(this.board);
      this.kernel.setBoard();
    }
  }

  /** The nodes counted since the last clear(), also in the middle of a search (the kernel keeps its own count until it returns). */
  nodesNow(): number {
    return this.kernel ? this.kernel.nodes() : this.nodes;
  }

  /**
   * The score of the position on the board with `hand` to place and `avail` (mask) left to give,
   * within (alpha, beta): exact inside, a bound outside (fail-soft).
   */
  search(hand: number, avail: number, alpha: number, beta: number): number {
    let placed = 0;
    for (let c = 0; c < 16; c++) if (this.board[c] !== NONE) placed++;
    const k = this.kernel;
    if (!k) return this.node(hand, avail, placed, alpha, beta);
    try {
      return k.search(hand, avail, placed, alpha, beta);
    } finally {
      // the kernel's counters since the last clear(), also when its poll threw
      this.nodes = k.nodes();
      this.tableProbes = k.probes();
      this.tableHits = k.hits();
      // a stopped search leaves pieces on the kernel's board: set it again from this one
      this.kernelBoard!.set(this.board);
      k.setBoard();
    }
  }

  private stopCheck(): void {
    if (Date.now() > this.deadline || this.signal?.aborted) throw new SearchStopped('search stopped');
  }

  private node(hand: number, avail: number, placed: number, alpha: number, beta: number): number {
    this.nodes++;
    if (++this.checkIn >= 65536) {
      this.checkIn = 0;
      this.stopCheck();
    }
    const board = this.board;
    const pm = this.pm;
    const complete = this.complete;
    const avoid = this.avoid;
    const occ = this.occ;
    const free = ~occ & 0xffff;
    const handPol = POLARITIES[hand];
    const pool = avail | (1 << hand);
    // per polarity: the empty cells where a piece of it completes a line; one in hand wins at once
    const tbase = placed * 8;
    const thr = this.threatCells;
    for (let j = 0; j < 8; j++) {
      const t = complete[pm[j]] & free;
      thr[tbase + j] = t;
      if (t !== 0 && (handPol >> j) & 1) return winScore(placed + 1);
    }
    if (placed === 15) return 0; // the last placement, and it does not win
    // live while a line holding only pieces of one polarity has enough pieces of it left to fill it
    let live = false;
    for (let j = 0; j < 8 && !live; j++) {
      let lines = avoid[pm[j ^ 4]];
      if (lines === 0) continue;
      const left = popcount16(pool & WITH_POLARITY[j]);
      if (left >= 4) live = true;
      else
        for (; lines !== 0; lines &= lines - 1) {
          const empty = popcount16(this.lineMasks[31 - Math.clz32(lines & -lines)] & free);
          if (empty > 0 && empty <= left) {
            live = true;
            break;
          }
        }
    }
    if (!live) return 0;
    // No immediate win: the best is a win at our next placement; the worst, a loss at the opponent's.
    const best = winScore(placed + 3);
    if (beta > best) {
      beta = best;
      if (alpha >= beta) return best;
    }
    const worst = -winScore(placed + 2);
    if (alpha < worst) {
      alpha = worst;
      if (alpha >= beta) return worst;
    }
    const useTable = 16 - placed >= this.tableMinEmpty;
    let slot = -1;
    let firstCell = -1;
    let firstGive = -1;
    let keyMap = 0;
    let keyState = 0;
    if (useTable) {
      this.canonicalKey(hand);
      keyMap = this.keyMap;
      keyState = this.keyState;
      slot = this.probe();
      if (slot >= 0) {
        const entry = this.table[4 * slot];
        const m = (entry >>> 17) & 255;
        if (m !== 255) {
          firstCell = this.occTable.inverse[16 * keyMap + (m >> 4)];
          firstGive = this.pieceBackward[16 * keyState + (m & 15)] ^ hand;
        }
        const b = this.table[4 * slot + 3];
        const lo = (b & 255) - 64;
        const hi = ((b >> 8) & 255) - 64;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo === hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
      }
    }
    const alphaIn = alpha; // the window searched: the stored bound is classified against it
    const keyA = this.keyA;
    const keyB = this.keyB;
    const keyC = this.keyC;
    const nodesBefore = this.nodes;
    let bestScore = -INFINITE;
    let bestCell = -1;
    let bestGive = -1;
    // the piece in hand's polarities (h0..h3: bit b set or clear) and their opposites (o0..o3)
    const h0 = hand & 1 ? 0 : 4;
    const h1 = hand & 2 ? 1 : 5;
    const h2 = hand & 4 ? 2 : 6;
    const h3 = hand & 8 ? 3 : 7;
    const p0 = pm[h0];
    const p1 = pm[h1];
    const p2 = pm[h2];
    const p3 = pm[h3];
    const w0 = WITH_POLARITY[h0];
    const w1 = WITH_POLARITY[h1];
    const w2 = WITH_POLARITY[h2];
    const w3 = WITH_POLARITY[h3];
    // the opposite polarities' masks do not change with the placement: their threats stay but at the
    // cell placed on, and the lines open to them stay open
    const t0 = thr[tbase + (h0 ^ 4)];
    const t1 = thr[tbase + (h1 ^ 4)];
    const t2 = thr[tbase + (h2 ^ 4)];
    const t3 = thr[tbase + (h3 ^ 4)];
    // (for the move order only, which the levels from 13 pieces placed do not use)
    const aliveFixed = placed < 13 ? avoid[pm[h0 ^ 4]] | avoid[pm[h1 ^ 4]] | avoid[pm[h2 ^ 4]] | avoid[pm[h3 ^ 4]] : 0;
    const aliveBefore = placed < 13 ? aliveFixed | avoid[p0] | avoid[p1] | avoid[p2] | avoid[p3] : 0;
    // with two cells empty, a placement with a safe give draws (the last piece cannot complete a line)
    const last = placed === 14;
    // The moves: every placement with every safe give, ordered by the table's move, then by history
    // (how often a move cut off before: 4^empty cells at each cutoff, so cutoffs near the root weigh most).
    const moves = this.moveList;
    const keys = this.moveKey;
    const mbase = placed * 256;
    let count = 0;
    const history = this.history;
    for (let rest = free; rest !== 0; rest &= rest - 1) {
      const cbit = rest & -rest;
      const c = 31 - Math.clz32(cbit);
      const freeAfter = free & ~cbit;
      // the pieces that would complete a line after the placement
      let after = 0;
      if ((t0 & freeAfter) !== 0) after |= WITH_POLARITY[h0 ^ 4];
      if ((t1 & freeAfter) !== 0) after |= WITH_POLARITY[h1 ^ 4];
      if ((t2 & freeAfter) !== 0) after |= WITH_POLARITY[h2 ^ 4];
      if ((t3 & freeAfter) !== 0) after |= WITH_POLARITY[h3 ^ 4];
      const m0 = p0 | cbit;
      const m1 = p1 | cbit;
      const m2 = p2 | cbit;
      const m3 = p3 | cbit;
      if ((complete[m0] & freeAfter) !== 0) after |= w0;
      if ((complete[m1] & freeAfter) !== 0) after |= w1;
      if ((complete[m2] & freeAfter) !== 0) after |= w2;
      if ((complete[m3] & freeAfter) !== 0) after |= w3;
      const safe = avail & ~after;
      if (safe === 0) {
        // every piece lets the opponent win at once
        if (worst > bestScore) {
          bestScore = worst;
          bestCell = c;
          bestGive = 31 - Math.clz32(avail & -avail);
        }
        continue;
      }
      if (last) {
        if (bestScore < 0) {
          bestScore = 0;
          bestCell = c;
          bestGive = 31 - Math.clz32(safe);
        }
        continue;
      }
      if (placed === 13) {
        // three cells empty: each safe give q is decided here. The opponent places q on one of the
        // two cells left and gives the last piece r; that draws unless r then completes a line on
        // the other cell whichever cell q took (then we win on the last placement).
        for (let qs = safe; qs !== 0; qs &= qs - 1) {
          const q = 31 - Math.clz32(qs & -qs);
          const qPol = POLARITIES[q];
          const rPol = POLARITIES[31 - Math.clz32(avail & ~(1 << q))];
          let drawn = false;
          for (let xs = freeAfter; xs !== 0 && !drawn; xs &= xs - 1) {
            const x = xs & -xs;
            const y = freeAfter & ~x;
            let completes = false;
            for (let j = 0; j < 8 && !completes; j++) {
              if (!((rPol >> j) & 1)) continue;
              let m = pm[j];
              if ((handPol >> j) & 1) m |= cbit;
              if ((qPol >> j) & 1) m |= x;
              if ((complete[m] & y) !== 0) completes = true;
            }
            if (!completes) drawn = true;
          }
          const v = drawn ? 0 : winScore(16);
          if (v > bestScore) {
            bestScore = v;
            bestCell = c;
            bestGive = q;
          }
        }
        if (bestScore >= beta) break; // a cutoff: the rest cannot matter
        continue;
      }
      // placements leaving us the fewest safe gives first, then those killing the fewest lines
      const alive = aliveFixed | avoid[m0] | avoid[m1] | avoid[m2] | avoid[m3];
      const kills = popcount32(aliveBefore & ~alive);
      const rank = -(popcount16(safe) * 64 + kills) * RANK_UNIT;
      for (let qs = safe; qs !== 0; qs &= qs - 1) {
        const q = 31 - Math.clz32(qs & -qs);
        const m = (c << 4) | q;
        moves[mbase + count] = m;
        keys[mbase + count] = c === firstCell && q === firstGive ? 1e300 : rank + Math.min(history[m], HISTORY_CAP);
        count++;
      }
    }
    if (bestScore > alpha) alpha = bestScore;
    for (let i = 0; i < count && alpha < beta; i++) {
      // selection: the best-ranked move left
      let pick = i;
      for (let j = i + 1; j < count; j++) if (keys[mbase + j] > keys[mbase + pick]) pick = j;
      const m = moves[mbase + pick];
      moves[mbase + pick] = moves[mbase + i];
      keys[mbase + pick] = keys[mbase + i];
      const c = m >> 4;
      const q = m & 15;
      const cbit = 1 << c;
      board[c] = hand;
      this.occ = occ | cbit;
      pm[h0] = p0 | cbit;
      pm[h1] = p1 | cbit;
      pm[h2] = p2 | cbit;
      pm[h3] = p3 | cbit;
      const score = -this.node(q, avail & ~(1 << q), placed + 1, -beta, -alpha);
      pm[h0] = p0;
      pm[h1] = p1;
      pm[h2] = p2;
      pm[h3] = p3;
      board[c] = NONE;
      this.occ = occ;
      if (score > bestScore) {
        bestScore = score;
        bestCell = c;
        bestGive = q;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) history[m] += HISTORY_WEIGHT[16 - placed];
        }
      }
    }
    if (useTable) {
      this.keyA = keyA;
      this.keyB = keyB;
      this.keyC = keyC;
      const move =
        bestCell < 0
          ? 255
          : 16 * this.occTable.forward[16 * keyMap + bestCell] + this.pieceForward[16 * keyState + (bestGive ^ hand)];
      this.store(bestScore, alphaIn, beta, this.nodes - nodesBefore, move);
    }
    return bestScore;
  }

  /** Sets keyA/keyB/keyC to the canonical key of the board with `hand` in hand (see symmetry.ts). */
  private canonicalKey(hand: number): void {
    const t = this.occTable;
    const occ = this.occ;
    const least = t.least[occ];
    let reaching = t.reaching[occ];
    const next = this.refineNext;
    const image = this.refineImage;
    const board = this.board;
    let bestHigh = 0xffffffff;
    let bestLow = 0xffffffff;
    let first = true;
    let bestG = 0;
    let bestState = 0;
    while (reaching !== 0) {
      const g = 31 - Math.clz32(reaching & -reaching);
      reaching &= reaching - 1;
      const inv = 16 * g;
      // the piece in hand maps to 0 and refines nothing: state 0 after it
      let state = 0;
      let high = 0;
      let low = 0;
      let k = 0;
      let rest = least;
      while (rest !== 0) {
        const j = 31 - Math.clz32(rest & -rest);
        rest &= rest - 1;
        const v = board[t.inverse[inv + j]] ^ hand;
        const img = image[16 * state + v];
        state = next[16 * state + v];
        if (k < 8) high = (high << 4) | img;
        else low = (low << 4) | img;
        k++;
      }
      high >>>= 0;
      if (first || high < bestHigh || (high === bestHigh && low < bestLow)) {
        bestHigh = high;
        bestLow = low;
        bestG = g;
        bestState = state;
        first = false;
      }
    }
    this.keyA = least | 0x10000;
    this.keyB = bestHigh;
    this.keyC = bestLow;
    this.keyMap = bestG;
    this.keyState = bestState;
  }

  private slotOf(): number {
    let h = Math.imul(this.keyA, 0x9e3779b1) ^ Math.imul(this.keyB, 0x85ebca77) ^ Math.imul(this.keyC, 0xc2b2ae3d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return h & this.tableMask;
  }

  /** The slot holding the current key, or -1. */
  private probe(): number {
    this.tableProbes++;
    const s = this.slotOf();
    const t = this.table;
    const a = this.keyA | (this.generation << 25);
    const b = this.keyB | 0;
    const c = this.keyC | 0;
    for (let i = s; i < s + 2; i++) {
      if ((t[4 * i] & KEY_BITS) === a && t[4 * i + 1] === b && t[4 * i + 2] === c) {
        this.tableHits++;
        return i;
      }
    }
    return -1;
  }

  private store(score: number, alpha: number, beta: number, work: number, move: number): void {
    const s = this.slotOf();
    const t = this.table;
    const a = this.keyA | (this.generation << 25);
    const b = this.keyB | 0;
    const c = this.keyC | 0;
    let i = -1;
    for (let j = s; j < s + 2; j++) if ((t[4 * j] & KEY_BITS) === a && t[4 * j + 1] === b && t[4 * j + 2] === c) i = j;
    let lo = -INFINITE;
    let hi = INFINITE;
    const size = 32 - Math.clz32(work);
    if (i >= 0) {
      const w = t[4 * i + 3];
      lo = (w & 255) - 64;
      hi = ((w >> 8) & 255) - 64;
    } else if (size >= (t[4 * s] >>> 25 === this.generation ? t[4 * s + 3] >>> 16 : 0)) {
      // the first entry keeps the larger subtree; the one it held moves to the second
      t.copyWithin(4 * s + 4, 4 * s, 4 * s + 4);
      i = s;
    } else i = s + 1;
    if (score <= alpha) hi = Math.min(hi, score);
    else if (score >= beta) lo = Math.max(lo, score);
    else lo = hi = score;
    const e = 4 * i;
    t[e] = a | (move << 17);
    t[e + 1] = b;
    t[e + 2] = c;
    t[e + 3] = (lo + 64) | ((hi + 64) << 8) | (size << 16);
  }

  /** The table key of a board and piece in hand, as text (for tests: equal exactly for symmetric positions). */
  keyText(cells: readonly number[], hand: number): string {
    this.setBoard(cells);
    this.canonicalKey(hand);
    return `${this.keyA.toString(16)}:${this.keyB.toString(16)}:${this.keyC.toString(16)}`;
  }

  /** Empties the table and the counters. */
  clear(): void {
    // the kernel keeps its own table, history and counters
    if (this.kernel) this.kernel.clear();
    else if (++this.generation === 128) {
      this.table.fill(0);
      this.generation = 1;
    }
    this.nodes = 0;
    this.tableProbes = 0;
    this.tableHits = 0;
    this.history.fill(0);
  }
}
