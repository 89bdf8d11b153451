/** Project Euler 310, Nim Square: P-positions (a <= b <= c <= N) of three-heap subtract-a-square. */
import { InputError } from '../engine/errors.ts';
import { countFromSequence, countPositions } from '../engine/solve/normal/count.ts';
import { oracleCount } from '../engine/solve/oracle/normal.ts';
import { parseRuleset } from '../engine/spec.ts';
import { MAX_SEQUENCE } from '../engine/limits.ts';
import type { HeapRuleset } from '../engine/types.ts';
import { parseSingleNumber, type SequenceProblem } from './types.ts';

const squares = parseRuleset('subtract:squares') as HeapRuleset;

/** Largest N for the oracle cross-check (it classifies every sorted triple). */
export const NIM_SQUARE_VERIFY_MAX = 60;

export const nimSquare: SequenceProblem<number, bigint> = {
  id: 'nim-square',
  title: 'Nim Square (Project Euler 310)',
  summary:
    'Input: N. Output: the number of P-positions (a, b, c), 0 <= a <= b <= c <= N, of three-heap Nim where a move removes a positive square.',
  sample: { input: '29', output: '1160' },
  parse: (text) => parseSingleNumber(text, 'nim-square', MAX_SEQUENCE),

  solve: (n) => countPositions(squares, { heapCount: 3, max: n, order: 'sorted' }),
  sequenceFor: (n) => ({ ruleset: squares, maxHeap: n }),
  solveWith: (_n, sequence) => countFromSequence(sequence, 3, 'sorted'),
  format: (count) => count.toString(),
  json: (count) => ({ count: count.toString() }),
  verify(n) {
    if (n > NIM_SQUARE_VERIFY_MAX)
      throw new InputError(`--verify for nim-square works up to N = ${NIM_SQUARE_VERIFY_MAX}`, 'too-large');
    return oracleCount(squares, 3, n, 'sorted');
  },
};
