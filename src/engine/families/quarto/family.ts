/**
 * Quarto as a family of the one game model: `quarto` and `quarto:advanced` (a 2 x 2 square wins
 * too), rulesets of the kind 'result' (won by making a line, drawn on a full board), answered by the
 * family's own solver. Built on the module's public pieces: rules, notation and solveQuarto.
 */
import { InputError } from '../../errors.ts';
import type { Family, ResultRuleset, ResultSearchLimits, ResultSolution } from '../../types.ts';
import {
  formatQuartoBoard,
  formatQuartoBoardReadable,
  moveText,
  moveWords,
  parseMoveText,
  parseQuartoBoard,
  pieceWords,
  squareCell,
  squareName,
} from './notation.ts';
import {
  NONE,
  isOver,
  piecesToGive,
  placedCount,
  playQuarto,
  quartoMoves,
  quartoStart,
  standingLine,
  type QuartoMove,
  type QuartoPosition,
  type QuartoVariant,
} from './rules.ts';
import { solveQuarto } from './solve.ts';
import { QuartoSearch } from './solver.ts';
import { bookAnswer, bookValue } from './opening-book.ts';
import { canonicalForm } from './symmetry.ts';

/** Where an answer from the opening book comes from, in words. */
const BOOK_WORDS =
  "This position is in nimber's opening proof of the empty board (a draw): its value there is proved from the leaves' searched bounds, and the proof file is re-checked from the rules alone by an independent checker.";

export type QuartoRuleset = ResultRuleset<QuartoPosition, QuartoMove>;

const POSITION_FORMAT =
  "16 cells in row order ('.' empty, a piece 0-9 or a-f), then '+' and the piece in hand, e.g. 0...5..a........+3";
const MOVE_FORMAT =
  "a cell and the piece to give, e.g. b3+0 (place the piece in hand on b3, give piece 0); b3 alone when nothing is left to give or the placement wins; +0 at the start; or in words: 'place … on b3, give …'";

/** The piece named by four attribute words in any order ("tall dark square hollow"), or NONE. */
function pieceOfWords(text: string): number {
  const words = text.trim().toLowerCase().split(/\s+/);
  if (words.length !== 4) return NONE;
  const bits = [
    ['tall', 'short'],
    ['dark', 'light'],
    ['square', 'round'],
    ['hollow', 'solid'],
  ];
  let piece = 0;
  for (const [bit, [set, clear]] of bits.entries()) {
    const hasSet = words.includes(set);
    if (hasSet === words.includes(clear)) return NONE;
    if (hasSet) piece |= 1 << bit;
  }
  return piece;
}

/** A piece as a digit or four attribute words, or NONE. */
function pieceOf(text: string): number {
  const t = text.trim();
  return /^[0-9a-f]$/i.test(t) ? Number.parseInt(t, 16) : pieceOfWords(t);
}

/** Reads a move in words: "place <piece> on b3, give <piece>", "place … on b3", "give <piece>"; undefined when it is not one. */
function parseMoveWords(text: string): QuartoMove | undefined {
  const m = /^\s*(?:place\s+(?:(.+?)\s+)?on\s+([a-d][1-4]))?\s*,?\s*(?:(?:and\s+)?give\s+(.+?))?\s*$/i.exec(text);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const give = m[3] === undefined ? NONE : pieceOf(m[3]);
  if (m[3] !== undefined && give === NONE) return undefined;
  return { cell: m[2] === undefined ? NONE : squareCell(m[2]), give };
}

/** Whether placing the piece in hand on `cell` makes a line. */
function placementWins(position: QuartoPosition, cell: number): boolean {
  const cells = position.cells.slice();
  cells[cell] = position.hand;
  return standingLine(cells, position.variant) !== 0;
}

/**
 * The legal moves as a person (and the solver) makes them: a winning placement once, giving nothing
 * (the game ends there), rather than once per piece it could give.
 */
function legalMoves(position: QuartoPosition): QuartoMove[] {
  const moves: QuartoMove[] = [];
  const winning = new Set<number>();
  for (const move of quartoMoves(position)) {
    if (move.cell !== NONE && winning.has(move.cell)) continue;
    if (move.cell !== NONE && move.give !== NONE && placementWins(position, move.cell)) {
      winning.add(move.cell);
      moves.push({ cell: move.cell, give: NONE });
    } else moves.push(move);
  }
  return moves;
}

/** Why a move is not legal at the position, in words; null when it is legal. */
export function quartoMoveRefusal(position: QuartoPosition, move: QuartoMove): string | null {
  if (isOver(position)) return 'the game is over';
  if (position.hand === NONE) {
    if (move.cell !== NONE) return 'at the start nothing is in hand: only give a piece (e.g. +0)';
  } else if (move.cell === NONE) return `place the piece in hand (${pieceWords(position.hand)}) first, e.g. b3+0`;
  else if (position.cells[move.cell] !== NONE)
    return `${squareName(move.cell)} is taken (piece ${position.cells[move.cell].toString(16)})`;
  const wins = move.cell !== NONE && placementWins(position, move.cell);
  const left = piecesToGive(position);
  if (move.give === NONE) {
    if (!wins && left !== 0)
      return 'give a piece after placing (e.g. b3+0): pieces are left and the placement does not win';
    return null;
  }
  if (wins) return null; // the placement wins: the give is moot
  if ((left & (1 << move.give)) === 0)
    return move.give === position.hand
      ? `piece ${move.give.toString(16)} is the piece in hand`
      : `piece ${move.give.toString(16)} is already on the board`;
  return null;
}

/** The same move as the legal list writes it (a winning placement gives nothing). */
function normalMove(position: QuartoPosition, move: QuartoMove): QuartoMove {
  return move.cell !== NONE && move.give !== NONE && placementWins(position, move.cell)
    ? { cell: move.cell, give: NONE }
    : move;
}

/**
 * The solver's answer within the limits: the result and one best move first; then, when every best
 * move is asked for, the others (on the same table) within LISTING_SHARE times the first pass's time
 * (at least LISTING_FLOOR_MS) and the time left. A stop in the second pass keeps the first pass's
 * proved result, with its one best move. Each other drawing move costs a full proof, so an unbounded
 * listing turned a 3-second answer into the whole minute of the limit.
 */
/** A solve given at most this long (milliseconds) takes a small table. */
const SHORT_SOLVE_MS = 1000;
/** The listing of every best move may take this many times the first pass's time... */
const LISTING_SHARE = 2;
/** ...and at least this long (positions proved in milliseconds list every best move). */
const LISTING_FLOOR_MS = 1000;

function solve(position: QuartoPosition, limits: ResultSearchLimits): ResultSolution<QuartoMove> {
  const started = Date.now();
  const book = bookAnswer(position);
  if (book !== null) {
    // the opening proof answers at once: its value, and one move that keeps it
    const result = book.value > 0 ? 'win' : book.value < 0 ? 'loss' : 'draw';
    return {
      proved: true,
      result,
      // a draw fills the board; the proof does not fix how long a win takes
      turns: result === 'draw' ? 16 - placedCount(position) : undefined,
      bestMoves: [normalMove(position, book.move)],
      allBestMoves: false,
      nodes: 0,
      elapsedMs: Date.now() - started,
    };
  }
  // a quick answer (an engine's glance at the advanced start: 1 ms) takes a 1 MiB table, not 16 MiB:
  // the table only holds positions with 8 cells or more empty, whose count a short search keeps small
  const tableBits = (limits.timeLimitMs ?? Number.POSITIVE_INFINITY) <= SHORT_SOLVE_MS ? 16 : 20;
  const search = new QuartoSearch(position.variant, { tableBits });
  // the search reads only `aborted` of its signal, which every StopSignal has
  const signal = limits.signal as AbortSignal | undefined;
  const { onProgress } = limits;
  const first = solveQuarto(position, { timeLimitMs: limits.timeLimitMs, signal, search, onProgress });
  let solution = first;
  let nodes = first.nodes;
  let all = false;
  if (first.proved && limits.allBestMoves && first.bestMoves.length > 0) {
    const spent = Date.now() - started;
    const share = Math.max(LISTING_FLOOR_MS, LISTING_SHARE * spent);
    const left = limits.timeLimitMs === undefined ? share : Math.min(share, limits.timeLimitMs - spent);
    if (left > 0) {
      const every = solveQuarto(position, { timeLimitMs: left, signal, search, allBestMoves: true, onProgress });
      nodes += every.nodes;
      if (every.proved) {
        solution = every;
        all = true;
      }
    }
  }
  return {
    proved: solution.proved,
    result: solution.proved ? solution.outcome : undefined,
    turns: solution.proved ? solution.plies : undefined,
    bestMoves: solution.bestMoves.map((m) => normalMove(position, m)),
    allBestMoves: all || (solution.proved && solution.bestMoves.length === 0),
    nodes,
    elapsedMs: Date.now() - started,
  };
}

/** Quarto, standard or advanced. */
export function quarto(variant: QuartoVariant = 'standard'): QuartoRuleset {
  const advanced = variant === 'advanced';
  return {
    kind: 'result',
    family: 'quarto',
    spec: advanced ? 'quarto:advanced' : 'quarto',
    title: advanced ? 'Quarto (advanced: 2 x 2 squares win too)' : 'Quarto',
    what: `a game won by making a line of four pieces that share an attribute${advanced ? ' (or a 2 x 2 square of them)' : ''}, drawn on a full board`,
    start: quartoStart(variant),
    moves: legalMoves,
    play(position, move) {
      const refusal = quartoMoveRefusal(position, move);
      if (refusal !== null) throw new InputError(`not a legal move: ${refusal}`);
      return playQuarto(position, move);
    },
    winsAtOnce(position) {
      if (isOver(position) || position.hand === NONE) return [];
      const wins: QuartoMove[] = [];
      for (let c = 0; c < 16; c++)
        if (position.cells[c] === NONE && placementWins(position, c)) wins.push({ cell: c, give: NONE });
      return wins;
    },
    ended(position) {
      if (standingLine(position.cells, position.variant) !== 0) return 'loss';
      return placedCount(position) === 16 ? 'draw' : null;
    },
    solve,
    refuseMove: quartoMoveRefusal,
    movesAlike(position) {
      const moves = legalMoves(position);
      if (moves.length < 2) return false;
      const first = canonicalForm(playQuarto(position, moves[0]).position).key;
      return moves.every((m) => canonicalForm(playQuarto(position, m).position).key === first);
    },
    known(position) {
      // Goossens' draw (1998, reported second-hand) is of the standard game, and so is the opening proof
      const proof = bookValue(position) === null ? '' : ` ${BOOK_WORDS}`;
      if (placedCount(position) === 0 && position.hand === NONE)
        return `The empty board: the first player only gives, and every first give is the same up to symmetry (the complement maps send any piece to any other).${advanced ? '' : ' Quarto is a draw with perfect play, as Goossens reported (1998, second-hand).'}${proof}`;
      return proof === '' ? null : proof.trim();
    },
    notation: {
      positionFormat: POSITION_FORMAT,
      moveFormat: MOVE_FORMAT,
      parsePosition: (text) => parseQuartoBoard(text, variant),
      formatPosition: formatQuartoBoard,
      drawPosition: formatQuartoBoardReadable,
      moveText,
      moveWords,
      parseMove: (_position, text) => parseMoveText(text) ?? parseMoveWords(text),
      turns: (count) => `${count} placement${count === 1 ? '' : 's'}`,
    },
  };
}

export const quartoFamily: Family = {
  name: 'quarto',
  help: "quarto[:advanced] — Quarto: place the piece you were given, then give the opponent one; four in a line sharing an attribute win (advanced: a 2 x 2 square too); positions are 16 cells ('.' or a piece 0-f) then '+' and the piece in hand",
  args: 'optional',
  example: { spec: 'quarto', board: '..f.658a.b320e..+d' },
  parse(args) {
    const arg = args.trim().toLowerCase();
    if (arg === '' || arg === 'standard') return quarto('standard');
    if (arg === 'advanced') return quarto('advanced');
    throw new InputError(`quarto takes no argument or 'advanced' (2 x 2 squares win too), got '${args.trim()}'`);
  },
};
