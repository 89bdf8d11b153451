/**
 * The solver's entry: the value of a Quarto position for the player to move (win, draw or loss, and
 * in how many placements with perfect play: the winner wins fastest, the loser loses slowest), the
 * best moves, and the search's counters. With a deadline or an abort signal it stops and reports the
 * best move found so far, marked unproved.
 *
 * Method: the root's moves in turn under alpha-beta with the window (-1, 1), which decides win, draw
 * or loss alone; then, for a win or a loss, the same loop with the window on that side to fix the
 * number of placements; then, on request, every root move checked against the best score.
 */
import { NONE, isOver, piecesToGive, placedCount, standingLine } from './rules.ts';
import type { QuartoMove, QuartoPosition } from './rules.ts';
import type { SearchProgress } from '../../types.ts';
import { INFINITE, QuartoSearch, SearchStopped, winScore, type SearchOptions } from './solver.ts';

export type QuartoOutcome = 'win' | 'draw' | 'loss';

export interface QuartoSolveOptions extends SearchOptions {
  /** Stop after this many milliseconds (sets the deadline). */
  readonly timeLimitMs?: number;
  /** Also fix the number of placements of a win or loss (default true). */
  readonly distance?: boolean;
  /** List every best move, not only one (default false: each drawing move costs a full proof). */
  readonly allBestMoves?: boolean;
  /** A search (and its table) to reuse; it must be of the position's variant. */
  readonly search?: QuartoSearch;
  /** Hears the progress, at most every PROGRESS_EVERY_MS. */
  readonly onProgress?: (stats: SearchProgress) => void;
}

/** How often the progress is reported at most (milliseconds). */
const PROGRESS_EVERY_MS = 200;

export interface QuartoSolution {
  /** Whether the value below is proved (false: stopped by the deadline or the signal). */
  readonly proved: boolean;
  /** For the player to move; undefined when not proved. */
  readonly outcome?: QuartoOutcome;
  /**
   * Placements until the game ends with perfect play, counting the mover's own (a win on this turn
   * is 1); for a draw, the placements left to fill the board. Undefined when not proved or when
   * `distance` was off for a win or loss.
   */
  readonly plies?: number;
  /** The best moves (one unless allBestMoves); when not proved, the best found so far. */
  readonly bestMoves: readonly QuartoMove[];
  readonly nodes: number;
  readonly tableProbes: number;
  readonly tableHits: number;
  readonly ms: number;
}

function outcomeOf(score: number): QuartoOutcome {
  return score > 0 ? 'win' : score < 0 ? 'loss' : 'draw';
}

/** A root move and what it leads to before any search. */
interface RootMove {
  readonly move: QuartoMove;
  /** Known score of the move (a winning or board-filling placement), or undefined: search. */
  readonly known?: number;
}

function rootMoves(position: QuartoPosition, search: QuartoSearch): RootMove[] {
  const placed = placedCount(position);
  const avail = piecesToGive(position);
  const out: RootMove[] = [];
  if (position.hand === NONE) {
    for (let q = 0; q < 16; q++) if (avail & (1 << q)) out.push({ move: { cell: NONE, give: q } });
    return out;
  }
  const wins: RootMove[] = [];
  for (let c = 0; c < 16; c++) {
    if (position.cells[c] !== NONE) continue;
    const cells = position.cells.slice();
    cells[c] = position.hand;
    if (standingLine(cells, position.variant) !== 0)
      wins.push({ move: { cell: c, give: NONE }, known: winScore(placed + 1) });
    else if (placed + 1 === 16) out.push({ move: { cell: c, give: NONE }, known: 0 });
    else for (let q = 0; q < 16; q++) if (avail & (1 << q)) out.push({ move: { cell: c, give: q } });
  }
  void search;
  return wins.length > 0 ? wins : out;
}

/** The root move's score to the mover within (alpha, beta) (fail-soft). */
function scoreMove(
  position: QuartoPosition,
  root: RootMove,
  search: QuartoSearch,
  alpha: number,
  beta: number,
): number {
  if (root.known !== undefined) return root.known;
  const cells = position.cells.slice();
  const { cell, give } = root.move;
  if (cell !== NONE) cells[cell] = position.hand;
  search.setBoard(cells);
  const avail = piecesToGive({ variant: position.variant, cells, hand: give });
  return -search.search(give, avail, -beta, -alpha);
}

/** Solves a position (see the file's comment). Game over: a loss (the last placement made a line) or a draw. */
export function solveQuarto(position: QuartoPosition, options: QuartoSolveOptions = {}): QuartoSolution {
  const started = Date.now();
  if (isOver(position)) {
    const lost = standingLine(position.cells, position.variant) !== 0;
    return {
      proved: true,
      outcome: lost ? 'loss' : 'draw',
      plies: 0,
      bestMoves: [],
      nodes: 0,
      tableProbes: 0,
      tableHits: 0,
      ms: 0,
    };
  }
  const search = options.search ?? new QuartoSearch(position.variant, options);
  if (search.variant !== position.variant) throw new Error('solveQuarto: the search is of another variant');
  const deadline =
    options.timeLimitMs !== undefined ? started + options.timeLimitMs : (options.deadline ?? Number.POSITIVE_INFINITY);
  const counters = { nodes: search.nodes, probes: search.tableProbes, hits: search.tableHits };
  const finish = (s: Omit<QuartoSolution, 'nodes' | 'tableProbes' | 'tableHits' | 'ms'>): QuartoSolution => ({
    ...s,
    nodes: search.nodes - counters.nodes,
    tableProbes: search.tableProbes - counters.probes,
    tableHits: search.tableHits - counters.hits,
    ms: Date.now() - started,
  });
  const placed = placedCount(position);
  const roots = rootMoves(position, search);
  // the root's moves are searched in up to three passes (outcome, distance, every best move): counted as one
  const passes = 1 + (options.distance !== false ? 1 : 0) + (options.allBestMoves ? 1 : 0);
  let rootsDone = 0;
  const { onProgress, signal } = options;
  let reportedAt = started;
  // the search polls its stop signal every 65,536 nodes: with a listener, that poll is the progress's clock
  const polled: AbortSignal | undefined =
    onProgress === undefined
      ? signal
      : ({
          get aborted() {
            const now = Date.now();
            if (now - reportedAt >= PROGRESS_EVERY_MS) {
              reportedAt = now;
              onProgress({
                nodes: search.nodesNow() - counters.nodes,
                tableEntries: 0,
                evicted: 0,
                elapsedMs: now - started,
                rootMoves: { done: rootsDone, of: roots.length * passes },
              });
            }
            return signal?.aborted === true;
          },
        } as AbortSignal); // the search reads only `aborted`
  search.setLimits(deadline, polled);
  let bestScore = -INFINITE;
  let best: RootMove = roots[0];
  try {
    // 1. win, draw or loss: the window (-1, 1)
    let alpha = -1;
    for (const r of roots) {
      const s = scoreMove(position, r, search, alpha, 1);
      rootsDone++;
      if (s > bestScore) {
        bestScore = s;
        best = r;
      }
      if (s > alpha) alpha = s;
      if (alpha >= 1) break;
    }
    // 2. how many placements: the window on the outcome's side, the best move first
    if (options.distance !== false && bestScore !== 0) {
      const ordered = [best, ...roots.filter((r) => r !== best)];
      let lo = bestScore > 0 ? 0 : -INFINITE;
      const hi = bestScore > 0 ? INFINITE : 0;
      bestScore = -INFINITE;
      for (const r of ordered) {
        const s = scoreMove(position, r, search, lo, hi);
        rootsDone++;
        if (s > bestScore) {
          bestScore = s;
          best = r;
        }
        if (s > lo) lo = s;
      }
    }
    const bestMoves = [best.move];
    if (options.allBestMoves) {
      for (const r of roots) {
        if (r === best) continue;
        const target = bestScore > 0 && options.distance === false ? 1 : bestScore;
        const s =
          options.distance === false && bestScore !== 0
            ? scoreMove(position, r, search, bestScore > 0 ? 0 : -INFINITE, bestScore > 0 ? INFINITE : 0)
            : scoreMove(position, r, search, bestScore - 1, bestScore + 1);
        rootsDone++;
        if (options.distance === false ? outcomeOf(s) === outcomeOf(target) : s === bestScore) bestMoves.push(r.move);
      }
    }
    const distanceKnown = options.distance !== false || bestScore === 0;
    return finish({
      proved: true,
      outcome: outcomeOf(bestScore),
      plies: distanceKnown ? (bestScore === 0 ? 16 - placed : 32 - Math.abs(bestScore) - placed) : undefined,
      bestMoves,
    });
  } catch (e) {
    if (!(e instanceof SearchStopped)) throw e;
    return finish({ proved: false, bestMoves: [best.move] });
  }
}
