/**
 * Sprouts' rules as the general solver reads them (src/engine/solve/search): the family's ruleset
 * spreads them, and the user's path falls back on them where the land search strays (analysis.ts).
 */
import type { GameRules } from '../../types.ts';
import { sproutsKey } from './canonical.ts';
import { landLives, sproutsLands } from './moves.ts';
import { sproutsOptions } from './options.ts';
import type { SproutsPosition } from './position.ts';

export const SPROUTS_RULES: GameRules<SproutsPosition> = {
  moves: sproutsOptions,
  components: sproutsLands,
  key: sproutsKey,
  size: landLives,
  // every option of a start ties at the same lives; searched in rounds, the 10-spot start takes
  // 74 thousand positions, where one after another it did not end in 20 minutes (docs/benchmarks.md)
  rounds: 16,
  // the misère search with a table reaches 8 spots, past the oracle's 2,000,000 positions
  misereTable: true,
};
