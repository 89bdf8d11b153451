/**
 * What "Your game" answers of a user ruleset (the engine's builder made it from the person's rules):
 * Run's values and winning moves (a row of Grundy values for heap games), the legal moves of the
 * player's turn, and the perfect opponent's move, with positions as the rules write them. Pure: the
 * worker (your-game-worker.ts) calls these, and the tests call them without a browser.
 */
import { InputError, parseNatural } from '../../src/engine/errors.ts';
import { validateHeaps } from '../../src/engine/position.ts';
import { gameRules } from '../../src/engine/solve/oracle/normal.ts';
import { analyzeGameRules, GameSolver } from '../../src/engine/solve/search/index.ts';
import type { GameRules, GameRuleset, HeapRuleset } from '../../src/engine/types.ts';
import type { UserRuleset } from '../../src/engine/user-rules.ts';
import { describeMove } from '../../src/engine/wording/move.ts';
import {
  type EngineAnswer,
  MAX_LISTED_MOVES,
  type RunAnswer,
  type ShownMove,
  type TurnAnswer,
} from './your-game-client.ts';

/** Heaps 0..SEQUENCE_ROW - 1 in a heap game's row of Grundy values (more when a heap of the position is larger). */
export const SEQUENCE_ROW = 41;

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

/** Run: the position's Grundy value, outcome and winning moves; for heap games also a row of Grundy values (the position may be empty). */
export function run(ruleset: UserRuleset, text: string): RunAnswer {
  const title = ruleset.title;
  if (ruleset.kind === 'heap') {
    const heaps = text.trim() === '' ? [] : heapsOf(ruleset, text);
    const top = Math.min(ruleset.maxHeap, Math.max(SEQUENCE_ROW - 1, ...heaps));
    const values = ruleset.sequence(top);
    const sequence = Array.from(values.subarray(0, Math.min(top, SEQUENCE_ROW - 1) + 1));
    if (heaps.length === 0)
      return { title, kind: 'heap', position: null, grundy: null, outcome: null, winning: [], sequence };
    const grundy = heaps.reduce((x, h) => x ^ values[h], 0);
    const winning: ShownMove[] = [];
    if (grundy !== 0) {
      for (const to of gameRules(ruleset).moves(heaps)) {
        if (to.reduce((x, h) => x ^ values[h], 0) === 0) winning.push(heapMove(heaps, to));
        if (winning.length === MAX_LISTED_MOVES) break;
      }
    }
    return {
      title,
      kind: 'heap',
      position: heaps.join(' '),
      grundy,
      outcome: grundy === 0 ? 'P' : 'N',
      winning,
      sequence,
    };
  }
  const position = gamePositionOf(ruleset, text);
  const analysis = analyzeGameRules(ruleset, position);
  return {
    title,
    kind: 'game',
    position: ruleset.notation.formatPosition(position),
    grundy: analysis.grundy,
    outcome: analysis.outcome,
    winning: analysis.winningMoves.slice(0, MAX_LISTED_MOVES).map((to) => gameMove(ruleset, position, to)),
    sequence: [],
  };
}

/** The player's turn: the position as the rules write it and its legal moves (at most MAX_LISTED_MOVES). */
export function turn(ruleset: UserRuleset, text: string): TurnAnswer {
  const moves: ShownMove[] = [];
  let truncated = false;
  if (ruleset.kind === 'heap') {
    const heaps = heapsOf(ruleset, text);
    for (const to of gameRules(ruleset).moves(heaps)) {
      if (moves.length === MAX_LISTED_MOVES) {
        truncated = true;
        break;
      }
      moves.push(heapMove(heaps, to));
    }
    return { position: heaps.join(' '), moves, truncated };
  }
  const position = gamePositionOf(ruleset, text);
  for (const to of ruleset.moves(position)) {
    if (moves.length === MAX_LISTED_MOVES) {
      truncated = true;
      break;
    }
    moves.push(gameMove(ruleset, position, to));
  }
  return { position: ruleset.notation.formatPosition(position), moves, truncated };
}

/** The perfect opponent's move from the position, and the position's outcome. */
export function engine(ruleset: UserRuleset, text: string): EngineAnswer {
  if (ruleset.kind === 'heap') {
    // The sum of heaps by its Grundy values: a move to nim-sum 0 wins (no search over whole positions).
    const heaps = heapsOf(ruleset, text);
    const values = ruleset.sequence(Math.max(0, ...heaps));
    const moves = gameRules(ruleset).moves(heaps);
    const sum = (p: readonly number[]) => p.reduce((x, h) => x ^ values[h], 0);
    const to = sum(heaps) === 0 ? first(moves) : first(filter(moves, (p) => sum(p) === 0));
    return { outcome: sum(heaps) === 0 ? 'P' : 'N', move: to === undefined ? null : heapMove(heaps, to) };
  }
  const position = gamePositionOf(ruleset, text);
  const to = bestMove(ruleset, position);
  return { outcome: to.outcome, move: to.move === undefined ? null : gameMove(ruleset, position, to.move) };
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
