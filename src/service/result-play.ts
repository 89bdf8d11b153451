/**
 * A game against the perfect opponent in a game decided by a result (Quarto): moves typed in short
 * form or words, the engine's move from the family's solver within the time limit (its best move
 * found so far when the result is not proved in time, and it says so), the game's end by a win or a
 * draw, the board drawn for a person.
 */
import { InputError } from '../engine/errors.ts';
import type { Convention, ResultRuleset } from '../engine/types.ts';
import type { EngineVerdict, PlayMove, PlaySession } from './play.ts';
import { LISTED_MOVES, PICK_HELP, WORDS_HELP } from './play-words.ts';
import type { AnalyzeRequest } from './requests.ts';
import { explainResult, resultEngineMove, resultPosition, resultSolverLimits } from './results.ts';

/** A game of a result ruleset from the request's position (its start when none is given). */
export function resultSession<P, M>(
  ruleset: ResultRuleset<P, M>,
  request: AnalyzeRequest,
  convention: Convention,
): PlaySession {
  let position = resultPosition(ruleset, request.position, convention);
  let lastMover: 'player' | 'engine' | null = null;
  let listed: M[] = [];
  const limits = resultSolverLimits(request.limits);
  const { notation } = ruleset;
  const moveOf = (from: P, move: M): PlayMove => ({
    words: `${notation.moveText(move)}  ${notation.moveWords(from, move)}`,
  });
  const apply = (move: M, mover: 'player' | 'engine'): PlayMove => {
    const played = moveOf(position, move);
    position = ruleset.play(position, move).position;
    lastMover = mover;
    listed = [];
    return played;
  };
  /** The typed move as a legal move, or the reason it is none. */
  const read = (line: string): M | string => {
    const pick = /^#\s*(\d+)$/.exec(line.trim());
    if (pick) {
      if (listed.length === 0) listed = ruleset.moves(position).slice(0, LISTED_MOVES);
      if (listed.length === 0) throw new InputError('there is no move to pick');
      const n = Number(pick[1]);
      if (n < 1 || n > listed.length) throw new InputError(`choose a move between #1 and #${listed.length}`);
      return listed[n - 1];
    }
    const move = notation.parseMove(position, line);
    if (move === undefined) throw new InputError(`'${line.trim()}' is not a move; type ${notation.moveFormat}`);
    return ruleset.refuseMove(position, move) ?? move;
  };
  const what = ruleset.what ?? 'a game decided by a result at its end';
  return {
    opening: `${ruleset.title} from ${notation.formatPosition(position) || 'the start'}: ${what}.`,
    help: ['Type your move as', `  ${notation.moveFormat}`, PICK_HELP, WORDS_HELP].join('\n'),
    youStuck: 'The game is over.',
    engineStuck: 'The game is over.',
    position: () => notation.formatPosition(position),
    drawing: () => notation.drawPosition(position),
    state: () => ({ board: notation.formatPosition(position) }),
    isOver: () => ruleset.ended(position) !== null,
    listMoves(limit) {
      const moves = ruleset.moves(position);
      listed = moves.slice(0, Math.min(limit, LISTED_MOVES));
      return { moves: listed.map((m) => moveOf(position, m)), truncated: moves.length > listed.length };
    },
    playTyped(line) {
      const move = read(line);
      return typeof move === 'string' ? null : apply(move, 'player');
    },
    refusal(line) {
      const move = read(line);
      return typeof move === 'string' ? `not a legal move: ${move}` : 'a legal move';
    },
    engineMove() {
      const chosen = resultEngineMove(ruleset, position, limits);
      if (chosen === null) return null;
      const verdict: EngineVerdict = {
        move: notation.moveText(chosen.move),
        proved: chosen.result !== null,
        result: chosen.result,
        turns: chosen.turns,
        alike: chosen.alike,
        note: chosen.note,
      };
      return { move: apply(chosen.move, 'engine'), winning: chosen.result === 'win', verdict };
    },
    hint: () =>
      explainResult(ruleset, { board: notation.formatPosition(position) }, convention, request.limits).lines.join('\n'),
    ending() {
      const over = ruleset.ended(position);
      if (over === null) return null;
      if (over === 'draw') return { winner: null, words: 'The game is over with no winner: a draw.' };
      // the player to move has lost: the last mover won
      const winner = lastMover === 'player' ? 'player' : 'engine';
      return {
        winner,
        words:
          winner === 'player' ? 'Your move won the game: you win!' : "The engine's move won the game: the engine wins.",
      };
    },
  };
}
