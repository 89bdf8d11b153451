/** `nimber grundy <ruleset> --to N`: the Grundy values of single heaps 0..N (text, JSON, CSV or an OEIS b-file). */
import { Command, Option } from '@commander-js/extra-typings';
import { requireHeapRuleset } from '../../engine/solve/grundy.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { SEQUENCE_FORMATS, formatSequence } from '../../service/export.ts';
import { intOption, print } from '../io.ts';
import { jsonOption } from '../options.ts';
import { computeFlags, sequenceFor } from '../compute.ts';

export function grundyCommand() {
  return new Command('grundy')
    .description('print the Grundy values of single heaps 0..N')
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(new Option('--to <N>', 'largest heap size').makeOptionMandatory())
    .addOption(new Option('--format <format>', 'text (values separated by spaces), json ({ruleset, values, pPositions}), csv (n,grundy) or bfile (OEIS b-file: "n g(n)" per line)').choices(SEQUENCE_FORMATS).default('text' as const))
    .addOption(jsonOption().implies({ format: 'json' }))
    .action(async (spec, opts, command) => {
      const ruleset = requireHeapRuleset(parseRuleset(spec));
      const format = opts.json ? 'json' : opts.format;
      const values = await sequenceFor(ruleset, intOption(opts.to, '--to'), { ...computeFlags(command), json: format !== 'text' });
      print(formatSequence(format, ruleset.spec, values));
    });
}
