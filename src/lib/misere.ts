/**
 * Misère play (the last player to move loses) beyond the top level: analysis (by genus, quotient or
 * search), moves, counts, genus, solved quotients (the pretending function proved periodic: heaps of
 * any size) and complete presentations.
 * @module
 */
export {
  analyzeMisere,
  chooseMisereMove,
  countMisere,
  countFromQuotient,
  MISERE_METHODS,
} from '../engine/solve/misere/index.ts';
export type { MisereAnalysis, MisereMethod, MisereOptions } from '../engine/solve/misere/index.ts';
export { elementOf } from '../engine/solve/misere/quotient.ts';
export type { QuotientGenerator, QuotientOptions } from '../engine/solve/misere/quotient.ts';
export { analyzeSolvedMisere, misereSolution, solveMisereQuotient } from '../engine/solve/misere/solved.ts';
export type { MisereSolution, SolvedMisereAnalysis, SolvedQuotient } from '../engine/solve/misere/solved.ts';
export { presentMonoid } from '../engine/solve/misere/presentation.ts';
export type { Presentation, RewriteRule } from '../engine/solve/misere/presentation.ts';
export { heapGenera, genusBySearch, genusText, MisereGrundySearch } from '../engine/solve/misere/genus.ts';
export type { HeapGenus, TameType } from '../engine/solve/misere/genus.ts';
