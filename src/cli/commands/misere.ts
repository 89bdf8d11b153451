/** The --misere variants of analyze and count: misère play answered by the misère layers (genus, quotient, search). */
import { InputError } from '../../engine/errors.ts';
import { misereOracleCount, misereOracleFor } from '../../engine/solve/oracle/misere.ts';
import { describeMisereAnalysis } from '../../engine/wording/misere.ts';
import type { CountOrder, Ruleset } from '../../engine/types.ts';
import { analyze } from '../../engine/solve/normal/analyze.ts';
import { chooseMove } from '../../engine/solve/normal/play.ts';
import { describeAnalysis } from '../../engine/wording/normal.ts';
import { analyzeMiserePosition, countMiserePositions, misereEngineMove } from '../../service/misere.ts';
import { checkAgreement, print, toJson } from '../io.ts';

export function analyzeMisereCommand(ruleset: Ruleset, heaps: number[], opts: { json?: true; verify?: true }): void {
  const result = analyzeMiserePosition(ruleset, heaps);
  if (opts.verify) {
    const oracle = misereOracleFor(ruleset);
    const sorted = (moves: { to: number[] }[]) => moves.map((m) => m.to.join(' ')).sort();
    checkAgreement(
      { outcome: result.outcome, winningMoves: sorted(result.winningMoves) },
      { outcome: oracle.outcome(result.heaps), winningMoves: sorted(oracle.winningMoves(result.heaps)) },
    );
  }
  print(opts.json ? toJson(result) : describeMisereAnalysis(result));
}

export function countMisereCommand(
  ruleset: Ruleset,
  heapCount: number,
  max: number,
  opts: { json?: true; verify?: true; list?: true; order: CountOrder },
): void {
  if (opts.list)
    throw new InputError('--list lists normal-play P-positions; with --misere the positions are counted, not listed');
  const result = countMiserePositions(ruleset, heapCount, max, opts.order);
  if (opts.verify) checkAgreement(result, misereOracleCount(ruleset, heapCount, max, opts.order));
  print(opts.json ? toJson({ count: result }) : result.toString());
}

/** What `nimber play` says and asks under a convention: the rule, the hint, the engine's move, who won when someone is stuck. */
export interface PlayConvention {
  readonly rule: string;
  analysis(ruleset: Ruleset, position: number[]): string;
  move(ruleset: Ruleset, position: number[]): { to: number[] | null; outcome: 'P' | 'N' };
  readonly youStuck: string;
  readonly engineStuck: string;
}

export function playConvention(misere: boolean): PlayConvention {
  if (!misere) {
    return {
      rule: 'The player who cannot move loses.',
      analysis: (r, p) => describeAnalysis(analyze(r, p)),
      move: chooseMove,
      youStuck: 'You have no move left: the engine wins.',
      engineStuck: 'The engine has no move: you win!',
    };
  }
  return {
    rule: 'Misère play: the player who makes the last move loses.',
    analysis: (r, p) => describeMisereAnalysis(analyzeMiserePosition(r, p)),
    move: misereEngineMove,
    youStuck: 'You have no move left: the engine made the last move, so you win!',
    engineStuck: 'The engine has no move: you made the last move, so the engine wins.',
  };
}
