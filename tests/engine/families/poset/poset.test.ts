/**
 * Poset games: the search (components = connected pieces of the comparability graph) against the
 * game played as a game on random small posets, Chomp as a product of chains against the Chomp
 * family, and closed forms of the literature (a chain of n elements is a Nim heap n; a poset with
 * a least element is an N-position, since taking it wins).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChompPosition, chomp } from '../../../../src/engine/families/chomp/index.ts';
import {
  type PosetPosition,
  type PosetRuleset,
  posetGame,
  posetMoves,
} from '../../../../src/engine/families/poset/index.ts';
import { closeOrder } from '../../../../src/engine/families/poset/order.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { bruteGrundy } from '../coins/brute.ts';

const posets = (spec: string) => parseRuleset(spec) as PosetRuleset;

describe('the search against the game played as a game', () => {
  it('random posets of up to 9 elements, every position reached from the whole poset', () => {
    const relation = fc
      .integer({ min: 1, max: 9 })
      .chain((n) =>
        fc.tuple(
          fc.constant(n),
          fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 14 }),
          fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        ),
      );
    fc.assert(
      fc.property(relation, ([n, pairs, keep]) => {
        // i < j only: the relation is acyclic by construction
        const less = pairs.filter(([a, b]) => a < b) as [number, number][];
        const poset = closeOrder(
          Array.from({ length: n }, (_, i) => `e${i}`),
          less,
        );
        const game = posetGame(poset, 'poset:random', 'random');
        const brute = bruteGrundy<PosetPosition>(
          (p) => posetMoves(poset, p),
          (p) => p.join(','),
        );
        const solver = new GameSolver(game);
        const position = Array.from({ length: n }, (_, i) => i).filter((i) => keep[i]);
        for (const p of [game.start!, position]) expect(solver.grundy(p)).toBe(brute(p));
      }),
      { numRuns: 200 },
    );
  });
});

/** Every Young diagram inside rows x cols that keeps the poisoned square (column heights, non-increasing). */
function* diagrams(rows: number, cols: number, prefix: number[] = []): Generator<number[]> {
  if (prefix.length > 0) yield prefix.slice();
  if (prefix.length === cols) return;
  const top = prefix.length === 0 ? rows : prefix[prefix.length - 1];
  for (let h = 1; h <= top; h++) yield* diagrams(rows, cols, [...prefix, h]);
}

/** A Chomp diagram as elements of the product of chains rows x cols, without the poisoned square (1.1). */
function asPoset(game: PosetRuleset, heights: ChompPosition): PosetPosition {
  const names: string[] = [];
  heights.forEach((h, c) => {
    for (let r = 0; r < h; r++) if (r > 0 || c > 0) names.push(`${r + 1}.${c + 1}`);
  });
  return game.notation.parsePosition(names.join(' '));
}

describe('Chomp is the poset game on a product of two chains without its least element', () => {
  it('agrees with the Chomp family on every rectangle up to 4 x 4 and every Young diagram inside 4 x 4', () => {
    const game = posets('poset:chains:4x4');
    const chompRules = chomp();
    const chompSolver = new GameSolver(chompRules);
    const posetSolver = new GameSolver(game);
    let diagramsSeen = 0;
    for (const heights of diagrams(4, 4)) {
      diagramsSeen++;
      expect(posetSolver.grundy(asPoset(game, heights)), heights.join(' ')).toBe(chompSolver.grundy(heights));
    }
    expect(diagramsSeen).toBe(69); // C(8, 4) - 1 diagrams keep the poisoned square
    for (let r = 1; r <= 4; r++)
      for (let c = 1; c <= 4; c++) {
        const rect = posets(`poset:chains:${r}x${c}`);
        const whole = rect.start!.filter((x) => rect.notation.formatPosition([x]) !== '1.1');
        expect(new GameSolver(rect).grundy(whole), `${r} x ${c}`).toBe(chompSolver.grundy(chomp(r, c).start!));
      }
  });
});

describe('named posets and closed forms', () => {
  it('a chain of n elements is a Nim heap of n; an antichain of n elements is worth n mod 2', () => {
    for (let n = 1; n <= 12; n++) {
      const chain = posets(`poset:chains:${n}`);
      expect(new GameSolver(chain).grundy(chain.start!)).toBe(n);
      const names = Array.from({ length: n }, (_, i) => `a${i}`).join(',');
      const antichain = posets(`poset:${names}`);
      expect(new GameSolver(antichain).grundy(antichain.start!)).toBe(n % 2);
    }
  });

  it('posets with a least element (divisors, subsets, products of chains) are N-positions whole', () => {
    for (const spec of ['poset:divisors:360', 'poset:subsets:4', 'poset:chains:3x3x2', 'poset:divisors:30']) {
      const game = posets(spec);
      expect(new GameSolver(game).isP(game.start!), spec).toBe(false);
    }
  });

  it('divisors of 30 and subsets of a 3-set are the same game position by position (both are the cube)', () => {
    const divisors = posets('poset:divisors:30');
    const subsetsGame = posets('poset:subsets:3');
    const d = new GameSolver(divisors);
    const s = new GameSolver(subsetsGame);
    const prime = new Map([
      ['2', '1'],
      ['3', '2'],
      ['5', '3'],
    ]);
    const subsetOf = (n: number) =>
      `{${[2, 3, 5]
        .filter((p) => n % p === 0)
        .map((p) => prime.get(String(p)))
        .join('')}}`;
    for (let mask = 0; mask < 256; mask++) {
      const elements = [1, 2, 3, 5, 6, 10, 15, 30].filter((_, i) => mask & (1 << i));
      const dp = divisors.notation.parsePosition(elements.join(' '));
      const sp = subsetsGame.notation.parsePosition(elements.map(subsetOf).join(' '));
      expect(d.grundy(dp)).toBe(s.grundy(sp));
    }
  });

  it('words a move by the element removed and what goes with it', () => {
    const game = posets('poset:a<b,a<c,b<d');
    const from = game.start!;
    expect(game.notation.describeMove(from, game.notation.parsePosition('a c'))).toBe(
      'remove b and everything above it (d)',
    );
    expect(game.notation.describeMove(from, game.notation.parsePosition('a b c'))).toBe('remove d');
  });

  it.each([
    ['poset:a<b,b<c,c<a', /cycle/],
    ['poset:a<a', /not a strict order/],
    ['poset:a<b,,c', /empty relation/],
    ['poset:a-b', /not an element name/],
    ['poset:subsets:7', /above the maximum/],
    ['poset:chains:9x9', /81 elements, above the maximum of 64/],
    ['poset:lattice:3', /not a named poset/],
  ])('%s is refused in one line', (spec, message) => expect(() => parseRuleset(spec)).toThrow(message));

  it('a position naming an element the poset lacks is refused with its column', () => {
    expect(() => posets('poset:divisors:12').notation.parsePosition('1 2 5')).toThrow(
      /column 5: '5' is not an element/,
    );
  });
});

describe('the subsets of the 0-set (issue 39)', () => {
  it('poset:subsets:0 is the one-element poset {∅}: one move, to the empty position, so its value is 1', () => {
    const game = parseRuleset('poset:subsets:0') as PosetRuleset;
    expect(game.notation.formatPosition(game.start!)).toBe('{}');
    expect([...game.moves(game.start!)].map(game.notation.formatPosition)).toEqual(['']);
    expect(new GameSolver(game).grundy(game.start!)).toBe(1);
  });
});
