/**
 * The leaves of a Quarto proof file searched again: each value the checker (proof.ts) took on trust is
 * re-derived by the reference core (solver-reference.ts, the line-by-line search the fast core in
 * solver.ts is tested against; it shares only the SearchStopped type with it), so that with the
 * checker the whole proof rests on the rules and that core, not on the fast solver. A claim is tested
 * by the bounds it states, each with the narrowest window that decides it: "at least a draw" by
 * (-1, 0), "at most a draw" by (0, 1), an exact draw by (-1, 1) (scores: a win is >= 1, a draw 0).
 * Cost: exponential in the empty cells; a leaf with two pieces placed takes minutes.
 */
import { InputError } from '../../errors.ts';
import { formatQuartoBoard, parseQuartoBoard } from './notation.ts';
import type { TrustedLeaf, ValueInterval } from './proof.ts';
import { cellsOf, NONE, piecesToGive, type QuartoVariant } from './rules.ts';
import { QuartoSearchReference } from './solver-reference.ts';
import type { SearchOptions } from './solver.ts';

/** One leaf searched again: what the search proved of it (it contains the claim) and what it cost. */
export interface LeafRecheck {
  readonly key: string;
  readonly claim: ValueInterval;
  /** The interval the search proved: the claim's bounds, or the exact value when one window gave it. */
  readonly found: ValueInterval;
  readonly nodes: number;
  readonly ms: number;
}

/** The windows a claim needs: each [alpha, beta] with the bound it proves when the score stays inside. */
function windowsFor(claim: ValueInterval): [number, number][] {
  const [lo, hi] = claim;
  if (lo === 0 && hi === 0) return [[-1, 1]];
  const windows: [number, number][] = [];
  if (lo === 0) windows.push([-1, 0]); // score >= 0
  if (lo === 1) windows.push([0, 1]); // score >= 1
  if (hi === 0) windows.push([0, 1]); // score <= 0
  if (hi === -1) windows.push([-1, 0]); // score <= -1
  return windows;
}

/** What a fail-soft score within (alpha, beta) proves, as an interval of {-1, 0, 1}. */
function proved(score: number, alpha: number, beta: number): ValueInterval {
  const sign = (s: number) => (s > 0 ? 1 : s < 0 ? -1 : 0);
  if (score <= alpha) return [-1, sign(score)];
  if (score >= beta) return [sign(score), 1];
  return [sign(score), sign(score)];
}

/**
 * Searches one leaf again with the reference core and returns what it found; throws an InputError
 * naming the leaf when the search contradicts its claim. A leaf with nothing in hand (the player to
 * move only gives) is the best of its gives.
 */
export function recheckLeaf(
  leaf: TrustedLeaf,
  variant: QuartoVariant,
  search: QuartoSearchReference = new QuartoSearchReference(variant),
): LeafRecheck {
  const position = parseQuartoBoard(leaf.key, variant);
  const started = Date.now();
  const nodes0 = search.nodes;
  search.setBoard(position.cells);
  const avail = piecesToGive(position);
  const score = (alpha: number, beta: number): number => {
    if (position.hand !== NONE) return search.search(position.hand, avail, alpha, beta);
    // only gives: negamax over them (the placed pieces do not change, so the board stays set)
    let best = Number.NEGATIVE_INFINITY;
    for (const give of cellsOf(avail)) {
      best = Math.max(best, -search.search(give, avail & ~(1 << give), -beta, -Math.max(alpha, best)));
      if (best >= beta) break;
    }
    return best;
  };
  let found: ValueInterval = [-1, 1];
  for (const [alpha, beta] of windowsFor(leaf.claim)) {
    const [lo, hi] = proved(score(alpha, beta), alpha, beta);
    found = [Math.max(found[0], lo), Math.min(found[1], hi)];
  }
  if (found[0] < leaf.claim[0] || found[1] > leaf.claim[1])
    throw new InputError(
      `quarto proof: leaf ${formatQuartoBoard(position)} claims ${intervalWords(leaf.claim)}, the reference search finds ${intervalWords(found)}`,
    );
  return { key: leaf.key, claim: leaf.claim, found, nodes: search.nodes - nodes0, ms: Date.now() - started };
}

/** Searches every trusted leaf again (recheckLeaf), one search and table for all; `done` hears each. */
export function recheckLeaves(
  leaves: readonly TrustedLeaf[],
  variant: QuartoVariant,
  options: SearchOptions = {},
  done?: (leaf: LeafRecheck, index: number) => void,
): LeafRecheck[] {
  const search = new QuartoSearchReference(variant, options);
  search.setLimits(options.deadline, options.signal);
  return leaves.map((leaf, i) => {
    const r = recheckLeaf(leaf, variant, search);
    done?.(r, i);
    return r;
  });
}

/** An interval of {-1, 0, 1} in words, for the player to move. */
export function intervalWords([lo, hi]: ValueInterval): string {
  const word = (v: number) => (v > 0 ? 'win' : v < 0 ? 'loss' : 'draw');
  if (lo === hi) return `a ${word(lo)}`;
  if (lo === -1 && hi === 1) return 'nothing proved (loss to win)';
  return lo === -1 ? `at most a ${word(hi)}` : `at least a ${word(lo)}`;
}
