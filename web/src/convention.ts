/** The play convention in the page: what Play says when a player is stuck, and how the API is asked. */
import type { Convention } from '../../src/engine/types.ts';

export type { Convention };

/** Who won when the player to move has no move: normal play, the player stuck loses; misère play, they win. */
export function stuckText(convention: Convention, who: 'you' | 'engine'): string {
  if (convention === 'misere') {
    return who === 'you'
      ? 'You have no move left: the engine made the last move, so you win!'
      : 'The engine has no move: you made the last move, so the engine wins.';
  }
  return who === 'you' ? 'You have no move left: the engine wins.' : 'The engine has no move: you win!';
}

/** The request field: absent for normal play (the API's default). */
export function conventionField(convention: Convention): { convention?: Convention } {
  return convention === 'misere' ? { convention } : {};
}
