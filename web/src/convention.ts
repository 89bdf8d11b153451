/** The play convention in the page: a value the player picks, sends to the API and sees in words (the service's CONVENTION_WORDS). */
import { CONVENTIONS, type Convention } from '../../src/engine/types.ts';
import { CONVENTION_WORDS } from '../../src/service/local.ts';

export { CONVENTION_WORDS, CONVENTIONS };
export type { Convention };

/** The convention a request leaves out means (the API's default): the first one. */
export const DEFAULT_CONVENTION: Convention = CONVENTIONS[0];

/** The convention a URL names, else the default. */
export function readConvention(text: string | null): Convention {
  return CONVENTIONS.find((c) => c === text) ?? DEFAULT_CONVENTION;
}

/** Who won when the player to move has no move, under the convention. */
export function stuckText(convention: Convention, who: 'you' | 'engine'): string {
  return CONVENTION_WORDS[convention].stuck[who];
}
