/**
 * The problem catalog (judge text in, judge text out) and the side problems' math: Circle Summation
 * mod 1e9+7; Equations: divisors of (N!)^2 mod 1000007.
 * @module
 */
export { PROBLEMS, findProblem, solveText } from '../problems/index.ts';
export type { Problem } from '../problems/index.ts';
export {
  circleSummation,
  circleSummationByMatrix,
  simulateCircleSummation,
  CIRCLE_MODULUS,
} from '../problems/math/circle-summation.ts';
export {
  equationsCount,
  equationsCountByTrialDivision,
  divisorCountOfFactorialSquare,
  EQUATIONS_MODULUS,
} from '../problems/math/equations.ts';
