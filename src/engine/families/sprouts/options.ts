/** The family's options of a position: the moves' results, one per game (canonical text). */
import { sproutsSameKey } from './canonical.ts';
import { sproutsMoves } from './moves.ts';
import type { SproutsPosition } from './position.ts';

/** The positions one move away, one per canonical text (moves that reach the same game once). */
export function* sproutsOptions(position: SproutsPosition): Generator<SproutsPosition> {
  const seen = new Set<string>();
  for (const move of sproutsMoves(position)) {
    const key = sproutsSameKey(move.result);
    if (seen.has(key)) continue;
    seen.add(key);
    yield move.result;
  }
}
