/**
 * Equal removal: a move takes the same positive amount from each pile of any non-empty subset of
 * the piles. Two piles is Wythoff's game; three piles is Project Euler 260's Stone Game.
 */
import { InputError } from '../../errors.ts';
import type { CoupledRuleset, Family, Position } from '../../types.ts';
import { MAX_EQUAL_REMOVAL_PILES, MAX_PAIR_PILE, MAX_TRIPLE_PILE } from './limits.ts';
import { equalRemovalWinningMoves, forEachCoupledPPosition, oracleCheckMax } from './solver.ts';

export { MAX_EQUAL_REMOVAL_PILES, MAX_PAIR_PILE, MAX_TRIPLE_PILE } from './limits.ts';

export interface EqualRemovalRuleset extends CoupledRuleset {
  readonly family: 'equal-removal';
  readonly symmetric: true;
}

/** Every position reachable in one move, subsets in increasing bit-mask order, amounts increasing. */
function* equalRemovalMoves(position: Position): Generator<number[]> {
  const k = position.length;
  if (k > MAX_EQUAL_REMOVAL_PILES)
    throw new InputError(`equal removal allows at most ${MAX_EQUAL_REMOVAL_PILES} piles, got ${k}`, 'too-large');
  for (let mask = 1; mask < 1 << k; mask++) {
    let least = Infinity;
    for (let i = 0; i < k; i++) if (mask & (1 << i) && position[i] < least) least = position[i];
    for (let n = 1; n <= least; n++) {
      const to = position.slice();
      for (let i = 0; i < k; i++) if (mask & (1 << i)) to[i] -= n;
      yield to;
    }
  }
}

const TITLES: ReadonlyMap<number, string> = new Map([
  [2, "equal removal on 2 piles (Wythoff's game)"],
  [3, 'equal removal on 3 piles (Stone Game, Project Euler 260)'],
]);

/** The equal-removal ruleset; `piles` fixes the number of piles (otherwise any 1..8). */
export function equalRemoval(piles?: number): EqualRemovalRuleset {
  const ruleset: EqualRemovalRuleset = {
    kind: 'coupled',
    family: 'equal-removal',
    spec: piles === undefined ? 'equal-removal' : `equal-removal:${piles}`,
    title: piles === undefined ? 'equal removal' : (TITLES.get(piles) ?? `equal removal on ${piles} piles`),
    piles,
    maxPile: piles === 3 ? MAX_TRIPLE_PILE : MAX_PAIR_PILE,
    symmetric: true,
    moves: equalRemovalMoves,
    winningMoves: (position) => equalRemovalWinningMoves(ruleset, position),
    forEachPPosition: (query, visit) => forEachCoupledPPosition(ruleset, query, visit),
    verifyMaxPile: oracleCheckMax,
  };
  return ruleset;
}

/** Parses the arguments of `equal-removal[:piles]`. */
export function parseEqualRemoval(args: string): EqualRemovalRuleset {
  const text = args.trim();
  if (text === '') return equalRemoval();
  if (!/^\d+$/.test(text))
    throw new InputError(`equal-removal takes a number of piles, e.g. equal-removal:3, got '${text}'`);
  const piles = Number(text);
  if (piles < 1) throw new InputError('equal-removal needs at least 1 pile');
  if (piles > MAX_EQUAL_REMOVAL_PILES)
    throw new InputError(`equal-removal allows at most ${MAX_EQUAL_REMOVAL_PILES} piles, got ${piles}`, 'too-large');
  return equalRemoval(piles);
}

export const equalRemovalFamily: Family = {
  name: 'equal-removal',
  help: 'equal-removal[:<piles>] — take the same positive amount from each pile of any non-empty set of piles (piles moved together: not a sum of games); without <piles> the position decides',
  args: 'optional',
  example: { spec: 'equal-removal:2', heaps: [3, 6] },
  aliases: [
    ['stone-game', 'equal-removal:3'],
    ['wythoff', 'equal-removal:2'],
  ],
  parse: parseEqualRemoval,
};
