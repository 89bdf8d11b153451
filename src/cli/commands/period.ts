/** `nimber period <ruleset> [--to N]`: smallest period, preperiod and saltus of the Grundy sequence. */
import { Command, Option } from '@commander-js/extra-typings';
import { checkMax } from '../../engine/errors.ts';
import { MAX_SEQUENCE } from '../../engine/limits.ts';
import { DEFAULT_PERIOD_LENGTH, periodicity, type Periodicity } from '../../engine/solve/period.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { intOption, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export function periodCommand() {
  return new Command('period')
    .description('find the smallest period, preperiod and saltus of a heap game (proved where the periodicity theorem applies)')
    .argument('<ruleset>', 'ruleset spec, e.g. kayles or subtract:1,3,4 (see `nimber rulesets`)')
    .addOption(new Option('--to <N>', `compute heaps 0..N at most (default ${DEFAULT_PERIOD_LENGTH - 1})`))
    .addOption(jsonOption())
    .action((spec, opts) => {
      const ruleset = parseRuleset(spec);
      const to = opts.to === undefined ? undefined : intOption(opts.to, '--to');
      if (to !== undefined && ruleset.kind === 'heap') checkMax(to, '--to', Math.min(ruleset.maxHeap, MAX_SEQUENCE));
      const maxLength = to === undefined ? undefined : to + 1;
      const result = periodicity(ruleset, { maxLength });
      const { period, preperiod, saltus, certified } = result;
      print(opts.json ? toJson({ period, preperiod, saltus, certified }) : describePeriodicity(ruleset.spec, result));
    });
}

export function describePeriodicity(spec: string, r: Periodicity): string {
  if (r.period === null) return `${spec}: no period found in heaps 0..${r.computed - 1} (try a larger --to)`;
  const shift = r.saltus === 0 ? '' : `, saltus ${r.saltus}`;
  const head = `${spec}: period ${r.period}, preperiod ${r.preperiod}${shift}`;
  if (r.certified) return r.computed > 0 ? `${head} (proved by the periodicity theorem from heaps 0..${r.computed - 1})` : `${head} (proved)`;
  return `${head} (observed in heaps 0..${r.computed - 1}; not proved)`;
}
