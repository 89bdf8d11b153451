/** `nimber period <ruleset> [--to N] [--budget S]`: smallest period, preperiod and saltus of the Grundy sequence. */
import { Command, Option } from '@commander-js/extra-typings';
import { InputError, checkMax } from '../../engine/errors.ts';
import { MAX_SEQUENCE } from '../../engine/limits.ts';
import { DEFAULT_PERIOD_BUDGET_MS, periodicity, type Periodicity } from '../../engine/solve/normal/period.ts';
import { parseRuleset } from '../../engine/spec.ts';
import type { Ruleset } from '../../engine/types.ts';
import { intOption, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

/** Longest budget accepted (seconds). */
const MAX_BUDGET_S = 3600;

export function periodCommand() {
  return new Command('period')
    .description(
      'find the smallest period, preperiod and saltus of a heap game (proved where the periodicity theorem applies); computes longer stretches until proved or the budget runs out',
    )
    .argument('<ruleset>', 'ruleset spec, e.g. kayles or subtract:1,3,4 (see `nimber rulesets`)')
    .addOption(
      new Option(
        '--to <N>',
        "compute heaps 0..N at most (a hard cap; default: the ruleset's maximum where a theorem may prove a period, else 16383)",
      ),
    )
    .addOption(new Option('--budget <S>', `seconds the search may spend (default ${DEFAULT_PERIOD_BUDGET_MS / 1000})`))
    .addOption(jsonOption())
    .action((spec, opts) => {
      const ruleset = parseRuleset(spec);
      const to = opts.to === undefined ? undefined : intOption(opts.to, '--to');
      if (to !== undefined && ruleset.kind === 'heap') checkMax(to, '--to', Math.min(ruleset.maxHeap, MAX_SEQUENCE));
      const seconds = opts.budget === undefined ? DEFAULT_PERIOD_BUDGET_MS / 1000 : intOption(opts.budget, '--budget');
      if (seconds < 1) throw new InputError('--budget must be at least 1 second');
      checkMax(seconds, '--budget', MAX_BUDGET_S);
      const maxLength = to === undefined ? undefined : to + 1;
      const result = periodicity(ruleset, { maxLength, budgetMs: seconds * 1000 });
      const { period, preperiod, saltus, certified, computed } = result;
      print(
        opts.json ? toJson({ period, preperiod, saltus, certified, computed }) : describePeriodicity(ruleset, result),
      );
    });
}

export function describePeriodicity(ruleset: Ruleset | string, r: Periodicity): string {
  const spec = typeof ruleset === 'string' ? ruleset : ruleset.spec;
  const stopped = r.budgetSpent ? ' before the budget ran out (--budget gives it more time)' : '';
  if (r.period === null) return `${spec}: no period found in heaps 0..${r.computed - 1}${stopped}`;
  const shift = r.saltus === 0 ? '' : `, saltus ${r.saltus}`;
  const head = `${spec}: period ${r.period}, preperiod ${r.preperiod}${shift}`;
  if (r.certified)
    return r.computed > 0
      ? `${head} (proved by the periodicity theorem from heaps 0..${r.computed - 1})`
      : `${head} (proved)`;
  // an observed period that the theorem would prove from a longer stretch: say how long
  const theorem = typeof ruleset !== 'string' && ruleset.kind === 'heap' ? ruleset.certificationLength : undefined;
  const wanted = theorem && r.saltus === 0 ? theorem(r.preperiod!, r.period) : null;
  const hint = wanted !== null && wanted > r.computed ? `; the theorem would prove it from heaps 0..${wanted - 1}` : '';
  return `${head} (observed in heaps 0..${r.computed - 1}; not proved${hint})${stopped}`;
}
