/**
 * Helpers that fill a ruleset's defaults, so a family states only what differs: defineGame for games
 * searched position by position (boards, graphs), defineHeapGame for heap games.
 */
import { mexSequence } from './kernels/mex.ts';
import { MAX_SEQUENCE } from './limits.ts';
import { parseRectangle } from './rectangle.ts';
import type { GameAccelerators, GameNotation, GameRuleset, HeapRuleset } from './types.ts';

/**
 * What a game family must say: its rules (with its name, spec and start), its notation and, where it
 * has any, its accelerators. The rest has defaults (see defineGame).
 */
export type GameDefinition<P> = Omit<GameRuleset<P>, 'kind' | 'start' | 'key' | 'notation' | 'accelerators'> &
  Partial<Pick<GameRuleset<P>, 'start' | 'key'>> & {
    readonly notation: NotationDefinition<P>;
    readonly accelerators?: GameAccelerators<P>;
  };

/** A game's notation as a family states it: the move words may be left to the default. */
export type NotationDefinition<P> = Omit<GameNotation<P>, 'describeMove'> &
  Partial<Pick<GameNotation<P>, 'describeMove'>>;

/**
 * A game searched position by position. Defaults: no start position, the position's text as its
 * key (sound, though it folds no symmetry), "move to <position>" as a move's words, and no
 * accelerators.
 */
export function defineGame<P>(definition: GameDefinition<P>): GameRuleset<P> {
  const { notation, accelerators = {}, ...rules } = definition;
  const format = notation.formatPosition;
  return {
    kind: 'game',
    start: null,
    key: format,
    ...rules,
    notation: {
      describeMove: (_from, to) => `move to ${format(to) || 'the empty position'}`,
      ...notation,
    },
    accelerators,
  };
}

/** What a heap family must say; the rest has defaults (see defineHeapGame). */
export type HeapDefinition = Omit<HeapRuleset, 'kind' | 'maxHeap' | 'sequence' | 'workEstimate' | 'kernelName'> &
  Partial<Pick<HeapRuleset, 'maxHeap' | 'sequence' | 'workEstimate' | 'kernelName'>>;

/**
 * A heap game. Defaults: heaps up to the engine's sequence maximum, the generic mex kernel over
 * heapOptions (quadratic work estimate), and its name.
 */
export function defineHeapGame(definition: HeapDefinition): HeapRuleset {
  const ruleset: HeapRuleset = {
    kind: 'heap',
    maxHeap: MAX_SEQUENCE,
    sequence: (maxHeap) => mexSequence(ruleset, maxHeap),
    workEstimate: (maxHeap) => ((maxHeap + 1) * (maxHeap + 2)) / 2,
    kernelName: () => 'the generic mex kernel',
    ...definition,
  };
  return ruleset;
}

/**
 * The `parse` of a family played on rectangles: `name` alone is the game on any board, `name:RxC`
 * the game from the empty R x C board.
 */
export function rectangleArgs<R>(name: string, make: (rows?: number, cols?: number) => R): (args: string) => R {
  return (args) => {
    if (args.trim() === '') return make();
    const [rows, cols] = parseRectangle(args, name);
    return make(rows, cols);
  };
}
