/** Lasker's Nim's closed form (its family's sequence) on the shared Grundy-kernel cases. */
import { lasker } from '../../../src/engine/families/lasker/index.ts';
import { casesOf, runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({
  name: "Lasker's Nim closed form",
  kernel: (_, n) => lasker.sequence(n),
  skip: [
    {
      reason: "the closed form of Lasker's Nim computes Lasker's Nim only",
      cases: casesOf('subtraction', 'nim', 'takebreak', 'split'),
    },
  ],
});
