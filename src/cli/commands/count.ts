/** `nimber count <ruleset> --heaps K --max N`: the exact number of P-positions (or their list, --list). */
import { exampleSpecs } from '../../engine/spec.ts';
import { Command, Option } from '@commander-js/extra-typings';
import { parseBigNatural } from '../../engine/errors.ts';
import { InputError } from '../../engine/errors.ts';
import { TERMINAL_OUTPUT_LIMIT, intOption, print, reportVerification, toJson } from '../io.ts';
import {
  budgetMs,
  budgetOption,
  conventionOption,
  jsonOption,
  misereOption,
  namedGame,
  orderOption,
  rulesOption,
  verifyOption,
} from '../options.ts';
import { runNamed } from '../rules-thread.ts';
import { cliEnv, computeFlags } from '../compute.ts';
import { LineWriter } from '../line-writer.ts';
import { progressBar, progressWanted } from '../progress.ts';

export function countCommand() {
  return new Command('count')
    .description(
      'count the P-positions among K heaps of sizes 0..N (exact, or modulo P; N of any size where a period is proved)',
    )
    .argument('[ruleset]', `ruleset spec, e.g. ${exampleSpecs('count')} (see \`nimber rulesets\`); none with --rules`)
    .addOption(rulesOption())
    .addOption(
      new Option('--heaps <K>', "number of heaps (piles that move together: default the ruleset's own; else 3)"),
    )
    .addOption(new Option('--max <N>', 'largest heap size').makeOptionMandatory())
    .addOption(new Option('--min <M>', 'smallest heap size (games on heaps; default 0)'))
    .addOption(new Option('--mod <P>', 'print the count modulo P (games on heaps; up to 100000 heaps)'))
    .addOption(orderOption())
    .addOption(jsonOption())
    .addOption(verifyOption())
    .addOption(budgetOption())
    .addOption(conventionOption())
    .addOption(misereOption())
    .addOption(
      new Option(
        '--list',
        'games whose piles move together: print the P-positions themselves, one per line ("x y z"), instead of the count',
      ),
    )
    .action(async (first, opts, command) => {
      const { game } = namedGame(first, [], opts.rules, false);
      if (opts.list && opts.json)
        throw new InputError('--list prints one position per line; it does not combine with --json');
      const out = opts.list ? new LineWriter() : null;
      // The bar shares the terminal only when the list goes elsewhere; solvers that count on their own report to it.
      const bar = await progressBar(progressWanted(opts.json) && !(out && process.stdout.isTTY), 'P-positions');
      const request = {
        ...game,
        heaps: opts.heaps === undefined ? undefined : intOption(opts.heaps, '--heaps'),
        max: String(parseBigNatural(opts.max, '--max')),
        min: opts.min === undefined ? undefined : String(parseBigNatural(opts.min, '--min')),
        mod: opts.mod === undefined ? undefined : String(parseBigNatural(opts.mod, '--mod')),
        order: opts.order,
        convention: opts.convention,
        verify: opts.verify,
      };
      const env = cliEnv(
        { ...computeFlags(command), json: opts.json },
        {
          limits: { periodBudgetMs: budgetMs(opts.budget) },
          progress: { steps: (done, total) => bar.update(done, total) },
          listed: out ? (t) => out.write(t.join(' ')) : undefined,
        },
      );
      let count: string;
      try {
        const reply = await runNamed('count', request, env);
        count = reply.verification
          ? reportVerification({ count: reply.count, verification: reply.verification })
          : reply.count;
      } finally {
        bar.stop();
        out?.flush();
      }
      if (out?.cutAtTerminal)
        throw new InputError(
          `the list was cut after ${(TERMINAL_OUTPUT_LIMIT / 1e6).toFixed(1)} MB, too much for a terminal: redirect it (> positions.txt, | less) for all of it, or give a smaller --max`,
        );
      if (!out) print(opts.json ? toJson({ count }) : count);
    });
}
