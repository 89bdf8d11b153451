/**
 * The brute-force oracle: classifies positions straight from the move generator by backward
 * induction (a position is N iff some move reaches a P-position), with memoisation and no
 * Sprague–Grundy theory. It is the reference every fast path is tested against; it refuses
 * (InputError 'too-large') once it has visited more than its state budget.
 */
import { InputError, checkMax } from '../../errors.ts';
import { MAX_HEAPS } from '../../limits.ts';
import { applyHeapOption, heapMultisetKey } from '../../position.ts';
import type {
  CountOrder,
  CoupledRuleset,
  GameRules,
  HeapRuleset,
  Outcome,
  PileQuery,
  Position,
  PositionVisitor,
  TupleRuleset,
} from '../../types.ts';
import { COUNT_ORDERS } from '../../types.ts';

/** Default number of distinct positions the oracle may visit before it refuses. */
export const ORACLE_BUDGET = 2_000_000;

export type MoveGenerator = (position: Position) => Iterable<number[]>;

/** Every position reachable in one move of a heap ruleset: one heap replaced by one of its options. */
export function heapMoves(ruleset: HeapRuleset): MoveGenerator {
  return function* (heaps) {
    for (let i = 0; i < heaps.length; i++) {
      for (const parts of ruleset.heapOptions(heaps[i])) yield applyHeapOption(heaps, i, parts);
    }
  };
}

/**
 * The rules of a heap or pile ruleset as a game over tuples: heap rulesets move one heap and fold
 * order and empty heaps into the key; coupled rulesets move as they say, keyed sorted when the
 * piles are interchangeable.
 */
export function gameRules(ruleset: TupleRuleset): GameRules<number[]> {
  if (ruleset.kind === 'heap') return { moves: heapMoves(ruleset), key: heapMultisetKey };
  const key = ruleset.symmetric
    ? (p: Position) => [...p].sort((a, b) => a - b).join(',')
    : (p: Position) => p.join(',');
  return { moves: (p) => ruleset.moves(p), key };
}

export class Oracle<P = number[]> {
  private readonly memo = new Map<string, boolean>();
  readonly moves: (position: P) => Iterable<P>;
  private readonly key: (position: P) => string;
  constructor(
    rules: GameRules<P>,
    private readonly budget = ORACLE_BUDGET,
  ) {
    this.moves = (p) => rules.moves(p);
    this.key = (p) => rules.key(p);
  }

  /** True when the player to move loses. Iterative, so deep games do not overflow the stack. */
  isP(start: P): boolean {
    const known = this.memo.get(this.key(start));
    if (known !== undefined) return known;
    // pending: the child whose value this frame waits for (pushed above it on the stack)
    interface Frame {
      key: string;
      children: Iterator<P>;
      pending: string | null;
    }
    const stack: Frame[] = [{ key: this.key(start), children: this.moves(start)[Symbol.iterator](), pending: null }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      let resolved: boolean | undefined;
      if (top.pending !== null && this.memo.get(top.pending) === true) resolved = false; // a move to a P-position: N
      top.pending = null;
      while (resolved === undefined) {
        const next = top.children.next();
        if (next.done) {
          resolved = true;
          break;
        } // no move reaches a P-position: P
        const childKey = this.key(next.value);
        const child = this.memo.get(childKey);
        if (child === true) {
          resolved = false;
          break;
        }
        if (child === undefined) {
          if (this.memo.size + stack.length >= this.budget) {
            throw new InputError(
              `too large for the brute-force oracle (more than ${this.budget} positions)`,
              'too-large',
            );
          }
          top.pending = childKey;
          stack.push({ key: childKey, children: this.moves(next.value)[Symbol.iterator](), pending: null });
          break;
        }
      }
      if (resolved !== undefined) {
        this.memo.set(top.key, resolved);
        stack.pop();
      }
    }
    return this.memo.get(this.key(start))!;
  }

  outcome(position: P): Outcome {
    return this.isP(position) ? 'P' : 'N';
  }

  /** Every move to a P-position, deduplicated (as written, not up to symmetry), in generation order. */
  winningMoves(position: P): { to: P }[] {
    const seen = new Set<string>();
    const out: { to: P }[] = [];
    for (const to of this.moves(position)) {
      const k = JSON.stringify(to);
      if (!seen.has(k) && this.isP(to)) {
        seen.add(k);
        out.push({ to });
      }
    }
    return out;
  }
}

/** The oracle of any ruleset. */
export function oracleFor(ruleset: TupleRuleset, budget = ORACLE_BUDGET): Oracle<number[]> {
  return new Oracle(gameRules(ruleset), budget);
}

/** Calls visit on every k-tuple of values in 0..max in the given order, lexicographically. */
export function forEachTuple(k: number, max: number, order: CountOrder, visit: (t: number[]) => void): void {
  const t = new Array<number>(k).fill(0);
  const low = (i: number) => (i === 0 ? 0 : order === 'ordered' ? 0 : order === 'sorted' ? t[i - 1] : t[i - 1] + 1);
  const fill = (i: number): void => {
    if (i === k) {
      visit(t.slice());
      return;
    }
    for (let v = low(i); v <= max; v++) {
      t[i] = v;
      fill(i + 1);
    }
  };
  fill(0);
}

/** Counts P-positions among k-tuples in 0..max by classifying every one of them. */
export function oracleCount(
  ruleset: TupleRuleset,
  k: number,
  max: number,
  order: CountOrder,
  budget = ORACLE_BUDGET,
): bigint {
  const oracle = oracleFor(ruleset, budget);
  let count = 0n;
  forEachTuple(k, max, order, (t) => {
    if (oracle.isP(t)) count++;
  });
  return count;
}

/**
 * The P-positions of a coupled ruleset with pileCount piles of sizes 0..max, in the given order
 * (default sorted), by classifying every tuple; stops when `visit` returns false. Returns the
 * number visited.
 */
export function forEachOraclePPosition(
  ruleset: CoupledRuleset,
  query: PileQuery,
  visit?: PositionVisitor,
  budget = ORACLE_BUDGET,
): bigint {
  const { pileCount, max } = query;
  const order = query.order ?? 'sorted';
  if (!COUNT_ORDERS.includes(order))
    throw new InputError(`order must be one of ${COUNT_ORDERS.join(', ')}, got '${order}'`);
  if (!Number.isSafeInteger(pileCount) || pileCount < 1)
    throw new InputError(`number of piles must be a positive integer, got ${pileCount}`);
  checkMax(pileCount, 'number of piles', MAX_HEAPS);
  if (ruleset.piles !== undefined && pileCount !== ruleset.piles)
    throw new InputError(`${ruleset.spec} is played on ${ruleset.piles} piles, not ${pileCount}`);
  const oracle = oracleFor(ruleset, budget);
  let count = 0n;
  let stopped = false;
  forEachTuple(pileCount, max, order, (t) => {
    if (stopped || !oracle.isP(t)) return;
    count++;
    if (visit?.(t) === false) stopped = true;
  });
  return count;
}
