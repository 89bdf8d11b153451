/**
 * `nimber period <ruleset> [--to N] [--budget S]`: smallest period, preperiod and saltus of the Grundy
 * sequence; a proved period is kept in the disk cache (not with --no-cache) for the next command.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { periodText } from '../../service/text.ts';
import { intOption, print, toJson } from '../io.ts';
import { budgetMs, budgetOption, jsonOption, namedGame, rulesOption } from '../options.ts';
import { runNamed } from '../rules-thread.ts';
import { cliEnv, computeFlags } from '../compute.ts';

export function periodCommand() {
  return new Command('period')
    .description(
      'find the smallest period, preperiod and saltus of a heap game (proved where the periodicity theorem applies); computes longer stretches until proved or the budget runs out',
    )
    .argument('[ruleset]', 'ruleset spec of a game played on heaps (see `nimber rulesets`); none with --rules')
    .addOption(rulesOption())
    .addOption(
      new Option(
        '--to <N>',
        "compute heaps 0..N at most (a hard cap; default: the ruleset's maximum where a theorem may prove a period, else 16383)",
      ),
    )
    .addOption(budgetOption())
    .addOption(jsonOption())
    .action(async (first, opts, command) => {
      const { game } = namedGame(first, [], opts.rules, false);
      const to = opts.to === undefined ? undefined : intOption(opts.to, '--to');
      const env = cliEnv(computeFlags(command), { limits: { periodBudgetMs: budgetMs(opts.budget) } });
      const reply = await runNamed('period', { ...game, to }, env);
      const { period: p, preperiod, saltus, certified, computed } = reply;
      print(opts.json ? toJson({ period: p, preperiod, saltus, certified, computed }) : periodText(reply));
    });
}
