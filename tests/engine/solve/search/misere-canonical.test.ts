/**
 * Misère canonical forms against brute force on game trees: a sum's outcome from its canonical form
 * equals the outcome played out move by move, and games given one id are equal in every sum tried
 * (the reductions are sound); misère Nim against Bouton's rule for misère play.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MisereGames, STAR_ONE, ZERO } from '../../../../src/engine/solve/search/misere-canonical.ts';

/** A game tree: the list of its options. */
type Tree = readonly Tree[];

const written = (t: Tree): string => `[${t.map(written).sort().join('')}]`;

/** The misère outcome of a sum of trees, move by move (no move: the player to move wins). */
function bruteP(sum: readonly Tree[], memo = new Map<string, boolean>()): boolean {
  const key = sum.map(written).sort().join('+');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let any = false;
  let p = true;
  for (let i = 0; i < sum.length && p; i++)
    for (const option of sum[i]) {
      any = true;
      if (bruteP([...sum.slice(0, i), option, ...sum.slice(i + 1)], memo)) {
        p = false;
        break;
      }
    }
  const result = any && p;
  memo.set(key, result);
  return result;
}

function idOf(games: MisereGames, t: Tree): number {
  return games.construct(t.map((o) => idOf(games, o)));
}

function sumOf(games: MisereGames, sum: readonly Tree[]): number {
  return sum.reduce((id, t) => games.add(id, idOf(games, t)), ZERO);
}

const nimHeap = (n: number): Tree => Array.from({ length: n }, (_, i) => nimHeap(i));

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant([]),
    fc.array(tie('node'), { maxLength: 3 }),
  ),
})).node;

describe('misère canonical forms', () => {
  it('follow the rules of misère Nim: P exactly when a heap is above 1 and the nim-sum is 0, or none is and it is 1', () => {
    const games = new MisereGames();
    for (let a = 0; a <= 5; a++)
      for (let b = 0; b <= 5; b++)
        for (let c = 0; c <= 5; c++) {
          const heaps = [a, b, c];
          const nimSum = a ^ b ^ c;
          const p = heaps.some((h) => h > 1) ? nimSum === 0 : nimSum === 1;
          expect(games.isP(sumOf(games, heaps.map(nimHeap))), `${heaps}`).toBe(p);
        }
  });

  it('cancel *1 + *1 and {*1} to 0, but not *2 + *2; the mex rule for nim heaps with 0 or *1 among them', () => {
    const games = new MisereGames();
    const star = (n: number) => idOf(games, nimHeap(n));
    expect(star(1)).toBe(STAR_ONE);
    expect(games.construct([STAR_ONE])).toBe(ZERO);
    expect(games.add(star(2), star(2))).not.toBe(ZERO);
    expect(games.construct([ZERO, star(2)])).toBe(STAR_ONE);
    expect(games.construct([STAR_ONE, star(3)])).toBe(ZERO);
    // {*2} has no option 0 reachable back from every option, so it stays as it is
    expect(games.options(games.construct([star(2)]))).toEqual(Int32Array.of(star(2)));
  });

  it('give sums of random trees their outcome played out move by move', () => {
    const memo = new Map<string, boolean>();
    const games = new MisereGames();
    fc.assert(
      fc.property(fc.array(tree, { minLength: 1, maxLength: 3 }), (sum) => {
        expect(games.isP(sumOf(games, sum))).toBe(bruteP(sum, memo));
      }),
      { numRuns: 300 },
    );
  });

  it('give one id only to games equal in every sum tried', () => {
    const memo = new Map<string, boolean>();
    const games = new MisereGames();
    const byId = new Map<number, Tree[]>();
    fc.assert(
      fc.property(tree, (t) => {
        const id = idOf(games, t);
        const same = byId.get(id) ?? [];
        if (same.length < 4) same.push(t);
        byId.set(id, same);
      }),
      { numRuns: 400 },
    );
    const others = [...byId.values()].map((ts) => ts[0]).slice(0, 30);
    for (const same of byId.values())
      for (const t of same.slice(1))
        for (const x of [[], ...others.map((o) => [o]), [nimHeap(1), nimHeap(2)]])
          expect(bruteP([t, ...x], memo), `${written(t)} + ${x.map(written)}`).toBe(bruteP([same[0], ...x], memo));
  });
});
