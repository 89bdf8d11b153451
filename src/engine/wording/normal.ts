/** Analyses in words: the generic heap and pile wording every face prints (a family may word its moves its own way). */
import type { FarAnalysis } from '../solve/normal/analyze-far.ts';
import type { Analysis } from '../types.ts';
import { describeMove } from './move.ts';

/**
 * The analysis in words: outcome first, then each winning move as "take k from heap i"; for heaps of
 * any size, the winning moves listed are the first of many when `truncated`.
 */
export function describeAnalysis(a: Analysis | FarAnalysis): string {
  const lines: string[] = [];
  const sum = a.nimSum === null ? '' : `nim-sum ${a.nimSum}, `;
  lines.push(
    a.outcome === 'P' ? `P-position: ${sum}the player to move loses` : `N-position: ${sum}the player to move wins`,
  );
  if (a.outcome === 'N') {
    lines.push(
      'truncated' in a && a.truncated
        ? `winning moves (the first ${a.winningMoves.length} found; there are more):`
        : `winning moves (${a.winningMoves.length}):`,
    );
    for (const m of a.winningMoves) lines.push('  ' + describeMove<number | bigint>(a.heaps, m.to));
  }
  return lines.join('\n');
}

/** An analysis of heaps of any size in words (describeAnalysis, typed for far analyses). */
export function describeFarAnalysis(a: FarAnalysis): string {
  return describeAnalysis(a);
}
