/** Lasker's Nim's closed form (its family's sequence) on the shared Grundy-kernel cases of Lasker's Nim. */
import { lasker } from '../../../src/engine/families/lasker/index.ts';
import { runGrundyKernelCases } from './grundy.cases.ts';

runGrundyKernelCases({ name: "Lasker's Nim closed form", kernel: (_, n) => lasker.sequence(n), families: ['lasker'] });
