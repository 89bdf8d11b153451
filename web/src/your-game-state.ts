/**
 * "Your game"'s state as a reducer: the editor (rules text, position, time limit, example), the
 * values Run found, a game against the perfect opponent, the shared link and the error line. As in
 * Play (play-state.ts), the request a game waits for is data (`waiting`): the page asks the rules'
 * worker and hands the answer back with the turn it answers, so an answer to a turn no longer awaited
 * is dropped. No worker and no DOM here, so it is tested without a browser.
 */
import type { EngineAnswer, RunAnswer, ShownMove, TurnAnswer } from './your-game-client.ts';

/** The time limit a request of the rules gets, in seconds, unless the person sets another. */
export const DEFAULT_LIMIT_S = 5;
/** The largest time limit the page accepts, in seconds. */
export const MAX_LIMIT_S = 60;

export interface Turn {
  readonly who: 'engine' | 'you';
  readonly position: string;
}

export interface YourGamePlay {
  /** The rules text the game is played under (later edits do not change a game in progress). */
  readonly rules: string;
  readonly position: string;
  readonly phase: 'thinking' | 'your-turn' | 'over';
  readonly moves: readonly ShownMove[];
  readonly truncated: boolean;
  readonly log: readonly string[];
  readonly result: string | null;
  readonly waiting: Turn | null;
}

export interface YourGameState {
  readonly rules: string;
  readonly position: string;
  /** The time limit field, as typed (seconds). */
  readonly limit: string;
  /** The example the rules started from ('' once none is chosen). */
  readonly example: string;
  readonly engineFirst: boolean;
  readonly busy: boolean;
  readonly result: RunAnswer | null;
  readonly game: YourGamePlay | null;
  readonly error: string | null;
  readonly shared: string | null;
  /** The rules came with a link and have not run yet (the page says so rather than running them). */
  readonly fromLink: boolean;
}

export type YourGameAction =
  | { type: 'rules'; rules: string }
  | { type: 'position'; position: string }
  | { type: 'limit'; limit: string }
  | { type: 'engine-first'; engineFirst: boolean }
  | { type: 'example'; name: string; rules: string; position: string }
  | { type: 'loaded'; rules: string; position: string }
  | { type: 'running' }
  | { type: 'ran'; answer: RunAnswer }
  | { type: 'play' }
  | { type: 'turn'; turn: Turn; answer: TurnAnswer }
  | { type: 'engine'; turn: Turn; answer: EngineAnswer }
  | { type: 'move'; move: ShownMove }
  | { type: 'shared'; link: string }
  | { type: 'failed'; error: string; turn?: Turn };

export function initialYourGame(rules: string, position: string, example: string, limit = ''): YourGameState {
  return {
    rules,
    position,
    limit: limit || String(DEFAULT_LIMIT_S),
    example,
    engineFirst: false,
    busy: false,
    result: null,
    game: null,
    error: null,
    shared: null,
    fromLink: false,
  };
}

/** The time limit in milliseconds, or an Error with one line when the field is not a number of seconds in range. */
export function limitMs(state: Pick<YourGameState, 'limit'>): number {
  const text = state.limit.trim();
  const seconds = Number(text);
  if (text === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_LIMIT_S)
    throw new Error(`the time limit is a number of seconds above 0 and at most ${MAX_LIMIT_S}, not '${state.limit}'`);
  return Math.round(seconds * 1000);
}

const sameTurn = (a: Turn | null, b: Turn) => a !== null && a.who === b.who && a.position === b.position;

export function yourGameReducer(state: YourGameState, action: YourGameAction): YourGameState {
  switch (action.type) {
    case 'rules':
      return { ...state, rules: action.rules, example: '', shared: null };
    case 'position':
      return { ...state, position: action.position, shared: null };
    case 'limit':
      return { ...state, limit: action.limit };
    case 'engine-first':
      return { ...state, engineFirst: action.engineFirst };
    case 'example':
      return {
        ...initialYourGame(action.rules, action.position, action.name, state.limit),
        engineFirst: state.engineFirst,
      };
    case 'loaded':
      return { ...state, rules: action.rules, position: action.position, example: '', error: null, fromLink: true };
    case 'running':
      // one request at a time: Run ends a game in progress (its turn would be stopped anyway)
      return { ...state, busy: true, error: null, shared: null, fromLink: false, game: null };
    case 'ran':
      return { ...state, busy: false, result: action.answer, error: null };
    case 'play': {
      if (state.busy) return state;
      const who = state.engineFirst ? 'engine' : 'you';
      const waiting: Turn = { who, position: state.position.trim() };
      return {
        ...state,
        error: null,
        fromLink: false,
        game: {
          rules: state.rules,
          position: waiting.position,
          phase: 'thinking',
          moves: [],
          truncated: false,
          log: [],
          result: null,
          waiting,
        },
      };
    }
    case 'turn': {
      const game = state.game;
      if (!game || !sameTurn(game.waiting, action.turn)) return state;
      const { position, moves, truncated } = action.answer;
      if (moves.length === 0)
        return {
          ...state,
          game: {
            ...game,
            position,
            phase: 'over',
            moves: [],
            waiting: null,
            result: 'You have no move: the engine wins.',
          },
        };
      return { ...state, game: { ...game, position, phase: 'your-turn', moves, truncated, waiting: null } };
    }
    case 'engine': {
      const game = state.game;
      if (!game || !sameTurn(game.waiting, action.turn)) return state;
      const { move } = action.answer;
      if (move === null)
        return {
          ...state,
          game: { ...game, phase: 'over', moves: [], waiting: null, result: 'The engine has no move: you win.' },
        };
      return {
        ...state,
        game: {
          ...game,
          position: move.to,
          log: [...game.log, `Engine: ${move.words}`],
          moves: [],
          waiting: { who: 'you', position: move.to },
        },
      };
    }
    case 'move': {
      const game = state.game;
      if (game?.phase !== 'your-turn') return state;
      return {
        ...state,
        error: null,
        game: {
          ...game,
          position: action.move.to,
          phase: 'thinking',
          moves: [],
          log: [...game.log, `You: ${action.move.words}`],
          waiting: { who: 'engine', position: action.move.to },
        },
      };
    }
    case 'shared':
      return { ...state, busy: false, shared: action.link };
    case 'failed': {
      // A failure of a turn no longer awaited is dropped; a failed turn ends the game with the error shown.
      if (action.turn && !sameTurn(state.game?.waiting ?? null, action.turn)) return state;
      const game = action.turn && state.game ? { ...state.game, phase: 'over' as const, waiting: null } : state.game;
      return { ...state, busy: false, error: action.error, game };
    }
  }
}
