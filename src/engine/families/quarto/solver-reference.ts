/**
 * The solver's reference core: the line-by-line version of QuartoSearch (solver.ts) as it stood
 * before the mask-table core, kept so the tests can check that the fast core visits the same tree
 * (same values, same node counts: the move order is the same). Not used by the solver's entry.
 *
 * Was: Quarto's solver: negamax with alpha-beta over scores that rank a win sooner above a win later, a
 * draw, and a loss later above a loss sooner; a transposition table in preallocated typed arrays keyed
 * by the canonical form under the full symmetry group (symmetry.ts), used where enough cells are empty
 * for a probe to pay.
 *
 * Score: a game that ends with N pieces placed is worth 32 - N to the player who completed the line
 * (-(32 - N) to the other), a draw 0. Scores are absolute in time (N, not the distance from the node),
 * so a table entry holds for every path to its position (all have the same number of pieces placed).
 *
 * A node (the player to move holds `hand`): the lines with three pieces give, per empty cell, the
 * pieces that would complete a line there. If the piece in hand is one of them the node is won at once.
 * If no line can be completed any more (every line holds pieces with no common attribute, or too few
 * pieces with it are left) the node is a draw. Otherwise each placement is followed by the gives that
 * do not let the opponent win at once; a placement after which every piece lets the opponent win is a
 * loss at the next placement. Complexity: exponential in the empty cells; the table and the pruning
 * are what make 4 to 6 pieces placed tractable.
 */
import { getRefinement, occupancyTable, type OccupancyTable } from './symmetry.ts';
import { SearchStopped, type SearchOptions } from './solver.ts';
import { NONE, quartoLines, type QuartoVariant } from './rules.ts';

/** Score of a game ended by a line at N pieces placed, to the player who made it. */
function winScore(placedAtEnd: number): number {
  return 32 - placedAtEnd;
}

const INFINITE = 64;

/** For a line's three pieces (common set bits a, common clear bits z): the pieces completing it. */
const COMPLETING = (() => {
  const t = new Uint16Array(256);
  for (let a = 0; a < 16; a++)
    for (let z = 0; z < 16; z++) {
      let mask = 0;
      for (let q = 0; q < 16; q++) if ((q & a) !== 0 || (~q & z & 15) !== 0) mask |= 1 << q;
      t[a | (z << 4)] = mask;
    }
  return t;
})();

/** Pieces with bit b set, per b. */
const WITH_BIT = [0, 1, 2, 3].map((b) => {
  let m = 0;
  for (let p = 0; p < 16; p++) if (p & (1 << b)) m |= 1 << p;
  return m;
});

function popcount16(x: number): number {
  x -= (x >> 1) & 0x5555;
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0f0f;
  return (x + (x >> 8)) & 0x1f;
}

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

const LOWER = 0;
const UPPER = 1;

/**
 * One search state: the board, the table and the counters. Not safe across threads; one per worker.
 * The board is set with setBoard and searched with search(); the table persists between searches
 * of the same variant.
 */
export class QuartoSearchReference {
  readonly variant: QuartoVariant;
  nodes = 0;
  tableProbes = 0;
  tableHits = 0;
  private readonly board = new Int8Array(16).fill(NONE);
  private occ = 0;
  private readonly lineCount: number;
  private readonly lineCells: Int8Array;
  /** Per cell: the lines through it (indices), NONE-terminated, 8 slots a cell. */
  private readonly cellLines: Int8Array;
  /** Per depth (pieces placed): the pieces completing a line at each empty cell. */
  private readonly threats = new Uint16Array(17 * 16);
  private readonly lineAnd = new Uint8Array(17 * 24);
  private readonly lineNor = new Uint8Array(17 * 24);
  private readonly lineFill = new Uint8Array(17 * 24);
  private readonly occTable: OccupancyTable;
  private readonly refineNext: Uint8Array;
  private readonly refineImage: Uint8Array;
  private readonly tableMask: number;
  private readonly keyOcc: Uint32Array;
  private readonly keyHigh: Uint32Array;
  private readonly keyLow: Uint32Array;
  private readonly bounds: Int8Array;
  private readonly work: Uint32Array;
  /** The best move of the entry in canonical coordinates (16 * cell + give), 255 for none. */
  private readonly bestMove: Uint8Array;
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
    const lines = quartoLines(variant);
    this.lineCount = lines.length;
    this.lineCells = new Int8Array(4 * lines.length);
    this.cellLines = new Int8Array(16 * 8).fill(NONE);
    const used = new Uint8Array(16);
    lines.forEach((line, l) => {
      let k = 0;
      for (let c = 0; c < 16; c++)
        if (line & (1 << c)) {
          this.lineCells[4 * l + k++] = c;
          this.cellLines[8 * c + used[c]++] = l;
        }
    });
    this.occTable = occupancyTable(variant);
    const r = getRefinement();
    this.refineNext = r.next;
    this.refineImage = r.image;
    const bits = options.tableBits ?? 20;
    const size = 2 ** bits;
    this.tableMask = size - 2; // buckets of two entries at even indices
    this.keyOcc = new Uint32Array(size);
    this.keyHigh = new Uint32Array(size);
    this.keyLow = new Uint32Array(size);
    this.bounds = new Int8Array(2 * size);
    this.work = new Uint32Array(size);
    this.bestMove = new Uint8Array(size).fill(255);
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
    this.tableMinEmpty = options.tableMinEmpty ?? 5;
  }

  /** Table bytes (for reports). */
  get tableBytes(): number {
    return this.keyOcc.length * 19;
  }

  setLimits(deadline: number | undefined, signal: AbortSignal | undefined): void {
    this.deadline = deadline ?? Number.POSITIVE_INFINITY;
    this.signal = signal;
  }

  /** Sets the board (16 cells, NONE empty). */
  setBoard(cells: readonly number[]): void {
    this.occ = 0;
    for (let c = 0; c < 16; c++) {
      this.board[c] = cells[c];
      if (cells[c] !== NONE) this.occ |= 1 << c;
    }
  }

  /**
   * The score of the position on the board with `hand` to place and `avail` (mask) left to give,
   * within (alpha, beta): exact inside, a bound outside (fail-soft).
   */
  search(hand: number, avail: number, alpha: number, beta: number): number {
    let placed = 0;
    for (let c = 0; c < 16; c++) if (this.board[c] !== NONE) placed++;
    return this.node(hand, avail, placed, alpha, beta);
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
    const lines = this.lineCount;
    const lc = this.lineCells;
    const base = placed * 16;
    const lbase = placed * 24;
    const threats = this.threats;
    for (let c = 0; c < 16; c++) threats[base + c] = 0;
    const handBit = 1 << hand;
    const pool = avail | handBit;
    let live = false;
    for (let l = 0; l < lines; l++) {
      let and = 15;
      let nor = 15;
      let fill = 0;
      let empty = 0;
      for (let k = 0; k < 4; k++) {
        const c = lc[4 * l + k];
        const p = board[c];
        if (p >= 0) {
          and &= p;
          nor &= ~p;
          fill++;
        } else empty = c;
      }
      this.lineAnd[lbase + l] = and;
      this.lineNor[lbase + l] = nor;
      this.lineFill[lbase + l] = fill;
      if (fill === 3) {
        const completing = COMPLETING[and | (nor << 4)];
        if (completing & handBit) return winScore(placed + 1);
        threats[base + empty] |= completing;
      }
      if (!live && fill < 4 && (and | nor) !== 0) {
        // live while some common attribute has enough pieces left for the empty cells
        const need = 4 - fill;
        for (let b = 0; b < 4; b++) {
          if ((and >> b) & 1 && popcount16(pool & WITH_BIT[b]) >= need) live = true;
          else if ((nor >> b) & 1 && popcount16(pool & ~WITH_BIT[b] & 0xffff) >= need) live = true;
        }
      }
    }
    if (placed === 15) return 0; // the last placement, and it does not win
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
        const m = this.bestMove[slot];
        if (m !== 255) {
          firstCell = this.occTable.inverse[16 * keyMap + (m >> 4)];
          firstGive = this.pieceBackward[16 * keyState + (m & 15)] ^ hand;
        }
        const lo = this.bounds[2 * slot + LOWER];
        const hi = this.bounds[2 * slot + UPPER];
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
    const cellLines = this.cellLines;
    let threatCells = 0;
    let allThreats = 0;
    for (let c = 0; c < 16; c++)
      if (threats[base + c] !== 0) {
        threatCells |= 1 << c;
        allThreats |= threats[base + c];
      }
    let bestCell = -1;
    let bestGive = -1;
    // The moves: every placement with every safe give, ordered by the table's move, then by history
    // (how often a move cut off before: 4^empty cells at each cutoff, so cutoffs near the root weigh most).
    const moves = this.moveList;
    const keys = this.moveKey;
    const mbase = placed * 256;
    let count = 0;
    const history = this.history;
    for (let c = 0; c < 16; c++) {
      if (board[c] !== NONE) continue;
      // threats after placing on c: those at other cells, plus lines through c now holding three
      let after = allThreats;
      if (threatCells & (1 << c)) {
        after = 0;
        for (let rest = threatCells & ~(1 << c); rest !== 0; rest &= rest - 1)
          after |= threats[base + 31 - Math.clz32(rest & -rest)];
      }
      for (let k = 8 * c; k < 8 * c + 8; k++) {
        const l = cellLines[k];
        if (l < 0) break;
        if (this.lineFill[lbase + l] === 2) {
          const a = this.lineAnd[lbase + l] & hand;
          const z = this.lineNor[lbase + l] & ~hand & 15;
          after |= COMPLETING[a | (z << 4)];
        }
      }
      // lines through c that the placement kills (no common attribute left): a tie-break for the history
      let kills = 0;
      for (let k = 8 * c; k < 8 * c + 8; k++) {
        const l = cellLines[k];
        if (l < 0) break;
        const fill = this.lineFill[lbase + l];
        if (fill > 0 && (this.lineAnd[lbase + l] | this.lineNor[lbase + l]) !== 0) {
          if (((this.lineAnd[lbase + l] & hand) | (this.lineNor[lbase + l] & ~hand & 15)) === 0) kills++;
        }
      }
      const safe = avail & ~after;
      // placements leaving us the fewest safe gives first, then those killing the fewest lines
      const rank = -(popcount16(safe) * 64 + kills) * RANK_UNIT;
      if (safe === 0) {
        // every piece lets the opponent win at once
        if (worst > bestScore) {
          bestScore = worst;
          bestCell = c;
          bestGive = 31 - Math.clz32(avail & -avail);
        }
        continue;
      }
      for (let rest = safe; rest !== 0; rest &= rest - 1) {
        const q = 31 - Math.clz32(rest & -rest);
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
      board[c] = hand;
      this.occ |= 1 << c;
      const score = -this.node(q, avail & ~(1 << q), placed + 1, -beta, -alpha);
      board[c] = NONE;
      this.occ &= ~(1 << c);
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
    for (let i = s; i < s + 2; i++) {
      if (this.keyOcc[i] === this.keyA && this.keyHigh[i] === this.keyB && this.keyLow[i] === this.keyC) {
        this.tableHits++;
        return i;
      }
    }
    return -1;
  }

  private store(score: number, alpha: number, beta: number, work: number, move: number): void {
    const s = this.slotOf();
    let i = -1;
    for (let j = s; j < s + 2; j++)
      if (this.keyOcc[j] === this.keyA && this.keyHigh[j] === this.keyB && this.keyLow[j] === this.keyC) i = j;
    let lo = -INFINITE;
    let hi = INFINITE;
    if (i >= 0) {
      lo = this.bounds[2 * i + LOWER];
      hi = this.bounds[2 * i + UPPER];
    } else if (work >= this.work[s]) {
      // the first entry keeps the larger subtree; the one it held moves to the second
      this.keyOcc[s + 1] = this.keyOcc[s];
      this.keyHigh[s + 1] = this.keyHigh[s];
      this.keyLow[s + 1] = this.keyLow[s];
      this.bounds[2 * s + 2] = this.bounds[2 * s];
      this.bounds[2 * s + 3] = this.bounds[2 * s + 1];
      this.work[s + 1] = this.work[s];
      this.bestMove[s + 1] = this.bestMove[s];
      i = s;
    } else i = s + 1;
    if (score <= alpha) hi = Math.min(hi, score);
    else if (score >= beta) lo = Math.max(lo, score);
    else lo = hi = score;
    this.keyOcc[i] = this.keyA;
    this.keyHigh[i] = this.keyB;
    this.keyLow[i] = this.keyC;
    this.bounds[2 * i + LOWER] = lo;
    this.bounds[2 * i + UPPER] = hi;
    this.work[i] = Math.min(work, 0xffffffff);
    this.bestMove[i] = move;
  }

  /** The table key of a board and piece in hand, as text (for tests: equal exactly for symmetric positions). */
  keyText(cells: readonly number[], hand: number): string {
    this.setBoard(cells);
    this.canonicalKey(hand);
    return `${this.keyA.toString(16)}:${this.keyB.toString(16)}:${this.keyC.toString(16)}`;
  }

  /** Empties the table and the counters. */
  clear(): void {
    this.keyOcc.fill(0);
    this.work.fill(0);
    this.nodes = 0;
    this.tableProbes = 0;
    this.tableHits = 0;
    this.history.fill(0);
  }
}
