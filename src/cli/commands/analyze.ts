/** `nimber analyze <ruleset> <heap...>`: outcome, nim-sum and every winning move (heaps of any size where a period is proved). */
import { Command } from '@commander-js/extra-typings';
import { analyze } from '../../engine/solve/normal/analyze.ts';
import { oracleFor } from '../../engine/solve/oracle/normal.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { describeAnalysis, describeFarAnalysis } from '../../engine/wording/normal.ts';
import { analyzeLargeHeaps } from '../../service/large-heaps.ts';
import { parseBigNatural } from '../../engine/errors.ts';
import { checkVerifiable } from '../../service/verify-limits.ts';
import { checkAgreement, parseHeapArgs, print, toJson } from '../io.ts';
import { jsonOption, misereOption, verifyOption } from '../options.ts';
import { cliSequences, computeFlags } from '../compute.ts';
import { isGameSpec } from '../../engine/games.ts';
import { InputError } from '../../engine/errors.ts';
import { analyzeGameAction, boardOption, timeLimitOption } from './games.ts';
import { analyzeMisereCommand } from './misere.ts';

export function analyzeCommand() {
  return new Command('analyze')
    .description('analyze a position: Grundy values, nim-sum, outcome and every winning move')
    .argument('<ruleset>', 'ruleset spec, e.g. nim (see `nimber rulesets`)')
    .argument(
      '[heap...]',
      'heap (or pile) sizes, any size where a period is proved, e.g. 1000000000000000000 (games on boards and graphs: none, or --board)',
    )
    .addOption(boardOption())
    .addOption(timeLimitOption(60))
    .addOption(jsonOption())
    .addOption(verifyOption())
    .addOption(misereOption())
    .action(async (spec, words, opts, command) => {
      if (isGameSpec(spec)) {
        if (words.length > 0)
          throw new InputError(
            `'${spec}' is a game on a board or graph: give its position with --board, not as heap sizes`,
          );
        if (opts.misere)
          throw new InputError(
            `--misere covers heap and pile rulesets; games on boards and graphs ('${spec}') are analysed under normal play only`,
          );
        analyzeGameAction(spec, opts);
        return;
      }
      if (opts.board !== undefined)
        throw new InputError(`--board is for games on boards and graphs (cram, chomp, node-kayles), not '${spec}'`);
      if (words.length === 0) throw new InputError('give at least one heap size');
      const ruleset = parseRuleset(spec);
      if (opts.misere) return analyzeMisereCommand(ruleset, parseHeapArgs(words), opts);
      if (ruleset.kind === 'coupled') {
        const heaps = parseHeapArgs(words);
        if (opts.verify) checkVerifiable(ruleset, heaps);
        const result = analyze(ruleset, heaps);
        if (opts.verify) verifyAnalysis(ruleset, result);
        print(opts.json ? toJson(result) : describeAnalysis(result));
        return;
      }
      if (words.length === 0) parseHeapArgs(words); // the usual message
      const heaps = words.map((w, i) => parseBigNatural(w, `heap ${i + 1}`));
      if (opts.verify) checkVerifiable(ruleset, heaps);
      const result = await analyzeLargeHeaps(
        ruleset,
        heaps,
        cliSequences({ ...computeFlags(command), json: opts.json }),
      );
      if ('truncated' in result) {
        print(opts.json ? toJson(result) : describeFarAnalysis(result));
        return;
      }
      if (opts.verify) verifyAnalysis(ruleset, result);
      print(opts.json ? toJson(result) : describeAnalysis(result));
    });
}

function verifyAnalysis(ruleset: ReturnType<typeof parseRuleset>, result: ReturnType<typeof analyze>): void {
  const oracle = oracleFor(ruleset);
  checkAgreement(
    { outcome: result.outcome, winningMoves: sortMoves(result.winningMoves) },
    { outcome: oracle.outcome(result.heaps), winningMoves: sortMoves(oracle.winningMoves(result.heaps)) },
  );
}

function sortMoves(moves: { to: number[] }[]): string[] {
  return moves.map((m) => m.to.join(' ')).sort();
}
