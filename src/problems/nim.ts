/** Nim with winning moves: the outcome of a Nim position and every winning move, in words. */
import { analyze } from '../engine/solve/normal/analyze.ts';
import { InputError, parseNatural } from '../engine/errors.ts';
import { MAX_NIM_HEAP } from '../engine/limits.ts';
import { oracleFor } from '../engine/solve/oracle/normal.ts';
import { nim as nimRuleset } from '../engine/families/nim/index.ts';
import type { Analysis } from '../engine/types.ts';
import type { Problem } from './types.ts';
import { describeAnalysis } from '../engine/wording/normal.ts';

/** Largest total of tokens for the oracle cross-check. */
export const NIM_VERIFY_MAX_TOKENS = 40;

export const nimProblem: Problem<number[], Analysis> = {
  id: 'nim',
  title: 'Nim and winning moves',
  summary: 'Input: the heap sizes. Output: P or N with the nim-sum, then every winning move.',
  sample: {
    input: '13 12 8',
    output: [
      'N-position: nim-sum 9, the player to move wins',
      'winning moves (3):',
      '  take 9 from heap 1 (13 -> 4): 4 12 8',
      '  take 7 from heap 2 (12 -> 5): 13 5 8',
      '  take 7 from heap 3 (8 -> 1): 13 12 1',
    ].join('\n'),
  },
  parse(text) {
    const tokens = text.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) throw new InputError('nim expects the heap sizes, e.g. 13 12 8');
    return tokens.map((t, i) => parseNatural(t, `heap ${i + 1}`, MAX_NIM_HEAP));
  },
  solve: (heaps) => analyze(nimRuleset, heaps),
  format: describeAnalysis,
  json: (a) => a,
  verify(heaps) {
    if (heaps.reduce((a, b) => a + b, 0) > NIM_VERIFY_MAX_TOKENS) {
      throw new InputError(`--verify for nim works up to ${NIM_VERIFY_MAX_TOKENS} tokens in all`, 'too-large');
    }
    const oracle = oracleFor(nimRuleset);
    return {
      ruleset: 'nim',
      heaps,
      grundy: heaps,
      nimSum: heaps.reduce((a, b) => a ^ b, 0),
      outcome: oracle.outcome(heaps),
      winningMoves: oracle.winningMoves(heaps),
    };
  },
};
