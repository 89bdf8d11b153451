/** `nimber explain <ruleset> [heap...]`: the position's analysis worked out under either convention: options and mex, nim-sum in binary, Bouton's misère rule, or backward induction; for a game decided by a result (Quarto, --board), the immediate wins, the moves that lose at once and the solver's result. */
import { exampleSpecs } from '../../engine/spec.ts';
import { Command } from '@commander-js/extra-typings';
import { explanationText } from '../../service/explain.ts';
import { cliEnv, computeFlags } from '../compute.ts';
import { print, timeLimitMs, toJson } from '../io.ts';
import {
  boardOption,
  conventionOption,
  jsonOption,
  misereOption,
  namedGame,
  rulesOption,
  timeLimitOption,
} from '../options.ts';
import { runNamed } from '../rules-thread.ts';

export function explainCommand() {
  return new Command('explain')
    .description(
      "explain a position step by step: each heap's options and their mex, the nim-sum in binary columns and the winning move; under --misere Bouton's misère rule on the heaps' genera (or the misère quotient, or backward induction); for piles moved together, backward induction over a small region; for a game decided by a result (quarto --board …), the moves that win at once, those that hand the opponent a win at once, and the solver's result",
    )
    .argument(
      '[ruleset]',
      `ruleset spec, e.g. ${exampleSpecs('count')} or quarto (see \`nimber rulesets\`); none with --rules`,
    )
    .addOption(rulesOption())
    .argument(
      '[heap...]',
      'heap (or pile) sizes; heaps of any size under normal play where a period is proved or a closed form answers (quarto: none, --board)',
    )
    .addOption(boardOption())
    .addOption(timeLimitOption())
    .addOption(jsonOption())
    .addOption(conventionOption())
    .addOption(misereOption())
    .action(async (first, given, opts, command) => {
      const { game, words } = namedGame(first, given, opts.rules, true);
      const e = await runNamed(
        'explain',
        {
          ...game,
          heaps: words.length > 0 ? words : undefined,
          board: opts.board,
          convention: opts.convention,
        },
        cliEnv({ ...computeFlags(command), json: opts.json }, { limits: { searchMs: timeLimitMs(opts.timeLimit) } }),
      );
      print(opts.json ? toJson(e) : explanationText(e));
    });
}
