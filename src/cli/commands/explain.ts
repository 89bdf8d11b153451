/** `nimber explain <ruleset> <heap...>`: the position's analysis worked out under either convention: options and mex, nim-sum in binary, Bouton's misère rule, or backward induction. */
import { exampleSpecs } from '../../engine/spec.ts';
import { Command } from '@commander-js/extra-typings';
import { explanationText } from '../../service/explain.ts';
import { readRequest, runOperation } from '../../service/operation-table.ts';
import { cliEnv, computeFlags } from '../compute.ts';
import { print, toJson } from '../io.ts';
import { conventionOption, jsonOption, misereOption } from '../options.ts';

export function explainCommand() {
  return new Command('explain')
    .description(
      "explain a position step by step: each heap's options and their mex, the nim-sum in binary columns and the winning move; under --misere Bouton's misère rule on the heaps' genera (or the misère quotient, or backward induction); for piles moved together, backward induction over a small region",
    )
    .argument('<ruleset>', `ruleset spec, e.g. ${exampleSpecs('count')} (see \`nimber rulesets\`)`)
    .argument(
      '<heap...>',
      'heap (or pile) sizes; heaps of any size under normal play where a period is proved or a closed form answers',
    )
    .addOption(jsonOption())
    .addOption(conventionOption())
    .addOption(misereOption())
    .action(async (spec, words, opts, command) => {
      const e = await runOperation(
        'explain',
        readRequest('explain', { ruleset: spec, heaps: words, convention: opts.convention }),
        cliEnv({ ...computeFlags(command), json: opts.json }),
      );
      print(opts.json ? toJson(e) : explanationText(e));
    });
}
