/** `nimber count <ruleset> --heaps K --max N`: the exact number of P-positions. */
import { Command, Option } from '@commander-js/extra-typings';
import { count } from '../../engine/count.ts';
import { oracleCount } from '../../engine/oracle.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { intOption, checkAgreement, print, toJson } from '../io.ts';
import { jsonOption, orderOption, verifyOption } from '../options.ts';

export function countCommand() {
  return new Command('count')
    .description('count the P-positions among K heaps of sizes 0..N (exact)')
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(new Option('--heaps <K>', 'number of heaps').default('3'))
    .addOption(new Option('--max <N>', 'largest heap size').makeOptionMandatory())
    .addOption(orderOption())
    .addOption(jsonOption())
    .addOption(verifyOption())
    .action((spec, opts) => {
      const ruleset = parseRuleset(spec);
      const heaps = intOption(opts.heaps, '--heaps');
      const max = intOption(opts.max, '--max');
      const result = count(ruleset, { heaps, max, order: opts.order });
      if (opts.verify) checkAgreement(result, oracleCount(ruleset, heaps, max, opts.order));
      print(opts.json ? toJson({ count: result }) : result.toString());
    });
}
