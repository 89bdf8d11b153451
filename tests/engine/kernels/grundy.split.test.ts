/** The split:distinct knapsack kernel on the shared Grundy-kernel cases. */
import { splitDistinctSequence } from '../../../src/engine/families/split/knapsack.ts';
import { casesOf, runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({
  name: 'split:distinct knapsack',
  kernel: (_, n) => splitDistinctSequence(n),
  skip: [
    {
      reason: 'the knapsack computes split:distinct only',
      cases: casesOf('subtraction', 'nim', 'takebreak', 'lasker'),
    },
  ],
});
