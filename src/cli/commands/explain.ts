/** `nimber explain <ruleset> <heap...>`: the position's analysis worked out: options and mex, nim-sum in binary, or backward induction. */
import { exampleSpecs } from '../../engine/spec.ts';
import { Command } from '@commander-js/extra-typings';
import { explainPosition, explanationText } from '../../service/explain.ts';
import { print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export function explainCommand() {
  return new Command('explain')
    .description(
      "explain a position step by step: each heap's options and their mex, the nim-sum in binary columns and the winning move; for piles moved together, backward induction over a small region",
    )
    .argument('<ruleset>', `ruleset spec, e.g. ${exampleSpecs('count')} (see \`nimber rulesets\`)`)
    .argument('<heap...>', 'heap (or pile) sizes')
    .addOption(jsonOption())
    .action((spec, words, opts) => {
      const e = explainPosition({ ruleset: spec, position: { heaps: words } });
      print(opts.json ? toJson(e) : explanationText(e));
    });
}
