/** `nimber grundy <ruleset> --to N [--from A]`: the Grundy values of single heaps A..N (any size where a period is proved). */
import { Command, Option } from '@commander-js/extra-typings';
import { requireHeapRuleset } from '../../engine/solve/grundy.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { grundyWindow, parseBigNatural } from '../../service/large-heaps.ts';
import { print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';
import { cliSequences, computeFlags } from '../compute.ts';

export function grundyCommand() {
  return new Command('grundy')
    .description('print the Grundy values of single heaps 0..N (or A..N; heaps of any size where a period is proved)')
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(new Option('--to <N>', 'largest heap size').makeOptionMandatory())
    .addOption(new Option('--from <A>', 'smallest heap size (default 0)'))
    .addOption(jsonOption())
    .action(async (spec, opts, command) => {
      const ruleset = requireHeapRuleset(parseRuleset(spec));
      const to = parseBigNatural(opts.to, '--to');
      const from = opts.from === undefined ? 0n : parseBigNatural(opts.from, '--from');
      const window = await grundyWindow(ruleset, from, to, cliSequences({ ...computeFlags(command), json: opts.json }));
      const values = Array.from(window.values);
      if (opts.json) print(toJson(opts.from === undefined ? { ruleset: ruleset.spec, values } : { ruleset: ruleset.spec, from: window.from, to: window.to, values }));
      else print(values.join(' '));
    });
}
