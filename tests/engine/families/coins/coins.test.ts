/**
 * Coin-turning games: the heap representation (a row's value is the nim-sum of its heads' values)
 * against the game played as a game on every row of up to 10 coins, and the named rules against
 * their published values (Winning Ways ch. 14; Ferguson, Game Theory, part I §5).
 */
import { describe, expect, it } from 'vitest';
import { type CoinRow, type CoinsRuleset, coinMoves } from '../../../../src/engine/families/coins/index.ts';
import { parseCoinRule } from '../../../../src/engine/families/coins/rules.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { analyzeGameRules } from '../../../../src/engine/solve/search/index.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';
import { viewOf } from '../../../../src/views/registry.ts';
import { bruteGrundy, subsets } from './brute.ts';

const rows = (spec: string) => parseRuleset(spec) as CoinsRuleset;
const heaps = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** Rules and the row length brute-forced in full (every head set). */
const RULES: readonly (readonly [string, number])[] = [
  ['turning-turtles', 10],
  ['twins', 10],
  ['mock-turtles', 10],
  ['moebius', 9],
  ['ruler', 10],
  ['rulerette', 10],
  ['ternups', 10],
  ['2/distance=1,3,4', 10],
  ['1-3/within=2', 10],
  ['2-4/spaced', 10],
  ['any', 8],
];

describe('the heap representation against the game played as a game', () => {
  it.each(RULES)(
    'coins:%s: every row of %i coins',
    (text, length) => {
      const ruleset = rows(`coins:${text}`);
      const brute = bruteGrundy<CoinRow>(
        (row) => coinMoves(ruleset.rule, row),
        (row) => row.heads.join(' '),
      );
      const solver = new GameSolver(ruleset);
      for (const heads of subsets(length)) {
        const row = { length, heads };
        const expected = brute(row);
        expect(ruleset.value!(row), ruleset.notation.formatPosition(row)).toBe(expected);
        expect(solver.grundy(row), ruleset.notation.formatPosition(row)).toBe(expected);
      }
    },
    120_000,
  );

  it('every winning move the analysis lists reaches a P-position, and it lists every one', () => {
    const ruleset = rows('coins:mock-turtles');
    const brute = bruteGrundy<CoinRow>(
      (row) => coinMoves(ruleset.rule, row),
      (row) => row.heads.join(' '),
    );
    for (const heads of subsets(8)) {
      const row = { length: 8, heads };
      const analysis = analyzeGameRules(ruleset, row);
      const expected = new Set(
        [...coinMoves(ruleset.rule, row)].filter((to) => brute(to) === 0).map(ruleset.notation.formatPosition),
      );
      expect(new Set(analysis.winningMoves.map(ruleset.notation.formatPosition))).toEqual(expected);
    }
  });
});

describe('published values (heap n = a lone head on coin n, coins counted from 1)', () => {
  it('Mock Turtles: the odious numbers (OEIS A000069)', () => {
    const odious = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49, 50];
    expect([...heaps('coin-heaps:mock-turtles').sequence(odious.length)].slice(1)).toEqual(odious);
  });

  it('Ruler: the largest power of 2 dividing n (OEIS A006519)', () => {
    const ruler = [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 32];
    expect([...heaps('coin-heaps:ruler').sequence(ruler.length)].slice(1)).toEqual(ruler);
  });

  it('Turning Turtles is Nim (g(n) = n, OEIS A001477); Twins is Nim counted from coin 0 (g(n) = n - 1)', () => {
    const tt = heaps('coin-heaps:turning-turtles').sequence(40);
    const twins = heaps('coin-heaps:twins').sequence(40);
    for (let n = 1; n <= 40; n++) {
      expect(tt[n]).toBe(n);
      expect(twins[n]).toBe(n - 1);
    }
  });

  it('Rulerette: half the ruler function (Ferguson, part I, exercise 5.5)', () => {
    const rulerette = heaps('coin-heaps:rulerette').sequence(64);
    const ruler = heaps('coin-heaps:ruler').sequence(64);
    for (let n = 1; n <= 64; n++) expect(rulerette[n]).toBe(ruler[n] >> 1);
  });

  it('turning two coins at a distance in S is the subtraction game S, counted from coin 0', () => {
    const coinsGame = heaps('coin-heaps:2/distance=1,3,4').sequence(200);
    const subtraction = heaps('subtract:1,3,4').sequence(199);
    for (let n = 1; n <= 200; n++) expect(coinsGame[n]).toBe(subtraction[n - 1]);
  });

  it('the closed forms of the named rules agree with the mex kernel', () => {
    for (const name of ['turning-turtles', 'twins', 'mock-turtles', 'ruler']) {
      const ruleset = heaps(`coin-heaps:${name}`);
      const g = ruleset.sequence(300);
      for (let n = 0; n <= 300; n++) expect(ruleset.grundyOf!(n), `${name} ${n}`).toBe(g[n]);
    }
  });
});

describe('rules and rows as text', () => {
  it('reads named rules and the grammar, and names a grammar rule that is a named one', () => {
    expect(parseCoinRule('1-3').text).toBe('mock-turtles');
    expect(parseCoinRule('any/consecutive').text).toBe('ruler');
    expect(parseCoinRule('1-/consecutive').text).toBe('ruler');
    expect(parseCoinRule('2/distance=4,1,3,1').text).toBe('2/distance=1,3,4');
    expect(rows('coins:Mock-Turtles').spec).toBe('coins:mock-turtles');
  });

  it.each([
    ['coins:1-3/pancake', /'pancake' is not a constraint/],
    ['coins:3-1', /empty range/],
    ['coins:0', /at least one coin/],
    ['coins:consecutive', /starts with how many coins/],
    ['coins:1-2/consecutive/spaced', /give one of the two/],
    ['coins:2/distance=0', /positive whole number/],
  ])('%s is refused in one line', (spec, message) => {
    expect(() => parseRuleset(spec)).toThrow(message);
  });

  it('reads rows as H/T or 1/0 and names the column of a bad coin', () => {
    const ruleset = rows('coins:ruler');
    expect(ruleset.notation.parsePosition('T H H T H')).toEqual({ length: 5, heads: [1, 2, 4] });
    expect(ruleset.notation.parsePosition('01101')).toEqual({ length: 5, heads: [1, 2, 4] });
    expect(() => ruleset.notation.parsePosition('THX')).toThrow(/column 3: 'X' is not a coin/);
    expect(() => rows('coins:any').notation.parsePosition('H'.repeat(40))).toThrow(/above this rule's maximum/);
  });

  it('words a move by the coins it turns', () => {
    const ruleset = rows('coins:mock-turtles');
    const from = ruleset.notation.parsePosition('THHTH');
    expect(ruleset.notation.describeMove(from, ruleset.notation.parsePosition('THTTT'))).toBe('turn coins 3 and 5');
    expect(ruleset.notation.describeMove(from, ruleset.notation.parsePosition('HTHHT'))).toBe(
      'turn coins 1, 2, 4 and 5',
    );
  });
});

describe('clicking coins', () => {
  const ruleset = rows('coins:mock-turtles');
  const view = viewOf(ruleset).grid!;
  const row = ruleset.notation.parsePosition('THHTH');
  const at = (...cols: number[]) => cols.map((c) => [0, c - 1] as const);

  it('a head clicked alone is a move, but a longer one could take more coins: the page offers it as it stands', () => {
    expect(view.pick(row, at(5))).toBe('more');
    expect(ruleset.notation.formatPosition(view.complete!(row, at(5))!)).toBe('THHTT');
  });

  it('three coins are the most Mock Turtles turns: the move is made', () => {
    expect(ruleset.notation.formatPosition(view.pick(row, at(2, 3, 5)) as CoinRow)).toBe('TTTTT');
  });

  it('a tail alone is no move yet, and a tail as the rightmost coin never is', () => {
    expect(view.pick(row, at(4))).toBe('more');
    expect(view.complete!(row, at(4))).toBeNull();
    expect(view.pick(row, at(1, 2, 3, 4))).toBeNull();
    expect(view.label!(row, 0, 1)).toBe('H');
    expect(view.label!(row, 0, 0)).toBe('T');
  });
});
