/**
 * The state of a place-and-give game on the page (Quarto: place the piece you were given, then give
 * the opponent one) against the server's engine, as a reducer: the position, whether the player is
 * to place or to give, the square placed on before the give, the move list, the positions to undo
 * back to, the engine's last verdict in words, the result and its winning line, the error line. The
 * rules and the move words are the ruleset's (a 'result' ruleset, decided by a win, a draw or a loss),
 * the board and the picks its view's (src/views/); no family is named here. As in BoardPlay, the
 * engine's turn is data (`waiting`): an answer to a turn no longer awaited (undo, a new game) is
 * dropped. No fetch and no DOM, so it is tested without a browser.
 */
import type { GameResult, ResultRuleset } from '../../src/engine/types.ts';
import type { PlaceGiveBoard, PlaceGivePick, PlaceGiveView } from '../../src/views/types.ts';

/** 'place': the player places the piece in hand; 'give': then gives a piece (or, at the very start, only gives). */
export type PlaceGivePhase = 'place' | 'give' | 'thinking' | 'stalled' | 'over';

/** What Play hands over to start a game. */
export interface PlaceGiveSetup {
  /** The ruleset's canonical spec. */
  readonly ruleset: string;
  /** The start position's text (absent or empty: the ruleset's start). */
  readonly board?: string;
  readonly engineFirst: boolean;
}

/** The engine's turn the game waits for: its move from `position` (the position's text). */
export interface EngineTurn {
  readonly position: string;
}

/** How the engine chose its move, as the server says: proved, and then the result for the engine with perfect play. */
export interface EngineVerdict {
  readonly proved: boolean;
  /** For the engine (the player who moved), before its move; absent when not proved. */
  readonly result?: GameResult;
  /** Turns to the end with perfect play, the engine's own move counted; absent when not proved. */
  readonly turns?: number;
  /** Every move was the same up to symmetry: the engine's move is as good as any, though the result is unproved. */
  readonly alike?: boolean;
}

/** One line of the move list. */
export interface LoggedMove {
  readonly who: 'you' | 'engine';
  /** Short form ("b3+5"). */
  readonly text: string;
  readonly words: string;
}

/** A position where it was the player's turn, to undo back to. */
interface Snapshot {
  readonly position: unknown;
  readonly log: readonly LoggedMove[];
}

export interface PlaceGiveState {
  readonly setup: PlaceGiveSetup;
  readonly ruleset: ResultRuleset;
  readonly view: PlaceGiveView<unknown>;
  readonly position: unknown;
  readonly phase: PlaceGivePhase;
  /** The cell the player placed on this turn, waiting for the give; null otherwise. */
  readonly placed: number | null;
  readonly log: readonly LoggedMove[];
  /** The player's earlier turns, the latest last. */
  readonly history: readonly Snapshot[];
  /** The engine's last move's verdict in words. */
  readonly verdict: string | null;
  /** The end in words ("You win…", "The engine wins…", "A draw…"); null while the game goes on. */
  readonly result: string | null;
  readonly waiting: EngineTurn | null;
  readonly error: string | null;
}

export type PlaceGiveAction =
  | { type: 'place'; cell: number }
  | { type: 'give'; piece: number }
  /** A move typed as text: a square, a piece, or both. */
  | { type: 'typed'; text: string }
  /** The engine's answer to `turn`: its move in short form, and how it was chosen. */
  | { type: 'engine'; turn: EngineTurn; move: string; verdict: EngineVerdict }
  | { type: 'failed'; turn: EngineTurn; error: string }
  | { type: 'retry' }
  /** Takes back the placement waiting for its give, else the player's last move (and the engine's answer). */
  | { type: 'undo' };

/** The phase of the player's turn at `position` ('over' when the game has ended). */
function yourPhase(ruleset: ResultRuleset, view: PlaceGiveView<unknown>, position: unknown): PlaceGivePhase {
  if (ruleset.ended(position) !== null) return 'over';
  return view.board(position).hand === null ? 'give' : 'place';
}

/**
 * A game from the setup: the player's turn, or the engine's when it moves first. The setup's board
 * is read by the ruleset (an InputError in one line when it is no position: the caller shows it).
 */
export function initialPlaceGive(
  setup: PlaceGiveSetup,
  ruleset: ResultRuleset,
  view: PlaceGiveView<unknown>,
): PlaceGiveState {
  const text = setup.board?.trim() ?? '';
  const position = text === '' ? ruleset.start : ruleset.notation.parsePosition(text);
  const ended = ruleset.ended(position);
  const base: PlaceGiveState = {
    setup,
    ruleset,
    view,
    position,
    phase: 'over',
    placed: null,
    log: [],
    history: [],
    verdict: null,
    result: ended === null ? null : 'The game is over: the board is full, a draw.',
    waiting: null,
    error: null,
  };
  if (ended !== null) return base;
  if (setup.engineFirst)
    return { ...base, phase: 'thinking', waiting: { position: ruleset.notation.formatPosition(position) } };
  return { ...base, phase: yourPhase(ruleset, view, position) };
}

export function placeGiveReducer(state: PlaceGiveState, action: PlaceGiveAction): PlaceGiveState {
  switch (action.type) {
    case 'place':
      return place(state, action.cell);
    case 'give':
      return give(state, action.piece);
    case 'typed':
      return typed(state, action.text);
    case 'engine':
      return state.phase === 'thinking' && state.waiting === action.turn ? engineMoved(state, action) : state;
    case 'failed':
      return state.phase === 'thinking' && state.waiting === action.turn
        ? { ...state, phase: 'stalled', error: action.error }
        : state;
    case 'retry':
      return state.phase === 'stalled' ? { ...state, phase: 'thinking', error: null } : state;
    case 'undo':
      return undo(state);
  }
}

/** The board as drawn now (the square placed on this turn shows the piece in hand, which leaves the hand). */
export function drawnBoard(state: PlaceGiveState): PlaceGiveBoard {
  const board = state.view.board(state.position);
  if (state.placed === null || board.hand === null) return board;
  const cells = board.cells.slice();
  cells[state.placed] = board.hand;
  return { ...board, cells, hand: null };
}

/** Whether Undo does something: a placement to take back, or an earlier turn of the player's. */
export function canUndo(state: PlaceGiveState): boolean {
  return state.placed !== null || state.history.length > 0;
}

function place(state: PlaceGiveState, cell: number): PlaceGiveState {
  if (state.phase !== 'place') return state;
  const { view, position } = state;
  const board = view.board(position);
  if (cell < 0 || cell >= board.cells.length) return { ...state, error: `There is no square ${cell}.` };
  if (board.cells[cell] !== null)
    return { ...state, error: `${view.cellName(cell)} is taken: place the piece on an empty square.` };
  if (view.placementEnds(position, cell)) return playYours(state, { cell, give: null });
  return { ...state, phase: 'give', placed: cell, error: null };
}

function give(state: PlaceGiveState, piece: number): PlaceGiveState {
  if (state.phase !== 'give') return state;
  const { view } = state;
  if (!view.board(state.position).toGive.includes(piece))
    return {
      ...state,
      error: `${view.pieceName(piece)} (${view.pieceKey(piece)}) is not left to give: choose one in the tray.`,
    };
  return playYours(state, { cell: state.placed, give: piece });
}

function typed(state: PlaceGiveState, text: string): PlaceGiveState {
  if (state.phase !== 'place' && state.phase !== 'give') return state;
  const { view } = state;
  const pick = view.readPick(text);
  if (pick === null)
    return {
      ...state,
      error: `'${text.trim()}' is not a move: type a square (b3), a piece to give (its digit, e.g. 5, or its four words), or both (b3+5).`,
    };
  if (state.phase === 'place') {
    if (pick.cell === null)
      return {
        ...state,
        error: `Place the piece in hand first: type its square (e.g. b3), or the square and the piece to give (b3+5).`,
      };
    const placed = place(state, pick.cell);
    return pick.give === null || placed.phase !== 'give' ? placed : give(placed, pick.give);
  }
  if (pick.cell !== null || pick.give === null)
    return {
      ...state,
      error:
        state.placed === null
          ? 'Nothing is in hand yet: type the piece to give (its digit or its four words).'
          : `The piece is placed on ${view.cellName(state.placed)}: type the piece to give (its digit or its four words), or undo the placement.`,
    };
  return give(state, pick.give);
}

/** The player's move: the end, or the engine's turn next. */
function playYours(state: PlaceGiveState, pick: PlaceGivePick): PlaceGiveState {
  const { ruleset, view, position } = state;
  const move = view.move(position, pick);
  if (move === null) return { ...state, error: 'That is no legal move here.' };
  const logged: LoggedMove = {
    who: 'you',
    text: ruleset.notation.moveText(move),
    words: ruleset.notation.moveWords(position, move),
  };
  const step = ruleset.play(position, move);
  const moved: PlaceGiveState = {
    ...state,
    position: step.position,
    placed: null,
    log: [...state.log, logged],
    history: [...state.history, { position, log: state.log }],
    verdict: null,
    error: null,
  };
  if (step.over)
    return { ...moved, phase: 'over', result: step.won ? 'You win: your placement made a line!' : drawText };
  return { ...moved, phase: 'thinking', waiting: { position: ruleset.notation.formatPosition(step.position) } };
}

const drawText = 'A draw: the board is full and no line stands.';

/** The engine's move played, and the player's turn after it (or the end). */
function engineMoved(state: PlaceGiveState, reply: { move: string; verdict: EngineVerdict }): PlaceGiveState {
  const { ruleset, view, position } = state;
  const move = ruleset.notation.parseMove(position, reply.move);
  if (move === undefined)
    return { ...state, phase: 'stalled', error: `The engine's move '${reply.move}' could not be read.` };
  const step = ruleset.play(position, move);
  const moved: PlaceGiveState = {
    ...state,
    position: step.position,
    log: [
      ...state.log,
      { who: 'engine', text: ruleset.notation.moveText(move), words: ruleset.notation.moveWords(position, move) },
    ],
    waiting: null,
    error: null,
    verdict: step.over ? null : verdictWords(ruleset, reply.verdict),
  };
  if (step.over)
    return { ...moved, phase: 'over', result: step.won ? 'The engine wins: its placement made a line.' : drawText };
  return { ...moved, phase: yourPhase(ruleset, view, step.position) };
}

/** How the engine chose its move, and what perfect play gives from here, in the player's words. */
export function verdictWords(ruleset: ResultRuleset, verdict: EngineVerdict): string {
  if (!verdict.proved && verdict.alike)
    return "Every move here is the same up to symmetry: the engine's move is as good as any (the result with perfect play is not proved here).";
  if (!verdict.proved || verdict.result === undefined)
    return 'The engine played its best move found within the time limit: it is not proved perfect.';
  const left = verdict.turns === undefined ? null : ruleset.notation.turns(verdict.turns - 1);
  const head = "The engine's move is proved perfect: ";
  switch (verdict.result) {
    case 'win':
      return `${head}you will lose${left === null ? '' : ` in ${left}`} with perfect play.`;
    case 'draw':
      return `${head}a draw with perfect play.`;
    case 'loss':
      return `${head}you can win${left === null ? '' : ` in ${left}`} with perfect play; the engine holds out longest.`;
  }
}

function undo(state: PlaceGiveState): PlaceGiveState {
  if (state.placed !== null) return { ...state, placed: null, phase: 'place', error: null };
  const last = state.history[state.history.length - 1];
  if (!last) return state;
  return {
    ...state,
    position: last.position,
    log: last.log,
    history: state.history.slice(0, -1),
    phase: yourPhase(state.ruleset, state.view, last.position),
    placed: null,
    verdict: null,
    result: null,
    waiting: null,
    error: null,
  };
}
