/**
 * The entry points on the shared Grundy-kernel cases, every ruleset: the engine's dispatch
 * (grundySequence: each family's fastest kernel) and the faces' adapter (computeSequence, no cache:
 * chunked computations; workers only from 500,000 new heaps, which no case reaches).
 */
import { computeSequence } from '../../../src/adapters/sequence-source.ts';
import { grundySequence } from '../../../src/engine/solve/normal/grundy.ts';
import { CASE_FAMILIES, runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({ name: 'dispatch (grundySequence)', kernel: grundySequence, families: CASE_FAMILIES });
runGrundyKernelCases({
  name: 'adapter (computeSequence, no cache, 2 threads)',
  kernel: (r, n) => computeSequence(r, n, { cache: null, threads: 2 }),
  families: CASE_FAMILIES,
});
