/** Project Euler 260, Stone Game: the sum of x + y + z over the P-positions x <= y <= z <= N. */
import { stoneGame, type ProgressCallback } from '../engine/families/equal-removal/solver.ts';
import { InputError } from '../engine/errors.ts';
import { forEachTuple, oracleFor } from '../engine/solve/oracle/normal.ts';
import { MAX_TRIPLE_PILE, equalRemoval } from '../engine/families/equal-removal/index.ts';
import { parseSingleNumber, type Problem } from './types.ts';

/** Largest N for the oracle cross-check (it classifies every sorted triple; N = 60 takes seconds). */
export const STONE_GAME_VERIFY_MAX = 60;

/** Largest N accepted: the solver's four bit tables take about N^2/2 bytes (200 MB at 20000). */
export const STONE_GAME_MAX = MAX_TRIPLE_PILE;

export interface StoneGameAnswer {
  readonly sum: bigint;
  readonly count: bigint;
}

const threePiles = equalRemoval(3);

export const stoneGameProblem: Problem<number, StoneGameAnswer> & {
  /** solve() reporting progress (work done out of total) for faces that show it. */
  solveWithProgress(n: number, onProgress: ProgressCallback): StoneGameAnswer;
} = {
  id: 'stone-game',
  title: 'Stone Game (Project Euler 260)',
  summary: `Input: N (at most ${STONE_GAME_MAX}). Output: the sum of x+y+z over the losing positions x <= y <= z <= N of three piles, where a move takes the same positive amount from one, two or all three piles (--json adds their count).`,
  sample: { input: '30', output: '5169' },
  parse: (text) => parseSingleNumber(text, 'stone-game', STONE_GAME_MAX),

  solve: (n) => stoneGame(n),
  solveWithProgress: (n, onProgress) => stoneGame(n, onProgress),
  format: (answer) => answer.sum.toString(),
  json: (answer) => ({ sum: answer.sum.toString(), count: answer.count.toString() }),
  verify(n) {
    if (n > STONE_GAME_VERIFY_MAX)
      throw new InputError(`--verify for stone-game works up to N = ${STONE_GAME_VERIFY_MAX}`, 'too-large');
    const oracle = oracleFor(threePiles);
    let sum = 0n;
    let count = 0n;
    forEachTuple(3, n, 'sorted', (t) => {
      if (!oracle.isP(t)) return;
      count++;
      sum += BigInt(t[0] + t[1] + t[2]);
    });
    return { sum, count };
  },
};
