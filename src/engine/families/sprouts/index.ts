/**
 * Sprouts (Conway and Paterson, 1967): spots on paper; a move draws a curve from a spot to a spot (the
 * same one allowed) crossing no curve, and puts a new spot on it; a spot takes at most three curve
 * ends. The player who cannot move loses. `sprouts:N` starts from N spots; positions are written in
 * the text of position.ts. The search splits a position into its lands (they share no live spot),
 * whose nimbers nim-sum under normal play.
 */
import { defineGame } from '../../define.ts';
import { InputError, parseNatural } from '../../errors.ts';
import type {
  Family,
  GameAccelerators,
  GameNotation,
  GameRuleset,
  OutcomeFirstAnalysis,
  OutcomeFirstRequest,
} from '../../types.ts';
import { analyzeSprouts } from './analysis.ts';
import { sproutsKey } from './canonical.ts';
import { sproutsLandCore } from './core.ts';
import { sproutsOptions } from './options.ts';
import { describeSproutsMove } from './describe.ts';
import { landLives, normalize, sproutsLands } from './moves.ts';
import {
  MAX_LETTERS,
  SPROUTS_FORMAT,
  type SproutsPosition,
  formatSprouts,
  occurrenceCounts,
  parseSprouts,
  startPosition,
} from './position.ts';

export type { SproutsPosition } from './position.ts';
export { parseSprouts, formatSprouts, startPosition } from './position.ts';
export { sproutsLands, sproutsMoves } from './moves.ts';
export { sproutsOptions } from './options.ts';
export { sproutsKey } from './canonical.ts';
export { analyzeSprouts, type SproutsAnalysis, type SproutsAnalysisOptions } from './analysis.ts';
export { SproutsSearch } from './search.ts';

/** The outcome-first analysis as the service asks it (GameAccelerators.outcomeFirst). */
export function sproutsOutcomeFirst(
  position: SproutsPosition,
  request: OutcomeFirstRequest,
): OutcomeFirstAnalysis<SproutsPosition> {
  const a = analyzeSprouts(position, {
    nimber: request.grundy ?? false,
    allMoves: request.allMoves,
    timeLimitMs: request.timeLimitMs,
    signal: request.signal,
    store: request.store,
    onProgress: request.onProgress,
  });
  const moves = a.winningMoves ?? (a.winningMove === null ? [] : [a.winningMove]);
  return {
    outcome: a.outcome,
    grundy: a.nimber,
    winningMoves: moves.map((m) => m.result),
    allMoves: a.winningMoves !== null,
    nodes: a.positions,
    elapsedMs: a.elapsedMs,
  };
}

/** The spots still drawn with a life left, their lives, and how many of them are fresh (three lives). */
function liveTally(position: SproutsPosition): { spots: number; lives: number; fresh: number } {
  const count = occurrenceCounts(position);
  let spots = 0;
  let lives = 0;
  let fresh = 0;
  position.lives.forEach((l, s) => {
    if (count[s] > 0 && l > 0) {
      spots++;
      lives += l;
      if (l === 3) fresh++;
    }
  });
  return { spots, lives, fresh };
}

/**
 * How many letters the positions reached from this one can need at most. A letter names a spot met
 * twice, which has one life left, so after m more moves the lettered spots number at most the lives
 * then left (lives - m) and at most the spots that can have one life by then (the live spots now,
 * plus the m spots the moves add): never more than (live spots + lives) / 2.
 */
export function lettersNeeded(position: SproutsPosition): number {
  const { spots, lives } = liveTally(position);
  return Math.floor((spots + lives) / 2);
}

/**
 * Most spots of a start: the n-spot start has n spots and 3n lives, so no position of its game needs
 * more than 2n letters, and 26 spots is the most the 52 letters name.
 */
export const MAX_SPROUTS_SPOTS = Math.floor(MAX_LETTERS / 2);

export type SproutsRuleset = GameRuleset<SproutsPosition>;

/**
 * A typed position with its dead spots, empty boundaries and dead regions dropped, refused when some
 * position reached from it might need more letters than there are (`lettersNeeded`).
 */
function readPosition(text: string): SproutsPosition {
  const parsed = parseSprouts(text);
  const position = normalize(parsed.regions, parsed.lives);
  const needed = lettersNeeded(position);
  if (needed > MAX_LETTERS) {
    const { spots, lives } = liveTally(position);
    throw new InputError(
      `the position has ${lives} lives left on ${spots} spots, so a position reached from it may need ${needed} letters, above the ${MAX_LETTERS} there are (spots and lives together at most ${2 * MAX_LETTERS + 1}; the ${MAX_SPROUTS_SPOTS}-spot start has ${4 * MAX_SPROUTS_SPOTS})`,
      'too-large',
    );
  }
  return position;
}

/** Total lives left: a position of the N-spot game has at most 3N, and at most N fresh spots. */
function insideStart(position: SproutsPosition, spots: number): SproutsPosition {
  const { lives, fresh } = liveTally(position);
  if (lives > 3 * spots || fresh > spots)
    throw new InputError(
      `the position has ${lives} lives left${fresh > spots ? ` and ${fresh} fresh spots` : ''}, more than the ${spots}-spot game of sprouts:${spots} ever has; give the spec sprouts for any position`,
    );
  return position;
}

export function sprouts(spots?: number): SproutsRuleset {
  const sized = spots !== undefined;
  const notation: GameNotation<SproutsPosition> = {
    positionFormat: SPROUTS_FORMAT,
    startHint: 'a number of spots (e.g. sprouts:3)',
    parsePosition: sized ? (text) => insideStart(readPosition(text), spots) : readPosition,
    formatPosition: formatSprouts,
    describeMove: describeSproutsMove,
  };
  const accelerators: GameAccelerators<SproutsPosition> = {
    // normal play: the land search, outcome and one winning move first (search.ts, analysis.ts)
    outcomeFirst: sproutsOutcomeFirst,
    // what else the service asks under normal play (values, "is it k?" for certificates): the same search
    fastSearch: sproutsLandCore,
  };
  return defineGame<SproutsPosition>({
    family: 'sprouts',
    what: 'a pencil-and-paper game on spots and curves',
    spec: sized ? `sprouts:${spots}` : 'sprouts',
    title: sized ? `Sprouts with ${spots} spot${spots === 1 ? '' : 's'}` : 'Sprouts',
    start: sized ? startPosition(spots) : null,
    moves: sproutsOptions,
    components: sproutsLands,
    key: sproutsKey,
    size: landLives,
    // every option of a start ties at the same lives; searched in rounds, the 10-spot start takes
    // 74 thousand positions, where one after another it did not end in 20 minutes (docs/benchmarks.md)
    rounds: 16,
    // the misère search with a table reaches 8 spots, past the oracle's 2,000,000 positions
    misereTable: true,
    sized: { name: 'spots', max: MAX_SPROUTS_SPOTS, start: startPosition },
    notation,
    accelerators,
  });
}

export const sproutsFamily: Family = {
  name: 'sprouts',
  help: "sprouts[:<spots>] — Sprouts: draw a curve between spots (or a loop) with a new spot on it, at most three curve ends per spot; positions such as '{3.2A2A}' (docs/sprouts.md)",
  args: 'optional',
  example: { spec: 'sprouts:3' },
  parse(args) {
    if (args.trim() === '') return sprouts();
    const n = parseNatural(args, 'sprouts: the number of spots', MAX_SPROUTS_SPOTS);
    if (n < 1) throw new InputError('sprouts: the number of spots must be at least 1');
    return sprouts(n);
  },
};
