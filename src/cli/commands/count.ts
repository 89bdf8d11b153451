/** `nimber count <ruleset> --heaps K --max N`: the exact number of P-positions. */
import { Command, Option } from '@commander-js/extra-typings';
import { count, countFromSequence } from '../../engine/count.ts';
import { MAX_HEAPS } from '../../engine/limits.ts';
import { oracleCount } from '../../engine/oracle.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { intOption, checkAgreement, print, toJson } from '../io.ts';
import { jsonOption, orderOption, verifyOption } from '../options.ts';
import { computeFlags, sequenceFor } from '../compute.ts';

export function countCommand() {
  return new Command('count')
    .description('count the P-positions among K heaps of sizes 0..N (exact)')
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(new Option('--heaps <K>', 'number of heaps').default('3'))
    .addOption(new Option('--max <N>', 'largest heap size').makeOptionMandatory())
    .addOption(orderOption())
    .addOption(jsonOption())
    .addOption(verifyOption())
    .action(async (spec, opts, command) => {
      const ruleset = parseRuleset(spec);
      const heaps = intOption(opts.heaps, '--heaps');
      const max = intOption(opts.max, '--max');
      // Heap rulesets: the sequence through the cache / worker threads; the engine checks everything else.
      const result = ruleset.kind === 'heap' && heaps >= 1 && heaps <= MAX_HEAPS
        ? countFromSequence(await sequenceFor(ruleset, max, { ...computeFlags(command), json: opts.json }), heaps, opts.order)
        : count(ruleset, { heaps, max, order: opts.order });
      if (opts.verify) checkAgreement(result, oracleCount(ruleset, heaps, max, opts.order));
      print(opts.json ? toJson({ count: result }) : result.toString());
    });
}
