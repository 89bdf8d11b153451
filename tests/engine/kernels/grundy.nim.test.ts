/** Nim's rule g(n) = n (its family's sequence) on the shared Grundy-kernel cases. */
import { nim } from '../../../src/engine/families/nim/index.ts';
import { casesOf, runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({
  name: 'nim rule',
  kernel: (_, n) => nim.sequence(n),
  skip: [{ reason: 'g(n) = n is the rule of nim only', cases: casesOf('subtraction', 'takebreak', 'lasker', 'split') }],
});
