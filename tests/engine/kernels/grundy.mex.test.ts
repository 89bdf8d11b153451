/** The generic mex kernel on the shared Grundy-kernel cases: the reference of every other kernel, checked here against published values, closed forms and the oracle. */
import { mexSequence } from '../../../src/engine/kernels/mex.ts';
import { MEX_REFERENCE_CASES, runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({
  name: 'generic mex',
  kernel: mexSequence,
  skip: [
    {
      reason: 'the generic mex is the reference these cases compare with: against itself they could never fail',
      cases: MEX_REFERENCE_CASES,
    },
  ],
});
