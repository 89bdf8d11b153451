/**
 * BoardPlay's state as a reducer: a game on a board or graph (positions written as text) against the
 * server's perfect opponent: whose turn, the legal moves, the cells clicked so far, the log, the
 * colour of each placed piece, the hints and the cells a hint marks, the error line; and the pure
 * selectors the views draw from. As in Play (play-state.ts), the request the game waits for is data
 * (`waiting`): the page asks the server and hands the answer back with the turn it answers, so an
 * answer to a turn no longer awaited (a new game) is dropped, and a failed one is asked again from the
 * same data. Rules come from the ruleset and clicks from its view (viewOf), so no family is named
 * here; no fetch and no DOM, so it is tested without a browser.
 */
import { parseGameSpec } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { viewOf } from '../../src/views/registry.ts';
import type { GridView, PositionView } from '../../src/views/types.ts';
import type { AnalyzeReply } from './api.ts';
import { type Convention, stuckText } from './convention.ts';

/** 'stalled': the request of the awaited turn failed; the player may ask again. */
export type BoardPhase = 'your-turn' | 'thinking' | 'stalled' | 'over';

/** What Play hands over to start a game on a board or graph. */
export interface BoardSetup {
  /** The ruleset's canonical spec. */
  readonly ruleset: string;
  /** The start position's text (absent: the spec's start). */
  readonly board?: string;
  readonly convention: Convention;
  readonly engineFirst: boolean;
}

/** A turn the game waits for: the engine's move from `position`, or the player's legal moves there. */
export interface BoardTurn {
  readonly who: 'engine' | 'you';
  readonly position: string;
}

/** A cell of the drawn grid: [row, column], row 0 at the top. */
export type Cell = readonly [row: number, col: number];

/** Which move placed the piece on each taken cell ("row,col"), so that pieces are told apart by colour. */
export interface Pieces {
  readonly owner: ReadonlyMap<string, number>;
  /** Moves that took cells so far: the next piece's number. */
  readonly moves: number;
}

export interface BoardPlayState {
  readonly setup: BoardSetup;
  readonly ruleset: GameRuleset;
  readonly view: PositionView<unknown>;
  /** The position, as the API writes it. */
  readonly position: string;
  readonly phase: BoardPhase;
  /** The cells clicked towards the player's next move, in click order. */
  readonly picks: readonly Cell[];
  /** The legal moves at `position` during the player's turn, as positions' text. */
  readonly options: readonly string[];
  readonly log: readonly string[];
  readonly result: string | null;
  /** The turn being asked for ('thinking'), or whose request failed ('stalled'); null otherwise. */
  readonly waiting: BoardTurn | null;
  readonly hints: boolean;
  readonly analysis: AnalyzeReply | null;
  /** The cells a hint's "show it" marks (those its move changes), as "row,col"; cleared by the next position. */
  readonly shown: ReadonlySet<string>;
  readonly pieces: Pieces;
  readonly error: string | null;
}

/** The engine's move as the server answered it: where it went and, where the reply has them, its words. */
export interface EngineReply {
  readonly to: string;
  readonly move?: string | null;
}

export type BoardPlayAction =
  /** A new game from the setup: whatever was asked for the last one is no longer awaited. */
  | { type: 'start' }
  /** The turn `turn` answered: the player's legal moves, after the engine's move when it was the engine's turn. */
  | { type: 'turn'; turn: BoardTurn; engine?: EngineReply; options: readonly string[] }
  /** The engine, to move from `turn.position`, has no move. */
  | { type: 'engine-stuck'; turn: BoardTurn }
  /** The request of `turn` failed (dropped when that turn is no longer awaited). */
  | { type: 'failed'; turn: BoardTurn; error: string }
  | { type: 'retry' }
  | { type: 'click'; row: number; col: number }
  /** The player plays the move to `to` (a position's text): from the list, or the clicks as they stand. */
  | { type: 'play'; to: string }
  | { type: 'hints'; on: boolean }
  /** The analysis of `position`, asked during the player's turn there with hints on. */
  | { type: 'hinted'; position: string; analysis: AnalyzeReply }
  | { type: 'hint-failed'; position: string; error: string }
  /** A hint's "show it": mark the cells its move to `to` changes. */
  | { type: 'show'; to: string };

const NO_PIECES: Pieces = { owner: new Map(), moves: 0 };
const NO_CELLS: ReadonlySet<string> = new Set();

/** A game of the setup, waiting for its first turn (the engine's or the player's); hints as Play has them. */
export function initialBoardPlay(setup: BoardSetup, hints: boolean): BoardPlayState {
  const ruleset = parseGameSpec(setup.ruleset);
  const base = {
    setup,
    ruleset,
    view: viewOf(ruleset),
    hints,
  };
  return newGame(base);
}

/** The start: the setup's board, else the spec's start (empty when it names none). */
function startOf(setup: BoardSetup, ruleset: GameRuleset): string {
  return setup.board ?? (ruleset.start === null ? '' : ruleset.notation.formatPosition(ruleset.start));
}

function newGame(state: Pick<BoardPlayState, 'setup' | 'ruleset' | 'view' | 'hints'>): BoardPlayState {
  const position = startOf(state.setup, state.ruleset);
  return {
    setup: state.setup,
    ruleset: state.ruleset,
    view: state.view,
    hints: state.hints,
    position,
    phase: 'thinking',
    picks: [],
    options: [],
    log: [],
    result: null,
    waiting: { who: state.setup.engineFirst ? 'engine' : 'you', position },
    analysis: null,
    shown: NO_CELLS,
    pieces: NO_PIECES,
    error: null,
  };
}

export function boardPlayReducer(state: BoardPlayState, action: BoardPlayAction): BoardPlayState {
  switch (action.type) {
    case 'start':
      return newGame(state);
    case 'turn':
      return state.waiting === action.turn && state.phase === 'thinking' ? yourTurn(state, action) : state;
    case 'engine-stuck':
      return state.waiting === action.turn && state.phase === 'thinking'
        ? { ...state, phase: 'over', result: stuckText(state.setup.convention, 'engine'), waiting: null }
        : state;
    case 'failed':
      return state.waiting === action.turn && state.phase === 'thinking'
        ? { ...state, phase: 'stalled', error: action.error }
        : state;
    case 'retry':
      return state.phase === 'stalled' && state.waiting ? { ...state, phase: 'thinking', error: null } : state;
    case 'click':
      return click(state, action.row, action.col);
    case 'play':
      return play(state, action.to);
    case 'hints':
      return { ...state, hints: action.on, analysis: action.on ? state.analysis : null };
    case 'hinted':
      return hintAwaited(state, action.position) ? { ...state, analysis: action.analysis } : state;
    case 'hint-failed':
      return hintAwaited(state, action.position) ? { ...state, error: action.error } : state;
    case 'show':
      return state.phase === 'your-turn' ? { ...state, shown: changedCells(state, action.to) } : state;
  }
}

/** Whether an analysis of `position` is still wanted: hints on, and the player to move there. */
const hintAwaited = (state: BoardPlayState, position: string) =>
  state.hints && state.phase === 'your-turn' && state.position === position;

/** The position reached: the player's turn with its legal moves, or the end when it has none (the engine won). */
function yourTurn(
  state: BoardPlayState,
  reply: { turn: BoardTurn; engine?: EngineReply; options: readonly string[] },
): BoardPlayState {
  let { log, pieces } = state;
  let position = reply.turn.position;
  if (reply.engine) {
    const { ruleset } = state;
    const { to } = reply.engine;
    const words =
      reply.engine.move ??
      ruleset.notation.describeMove(ruleset.notation.parsePosition(position), ruleset.notation.parsePosition(to));
    log = [...log, `Engine: ${words}`];
    pieces = notePieces(state, pieces, position, to);
    position = to;
  }
  const moved = { ...state, position, log, pieces, picks: [], waiting: null, shown: NO_CELLS, analysis: null };
  if (reply.options.length === 0)
    return { ...moved, phase: 'over', options: [], result: stuckText(state.setup.convention, 'you') };
  return { ...moved, phase: 'your-turn', options: reply.options, result: null };
}

/** The player's move to `to`: the engine's turn next. */
function play(state: BoardPlayState, to: string): BoardPlayState {
  if (state.phase !== 'your-turn') return state;
  const { ruleset, position } = state;
  const words = ruleset.notation.describeMove(
    ruleset.notation.parsePosition(position),
    ruleset.notation.parsePosition(to),
  );
  return {
    ...state,
    position: to,
    phase: 'thinking',
    picks: [],
    options: [],
    log: [...state.log, `You: ${words}`],
    waiting: { who: 'engine', position: to },
    analysis: null,
    shown: NO_CELLS,
    pieces: notePieces(state, state.pieces, position, to),
    error: null,
  };
}

/**
 * A click on a cell: a second click on a picked cell unpicks it; otherwise the cell joins the picks
 * and the view says whether they make a move (played at once), need another cell, or make none, in
 * which case the cell alone starts the picks afresh, and a cell that starts no move is ignored.
 */
function click(state: BoardPlayState, row: number, col: number): BoardPlayState {
  const grid = state.view.grid;
  if (state.phase !== 'your-turn' || !grid) return state;
  const again = state.picks.findIndex(([r, c]) => r === row && c === col);
  if (again >= 0) return { ...state, picks: state.picks.filter((_, i) => i !== again) };
  const position = state.ruleset.notation.parsePosition(state.position);
  let picks: Cell[] = [...state.picks, [row, col]];
  let to = grid.pick(position, picks);
  if (to === null && picks.length > 1) {
    picks = [[row, col]];
    to = grid.pick(position, picks);
  }
  if (to === null) return state;
  if (to === 'more') return { ...state, picks };
  return play(state, state.ruleset.notation.formatPosition(to));
}

/** Notes which move took each cell the move from `before` to `after` took (grids only). */
function notePieces(state: BoardPlayState, pieces: Pieces, before: string, after: string): Pieces {
  const grid = state.view.grid;
  if (!grid) return pieces;
  const from = state.ruleset.notation.parsePosition(before);
  const to = state.ruleset.notation.parsePosition(after);
  const { rows, cols } = grid.size(to);
  const owner = new Map(pieces.owner);
  let took = false;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      if (grid.cell(from, r, c) === 'free' && grid.cell(to, r, c) === 'taken') {
        owner.set(`${r},${c}`, pieces.moves);
        took = true;
      }
  return took ? { owner, moves: pieces.moves + 1 } : pieces;
}

/** The cells (as "row,col") whose state or label the move from the position to `to` changes. */
function changedCells(state: BoardPlayState, to: string): ReadonlySet<string> {
  const grid = state.view.grid;
  if (!grid) return NO_CELLS;
  const before = state.ruleset.notation.parsePosition(state.position);
  const after = state.ruleset.notation.parsePosition(to);
  const { rows, cols } = grid.size(before);
  const changed = new Set<string>();
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      if (
        grid.cell(before, r, c) !== grid.cell(after, r, c) ||
        grid.label?.(before, r, c) !== grid.label?.(after, r, c)
      )
        changed.add(`${r},${c}`);
  return changed;
}

/** One drawn cell: its state, its label, whether it is picked or marked by a hint, and its piece's number. */
export interface DrawnCell {
  readonly row: number;
  readonly col: number;
  readonly state: ReturnType<GridView<unknown>['cell']>;
  readonly label: string | undefined;
  readonly picked: boolean;
  readonly shown: boolean;
  readonly piece: number | undefined;
}

/** The grid as drawn: its size and its cells row by row; null where the view has no grid. */
export function drawnGrid(state: BoardPlayState): { rows: number; cols: number; cells: DrawnCell[] } | null {
  const grid = state.view.grid;
  if (!grid) return null;
  const position = state.ruleset.notation.parsePosition(state.position);
  const { rows, cols } = grid.size(position);
  const cells: DrawnCell[] = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) {
      const cellState = grid.cell(position, row, col);
      cells.push({
        row,
        col,
        state: cellState,
        label: grid.label?.(position, row, col),
        picked: state.picks.some(([r, c]) => r === row && c === col),
        shown: state.shown.has(`${row},${col}`),
        piece: cellState === 'taken' ? state.pieces.owner.get(`${row},${col}`) : undefined,
      });
    }
  return { rows, cols, cells };
}

/**
 * The move the clicked cells already make as they stand, when a longer one could extend them (coin
 * turning): where it goes and its words, for the page to offer; null otherwise.
 */
export function completedMove(state: BoardPlayState): { to: string; words: string } | null {
  const grid = state.view.grid;
  if (!grid?.complete || state.phase !== 'your-turn' || state.picks.length === 0) return null;
  const { ruleset } = state;
  const position = ruleset.notation.parsePosition(state.position);
  const done = grid.complete(position, state.picks);
  return done === null
    ? null
    : { to: ruleset.notation.formatPosition(done), words: ruleset.notation.describeMove(position, done) };
}

/** The player's legal moves in words, with where each goes. */
export function movesInWords(state: BoardPlayState, limit: number): { to: string; words: string }[] {
  const { ruleset } = state;
  const position = ruleset.notation.parsePosition(state.position);
  return state.options
    .slice(0, limit)
    .map((to) => ({ to, words: ruleset.notation.describeMove(position, ruleset.notation.parsePosition(to)) }));
}
