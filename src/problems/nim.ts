/** Nim with winning moves: the outcome of a Nim position and every winning move, in words. */
import { analyze } from '../engine/solve/analyze.ts';
import { InputError, parseNatural } from '../engine/errors.ts';
import { MAX_NIM_HEAP } from '../engine/limits.ts';
import { oracleFor } from '../engine/solve/oracle.ts';
import { nim as nimRuleset } from '../engine/families/nim/index.ts';
import type { Analysis } from '../engine/types.ts';
import type { Problem } from './types.ts';

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
    return { ruleset: 'nim', heaps, grundy: heaps, nimSum: heaps.reduce((a, b) => a ^ b, 0), outcome: oracle.outcome(heaps), winningMoves: oracle.winningMoves(heaps) };
  },
};

/** The analysis in words: outcome first, then each winning move as "take k from heap i". */
export function describeAnalysis(a: Analysis): string {
  const lines: string[] = [];
  const sum = a.nimSum === null ? '' : `nim-sum ${a.nimSum}, `;
  lines.push(a.outcome === 'P' ? `P-position: ${sum}the player to move loses` : `N-position: ${sum}the player to move wins`);
  if (a.outcome === 'N') {
    lines.push(`winning moves (${a.winningMoves.length}):`);
    for (const m of a.winningMoves) lines.push('  ' + describeMove(a.heaps, m.to));
  }
  return lines.join('\n');
}

/** "take 9 from heap 1 (13 -> 4): 4 12 8" when one heap shrank, "split heap 1 (8) into 3 + 5: …" or "take 1 from heap 1 (8) and split the rest into 3 + 4: …" for take-and-break moves; otherwise the new position. */
export function describeMove(from: readonly number[], to: readonly number[]): string {
  const changed = from.map((h, i) => (to[i] !== h ? i : -1)).filter((i) => i >= 0);
  if (to.length === from.length && changed.length === 1) {
    const i = changed[0];
    return `take ${from[i] - to[i]} from heap ${i + 1} (${from[i]} -> ${to[i]}): ${to.join(' ')}`;
  }
  if (to.length === from.length && changed.length > 1 && changed.every((i) => from[i] - to[i] === from[changed[0]] - to[changed[0]])) {
    const k = from[changed[0]] - to[changed[0]];
    return `take ${k} from each of piles ${changed.map((i) => i + 1).join(', ')}: ${to.join(' ')}`;
  }
  // a take-and-break move: heap i became the parts to[i..i+extra], the heaps around it kept their places
  const extra = to.length - from.length;
  for (let i = 0; extra > 0 && i < from.length; i++) {
    if (from.slice(0, i).some((h, j) => to[j] !== h) || from.slice(i + 1).some((h, j) => to[i + 1 + extra + j] !== h)) continue;
    const parts = to.slice(i, i + extra + 1);
    const taken = from[i] - parts.reduce((a, b) => a + b, 0);
    if (taken < 0) break;
    const into = parts.join(' + ');
    return taken === 0
      ? `split heap ${i + 1} (${from[i]}) into ${into}: ${to.join(' ')}`
      : `take ${taken} from heap ${i + 1} (${from[i]}) and split the rest into ${into}: ${to.join(' ')}`;
  }
  return `move to ${to.join(' ')}`;
}
