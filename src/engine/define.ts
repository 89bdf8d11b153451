/**
 * Helpers that fill a ruleset's defaults, so a family states only what differs: defineGame for games
 * searched position by position (boards, graphs), defineHeapGame for heap games.
 */
import { mexSequence } from './kernels/mex.ts';
import { MAX_SEQUENCE } from './limits.ts';
import { parseRectangle } from './rectangle.ts';
import type { GameRuleset, HeapRuleset } from './types.ts';

/** What a game family must say; the rest has defaults (see defineGame). */
export type GameDefinition<P> = Omit<GameRuleset<P>, 'kind' | 'start' | 'key' | 'describeMove'> &
  Partial<Pick<GameRuleset<P>, 'start' | 'key' | 'describeMove'>>;

/**
 * A game searched position by position. Defaults: no start position, the position's text as its
 * key (sound, though it folds no symmetry), and "move to <position>" as a move's words.
 */
export function defineGame<P>(definition: GameDefinition<P>): GameRuleset<P> {
  const format = definition.formatPosition;
  return {
    kind: 'game',
    start: null,
    key: format,
    describeMove: (_from, to) => `move to ${format(to) || 'the empty position'}`,
    ...definition,
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
