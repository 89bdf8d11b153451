/**
 * A game against the perfect opponent, for any ruleset and either convention: the position, the legal
 * moves in words, reading a typed move, the engine's reply and a hint. The terminal game (and any
 * other face that plays) drives one PlaySession and prints its words; it never asks what kind of
 * game it is.
 */
import { InputError, parseNatural } from '../engine/errors.ts';
import { analyze } from '../engine/solve/normal/analyze.ts';
import { chooseMisereMove } from '../engine/solve/misere/index.ts';
import { describeMisereAnalysis } from '../engine/wording/misere.ts';
import { chooseMove, findMove, legalMoves, validatePosition } from '../engine/solve/normal/play.ts';
import { describeMove } from '../engine/wording/move.ts';
import { describeAnalysis } from '../engine/wording/normal.ts';
import type { Convention, GameResult, GameRuleset, Outcome, TupleRuleset } from '../engine/types.ts';
import { boardOf, heapsOf, safeSizes, searchOptions } from './analyze.ts';
import { conventionSearch, gamePosition } from './games.ts';
import { withKnownValues } from './large-heaps.ts';
import { analyzeMiserePosition } from './misere.ts';
import { type AnalyzeRequest, conventionOf, type RulesetRef, rulesetOf } from './requests.ts';
import type { ServiceEnv } from './env.ts';
import type { PlayBody } from './request-schemas.ts';
import { type ByKind, byKind } from './by-kind.ts';
import { LISTED_MOVES, PICK_HELP, WORDS_HELP } from './play-words.ts';
import { resultSession } from './result-play.ts';

export { LISTED_MOVES };

/** A legal move, in words (they end with the position it reaches). */
export interface PlayMove {
  readonly words: string;
}

export interface PlaySession {
  /** "Nim from 3 4 5. The player who cannot move loses." */
  readonly opening: string;
  /** How to type a move, in lines. */
  readonly help: string;
  /** What the player is told when they have no move, and when the engine has none. */
  readonly youStuck: string;
  readonly engineStuck: string;
  /** The position, as text. */
  position(): string;
  /** The position as the next `play` request names it. */
  state(): PlayState;
  /** True when the player to move has no move. */
  isOver(): boolean;
  /** The first `limit` legal moves (remembered, so "#N" picks move N of them). */
  listMoves(limit: number): { moves: PlayMove[]; truncated: boolean };
  /** The player's move typed as text: a move (applied), or null when it is no legal move; InputError when not understood. */
  playTyped(line: string): PlayMove | null;
  /** The engine's move (applied): null when it has no move; `winning` false when every move loses and it plays for time. */
  engineMove(): { move: PlayMove; winning: boolean; verdict?: EngineVerdict } | null;
  /** The position's analysis in words. */
  hint(): string;
  /** Why a typed move that playTyped found no legal move is not one, in words (absent: "not a legal move"). */
  refusal?(line: string): string;
  /** The position drawn for a person in lines (absent: the one-line text is the drawing). */
  drawing?(): string;
  /** Games decided by a result: how the game ended (null while it goes on); absent where being stuck ends it. */
  ending?(): { readonly winner: 'player' | 'engine' | null; readonly words: string } | null;
}

/**
 * What the engine knows of its move in a game decided by a result (Quarto): the move in short form,
 * whether its result is proved within the time limit (false: its best move found so far), the result
 * for the engine with perfect play and in how many turns, and all that in words.
 */
export interface EngineVerdict {
  /** The move in short form, e.g. 'b3+0'. */
  readonly move: string;
  readonly proved: boolean;
  /** For the engine, moving: 'win', 'draw' or 'loss' with perfect play; null when not proved. */
  readonly result: GameResult | null;
  /** Turns to the end with perfect play, the engine's own counted; null when not proved. */
  readonly turns: number | null;
  /** True when every move was the same up to symmetry: the move is as good as any, without a search (the result may be unproved). */
  readonly alike: boolean;
  /** In words: "it wins in 3 placements with perfect play", "not proved within the time limit: …". */
  readonly note: string;
}

/** The rules of the convention, in the words the player reads. */
const CONVENTION_WORDS: Record<Convention, { rule: string; youStuck: string; engineStuck: string }> = {
  normal: {
    rule: 'The player who cannot move loses.',
    youStuck: 'You have no move left: the engine wins.',
    engineStuck: 'The engine has no move: you win!',
  },
  misere: {
    rule: 'Misère play: the player who makes the last move loses.',
    youStuck: 'You have no move left: the engine made the last move, so you win!',
    engineStuck: 'The engine has no move: you made the last move, so the engine wins.',
  },
};

/** What a session needs of a ruleset's positions of type P. */
interface PlayRules<P> {
  format(position: P): string;
  moves(position: P, limit: number): { moves: P[]; truncated: boolean };
  describe(from: P, to: P): string;
  /** The position after a typed move, or null when it is no legal move. */
  read(position: P, line: string): P | null;
  engine(position: P): { to: P | null; outcome: Outcome };
  hint(position: P): string;
  /** The position as the next request names it: heaps for heaps and piles, the text of a board. */
  state(position: P): PlayState;
  readonly help: string;
}

/** Where a game stands, as a request names it: the fields of the next `play` request. */
export interface PlayState {
  readonly heaps?: readonly number[];
  readonly board?: string;
}

/** Starts a game from the request's position (heaps, piles or a board; a board spec's start when none is given). */
export async function openPlay(request: AnalyzeRequest, env: ServiceEnv): Promise<PlaySession> {
  const ruleset = rulesetOf(request.ruleset);
  const convention = conventionOf(request.convention);
  return byKind(OPEN, ruleset, request, convention, env);
}

type OpenArgs = [request: AnalyzeRequest, convention: Convention, env: ServiceEnv];

/**
 * The rules a game is played by, as the face's play memory keeps them between turns (the terminal: a
 * board's search and its table serve the whole game); undefined when the face keeps none.
 */
const keptRules = <R>(env: ServiceEnv, key: string) => env.playMemory?.get(key) as R | undefined;

/** How a game starts for each kind of ruleset. */
const OPEN: ByKind<OpenArgs, PlaySession | Promise<PlaySession>> = {
  game: (ruleset, request, convention, env) => {
    const start = gamePosition(ruleset, boardOf(ruleset, request.position));
    const key = `game\n${ruleset.spec}\n${convention}`;
    const rules = keptRules<PlayRules<unknown>>(env, key) ?? gameRules(ruleset, convention, request, env);
    env.playMemory?.set(key, rules);
    return session(ruleset.title, start, rules, CONVENTION_WORDS[convention]);
  },
  heap: async (ruleset, request, convention, env) => {
    const start = tupleStart(ruleset, request);
    const largest = Math.max(0, ...start);
    const key = `heap\n${ruleset.spec}\n${convention}`;
    const kept = keptRules<PlayRules<number[]> & { largest: number }>(env, key);
    // every value the game can reach, once (from a proved period where there is one)
    const rules =
      kept !== undefined && kept.largest >= largest
        ? kept
        : { ...tupleRules(await withKnownValues(ruleset, largest, env), convention), largest };
    env.playMemory?.set(key, rules);
    return session(ruleset.title, start, rules, CONVENTION_WORDS[convention]);
  },
  coupled: (ruleset, request, convention) =>
    session(ruleset.title, tupleStart(ruleset, request), tupleRules(ruleset, convention), CONVENTION_WORDS[convention]),
  result: (ruleset, request, convention) => resultSession(ruleset, request, convention),
};

function tupleStart(ruleset: TupleRuleset, request: AnalyzeRequest): number[] {
  return validatePosition(ruleset, safeSizes(heapsOf(ruleset, request.position)));
}

function session<P>(
  title: string,
  start: P,
  rules: PlayRules<P>,
  words: { rule: string; youStuck: string; engineStuck: string },
): PlaySession {
  let position = start;
  let listed: P[] = [];
  const moveOf = (from: P, to: P): PlayMove => ({ words: rules.describe(from, to) });
  const apply = (to: P): PlayMove => {
    const move = moveOf(position, to);
    position = to;
    listed = [];
    return move;
  };
  return {
    opening: `${title} from ${rules.format(position) || '(empty)'}. ${words.rule}`,
    help: rules.help,
    youStuck: words.youStuck,
    engineStuck: words.engineStuck,
    position: () => rules.format(position) || '(empty)',
    state: () => rules.state(position),
    isOver: () => rules.moves(position, 1).moves.length === 0,
    listMoves(limit) {
      const { moves, truncated } = rules.moves(position, limit);
      listed = moves;
      return { moves: moves.map((to) => moveOf(position, to)), truncated };
    },
    playTyped(line) {
      const pick = /^#\s*(\d+)$/.exec(line.trim());
      if (pick) {
        // the list "moves" would print, when it was not printed for this position
        if (listed.length === 0) listed = rules.moves(position, LISTED_MOVES).moves;
        if (listed.length === 0) throw new InputError('there is no move to pick');
        const n = Number(pick[1]);
        if (n < 1 || n > listed.length) throw new InputError(`choose a move between #1 and #${listed.length}`);
        return apply(listed[n - 1]);
      }
      const to = rules.read(position, line.trim());
      return to === null ? null : apply(to);
    },
    engineMove() {
      const { to, outcome } = rules.engine(position);
      return to === null ? null : { move: apply(to), winning: outcome === 'N' };
    },
    hint: () => rules.hint(position),
  };
}

/** Heaps and piles: moves in words ("take 9 from heap 1 (13 -> 4): 4 12 8"), typed as positions or "take K from H". */
function tupleRules(ruleset: TupleRuleset, convention: Convention): PlayRules<number[]> {
  return {
    format: (p) => p.join(' '),
    state: (p) => ({ heaps: [...p] }),
    moves: (p, limit) => legalMoves(ruleset, p, limit),
    describe: describeMove,
    read(position, line) {
      const take = /^take\s+(\S+)\s+from\s+(?:heap\s+|pile\s+)?(\S+)$/i.exec(line);
      if (take) {
        const k = parseNatural(take[1], 'K');
        const h = parseNatural(take[2], 'H');
        if (h < 1 || h > position.length) throw new InputError(`there are heaps 1 to ${position.length}, not ${h}`);
        if (k < 1 || k > position[h - 1]) throw new InputError(`heap ${h} holds ${position[h - 1]}, cannot take ${k}`);
        return findMove(
          ruleset,
          position,
          position.map((x, i) => (i === h - 1 ? x - k : x)),
        );
      }
      const words = line.split(/[\s,]+/).filter(Boolean);
      if (words.length === 0) throw new InputError('give at least one heap size');
      return findMove(
        ruleset,
        position,
        words.map((w, i) => parseNatural(w, `heap ${i + 1}`)),
      );
    },
    engine: (p) => (convention === 'misere' ? chooseMisereMove(ruleset, p) : chooseMove(ruleset, p)),
    hint: (p) =>
      convention === 'misere'
        ? describeMisereAnalysis(analyzeMiserePosition(ruleset, p))
        : describeAnalysis(analyze(ruleset, p)),
    help: [
      'Type your move as one of:',
      '  the position after it, e.g. "4 12 8"',
      '  "take K from H" (K tokens from heap H, heaps numbered from 1)',
      PICK_HELP,
      WORDS_HELP,
    ].join('\n'),
  };
}

/** Boards and graphs: one search (and its table) for the whole game; moves typed as the position after them. */
function gameRules<P>(
  ruleset: GameRuleset<P>,
  convention: Convention,
  request: AnalyzeRequest,
  env: ServiceEnv,
): PlayRules<P> {
  const search = conventionSearch(ruleset, convention, searchOptions(request.limits, env));
  const show = (p: P) => ruleset.notation.formatPosition(p) || '(empty)';
  return {
    format: (p) => ruleset.notation.formatPosition(p),
    state: (p) => ({ board: ruleset.notation.formatPosition(p) }),
    moves(p, limit) {
      const moves: P[] = [];
      for (const m of ruleset.moves(p)) {
        if (moves.length === limit) return { moves, truncated: true };
        moves.push(m);
      }
      return { moves, truncated: false };
    },
    describe: (from, to) => `${ruleset.notation.describeMove(from, to)} -> ${show(to)}`,
    read(position, line) {
      const key = ruleset.notation.formatPosition(ruleset.notation.parsePosition(line));
      for (const m of ruleset.moves(position)) if (ruleset.notation.formatPosition(m) === key) return m;
      return null;
    },
    engine(p) {
      const winning = search.winningMoves(p, 1);
      if (winning.length > 0) return { to: winning[0], outcome: 'N' };
      for (const m of ruleset.moves(p)) return { to: m, outcome: 'P' };
      return { to: null, outcome: 'P' };
    },
    hint(p) {
      if (search.isP(p)) {
        const value = convention === 'normal' ? 'Grundy value 0: ' : 'A P-position under misère play: ';
        return `${value}every move loses against perfect play.`;
      }
      // a board's value comes from the search that gave its outcome; an outcome-first family's
      // (Sprouts) would cost a search of its own, several times the outcome's
      const value =
        convention === 'misere'
          ? 'An N-position under misère play'
          : ruleset.accelerators.outcomeFirst === undefined
            ? `Grundy value ${search.grundy(p)}`
            : 'An N-position';
      // one winning move, as analyze gives by default: each more would cost a search of its option
      const [to] = search.winningMoves(p, 1);
      return to === undefined
        ? `${value}: no move is left, so the player to move has already won.`
        : `${value}: a winning move (the first the search found):\n  ${ruleset.notation.describeMove(p, to)} -> ${show(to)}`;
    },
    help: [
      'Type your move as one of:',
      `  the position after it (${ruleset.notation.positionFormat})`,
      PICK_HELP,
      WORDS_HELP,
    ].join('\n'),
  };
}

/** What a turn of `play` does at the request's position. */
export type PlayAction = PlayBody['action'];

/** One turn of a game against the perfect opponent: what happened, and where the game stands. */
export interface PlayReply {
  /** The ruleset's canonical spec and its title. */
  readonly ruleset: string;
  readonly title: string;
  readonly convention: Convention;
  readonly action: PlayAction;
  /** 'open': the game's first line ("Nim from 3 4 5. The player who cannot move loses.") and how to type a move. */
  readonly opening?: string;
  readonly help?: string;
  /** 'move': the player's move, or null when the typed move is no legal move (then `refused` says why and nothing is played). */
  readonly player?: PlayMove | null;
  readonly refused?: string;
  /**
   * 'move' (after a legal move) and 'engine': the engine's move, null when it had none; `winning`
   * false when every move loses and it plays for time. In a game decided by a result (Quarto) it
   * also carries the EngineVerdict: the move in short form, proved or its best found so far, the result.
   */
  readonly engine?:
    | (PlayMove & { readonly winning: boolean })
    | (PlayMove & { readonly winning: boolean } & EngineVerdict)
    | null;
  /** 'moves': the first legal moves (in the order "#N" picks them), and whether there are more. */
  readonly moves?: readonly PlayMove[];
  readonly truncated?: boolean;
  /** 'hint': the position's analysis in words. */
  readonly hint?: string;
  /** The position after the turn, as text and as the next request names it. */
  readonly position: string;
  readonly state: PlayState;
  /** The position drawn for a person in lines, where the game draws it (Quarto's board); absent otherwise. */
  readonly drawing?: string;
  /**
   * Set when the game is over, with the words for it: who is stuck (games won by the last move), or
   * who won, null for a draw (games decided by a result, e.g. Quarto).
   */
  readonly over:
    | { readonly stuck: 'player' | 'engine'; readonly words: string }
    | { readonly winner: 'player' | 'engine' | null; readonly words: string }
    | null;
}

/**
 * The `play` operation: one turn at the request's position, with no session kept by the service (a
 * face that plays a whole game sends each turn's `state` back; the terminal also keeps the game's
 * search in its play memory). 'open' states the game, 'move' plays the typed move and the engine's
 * reply, 'engine' lets the engine move, 'moves' lists the legal moves, 'hint' analyses.
 */
export async function playTurn(
  request: Omit<PlayBody, 'ruleset' | 'rules'> & { readonly ruleset: RulesetRef },
  env: ServiceEnv,
  limits?: AnalyzeRequest['limits'],
): Promise<PlayReply> {
  const ruleset = rulesetOf(request.ruleset);
  const convention = conventionOf(request.convention);
  const game = await openPlay(
    { ruleset, position: { heaps: request.heaps, board: request.board }, convention, limits },
    env,
  );
  const base = { ruleset: ruleset.spec, title: ruleset.title, convention, action: request.action };
  const stands = (engineStuck = false) => ({
    position: game.position(),
    state: game.state(),
    ...(game.drawing ? { drawing: game.drawing() } : {}),
    over: game.ending
      ? game.ending()
      : engineStuck
        ? { stuck: 'engine' as const, words: game.engineStuck }
        : game.isOver()
          ? { stuck: 'player' as const, words: game.youStuck }
          : null,
  });
  const engineTurn = () => {
    const reply = game.engineMove();
    return reply === null ? null : { ...reply.move, winning: reply.winning, ...reply.verdict };
  };
  switch (request.action) {
    case 'open':
      return { ...base, opening: game.opening, help: game.help, ...stands() };
    case 'engine': {
      const engine = engineTurn();
      return { ...base, engine, ...stands(engine === null) };
    }
    case 'moves': {
      const { moves, truncated } = game.listMoves(LISTED_MOVES);
      return { ...base, moves, truncated, ...stands() };
    }
    case 'hint':
      return { ...base, hint: game.hint(), ...stands() };
    case 'move': {
      const typed = (request.move ?? '').trim();
      if (typed === '') throw new InputError('give the move to play (the position after it, or "#N")');
      const from = game.position();
      if (game.isOver()) throw new InputError(`there is no move from ${from}: the game is over`);
      const player = game.playTyped(typed);
      if (player === null)
        return {
          ...base,
          player,
          refused: game.refusal?.(typed) ?? `not a legal move from ${from}: ${typed}`,
          ...stands(),
        };
      const engine = engineTurn();
      return { ...base, player, engine, ...stands(engine === null) };
    }
  }
}
