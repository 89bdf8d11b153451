/** The family's options of a position: the moves' results, one per game (canonical text). */
import { sproutsSameKey } from './canonical.ts';
import { sproutsResults } from './moves.ts';
import type { SproutsPosition } from './position.ts';

/**
 * The positions one move away, one per canonical text (moves that reach the same game once), in the
 * order of sproutsMoves: the results alone, without the corners and sides only the words need.
 */
export function* sproutsOptions(position: SproutsPosition): Generator<SproutsPosition> {
  const seen = new Set<string>();
  const results = sproutsResults(position);
  for (let i = 0; i < results.length; i++) {
    const key = sproutsSameKey(results[i]);
    if (seen.has(key)) continue;
    seen.add(key);
    yield results[i];
  }
}
