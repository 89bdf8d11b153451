/**
 * Games decided by a result at their end (win, draw or loss: Quarto): analysis, explanation, the
 * perfect opponent and a game against it, answered by the family's own solver within the request's
 * time limit. When the solver does not finish in time the reply says so (proved: false) and gives its
 * best move found so far; it is not an error. Faces send the usual analyze / explain / play requests.
 */
import { requireCapability } from '../engine/capabilities.ts';
import { InputError } from '../engine/errors.ts';
import { SearchStopped } from '../engine/solve/search/budgeted.ts';
import type { Convention, GameResult, ResultRuleset, ResultSearchLimits, ResultSolution } from '../engine/types.ts';
import { DEFAULT_SEARCH_MS } from './games.ts';
import type { Limits, PositionInput } from './requests.ts';

/** A move of a result game, as the replies write it. */
export interface ResultMove {
  /** Short form, as a person types it: Quarto's 'b3+0' (place on b3, give piece 0), 'b3', '+0'. */
  readonly move: string;
  /** In words: 'place tall dark square hollow on b3, give short light round solid'. */
  readonly words: string;
}

/**
 * POST /api/analyze (and `nimber analyze`) for a game decided by a result (Quarto). Told apart from
 * the other analyses by its `result` field (they have `outcome`).
 */
export interface ResultAnalysisReply {
  /** The ruleset's canonical spec ('quarto', 'quarto:advanced') and its title. */
  readonly ruleset: string;
  readonly title: string;
  /** The position in the family's one-line text, e.g. '0...5..a........+3' (16 cells, '+', the piece in hand). */
  readonly position: string;
  /** The same position drawn for a person in lines (the 4 x 4 board with column letters and row numbers, the piece in hand). */
  readonly drawing: string;
  /** Whether `result` is proved (false: the time limit or a cancel stopped the solver first). */
  readonly proved: boolean;
  /** For the player to move, with perfect play on both sides: 'win', 'draw' or 'loss'; null when not proved. */
  readonly result: GameResult | null;
  /**
   * Turns to the end with perfect play, the mover's own counted (Quarto: placements; a win on this
   * turn is 1, a draw the placements left to fill the board); null when not proved.
   */
  readonly turns: number | null;
  /** The answer in one sentence: "With perfect play the player to move wins in 3 placements." (or what is known when not proved). */
  readonly summary: string;
  /** What is known of the position beyond this search (the empty board: symmetry and the published result), in words; null when nothing is. */
  readonly known: string | null;
  /** The best moves, when proved; when not proved, the best move found so far (one). Empty when the game is over. */
  readonly bestMoves: readonly ResultMove[];
  /** True when bestMoves lists every best move (false: only the first, e.g. the others did not fit in the time limit). */
  readonly allBestMoves: boolean;
  /** Positions the solver searched and its time. */
  readonly nodes: number;
  readonly elapsedMs: number;
}

/** POST /api/explain (and `nimber explain`) for a game decided by a result: the reasoning, step by step. */
export interface ResultExplanation {
  readonly ruleset: string;
  readonly title: string;
  readonly position: string;
  readonly drawing: string;
  /** The moves that win at once (Quarto: the placements that make a line); empty when none does. */
  readonly winsAtOnce: readonly ResultMove[];
  /** Legal moves in all, and how many of them hand the opponent a win at once (they lose at the opponent's next turn). */
  readonly moves: number;
  readonly losingAtOnce: number;
  /** The moves that do not hand the opponent a win at once (none when every move loses at once; all when no move wins at once). */
  readonly safeMoves: readonly ResultMove[];
  /** The solver's answer (the analysis), with the best moves it found. */
  readonly analysis: ResultAnalysisReply;
  /** The reasoning in words, one step a line. */
  readonly lines: readonly string[];
}

/**
 * The solver looks at the clock every 65,536 positions, so it stops up to about 0.15 s past its
 * deadline on an idle machine (measured from 2-4 pieces placed), 0.4 s on a busy one: it is given
 * the limit less this reserve (at most a fifth of it), so that its unproved answer, not the face's
 * time-limit error, arrives within the limit.
 */
const CLOCK_RESERVE_MS = 500;

/**
 * The solver's limits for a request: the face's time limit (the CLI's --time-limit, the server's
 * deadline) less the clock reserve, and its stop signal. Always a finite
 * limit (DEFAULT_SEARCH_MS when the face sets none): Quarto's early positions are not solved within
 * any face's patience, and an answer that says so beats a search that never ends.
 */
export function resultSolverLimits(limits: Limits | undefined): SolverLimits {
  const asked = limits?.timeLimitMs;
  const limit = asked !== undefined && Number.isFinite(asked) ? asked : DEFAULT_SEARCH_MS;
  return {
    timeLimitMs: limit - Math.min(CLOCK_RESERVE_MS, limit / 5),
    signal: limits?.signal,
    onProgress: limits?.onProgress,
  };
}

/** What the solver is given: always a finite time limit. */
type SolverLimits = Omit<ResultSearchLimits, 'allBestMoves'> & { readonly timeLimitMs: number };

/** The position a request names: its text, else the ruleset's start; heap sizes and misère play refused in one line. */
export function resultPosition<P>(
  ruleset: ResultRuleset<P>,
  position: PositionInput,
  convention: Convention = 'normal',
): P {
  if (convention === 'misere') requireCapability(ruleset, 'misere', 'misère play');
  if (position.heaps !== undefined && position.heaps.length > 0)
    throw new InputError(
      `'${ruleset.spec}' is ${ruleset.what ?? 'a game decided by a result'}: give its position as text (${ruleset.notation.positionFormat}), not heap sizes`,
    );
  return position.board === undefined ? ruleset.start : ruleset.notation.parsePosition(position.board);
}

function moveOf<P, M>(ruleset: ResultRuleset<P, M>, position: P, move: M): ResultMove {
  return { move: ruleset.notation.moveText(move), words: ruleset.notation.moveWords(position, move) };
}

const RESULT_VERB: Record<GameResult, string> = { win: 'wins', draw: 'draws', loss: 'loses' };

/** "With perfect play the player to move wins in 3 placements." */
function resultSentence<P>(ruleset: ResultRuleset<P>, result: GameResult, turns: number | undefined): string {
  const length =
    turns === undefined
      ? ''
      : result === 'draw'
        ? ` (the board fills in ${ruleset.notation.turns(turns)})`
        : ` in ${ruleset.notation.turns(turns)}`;
  return `With perfect play the player to move ${RESULT_VERB[result]}${length}.`;
}

/** The solver's answer to a position, as the reply writes it; a cancel (Ctrl-C) stops the operation. */
function solved<P, M>(
  ruleset: ResultRuleset<P, M>,
  position: P,
  limits: SolverLimits,
  allBestMoves: boolean,
): ResultAnalysisReply {
  const over = ruleset.ended(position);
  const base = {
    ruleset: ruleset.spec,
    title: ruleset.title,
    position: ruleset.notation.formatPosition(position),
    drawing: ruleset.notation.drawPosition(position),
    known: ruleset.known?.(position) ?? null,
  };
  if (over !== null)
    return {
      ...base,
      proved: true,
      result: over,
      turns: 0,
      summary:
        over === 'draw'
          ? 'The game is over: a draw.'
          : 'The game is over: the last move won, so the player to move has lost.',
      bestMoves: [],
      allBestMoves: true,
      nodes: 0,
      elapsedMs: 0,
    };
  const solution: ResultSolution<M> = ruleset.solve(position, { ...limits, allBestMoves });
  if (!solution.proved && limits.signal?.aborted)
    throw new SearchStopped('cancelled', {
      nodes: solution.nodes,
      tableEntries: 0,
      evicted: 0,
      elapsedMs: solution.elapsedMs,
    });
  const result = solution.proved ? (solution.result ?? null) : null;
  const bestMoves = solution.bestMoves.map((m) => moveOf(ruleset, position, m));
  const seconds = (solution.elapsedMs / 1000).toFixed(1);
  return {
    ...base,
    proved: solution.proved,
    result,
    turns: solution.proved ? (solution.turns ?? null) : null,
    summary:
      result === null
        ? `Not proved within the time limit (${solution.nodes} positions searched in ${seconds} s); the best move found so far: ${bestMoves[0]?.move ?? 'none'}.`
        : resultSentence(ruleset, result, solution.turns),
    bestMoves,
    allBestMoves: solution.proved && solution.allBestMoves,
    nodes: solution.nodes,
    elapsedMs: solution.elapsedMs,
  };
}

/** The analysis of a position of a result game (every best move, when the time limit allows). */
export function analyzeResult<P>(
  ruleset: ResultRuleset<P>,
  input: PositionInput,
  convention: Convention,
  limits: Limits | undefined,
): ResultAnalysisReply {
  const position = resultPosition(ruleset, input, convention);
  return solved(ruleset, position, resultSolverLimits(limits), true);
}

/** Moves listed by name in an explanation's words before "and N more". */
const LISTED = 12;

function listed(moves: readonly ResultMove[]): string {
  const shown = moves.slice(0, LISTED).map((m) => m.move);
  return moves.length > LISTED ? `${shown.join(', ')} and ${moves.length - LISTED} more` : shown.join(', ');
}

/**
 * Why a position has its result: the game already over; a move that wins at once; which moves hand
 * the opponent a win at once (every one: a loss at the opponent's next turn); then the solver's
 * result over the rest.
 */
export function explainResult<P, M>(
  ruleset: ResultRuleset<P, M>,
  input: PositionInput,
  convention: Convention,
  limits: Limits | undefined,
): ResultExplanation {
  const position = resultPosition(ruleset, input, convention);
  const base = {
    ruleset: ruleset.spec,
    title: ruleset.title,
    position: ruleset.notation.formatPosition(position),
    drawing: ruleset.notation.drawPosition(position),
  };
  const lines: string[] = [`${ruleset.title}: ${base.position}`];
  const over = ruleset.ended(position);
  const analysisOf = () => solved(ruleset, position, resultSolverLimits(limits), false);
  if (over !== null) {
    const analysis = analysisOf();
    lines.push(analysis.summary);
    return { ...base, winsAtOnce: [], moves: 0, losingAtOnce: 0, safeMoves: [], analysis, lines };
  }
  const moves = ruleset.moves(position);
  const wins = ruleset.winsAtOnce(position).map((m) => moveOf(ruleset, position, m));
  if (wins.length > 0) {
    lines.push(`1. ${wins.length === 1 ? 'A move wins' : `${wins.length} moves win`} at once: ${wins[0].words}.`);
    if (wins.length > 1) lines.push(`   The others: ${listed(wins.slice(1))}.`);
    lines.push('So the player to move wins on this turn.');
    const analysis = analysisOf();
    return { ...base, winsAtOnce: wins, moves: moves.length, losingAtOnce: 0, safeMoves: wins, analysis, lines };
  }
  lines.push(`1. No move wins at once (${moves.length} legal moves).`);
  const safe: ResultMove[] = [];
  for (const m of moves) {
    const step = ruleset.play(position, m);
    if (step.over || ruleset.winsAtOnce(step.position).length === 0) safe.push(moveOf(ruleset, position, m));
  }
  const losing = moves.length - safe.length;
  if (safe.length === 0) {
    lines.push(
      `2. Every move hands the opponent a win at once: whatever the player to move does, the opponent wins on the next turn.`,
    );
  } else if (losing > 0) {
    lines.push(
      `2. ${losing} of the ${moves.length} moves hand the opponent a win at once; ${safe.length} ${safe.length === 1 ? 'does' : 'do'} not: ${listed(safe)}.`,
    );
  } else lines.push('2. No move hands the opponent a win at once.');
  const analysis = analysisOf();
  if (safe.length === 0) lines.push(`So: ${analysis.summary}`);
  else if (analysis.proved)
    lines.push(
      `3. The solver searched ${analysis.nodes} positions past them: ${analysis.summary} A best move: ${analysis.bestMoves[0]?.move} (${analysis.bestMoves[0]?.words}).`,
    );
  else lines.push(`3. ${analysis.summary}`);
  if (analysis.known !== null) lines.push(analysis.known);
  return { ...base, winsAtOnce: [], moves: moves.length, losingAtOnce: losing, safeMoves: safe, analysis, lines };
}

/** The analysis of a result game in words (`nimber analyze`). */
export function resultAnalysisText(reply: ResultAnalysisReply): string {
  const lines = [`${reply.title}: ${reply.position}`, reply.drawing, reply.summary];
  if (reply.known !== null) lines.push(reply.known);
  if (reply.proved && reply.bestMoves.length > 0) {
    const heading = reply.allBestMoves ? `best moves (${reply.bestMoves.length})` : 'a best move';
    lines.push(`${heading}:`);
    for (const m of reply.bestMoves) lines.push(`  ${m.move}  ${m.words}`);
    if (!reply.allBestMoves)
      lines.push('  (other best moves may exist: each costs a proof of its own, so they were not all listed)');
  } else if (!reply.proved && reply.bestMoves.length > 0)
    lines.push(`best move found so far: ${reply.bestMoves[0].move}  ${reply.bestMoves[0].words}`);
  lines.push(`(${reply.nodes} positions searched in ${(reply.elapsedMs / 1000).toFixed(2)} s)`);
  return lines.join('\n');
}

/** The perfect opponent's move: the first best move; when not proved in time, the best found so far (`note` says which). */
export function resultEngineMove<P, M>(
  ruleset: ResultRuleset<P, M>,
  position: P,
  limits: SolverLimits,
): { move: M; result: GameResult | null; turns: number | null; alike: boolean; note: string } | null {
  const moves = ruleset.moves(position);
  if (moves.length === 0) return null;
  const wins = ruleset.winsAtOnce(position);
  if (wins.length > 0) return { move: wins[0], result: 'win', turns: 1, alike: false, note: 'it wins with this move' };
  if (ruleset.movesAlike?.(position)) {
    // any move is as good as the others; a quick look still gives the result where it is known (a book)
    const quick = ruleset.solve(position, { timeLimitMs: 1, signal: limits.signal, allBestMoves: false });
    if (quick.proved && quick.result !== undefined && quick.bestMoves.length > 0)
      return {
        move: quick.bestMoves[0],
        result: quick.result,
        turns: quick.turns ?? null,
        alike: true,
        note: `every move here is the same up to symmetry; ${quick.result === 'draw' ? 'a draw' : quick.result === 'win' ? 'a win' : 'a loss'} with perfect play`,
      };
    return {
      move: moves[0],
      result: null,
      turns: null,
      alike: true,
      note: 'every move here is the same up to symmetry, so this one is as good as any (the result with perfect play is not proved here)',
    };
  }
  const analysis = ruleset.solve(position, { ...limits, allBestMoves: false });
  if (!analysis.proved && limits.signal?.aborted)
    throw new SearchStopped('cancelled', {
      nodes: analysis.nodes,
      tableEntries: 0,
      evicted: 0,
      elapsedMs: analysis.elapsedMs,
    });
  const move = analysis.bestMoves[0] ?? ruleset.moves(position)[0];
  if (!analysis.proved)
    return {
      move,
      result: null,
      turns: null,
      alike: false,
      note: `not proved within the time limit: it plays its best move found so far, after ${analysis.nodes} positions searched`,
    };
  const result = analysis.result ?? null;
  const turns = analysis.turns === undefined ? '' : ` in ${ruleset.notation.turns(analysis.turns)}`;
  const note =
    result === 'win'
      ? `it wins${turns} with perfect play`
      : result === 'draw'
        ? 'a draw with perfect play'
        : `every move loses with perfect play; it holds out longest (the game ends${turns})`;
  return { move, result, turns: analysis.turns ?? null, alike: false, note };
}
