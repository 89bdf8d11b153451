/**
 * The misère oracle: backward induction with the misère terminal rule (a player who cannot move
 * wins, because the opponent made the last move), memoised, with no theory. It is the reference
 * every misère layer (genus, quotient) is tested against.
 *
 * It reuses the normal-play oracle on a transformed game: every terminal position gets one extra
 * move to a sentinel END position with no moves. Under normal play END is P, so an original
 * terminal position is N, exactly the misère rule; every other position keeps its moves.
 */
import { InputError, checkMax } from '../../errors.ts';
import { MAX_HEAPS } from '../../limits.ts';
import { heapMultisetKey } from '../../position.ts';
import type { CountOrder, GameRules, HeapRuleset, Outcome, Position, TupleRuleset } from '../../types.ts';
import { COUNT_ORDERS } from '../../types.ts';
import { ORACLE_BUDGET, Oracle, forEachTuple, gameRules, heapMoves } from './normal.ts';

const END = null;
type WithEnd<P> = P | typeof END;

export class MisereOracle<P = number[]> {
  private readonly inner: Oracle<WithEnd<P>>;
  constructor(
    private readonly rules: GameRules<P>,
    budget = ORACLE_BUDGET,
  ) {
    const wrapped: GameRules<WithEnd<P>> = {
      *moves(position) {
        if (position === END) return;
        let any = false;
        for (const to of rules.moves(position)) {
          any = true;
          yield to;
        }
        if (!any) yield END;
      },
      key: (position) => (position === END ? '#end' : rules.key(position)),
    };
    this.inner = new Oracle(wrapped, budget);
  }

  /** True when the player to move loses under misère play. */
  isP(position: P): boolean {
    return this.inner.isP(position);
  }

  outcome(position: P): Outcome {
    return this.isP(position) ? 'P' : 'N';
  }

  /** The real moves to misère P-positions, deduplicated (as written), in generation order: every one, or the first `limit`. */
  winningMoves(position: P, limit = Number.POSITIVE_INFINITY): { to: P }[] {
    const seen = new Set<string>();
    const out: { to: P }[] = [];
    for (const to of this.rules.moves(position)) {
      if (out.length >= limit) break;
      const k = JSON.stringify(to);
      if (!seen.has(k) && this.isP(to)) {
        seen.add(k);
        out.push({ to });
      }
    }
    return out;
  }
}

/**
 * The rules of a heap ruleset for misère search: heaps with no option are the empty game exactly
 * (G + 0 = G under any convention), so the key drops them with the empty heaps; that is the only
 * decomposition misère play allows (sums are not nim-sums).
 */
export function misereHeapRules(ruleset: HeapRuleset): GameRules<number[]> {
  const dead = new Map<number, boolean>();
  const isDead = (h: number) => {
    let d = dead.get(h);
    if (d === undefined) {
      d = true;
      for (const _ of ruleset.heapOptions(h)) {
        d = false;
        break;
      }
      dead.set(h, d);
    }
    return d;
  };
  return { moves: heapMoves(ruleset), key: (p: Position) => heapMultisetKey(p.filter((h) => !isDead(h))) };
}

/** The misère oracle of any ruleset (heap or coupled). */
export function misereOracleFor(ruleset: TupleRuleset, budget = ORACLE_BUDGET): MisereOracle<number[]> {
  return new MisereOracle(ruleset.kind === 'heap' ? misereHeapRules(ruleset) : gameRules(ruleset), budget);
}

/** Counts misère P-positions among k-tuples in 0..max by classifying every one of them. */
export function misereOracleCount(
  ruleset: TupleRuleset,
  k: number,
  max: number,
  order: CountOrder,
  budget = ORACLE_BUDGET,
): bigint {
  if (!COUNT_ORDERS.includes(order))
    throw new InputError(`order must be one of ${COUNT_ORDERS.join(', ')}, got '${order}'`);
  if (!Number.isSafeInteger(k) || k < 1) throw new InputError(`number of heaps must be a positive integer, got ${k}`);
  checkMax(k, 'number of heaps', MAX_HEAPS);
  if (ruleset.kind === 'coupled' && ruleset.piles !== undefined && k !== ruleset.piles)
    throw new InputError(`${ruleset.spec} is played on ${ruleset.piles} piles, not ${k}`);
  const oracle = misereOracleFor(ruleset, budget);
  let count = 0n;
  forEachTuple(k, max, order, (t) => {
    if (oracle.isP(t)) count++;
  });
  return count;
}
