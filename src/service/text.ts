/**
 * Replies in words, for the faces that print text (the CLI, the terminal game): one function per
 * operation, whatever the ruleset and the convention, so a face prints without asking which kind of
 * game answered.
 */
import { methodWords } from '../engine/wording/method.ts';

export { methodWords };
import type { FarAnalysis } from '../engine/solve/normal/analyze-far.ts';
import { describeMisereAnalysis } from '../engine/wording/misere.ts';
import { describeAnalysis, describeFarAnalysis } from '../engine/wording/normal.ts';
import type { AnalyzeReply } from './analyze.ts';
import type { GameAnalysisReply } from './games.ts';
import type { PeriodReply } from './replies.ts';
import { resultAnalysisText } from './results.ts';

/** Winning moves a text analysis lists unless asked for all (a split of a large heap has hundreds of thousands). */
export const LISTED_WINNING_MOVES = 100;

/**
 * An analysis in words: the outcome, how it was answered where that matters, and the winning moves,
 * the first `maxMoves` of them with a line saying how many more there are.
 */
export function analysisText(reply: AnalyzeReply, maxMoves = LISTED_WINNING_MOVES): string {
  if ('result' in reply) return resultAnalysisText(reply);
  const total = reply.winningMoves.length;
  if (total <= maxMoves) return wordsOf(reply);
  const shown = { ...reply, winningMoves: reply.winningMoves.slice(0, maxMoves) } as AnalyzeReply;
  return (
    wordsOf(shown).replace(`winning moves (${maxMoves}):`, `winning moves (${total}; the first ${maxMoves}):`) +
    `\n  … and ${total - maxMoves} more (--all-moves lists them all)`
  );
}

function wordsOf(reply: AnalyzeReply): string {
  if ('result' in reply) return resultAnalysisText(reply);
  if ('position' in reply) return gameAnalysisText(reply);
  if (reply.convention === 'misere') return describeMisereAnalysis(reply);
  if ('truncated' in reply) return describeFarAnalysis(reply as FarAnalysis);
  return describeAnalysis(reply);
}

/** The analysis of a position of a game on a board or graph. */
function gameAnalysisText(a: GameAnalysisReply): string {
  const lines = [`${a.title}: ${a.position}`];
  const misere = a.convention === 'misere' ? ' under misère play' : '';
  const value = a.grundy === null ? '' : `: Grundy value ${a.grundy}`;
  if (a.outcome === 'P') lines.push(`P-position${misere}${value}, the player to move loses`);
  else if (a.winningMoves.length === 0)
    lines.push(`N-position${misere}: no move is left, so the player to move has already won (the opponent moved last)`);
  else lines.push(`N-position${misere}${value}, the player to move wins`);
  if (a.outcome === 'N' && a.winningMoves.length > 0) {
    lines.push(
      a.allMoves
        ? `winning moves (${a.winningMoves.length}):`
        : 'a winning move (the first the search found; --all-moves finds every one):',
    );
    for (const m of a.winningMoves) lines.push(`  ${m.move} -> ${m.to || '(empty)'}`);
  }
  if (a.theorem !== undefined) lines.push(`by a theorem: ${a.theorem}`);
  const seconds = (a.elapsedMs / 1000).toFixed(2);
  if (a.method === 'search' && a.nodes === 0)
    lines.push(`(answered by ${methodWords(a.method, a.nodes)}, in ${seconds} s)`);
  else if (a.method !== 'theorem') {
    const by = a.method === 'search' ? '' : ` by the ${a.method}`;
    lines.push(`(${a.nodes} positions searched${by} in ${seconds} s)`);
  }
  return lines.join('\n');
}

/** A periodicity in words: period, preperiod and saltus, proved or observed (and what would prove it). */
export function periodText(r: PeriodReply): string {
  const stopped = r.budgetSpent ? ' before the budget ran out (--budget gives it more time)' : '';
  if (r.period === null) return `${r.ruleset}: no period found in heaps 0..${r.computed - 1}${stopped}`;
  const shift = r.saltus === 0 ? '' : `, saltus ${r.saltus}`;
  const head = `${r.ruleset}: period ${r.period}, preperiod ${r.preperiod}${shift}`;
  if (r.certified)
    return r.computed > 0
      ? `${head} (proved by the periodicity theorem from heaps 0..${r.computed - 1})`
      : `${head} (proved)`;
  const hint =
    r.provableFrom !== null && r.provableFrom > r.computed
      ? `; the theorem would prove it from heaps 0..${r.provableFrom - 1}`
      : '';
  return `${head} (observed in heaps 0..${r.computed - 1}; not proved${hint})${stopped}`;
}
