/**
 * The user's path through a Sprouts position under normal play: the outcome and one winning move
 * first, from the land search (search.ts), which stops at the first refutation; the nimber and every
 * winning move only when asked, since each costs more searching than the outcome (a nimber above 0
 * needs every smaller heap refuted; every winning move needs every move decided).
 */
import { SearchStopped } from '../../solve/search/budgeted.ts';
import type { EndgameStore, Outcome, StopSignal } from '../../types.ts';
import { keepFacts, storedFacts } from './facts.ts';
import { type SproutsMove, sproutsLands, sproutsMoves } from './moves.ts';
import type { SproutsPosition } from './position.ts';
import { SproutsSearch, type SproutsSearchOptions } from './search.ts';

export interface SproutsAnalysisOptions {
  /**
   * Also the nimber (the Grundy value) of the position: true, or 'cheap' for the nimber when a search
   * of at most a tenth of the outcome's questions finds it (200 where the outcome took 200 or fewer:
   * milliseconds), else null. Default false.
   */
  readonly nimber?: boolean | 'cheap';
  /** Every winning move, not only the first one found. */
  readonly allMoves?: boolean;
  readonly timeLimitMs?: number;
  readonly signal?: StopSignal;
  /** Keep one search's database across analyses (the page's play, a table of starts). */
  readonly search?: SproutsSearch;
  /**
   * Where what the search proved of lands is kept between runs (facts.ts): read before the search,
   * and added to after it, stopped or not. Not used with `search`.
   */
  readonly store?: EndgameStore;
  /** Hears the search's progress (not used with `search`, which has its own). */
  readonly onProgress?: SproutsSearchOptions['onProgress'];
}

export interface SproutsAnalysis {
  readonly outcome: Outcome;
  /** One winning move (the result and the move), null from a P-position. */
  readonly winningMove: SproutsMove | null;
  /** Every winning move when asked (allMoves), else null. */
  readonly winningMoves: SproutsMove[] | null;
  /** The nimber: 0 from a P-position; when asked (or cheap, as asked), else null. */
  readonly nimber: number | null;
  /** Questions the search settled by searching (land + heap pairs), and the lands it expanded. */
  readonly positions: number;
  readonly expansions: number;
  /** Lands the search met knowing something of them from the store's facts. */
  readonly known: number;
  readonly elapsedMs: number;
}

/** The cheap nimber's budget where the outcome itself took no more questions than this. */
const CHEAP_FLOOR = 200;

/**
 * Outcome first: is the position a loss for the player to move? Then one move to a loss, taken first
 * among the moves the database already decides (the search that proved the outcome found one), else
 * searched move by move. Throws SearchStopped past the time limit or on the signal.
 */
export function analyzeSprouts(position: SproutsPosition, options: SproutsAnalysisOptions = {}): SproutsAnalysis {
  const { store } = options;
  if (options.search === undefined && store !== undefined) {
    // the store's facts in a search of its own, and what it proved kept, stopped or not
    const search = new SproutsSearch({
      timeLimitMs: options.timeLimitMs,
      signal: options.signal,
      known: storedFacts(store),
      onProgress: options.onProgress,
    });
    try {
      return analyzeSprouts(position, { ...options, search });
    } finally {
      keepFacts(store, search.landFacts());
    }
  }
  const started = Date.now();
  const search =
    options.search ??
    new SproutsSearch({ timeLimitMs: options.timeLimitMs, signal: options.signal, onProgress: options.onProgress });
  const before = search.stats;
  const p = search.isP(position);
  let winningMove: SproutsMove | null = null;
  let winningMoves: SproutsMove[] | null = null;
  if (options.allMoves) {
    winningMoves = [];
    // one move per result (moves that reach the same game once, as the family's options are listed)
    const seen = new Set<string>();
    for (const move of sproutsMoves(position)) {
      const lands = search.landsOf(move.result);
      const id = lands
        .map((l) => l.key)
        .sort()
        .join('+');
      if (seen.has(id)) continue;
      seen.add(id);
      if (search.isP(move.result)) winningMoves.push(move);
    }
    winningMove = winningMoves[0] ?? null;
  } else if (!p) winningMove = firstWinningMove(search, position);
  let nimber: number | null = null;
  if (p) nimber = 0;
  else if (options.nimber === true) nimber = search.nimber(position);
  else if (options.nimber === 'cheap') {
    // a floor of 200 for every search made the user's 9-spot analysis ask 36% more than the outcome's 560
    const asked = search.stats.nodes - before.nodes;
    const budget = asked <= CHEAP_FLOOR ? CHEAP_FLOOR : Math.floor(asked / 10);
    nimber = search.withBudget(budget, () => search.nimber(position)) ?? null;
  }
  const after = search.stats;
  return {
    outcome: p ? 'P' : 'N',
    winningMove,
    winningMoves,
    nimber,
    positions: after.nodes - before.nodes,
    expansions: after.expansions - before.expansions,
    known: after.known - before.known,
    elapsedMs: Date.now() - started,
  };
}

/** A move to a loss from an N-position: one the database decides if there is one, else the first one searched. */
function firstWinningMove(search: SproutsSearch, position: SproutsPosition): SproutsMove | null {
  const undecided: SproutsMove[] = [];
  for (const move of sproutsMoves(position)) {
    const answer = search.probe(search.landsOf(move.result), 0);
    if (answer === true) return move;
    if (answer === undefined) undecided.push(move);
  }
  // fewer lives first, as the search orders its children
  const lives = (m: SproutsMove) => sproutsLands(m.result).reduce((n, l) => n + search.land(l).lives, 0);
  undecided.sort((a, b) => lives(a) - lives(b));
  for (const move of undecided) if (search.isP(move.result)) return move;
  return null;
}

export { SearchStopped };
