/**
 * The tests' independent reference for Quarto: its own lines and attribute test (written out, not
 * imported from the engine), plain negamax over every move with no table, no symmetry and no pruning
 * but one rule of the game (a placement that wins ends the game), and random positions from random
 * games with a fixed seed.
 */

export type Variant = 'standard' | 'advanced';

const LINES_STANDARD: number[][] = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [8, 9, 10, 11],
  [12, 13, 14, 15],
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
  [0, 5, 10, 15],
  [3, 6, 9, 12],
];
const SQUARES: number[][] = [];
for (const r of [0, 1, 2])
  for (const c of [0, 1, 2]) SQUARES.push([4 * r + c, 4 * r + c + 1, 4 * r + c + 4, 4 * r + c + 5]);

export function oracleLines(variant: Variant): number[][] {
  return variant === 'advanced' ? [...LINES_STANDARD, ...SQUARES] : LINES_STANDARD;
}

/** Whether the four pieces agree on one of the four attributes. */
function agree(pieces: number[]): boolean {
  for (let attribute = 0; attribute < 4; attribute++) {
    const values = pieces.map((p) => (p >> attribute) & 1);
    if (values.every((v) => v === values[0])) return true;
  }
  return false;
}

/** Whether the placement on `cell` completed a line. */
export function oracleWins(board: number[], cell: number, variant: Variant): boolean {
  for (const line of oracleLines(variant)) {
    if (!line.includes(cell)) continue;
    const pieces = line.map((c) => board[c]);
    if (pieces.every((p) => p >= 0) && agree(pieces)) return true;
  }
  return false;
}

export function oracleAnyLine(board: number[], variant: Variant): boolean {
  return oracleLines(variant).some((line) => {
    const pieces = line.map((c) => board[c]);
    return pieces.every((p) => p >= 0) && agree(pieces);
  });
}

/**
 * The value to the player to move holding `hand`: +(32 - N) for a win ending with N pieces placed,
 * -(32 - N) for a loss, 0 for a draw (the solver's scale, so win/draw/loss and the length compare).
 */
export function oracleValue(board: number[], hand: number, variant: Variant): number {
  const placed = board.filter((p) => p >= 0).length;
  const left: number[] = [];
  for (let q = 0; q < 16; q++) if (q !== hand && !board.includes(q)) left.push(q);
  for (let c = 0; c < 16; c++) {
    if (board[c] >= 0) continue;
    board[c] = hand;
    const won = oracleWins(board, c, variant);
    board[c] = -1;
    if (won) return 32 - (placed + 1);
  }
  let best = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < 16; c++) {
    if (board[c] >= 0) continue;
    board[c] = hand;
    if (left.length === 0) best = Math.max(best, 0);
    for (const q of left) best = Math.max(best, -oracleValue(board, q, variant));
    board[c] = -1;
  }
  return best + 0; // never -0 (a negated draw)
}

/**
 * oracleValue with plain alpha-beta (every move in cell-then-piece order; no table, no symmetry, no
 * ordering): the same value, found fast enough for positions with 6 to 8 pieces placed.
 */
export function oracleAlphaBeta(board: number[], hand: number, variant: Variant, alpha = -64, beta = 64): number {
  const placed = board.filter((p) => p >= 0).length;
  const left: number[] = [];
  for (let q = 0; q < 16; q++) if (q !== hand && !board.includes(q)) left.push(q);
  for (let c = 0; c < 16; c++) {
    if (board[c] >= 0) continue;
    board[c] = hand;
    const won = oracleWins(board, c, variant);
    board[c] = -1;
    if (won) return 32 - (placed + 1);
  }
  let best = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < 16 && alpha < beta; c++) {
    if (board[c] >= 0) continue;
    board[c] = hand;
    if (left.length === 0) best = Math.max(best, 0);
    for (const q of left) {
      best = Math.max(best, -oracleAlphaBeta(board, q, variant, -beta, -Math.max(alpha, best)));
      if (best >= beta) break;
    }
    board[c] = -1;
    if (best > alpha) alpha = best;
  }
  return best + 0; // never -0 (a negated draw)
}

/** A small deterministic generator (mulberry32). */
export { seededRandom as rng } from '../../../../src/engine/random.ts';

/**
 * A position with `placed` pieces from a random game (uniform moves), retried until no line stands
 * and the game is not over; the board and the piece in hand.
 */
export function randomPosition(
  next: () => number,
  placed: number,
  variant: Variant,
): { board: number[]; hand: number } {
  for (;;) {
    const board = new Array<number>(16).fill(-1);
    const pieces = Array.from({ length: 16 }, (_, i) => i);
    for (let i = 15; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [pieces[i], pieces[j]] = [pieces[j], pieces[i]];
    }
    const cells = Array.from({ length: 16 }, (_, i) => i);
    for (let i = 15; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [cells[i], cells[j]] = [cells[j], cells[i]];
    }
    let ok = true;
    for (let k = 0; k < placed && ok; k++) {
      board[cells[k]] = pieces[k];
      if (oracleWins(board, cells[k], variant)) ok = false;
    }
    if (ok) return { board, hand: pieces[placed] };
  }
}
