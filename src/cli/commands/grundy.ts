/** `nimber grundy <ruleset> --to N [--from A]`: the Grundy values of single heaps A..N (text, JSON, CSV or an OEIS b-file; any size where a period is proved or a closed form answers). */
import { exampleSpecs } from '../../engine/spec.ts';
import { Command, Option } from '@commander-js/extra-typings';
import { parseBigNatural } from '../../engine/errors.ts';
import { SEQUENCE_FORMATS, formatSequence } from '../../service/export.ts';
import { print, refuseForTerminal } from '../io.ts';
import { budgetMs, budgetOption, jsonOption, namedGame, rulesOption } from '../options.ts';
import { runNamed } from '../rules-thread.ts';
import { cliEnv, computeFlags } from '../compute.ts';

export function grundyCommand() {
  return new Command('grundy')
    .description(
      'print the Grundy values of single heaps 0..N (or A..N; heaps of any size where a period is proved or a closed form answers)',
    )
    .argument(
      '[ruleset]',
      `ruleset spec, e.g. ${exampleSpecs('heap-values')} (see \`nimber rulesets\`); none with --rules`,
    )
    .addOption(rulesOption())
    .addOption(new Option('--to <N>', 'largest heap size').makeOptionMandatory())
    .addOption(new Option('--from <A>', 'smallest heap size (default 0)'))
    .addOption(
      new Option(
        '--format <format>',
        'text (values separated by spaces), json ({ruleset, values, pPositions}; with --from also from and to), csv (n,grundy) or bfile (OEIS b-file: "n g(n)" per line)',
      )
        .choices(SEQUENCE_FORMATS)
        .default('text' as const),
    )
    .addOption(jsonOption().implies({ format: 'json' }))
    .addOption(budgetOption())
    .action(async (first, opts, command) => {
      const { game } = namedGame(first, [], opts.rules, false);
      const format = opts.json ? 'json' : opts.format;
      const to = parseBigNatural(opts.to, '--to');
      const from = opts.from === undefined ? 0n : parseBigNatural(opts.from, '--from');
      // Every value takes at least two characters: a window too large for a terminal is refused before it is computed.
      if (to >= from) refuseForTerminal(Number(to - from + 1n) * 2, 'give a smaller window (--from, --to)', true);
      const env = cliEnv(
        { ...computeFlags(command), json: format !== 'text' },
        { limits: { periodBudgetMs: budgetMs(opts.budget) } },
      );
      // always a window (from 0 by default): the CLI answers heaps of any size
      const window = await runNamed('grundy', { ...game, from: String(from), to: String(to) }, env);
      if (!('from' in window)) throw new Error('a window request answered without its window');
      const values = window.values.every((v) => typeof v === 'number')
        ? (window.values as number[])
        : window.values.map(BigInt);
      print(formatSequence(format, window.ruleset, values, from));
    });
}
