/**
 * What the page's "Your game" answers of a game given as the user's own rules (a rules module's
 * export, read by the engine's builder, src/engine/user-rules.ts): Run's values and winning moves (a
 * row of Grundy values for heap games), the legal moves of the player's turn, and the perfect
 * opponent's move, positions written as the rules write them. Pure like the rest of the service: the
 * page's worker (web/src/your-game-worker.ts) loads the user's module and calls these; nothing here
 * loads code.
 */
import { InputError, parseNatural } from '../engine/errors.ts';
import { validateHeaps } from '../engine/position.ts';
import { gameRules } from '../engine/solve/oracle/normal.ts';
import { analyzeGameRules, GameSolver } from '../engine/solve/search/index.ts';
import type { GameRules, GameRuleset, HeapRuleset } from '../engine/types.ts';
import { type UserRuleset, userRuleset } from '../engine/user-rules.ts';
import { describeMove } from '../engine/wording/move.ts';
import { type ByKind, byKind } from './by-kind.ts';

export type { UserRuleset };

/** The user's ruleset from a rules module's export (its namespace or its default export); InputError in one line. */
export function rulesetOfModule(exported: unknown): UserRuleset {
  return userRuleset(exported);
}

/** Heaps 0..SEQUENCE_ROW - 1 in a heap game's row of Grundy values (more when a heap of the position is larger). */
export const SEQUENCE_ROW = 41;

/** The moves a turn lists at most. */
export const MAX_LISTED_MOVES = 200;

/** A position one move away, as text, with the move in words. */
export interface ShownMove {
  readonly to: string;
  readonly words: string;
}

/** What Run shows: the position's values and, for heap games, a row of Grundy values. */
export interface RunAnswer {
  readonly title: string;
  /** 'heap': the rules give one heap's options (sequences apply); 'game': positions of any shape. */
  readonly kind: 'heap' | 'game';
  /** The analysed position as the rules write it; null for a heap game run without a position. */
  readonly position: string | null;
  readonly grundy: number | null;
  readonly outcome: 'P' | 'N' | null;
  readonly winning: readonly ShownMove[];
  /** Heap games: g(0), g(1), ...; empty otherwise. */
  readonly sequence: readonly number[];
}

/** The player's turn: the position and every legal move (at most MAX_LISTED_MOVES of them). */
export interface TurnAnswer {
  readonly position: string;
  readonly moves: readonly ShownMove[];
  readonly truncated: boolean;
}

/** The perfect opponent's move from a position (null: it has none, it lost). */
export interface EngineAnswer {
  readonly move: ShownMove | null;
  /** The outcome before the move: 'P' means every move loses against perfect play. */
  readonly outcome: 'P' | 'N';
}

/** A heap game's position: heap sizes separated by spaces or commas. */
function heapsOf(ruleset: HeapRuleset, text: string): number[] {
  const words = text.split(/[\s,]+/).filter(Boolean);
  return validateHeaps(
    words.map((w, i) => parseNatural(w, `heap ${i + 1}`)),
    ruleset.maxHeap,
  );
}

/** A searched game's position: the text read by the rules (or their start when the text is empty). */
function gamePositionOf(ruleset: GameRuleset<unknown>, text: string): unknown {
  if (text.trim() !== '') return ruleset.notation.parsePosition(text);
  if (ruleset.start !== null) return ruleset.start;
  throw new InputError('type a position: these rules name no start position (rules.start)');
}

const heapMove = (from: number[], to: number[]): ShownMove => ({ to: to.join(' '), words: describeMove(from, to) });

function gameMove(ruleset: GameRuleset<unknown>, from: unknown, to: unknown): ShownMove {
  return { to: ruleset.notation.formatPosition(to), words: ruleset.notation.describeMove(from, to) };
}

type UserKind = UserRuleset['kind'];

/** Run: the position's Grundy value, outcome and winning moves; for heap games also a row of Grundy values (the position may be empty). */
export function runRules(ruleset: UserRuleset, text: string): RunAnswer {
  return byKind<[string], RunAnswer, UserKind>(RUN, ruleset, text);
}

const RUN: ByKind<[text: string], RunAnswer, UserKind> = {
  heap: (ruleset, text) => {
    const title = ruleset.title;
    const heaps = text.trim() === '' ? [] : heapsOf(ruleset, text);
    const top = Math.min(ruleset.maxHeap, Math.max(SEQUENCE_ROW - 1, ...heaps));
    const values = ruleset.sequence(top);
    const sequence = Array.from(values.subarray(0, Math.min(top, SEQUENCE_ROW - 1) + 1));
    if (heaps.length === 0)
      return { title, kind: 'heap', position: null, grundy: null, outcome: null, winning: [], sequence };
    const sum = (p: readonly number[]) => p.reduce((x, h) => x ^ values[h], 0);
    const grundy = sum(heaps);
    const winning: ShownMove[] = [];
    if (grundy !== 0) {
      for (const to of gameRules(ruleset).moves(heaps)) {
        if (sum(to) === 0) winning.push(heapMove(heaps, to));
        if (winning.length === MAX_LISTED_MOVES) break;
      }
    }
    const outcome = grundy === 0 ? 'P' : 'N';
    return { title, kind: 'heap', position: heaps.join(' '), grundy, outcome, winning, sequence };
  },
  game: (ruleset, text) => {
    const position = gamePositionOf(ruleset, text);
    const analysis = analyzeGameRules(ruleset, position);
    return {
      title: ruleset.title,
      kind: 'game',
      position: ruleset.notation.formatPosition(position),
      grundy: analysis.grundy,
      outcome: analysis.outcome,
      winning: analysis.winningMoves.slice(0, MAX_LISTED_MOVES).map((to) => gameMove(ruleset, position, to)),
      sequence: [],
    };
  },
};

/** The player's turn: the position as the rules write it and its legal moves (at most MAX_LISTED_MOVES). */
export function rulesTurn(ruleset: UserRuleset, text: string): TurnAnswer {
  return byKind<[string], TurnAnswer, UserKind>(TURN, ruleset, text);
}

const TURN: ByKind<[text: string], TurnAnswer, UserKind> = {
  heap: (ruleset, text) => {
    const heaps = heapsOf(ruleset, text);
    const { listed, truncated } = firstOf(gameRules(ruleset).moves(heaps), MAX_LISTED_MOVES);
    return { position: heaps.join(' '), moves: listed.map((to) => heapMove(heaps, to)), truncated };
  },
  game: (ruleset, text) => {
    const position = gamePositionOf(ruleset, text);
    const { listed, truncated } = firstOf(ruleset.moves(position), MAX_LISTED_MOVES);
    return {
      position: ruleset.notation.formatPosition(position),
      moves: listed.map((to) => gameMove(ruleset, position, to)),
      truncated,
    };
  },
};

/** The perfect opponent's move from the position, and the position's outcome. */
export function rulesEngineMove(ruleset: UserRuleset, text: string): EngineAnswer {
  return byKind<[string], EngineAnswer, UserKind>(ENGINE, ruleset, text);
}

const ENGINE: ByKind<[text: string], EngineAnswer, UserKind> = {
  heap: (ruleset, text) => {
    // The sum of heaps by its Grundy values: a move to nim-sum 0 wins (no search over whole positions).
    const heaps = heapsOf(ruleset, text);
    const values = ruleset.sequence(Math.max(0, ...heaps));
    const moves = gameRules(ruleset).moves(heaps);
    const sum = (p: readonly number[]) => p.reduce((x, h) => x ^ values[h], 0);
    const to = sum(heaps) === 0 ? first(moves) : first(filter(moves, (p) => sum(p) === 0));
    return { outcome: sum(heaps) === 0 ? 'P' : 'N', move: to === undefined ? null : heapMove(heaps, to) };
  },
  game: (ruleset, text) => {
    const position = gamePositionOf(ruleset, text);
    const to = bestMove(ruleset, position);
    return { outcome: to.outcome, move: to.move === undefined ? null : gameMove(ruleset, position, to.move) };
  },
};

/** At most `limit` items, and whether more were left. */
function firstOf<T>(items: Iterable<T>, limit: number): { listed: T[]; truncated: boolean } {
  const listed: T[] = [];
  for (const x of items) {
    if (listed.length === limit) return { listed, truncated: true };
    listed.push(x);
  }
  return { listed, truncated: false };
}

function* filter<T>(items: Iterable<T>, keep: (x: T) => boolean): Iterable<T> {
  for (const x of items) if (keep(x)) yield x;
}

/** The perfect opponent's move: a winning move from an N-position, else the first legal move (undefined: none). */
function bestMove<P>(rules: GameRules<P>, position: P): { outcome: 'P' | 'N'; move: P | undefined } {
  const winning = new GameSolver(rules).winningMoves(position);
  if (winning.length > 0) return { outcome: 'N', move: winning[0] };
  return { outcome: 'P', move: first(rules.moves(position)) };
}

function first<T>(items: Iterable<T>): T | undefined {
  for (const x of items) return x;
  return undefined;
}
