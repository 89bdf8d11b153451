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
      if (opts.json) {
        // the values spliced in as text: millions of them would cost seconds as a JSON array of numbers
        const head = toJson(opts.from === undefined ? { ruleset: ruleset.spec } : { ruleset: ruleset.spec, from: window.from, to: window.to });
        print(`${head.slice(0, -1)},"values":[${joinValues(window.values, ',')}]}`);
      } else print(joinValues(window.values, ' '));
    });
}

/** values.join(sep) in slices: several times faster than one join (or Array.from) over millions of values. */
function joinValues(values: Uint32Array, sep: string): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; i += 1 << 16) parts.push(values.subarray(i, i + (1 << 16)).join(sep));
  return parts.join(sep);
}
