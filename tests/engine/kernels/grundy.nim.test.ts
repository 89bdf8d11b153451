/** Nim's rule g(n) = n (its family's sequence) on the shared Grundy-kernel cases of nim. */
import { nim } from '../../../src/engine/families/nim/index.ts';
import { runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({ name: 'nim rule', kernel: (_, n) => nim.sequence(n), families: ['nim'] });
