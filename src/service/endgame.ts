/**
 * Where the fast cores keep their endgame databases for this process: the face sets a store once
 * (the CLI: the cache directory, unless --no-cache), and every search the service makes uses it.
 */
import type { EndgameStore } from '../engine/types.ts';

let store: EndgameStore | undefined;

/** Sets (or, with undefined, removes) the store every later search uses. */
export function useEndgameStore(next: EndgameStore | undefined): void {
  store = next;
}

/** The store the face set, if any. */
export function endgameStore(): EndgameStore | undefined {
  return store;
}
