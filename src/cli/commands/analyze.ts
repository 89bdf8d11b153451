/** `nimber analyze <ruleset> <heap...>`: outcome, nim-sum and every winning move. */
import { Command } from '@commander-js/extra-typings';
import { analyze } from '../../engine/solve/analyze.ts';
import { oracleFor } from '../../engine/solve/oracle.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { describeAnalysis } from '../../engine/solve/wording.ts';
import { checkAgreement, parseHeapArgs, print, toJson } from '../io.ts';
import { jsonOption, misereOption, verifyOption } from '../options.ts';
import { analyzeMisereCommand } from './misere.ts';

export function analyzeCommand() {
  return new Command('analyze')
    .description('analyze a position: Grundy values, nim-sum, outcome and every winning move')
    .argument('<ruleset>', 'ruleset spec, e.g. nim (see `nimber rulesets`)')
    .argument('<heap...>', 'heap (or pile) sizes')
    .addOption(jsonOption())
    .addOption(verifyOption())
    .addOption(misereOption())
    .action((spec, words, opts) => {
      const ruleset = parseRuleset(spec);
      if (opts.misere) return analyzeMisereCommand(ruleset, parseHeapArgs(words), opts);
      const result = analyze(ruleset, parseHeapArgs(words));
      if (opts.verify) {
        const oracle = oracleFor(ruleset);
        checkAgreement(
          { outcome: result.outcome, winningMoves: sortMoves(result.winningMoves) },
          { outcome: oracle.outcome(result.heaps), winningMoves: sortMoves(oracle.winningMoves(result.heaps)) },
        );
      }
      print(opts.json ? toJson(result) : describeAnalysis(result));
    });
}

function sortMoves(moves: { to: number[] }[]): string[] {
  return moves.map((m) => m.to.join(' ')).sort();
}
