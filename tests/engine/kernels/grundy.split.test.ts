/** The split:distinct knapsack kernel on the shared Grundy-kernel cases of split:distinct. */
import { splitDistinctSequence } from '../../../src/engine/families/split/knapsack.ts';
import { runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({
  name: 'split:distinct knapsack',
  kernel: (_, n) => splitDistinctSequence(n),
  families: ['split'],
});
