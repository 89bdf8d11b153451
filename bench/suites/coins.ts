/** Coin-turning rows and grids: values and winning moves by the theorem (heap values, nim-products) against the plain search over the same moves. */
import { parseRuleset } from '../../src/engine/spec.ts';
import { analyzeGameRules } from '../../src/engine/solve/search/index.ts';
import type { GameRules, GameRuleset } from '../../src/engine/types.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

/** The analysis (value and every winning move, written as text) with or without the theorem's values. */
function analysing(name: string, ruleset: GameRuleset, board: string, theorem: boolean): Workload {
  const position = ruleset.notation.parsePosition(board);
  const rules: GameRules<unknown> = theorem
    ? ruleset
    : { moves: (p) => ruleset.moves(p), components: (p) => ruleset.components!(p), key: (p) => ruleset.key(p) };
  return {
    name,
    run: () => {
      const a = analyzeGameRules(rules, position);
      return { grundy: a.grundy, moves: a.winningMoves.map((p) => ruleset.notation.formatPosition(p)) };
    },
  };
}

function gameCase(spec: string, board: string, runs: number): BenchCase {
  const ruleset = parseRuleset(spec) as GameRuleset;
  return {
    title: `${spec} on ${board.length > 40 ? `${board.slice(0, 40)}…` : board}`,
    baseline: analysing('search over the moves, components valued by search', ruleset, board, false),
    candidates: [analysing('theorem values (heap sequence / nim-products)', ruleset, board, true)],
    runs,
    check: true,
  };
}

/** A fixed pseudo-random row of coins (a linear congruential generator: the same row every run). */
function row(length: number, seed: number): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    out += x % 3 === 0 ? 'T' : 'H';
  }
  return out;
}

export const coinsSuite: BenchSuite = {
  name: 'coins',
  cases(quick) {
    if (quick)
      return [gameCase('coins:mock-turtles', row(40, 1), 1), gameCase('turning-corners', 'HTHH/THHT/HHTH/THTH', 1)];
    return [
      gameCase('coins:mock-turtles', row(60, 1), 3),
      gameCase('coins:ruler', row(400, 3), 3),
      gameCase('turning-corners', [row(8, 4), row(8, 5), row(8, 6), row(8, 7), row(8, 8), row(8, 9)].join('/'), 3),
      gameCase('rugs', [row(6, 10), row(6, 11), row(6, 12), row(6, 13), row(6, 14), row(6, 15)].join('/'), 3),
    ];
  },
};
