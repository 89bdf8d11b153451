/**
 * The Play tab's state as a reducer: the setup form, the game on the heap board (whose turn, the
 * legal moves, the log and record, the positions to undo back to), the marks on the tokens, the
 * hints and the error line; and the pure selectors the views draw from. A request the game waits for
 * is data (`waiting`): the page asks the server and hands the answer back with the turn it answers,
 * so an answer to a turn no longer awaited (a new game, an undo) is dropped, and a failed one is
 * asked again from the same data. No fetch and no DOM here, so it is tested without a browser.
 */
import { moveWords as describeMove } from '../../src/service/local.ts';
import type { AnalyzeReply } from './api.ts';
import type { BoardSetup } from './Boards.tsx';
import {
  hasMarks,
  type Marks,
  marksFor,
  matchMove,
  moveLine,
  targetOf,
  toggleCut,
  toggleToken,
  type Unit,
} from './board.ts';
import { type Convention, readConvention, stuckText } from './convention.ts';
import { heapsField } from './numbers.ts';

/** What the board can draw: beyond this the tokens no longer fit a row. */
export const MAX_DRAWN_HEAPS = 10;
export const MAX_DRAWN_HEAP = 100;

/** 'stalled': a request of the engine's turn failed; the player may ask again. */
export type Phase = 'setup' | 'your-turn' | 'thinking' | 'stalled' | 'over';

/** A turn the game waits for: the engine's move from `position`, or the player's legal moves there. */
export interface Turn {
  readonly who: 'engine' | 'you';
  readonly position: readonly number[];
}

export interface Game {
  readonly ruleset: string;
  readonly unit: Unit;
  readonly position: readonly number[];
  readonly phase: Phase;
  readonly log: readonly string[];
  /** The game record: one "from -> to" line per move. */
  readonly record: readonly string[];
  readonly options: readonly (readonly number[])[];
  readonly truncated: boolean;
  readonly result: string | null;
  /** Fixed when the game starts. */
  readonly convention: Convention;
  /** The turn being asked for ('thinking'), or whose request failed ('stalled'); null otherwise. */
  readonly waiting: Turn | null;
}

/** A position where it was the player's turn, to undo back to. */
export interface Snapshot {
  readonly position: readonly number[];
  readonly log: readonly string[];
  readonly record: readonly string[];
}

/** A game whose positions are text (a board, a graph): BoardPlay plays it; `n` remounts it for each new game. */
export type BoardGame = BoardSetup & { readonly n: number };

export interface PlayState {
  /** The setup form: what the next game is. */
  readonly spec: string;
  readonly positionText: string;
  readonly engineFirst: boolean;
  readonly convention: Convention;
  readonly hints: boolean;
  readonly game: Game | null;
  readonly boardGame: BoardGame | null;
  readonly marks: Marks;
  readonly analysis: AnalyzeReply | null;
  readonly error: string | null;
  /** What the Copy button did, in words. */
  readonly copied: string | null;
  /** The player's turns so far, the current one last. */
  readonly history: readonly Snapshot[];
  /** Games started so far: a board game's `n`, so that each new one starts afresh. */
  readonly started: number;
}

/** The player's turn as the server answered it: the legal moves at `position` and, with hints on, its analysis. */
export interface TurnReply {
  readonly position: readonly number[];
  readonly options: readonly (readonly number[])[];
  readonly truncated: boolean;
  readonly analysis: AnalyzeReply | null;
}

export type PlayAction =
  | { type: 'spec'; spec: string }
  | { type: 'position'; text: string }
  | { type: 'example'; example: Example }
  | { type: 'engine-first'; on: boolean }
  | { type: 'convention'; convention: Convention }
  | { type: 'hints'; on: boolean }
  /** The analysis of the position shown, asked when hints were turned on during the player's turn. */
  | { type: 'hinted'; position: readonly number[]; analysis: AnalyzeReply }
  /** New game pressed: the last game goes before the new one is described. */
  | { type: 'starting' }
  /** The server described the spec: positions of numbers (`unit`) go on the heap board, text (null) to BoardPlay. */
  | { type: 'described'; ruleset: string; unit: Unit | null }
  /** The turn `turn` answered: with the engine's move first when it was the engine's turn. */
  | ({ type: 'turn'; turn: Turn; engine?: EngineMove } & TurnReply)
  /** The engine, to move from `turn.position`, has no move. */
  | { type: 'engine-stuck'; turn: Turn }
  /** A request failed; `turn`: the turn it asked for (dropped when no longer awaited). */
  | { type: 'failed'; error: string; turn?: Turn }
  | { type: 'retry' }
  /** The player plays a move picked from the list. */
  | { type: 'play'; to: readonly number[] }
  /** The player presses Move: the move the marks make. */
  | { type: 'move' }
  | { type: 'toggle-token'; heap: number; token: number }
  | { type: 'toggle-cut'; heap: number; gap: number }
  | { type: 'marks'; marks: Marks }
  | { type: 'undo' }
  | { type: 'copied'; note: string };

/** The engine's move and its reason: 'N' when it moved to win, 'P' when no winning move exists. */
export interface EngineMove {
  readonly to: readonly number[];
  readonly outcome: 'N' | 'P';
}

/** A family's example as the catalog gives it. */
export interface Example {
  readonly spec: string;
  readonly heaps?: readonly number[];
  readonly board?: string;
}

/** The text of an example's position: its heap or pile sizes, or its board (empty: the spec's start). */
export function exampleText(example: Omit<Example, 'spec'>): string {
  return example.heaps?.join(' ') ?? example.board ?? '';
}

/** The state a link opens (its ruleset, position and convention), else the first example. */
export function initialPlayState(params: URLSearchParams, first?: Example): PlayState {
  return {
    spec: params.get('ruleset') ?? first?.spec ?? '',
    positionText:
      params.get('board') ?? params.get('position')?.replace(/,/g, ' ') ?? (first ? exampleText(first) : ''),
    engineFirst: false,
    convention: readConvention(params.get('convention')),
    hints: false,
    game: null,
    boardGame: null,
    marks: new Map(),
    analysis: null,
    error: null,
    copied: null,
    history: [],
    started: 0,
  };
}

/** Whether a link starts its game at once: it names a position or a board. */
export function startsAtOnce(params: URLSearchParams): boolean {
  return Boolean(params.get('position')) || params.get('board') !== null;
}

const NO_MARKS: Marks = new Map();

export function playReducer(state: PlayState, action: PlayAction): PlayState {
  switch (action.type) {
    case 'spec':
      return { ...state, spec: action.spec };
    case 'position':
      return { ...state, positionText: action.text };
    case 'example':
      return { ...state, spec: action.example.spec, positionText: exampleText(action.example) };
    case 'engine-first':
      return { ...state, engineFirst: action.on };
    case 'convention':
      return { ...state, convention: action.convention };
    case 'hints':
      return { ...state, hints: action.on, error: null, analysis: action.on ? state.analysis : null };
    case 'hinted':
      return state.hints && state.game?.phase === 'your-turn' && state.game.position === action.position
        ? { ...state, analysis: action.analysis }
        : state;
    case 'starting':
      // A Start that fails (a refused spec, a timeout) must not leave the last board, "Your move." and
      // hint under the new error as if they were the new game's.
      return {
        ...state,
        game: null,
        boardGame: null,
        analysis: null,
        marks: NO_MARKS,
        error: null,
        copied: null,
        started: state.started + 1,
      };
    case 'described':
      return action.unit === null ? boardGameOf(state, action.ruleset) : newGame(state, action.ruleset, action.unit);
    case 'turn':
      return state.game?.waiting === action.turn ? yourTurn(state, action) : state;
    case 'engine-stuck': {
      const { game } = state;
      if (game?.waiting !== action.turn) return state;
      const result = stuckText(game.convention, 'engine');
      return { ...state, game: { ...game, phase: 'over', options: [], result, waiting: null }, analysis: null };
    }
    case 'failed': {
      const { game } = state;
      if (action.turn && game?.waiting !== action.turn) return state;
      const stalled = game?.phase === 'thinking' ? { ...game, phase: 'stalled' as const } : game;
      return { ...state, error: action.error, game: stalled };
    }
    case 'retry':
      return state.game?.phase === 'stalled' && state.game.waiting
        ? { ...state, error: null, game: { ...state.game, phase: 'thinking' } }
        : state;
    case 'play':
      return playMove(state, action.to);
    case 'move':
      return playMarks(state);
    case 'toggle-token':
      return yourTurnNow(state) ? { ...state, marks: toggleToken(state.marks, action.heap, action.token) } : state;
    case 'toggle-cut':
      return yourTurnNow(state) ? { ...state, marks: toggleCut(state.marks, action.heap, action.gap) } : state;
    case 'marks':
      return yourTurnNow(state) ? { ...state, marks: action.marks } : state;
    case 'undo':
      return undo(state);
    case 'copied':
      return { ...state, copied: action.note };
  }
}

/** A game of positions written as text, under the form's settings: BoardPlay plays it. */
function boardGameOf(state: PlayState, ruleset: string): PlayState {
  const text = state.positionText.trim();
  const boardGame: BoardGame = {
    ruleset,
    board: text || undefined,
    convention: state.convention,
    engineFirst: state.engineFirst,
    n: state.started,
  };
  return { ...state, boardGame };
}

/** The heaps the form names, within what the board draws; an Error in words otherwise. */
export function parseHeaps(text: string, unit: Unit): number[] {
  const heaps = heapsField(text, unit);
  if (heaps.length > MAX_DRAWN_HEAPS)
    throw new Error(`The board draws at most ${MAX_DRAWN_HEAPS} heaps; use \`nimber play\` for more.`);
  if (heaps.some((h) => h > MAX_DRAWN_HEAP))
    throw new Error(`The board draws heaps of at most ${MAX_DRAWN_HEAP} tokens; use \`nimber play\` for bigger ones.`);
  return heaps;
}

/** A new game on the heap board: waiting for the first turn, the engine's or the player's. */
function newGame(state: PlayState, ruleset: string, unit: Unit): PlayState {
  let position: number[];
  try {
    position = parseHeaps(state.positionText, unit);
  } catch (e) {
    return { ...state, error: e instanceof Error ? e.message : String(e) };
  }
  const game: Game = {
    ruleset,
    unit,
    position,
    phase: 'thinking',
    log: [],
    record: [],
    options: [],
    truncated: false,
    result: null,
    convention: state.convention,
    waiting: { who: state.engineFirst ? 'engine' : 'you', position },
  };
  return { ...state, game, history: [], analysis: null, marks: NO_MARKS };
}

/** The player's turn has come (after the engine's move, if it moved); no legal move means the engine won. */
function yourTurn(state: PlayState, reply: TurnReply & { turn: Turn; engine?: EngineMove }): PlayState {
  let game = state.game!;
  if (reply.engine) {
    const from = reply.turn.position,
      { to } = reply.engine;
    const why = reply.engine.outcome === 'N' ? 'a winning move' : 'no winning move exists, so it plays for time';
    game = {
      ...game,
      log: [...game.log, `Engine: ${describeMove(from, to)} (${why})`],
      record: [...game.record, `engine: ${moveLine(from, to)}`],
    };
  }
  const { position, options, truncated } = reply;
  if (options.length === 0) {
    const result = stuckText(game.convention, 'you');
    return {
      ...state,
      game: { ...game, position, phase: 'over', options, truncated, result, waiting: null },
      analysis: null,
      marks: NO_MARKS,
    };
  }
  return {
    ...state,
    game: { ...game, position, phase: 'your-turn', options, truncated, result: null, waiting: null },
    history: [...state.history, { position, log: game.log, record: game.record }],
    // hints turned off while the turn was asked for are not shown
    analysis: state.hints ? reply.analysis : null,
    marks: NO_MARKS,
  };
}

const yourTurnNow = (state: PlayState) => state.game?.phase === 'your-turn';
const samePositions = (a: readonly number[], b: readonly number[]) => a.join(',') === b.join(',');

/** The player's move `to`: the engine's turn next, or the error line says why it is no legal move. */
function playMove(state: PlayState, to: readonly number[]): PlayState {
  const { game } = state;
  if (game?.phase !== 'your-turn') return state;
  if (!game.options.some((o) => samePositions(o, to))) {
    const note = game.truncated ? ` (among the first ${game.options.length} legal moves)` : '';
    return { ...state, error: `Not a legal move in ${game.ruleset}${note}: ${describeMove(game.position, to)}.` };
  }
  const next: Game = {
    ...game,
    position: to,
    phase: 'thinking',
    log: [...game.log, `You: ${describeMove(game.position, to)}`],
    record: [...game.record, `you: ${moveLine(game.position, to)}`],
    waiting: { who: 'engine', position: to },
  };
  return { ...state, game: next, marks: NO_MARKS, error: null };
}

/** The move the marks make, or why they make none. */
function playMarks(state: PlayState): PlayState {
  const { game, marks } = state;
  if (game?.phase !== 'your-turn') return state;
  if (!hasMarks(marks))
    return { ...state, error: 'Mark the tokens to take (or the gaps to cut) first, then press Move.' };
  const to = matchMove(game.unit, game.position, marks, game.options);
  if (to) return playMove(state, to);
  const target = targetOf(game.unit, game.position, marks);
  return { ...state, error: `Not a legal move in ${game.ruleset}: ${describeMove(game.position, target)}.` };
}

/** Whether Undo can go back: to the player's last turn, or the one before the current turn. */
export function canUndo(state: PlayState): boolean {
  const { game } = state;
  if (!game || game.phase === 'thinking') return false;
  return state.history.length >= (game.phase === 'your-turn' ? 2 : 1);
}

/** Back to the player's previous turn (from a finished or stalled game: the last one); its moves are asked again. */
function undo(state: PlayState): PlayState {
  const { game } = state;
  if (!game || !canUndo(state)) return state;
  const kept = state.history.slice(0, game.phase === 'your-turn' ? -2 : -1);
  const back = state.history[kept.length]!;
  const next: Game = {
    ...game,
    position: back.position,
    phase: 'thinking',
    log: [...back.log, `(undone back to ${back.position.join(' ')})`],
    record: back.record,
    result: null,
    options: [],
    waiting: { who: 'you', position: back.position },
  };
  return { ...state, game: next, history: kept, analysis: null, marks: NO_MARKS, error: null };
}

/** The game's moves as text: the ruleset, then one line per move. */
export function recordText(game: Game): string {
  return [`# ${game.ruleset}`, ...game.record].join('\n') + '\n';
}

/** Gaps are drawn only where some legal move splits a heap without taking from it. */
export function drawsGaps(game: Game): boolean {
  return game.options.some((o) => o.length > game.position.length && sum(o) === sum(game.position));
}

/** A winning move the board can click: where it goes, and the marks that make it. */
export interface ClickableMove {
  readonly to: readonly number[];
  readonly marks: Marks;
}

/** The analysis's winning moves that the board can click (positions of numbers it can mark). */
export function clickableHints(game: Game, analysis: AnalyzeReply | null): ClickableMove[] {
  if (!analysis) return [];
  return analysis.winningMoves.flatMap((m) => {
    if (typeof m.to === 'string') return [];
    const to = m.to.map(Number);
    const marks = marksFor(game.unit, game.position, to);
    return marks ? [{ to, marks }] : [];
  });
}

/** The analysis's Grundy value of each heap, when it has them. */
export function heapValues(analysis: AnalyzeReply | null) {
  return analysis && 'grundy' in analysis && Array.isArray(analysis.grundy) ? analysis.grundy : null;
}

/** The analysis's nim-sum, when it has one. */
export function nimSumOf(analysis: AnalyzeReply | null) {
  return analysis && 'nimSum' in analysis ? analysis.nimSum : null;
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
