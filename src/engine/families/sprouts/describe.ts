/**
 * Sprouts moves in words a person can follow on the position's text: spots are numbered 1, 2, ... in
 * the order they are written, so "from spot 2 to spot 5" points at the 2nd and 5th spot symbols.
 */
import { formatSprouts, type SproutsPosition } from './position.ts';
import { sproutsKey } from './canonical.ts';
import { type SproutsMove, sproutsMoves } from './moves.ts';

/** The number (from 1, in writing order) of every corner: [region][boundary][index]. */
export function cornerNumbers(position: SproutsPosition): number[][][] {
  let n = 0;
  return position.regions.map((region) => region.map((boundary) => boundary.map(() => ++n)));
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The words of one move of `from`. */
export function moveWords(from: SproutsPosition, move: SproutsMove): string {
  const numbers = cornerNumbers(from);
  const text = formatSprouts(from).replace(/[^0-9A-Za-z]/g, '');
  const corner = ([b, i]: readonly [number, number]) => {
    const n = numbers[move.region][b][i];
    return `spot ${n} (${text[n - 1]})`;
  };
  const region = from.regions[move.region];
  const where = from.regions.length > 1 ? ` in region ${move.region + 1}` : '';
  if (move.enclosed === null)
    return `curve from ${corner(move.from)} to ${corner(move.to)}${where}, joining their two boundaries`;
  const others = region.length - 1;
  const boundaries = (indices: readonly number[]) =>
    list(indices.map((b) => `the boundary of spot ${numbers[move.region][b][0]}`));
  const rest = region.map((_, b) => b).filter((b) => b !== move.from[0] && !move.enclosed!.includes(b));
  const same = move.from[1] === move.to[1];
  const head = same
    ? `loop from ${corner(move.from)} back to itself${where}`
    : `curve from ${corner(move.from)} to ${corner(move.to)}${where}`;
  if (others === 0) return head;
  if (same) {
    if (move.enclosed.length === 0) return `${head}, with nothing inside`;
    return `${head}, around ${boundaries(move.enclosed)}${rest.length > 0 ? ` (${boundaries(rest)} outside)` : ''}`;
  }
  // the first side is the one of the boundary's stretch from `from` forward (in writing order) to `to`
  const stretch = `the stretch from spot ${numbers[move.region][move.from[0]][move.from[1]]} on to spot ${numbers[move.region][move.to[0]][move.to[1]]}`;
  if (move.enclosed.length === 0)
    return `${head}, with every other boundary of the region on the side away from ${stretch}`;
  return `${head}, with ${boundaries(move.enclosed)} on the side of ${stretch}${rest.length > 0 ? ` and ${boundaries(rest)} on the other` : ''}`;
}

/** The words of the move from `from` to `to` (a position moves() made), else "move to <text>". */
export function describeSproutsMove(from: SproutsPosition, to: SproutsPosition): string {
  const target = JSON.stringify(to.regions);
  const moves = [...sproutsMoves(from)];
  for (const move of moves)
    if (move.result.lives.length === to.lives.length && JSON.stringify(move.result.regions) === target)
      return moveWords(from, move);
  // a position read back from text has its spots numbered anew: the move that reaches the same game
  const key = sproutsKey(to);
  for (const move of moves) if (sproutsKey(move.result) === key) return moveWords(from, move);
  return `move to ${formatSprouts(to) || 'the end (no move left)'}`;
}
