/** Misère analyses in words: the outcome, which layer answered, and each winning move. */
import { describeMove } from './move.ts';
import type { MisereAnalysis } from '../solve/misere/index.ts';

export function describeMisereAnalysis(
  a: Pick<MisereAnalysis, 'heaps' | 'method' | 'outcome' | 'winningMoves' | 'genus' | 'element' | 'quotientSize'>,
): string {
  const lines: string[] = [];
  const terminal = a.outcome === 'N' && a.winningMoves.length === 0;
  if (a.outcome === 'P') lines.push('P-position under misère play: the player to move loses');
  else if (terminal)
    lines.push(
      'N-position under misère play: no move is left, so the player to move has already won (the opponent moved last)',
    );
  else lines.push('N-position under misère play: the player to move wins');
  lines.push(`answered by ${methodWords(a)}`);
  if (!terminal && a.outcome === 'N') {
    lines.push(`winning moves (${a.winningMoves.length}):`);
    for (const m of a.winningMoves) lines.push('  ' + describeMove(a.heaps, m.to));
  }
  return lines.join('\n');
}

function methodWords(a: Pick<MisereAnalysis, 'method' | 'genus' | 'element' | 'quotientSize'>): string {
  if (a.method === 'genus') return `genus theory (every heap is tame; genus ${a.genus?.join(' ')})`;
  if (a.method === 'quotient') return `the misère quotient (${a.quotientSize} elements; this position is ${a.element})`;
  return 'search (the misère oracle: backward induction over every position below this one)';
}
