/** `nimber period <ruleset> [--to N] [--budget S]`: smallest period, preperiod and saltus of the Grundy sequence. */
import { Command, Option } from '@commander-js/extra-typings';
import { InputError, checkMax } from '../../engine/errors.ts';
import { DEFAULT_PERIOD_BUDGET_MS, period } from '../../service/operations.ts';
import { periodText } from '../../service/text.ts';
import { intOption, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

/** Longest budget accepted (seconds). */
const MAX_BUDGET_S = 3600;

export function periodCommand() {
  return new Command('period')
    .description(
      'find the smallest period, preperiod and saltus of a heap game (proved where the periodicity theorem applies); computes longer stretches until proved or the budget runs out',
    )
    .argument('<ruleset>', 'ruleset spec of a game played on heaps (see `nimber rulesets`)')
    .addOption(
      new Option(
        '--to <N>',
        "compute heaps 0..N at most (a hard cap; default: the ruleset's maximum where a theorem may prove a period, else 16383)",
      ),
    )
    .addOption(new Option('--budget <S>', `seconds the search may spend (default ${DEFAULT_PERIOD_BUDGET_MS / 1000})`))
    .addOption(jsonOption())
    .action((spec, opts) => {
      const to = opts.to === undefined ? undefined : intOption(opts.to, '--to');
      const seconds = opts.budget === undefined ? DEFAULT_PERIOD_BUDGET_MS / 1000 : intOption(opts.budget, '--budget');
      if (seconds < 1) throw new InputError('--budget must be at least 1 second');
      checkMax(seconds, '--budget', MAX_BUDGET_S);
      const reply = period(spec, to === undefined ? undefined : to + 1, seconds * 1000, '--to');
      const { period: p, preperiod, saltus, certified, computed } = reply;
      print(opts.json ? toJson({ period: p, preperiod, saltus, certified, computed }) : periodText(reply));
    });
}
