/**
 * The land search (search.ts) as the family's fast core under normal play: what the service asks of
 * a core other than the user's outcome-first analysis (analysis.ts), chiefly the certificate's
 * prover, which asks component values and "is this option's value k?" thousands of times. Each is
 * a question of the land search, whose database answers the ones its own proof already settled, so
 * a certificate follows the search's proof instead of the closure under moves (or the general
 * solver's tree, which took minutes for 9 spots where the land search takes a second).
 *
 * Where the face lends a store (the CLI's cache directory), the core starts from the facts earlier
 * searches kept there (facts.ts) and adds to them after each outcome or winning-move question (a
 * move of play, a hint), not after each value or "is it k?", which a prover asks of every land it
 * needs: each keeping reads every land the search holds and may write the file.
 */
import type { PositionSearch, SearchLimits, SearchProgress } from '../../types.ts';
import { keepFacts, storedFacts } from './facts.ts';
import type { SproutsPosition } from './position.ts';
import { SproutsSearch } from './search.ts';
import { sproutsOptions } from './options.ts';

export function sproutsLandCore(limits: SearchLimits): PositionSearch<SproutsPosition> {
  const store = limits.endgame;
  const search = new SproutsSearch({
    timeLimitMs: limits.timeLimitMs,
    signal: limits.signal,
    known: store === undefined ? undefined : storedFacts(store),
  });
  /** A whole-position question, with what it proved kept in the store, stopped or not. */
  const kept = <T>(work: () => T): T => {
    try {
      return work();
    } finally {
      if (store !== undefined) keepFacts(store, search.landFacts());
    }
  };
  const isP = (position: SproutsPosition) => search.isP(position);
  return {
    name: 'the land search',
    method: 'land search',
    accepts: () => true,
    grundy: (position) => search.nimber(position),
    isP: (position) => kept(() => isP(position)),
    hasValue: (position, k) => search.sumIsLoss(search.landsOf(position), k),
    knownHasValue: (position, k) => search.probe(search.landsOf(position), k),
    knownGrundy(position) {
      let v = 0;
      for (const land of search.landsOf(position)) {
        if (land.value < 0) return undefined;
        v ^= land.value;
      }
      return v;
    },
    winningMoves: (position, limit = Number.POSITIVE_INFINITY) =>
      kept(() => {
        const out: SproutsPosition[] = [];
        if (limit <= 0) return out;
        for (const to of sproutsOptions(position)) {
          if (isP(to)) out.push(to);
          if (out.length >= limit) break;
        }
        return out;
      }),
    get stats(): SearchProgress {
      const s = search.stats;
      return { nodes: s.nodes, tableEntries: s.tableEntries, evicted: s.evicted, elapsedMs: s.elapsedMs };
    },
  };
}
