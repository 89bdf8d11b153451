/** `nimber rulesets` and `nimber problems`: what the spec language and the catalog offer. */
import { Command } from '@commander-js/extra-typings';
import { specHelp } from '../../engine/spec.ts';
import { PROBLEMS } from '../../problems/index.ts';
import { print } from '../io.ts';

export function rulesetsCommand() {
  return new Command('rulesets')
    .description('list the ruleset spec language: every family, heaps, piles, boards and graphs')
    .action(() => print('Ruleset specs:\n' + specHelp()));
}

export function problemsCommand() {
  return new Command('problems')
    .description('list the catalog problems')
    .action(() =>
      print(PROBLEMS.map((p) => `${p.id.padEnd(18)} ${p.title}\n${' '.repeat(19)}${p.summary}`).join('\n')),
    );
}
