/** Misère analyses in words: the outcome, which layer answered, and each winning move. */
import { describeMove } from './move.ts';
import type { MisereAnalysis, SolvedMisereAnalysis } from '../solve/misere/index.ts';

type Described =
  | Pick<MisereAnalysis, 'heaps' | 'method' | 'outcome' | 'winningMoves' | 'genus' | 'element' | 'quotientSize'>
  | SolvedMisereAnalysis;

export function describeMisereAnalysis(a: Described): string {
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
    const truncated = 'truncated' in a && a.truncated;
    lines.push(`winning moves (${a.winningMoves.length}${truncated ? ', the first of more' : ''}):`);
    if ('solved' in a) for (const m of a.winningMoves) lines.push('  ' + describeMove(a.heaps, m.to));
    else for (const m of a.winningMoves) lines.push('  ' + describeMove(a.heaps, m.to));
  }
  return lines.join('\n');
}

function methodWords(a: Described): string {
  if ('solved' in a)
    return `the solved misère quotient (${a.quotientSize} elements; heaps repeat with period ${a.solved.period} from heap ${a.solved.preperiod}, proved; this position is ${a.element})`;
  if (a.method === 'genus') return `genus theory (every heap is tame; genus ${a.genus?.join(' ')})`;
  if (a.method === 'quotient') return `the misère quotient (${a.quotientSize} elements; this position is ${a.element})`;
  return 'search (the misère oracle: backward induction over every position below this one)';
}
