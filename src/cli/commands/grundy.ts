/** `nimber grundy <ruleset> --to N`: the Grundy values of single heaps 0..N. */
import { Command, Option } from '@commander-js/extra-typings';
import { InputError } from '../../engine/errors.ts';
import { grundySequence } from '../../engine/grundy/index.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { intOption, print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export function grundyCommand() {
  return new Command('grundy')
    .description('print the Grundy values of single heaps 0..N')
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(new Option('--to <N>', 'largest heap size').makeOptionMandatory())
    .addOption(jsonOption())
    .action((spec, opts) => {
      const ruleset = parseRuleset(spec);
      if (ruleset.kind !== 'heap') throw new InputError(`'${spec}' is not a heap game: Grundy values of single heaps do not describe it`);
      const values = grundySequence(ruleset, intOption(opts.to, '--to'));
      print(opts.json ? toJson({ ruleset: ruleset.spec, values: Array.from(values) }) : Array.from(values).join(' '));
    });
}
