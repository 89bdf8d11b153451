/**
 * The generic mex kernel on the shared Grundy-kernel cases of every family: the reference of every
 * other kernel, checked here against published values, closed forms and the oracle (the cases whose
 * reference it is are left out: against itself they could never fail).
 */
import { mexSequence } from '../../../src/engine/kernels/mex.ts';
import { CASE_FAMILIES, runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({ name: 'generic mex', kernel: mexSequence, families: CASE_FAMILIES, isMexReference: true });
