/** The problem catalog: every problem nimber solves from judge text. */
import { nimProblem } from './nim.ts';
import { nimSquare } from './nim-square.ts';
import { stoneGameProblem } from './stone-game.ts';
import { circleSummationProblem } from './circle-summation.ts';
import { equationsProblem } from './equations.ts';
import { stonePilesProblem } from './stone-piles.ts';
import type { Problem } from './types.ts';

// biome-ignore lint/suspicious/noExplicitAny: each problem has its own input and output types; faces go through parse and format
export const PROBLEMS: readonly Problem<any, any>[] = [
  nimSquare,
  stoneGameProblem,
  nimProblem,
  stonePilesProblem,
  circleSummationProblem,
  equationsProblem,
];

// biome-ignore lint/suspicious/noExplicitAny: as PROBLEMS
export function findProblem(id: string): Problem<any, any> | undefined {
  return PROBLEMS.find((p) => p.id === id);
}

export type { Problem } from './types.ts';
export { solveText } from './types.ts';
