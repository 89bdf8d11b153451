/** Equations (judge problem, PROBLEMS.md 6): pairs (x, y) with 1/x + 1/y = 1/N!, modulo 1000007. */
import { InputError } from '../engine/errors.ts';
import { EQUATIONS_MODULUS, equationsCount, equationsCountByTrialDivision } from './math/equations.ts';
import { parseSingleNumber, type Problem } from './types.ts';

/** Documented maximum N (the judge's is 1e6); the sieve needs N/2 bytes. */
export const EQUATIONS_MAX_N = 10_000_000;
/** Largest N for --verify (trial-division factorisation of every k <= N; the judge's own maximum). */
export const EQUATIONS_VERIFY_MAX = 1_000_000;

export const equationsProblem: Problem<number, number> = {
  id: 'equations',
  title: 'Equations',
  summary: 'Input: N. Output: the number of pairs of positive integers (x, y) with 1/x + 1/y = 1/N!, modulo 1000007.',
  sample: { input: '32327', output: '656502' },
  parse: (text) => parseSingleNumber(text, 'equations', EQUATIONS_MAX_N),
  solve: (n) => equationsCount(n),
  format: (count) => String(count),
  json: (count) => ({ count, modulus: EQUATIONS_MODULUS }),
  verify(n) {
    if (n > EQUATIONS_VERIFY_MAX)
      throw new InputError(`--verify for equations works up to N = ${EQUATIONS_VERIFY_MAX}`, 'too-large');
    return equationsCountByTrialDivision(n);
  },
};
