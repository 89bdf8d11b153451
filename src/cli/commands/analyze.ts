/** `nimber analyze <ruleset> <heap...>`: outcome, nim-sum and every winning move. */
import { Command } from '@commander-js/extra-typings';
import { analyze } from '../../engine/solve/analyze.ts';
import { oracleFor } from '../../engine/solve/oracle.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { describeAnalysis } from '../../engine/solve/wording.ts';
import { checkAgreement, parseHeapArgs, print, toJson } from '../io.ts';
import { jsonOption, verifyOption } from '../options.ts';
import { isGameSpec } from '../../engine/games.ts';
import { InputError } from '../../engine/errors.ts';
import { analyzeGameAction, boardOption, timeLimitOption } from './games.ts';

export function analyzeCommand() {
  return new Command('analyze')
    .description('analyze a position: Grundy values, nim-sum, outcome and every winning move')
    .argument('<ruleset>', 'ruleset spec, e.g. nim (see `nimber rulesets`)')
    .argument('[heap...]', 'heap (or pile) sizes (games on boards and graphs: none, or --board)')
    .addOption(boardOption())
    .addOption(timeLimitOption(60))
    .addOption(jsonOption())
    .addOption(verifyOption())
    .action((spec, words, opts) => {
      if (isGameSpec(spec)) {
        if (words.length > 0) throw new InputError(`'${spec}' is a game on a board or graph: give its position with --board, not as heap sizes`);
        analyzeGameAction(spec, opts);
        return;
      }
      if (opts.board !== undefined) throw new InputError(`--board is for games on boards and graphs (cram, chomp, node-kayles), not '${spec}'`);
      if (words.length === 0) throw new InputError('give at least one heap size');
      const ruleset = parseRuleset(spec);
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
