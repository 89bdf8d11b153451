/** `nimber grundy <ruleset> --to N`: the Grundy values of single heaps 0..N. */
import { Command, Option } from '@commander-js/extra-typings';
import { requireHeapRuleset } from '../../engine/solve/grundy.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { intOption, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';
import { computeFlags, sequenceFor } from '../compute.ts';

export function grundyCommand() {
  return new Command('grundy')
    .description('print the Grundy values of single heaps 0..N')
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(new Option('--to <N>', 'largest heap size').makeOptionMandatory())
    .addOption(jsonOption())
    .action(async (spec, opts, command) => {
      const ruleset = requireHeapRuleset(parseRuleset(spec));
      const values = await sequenceFor(ruleset, intOption(opts.to, '--to'), { ...computeFlags(command), json: opts.json });
      print(opts.json ? toJson({ ruleset: ruleset.spec, values: Array.from(values) }) : Array.from(values).join(' '));
    });
}
