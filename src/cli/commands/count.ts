/** `nimber count <ruleset> --heaps K --max N`: the exact number of P-positions. */
import { Command, Option } from '@commander-js/extra-typings';
import { InputError, checkMax } from '../../engine/errors.ts';
import { oracleCount } from '../../engine/solve/oracle/normal.ts';
import { parseRuleset } from '../../engine/spec.ts';
import { countPPositions, pileCountOf } from '../../service/operations.ts';
import { checkModulus } from '../../engine/solve/normal/count-big.ts';
import { countLargeHeaps } from '../../service/large-heaps.ts';
import { parseBigNatural } from '../../engine/errors.ts';
import { checkCountVerifiable } from '../../service/verify-limits.ts';
import { intOption, checkAgreement, print, toJson } from '../io.ts';
import { jsonOption, misereOption, orderOption, verifyOption } from '../options.ts';
import { countMisereCommand } from './misere.ts';
import { cliSequences, computeFlags } from '../compute.ts';
import { LineWriter } from '../line-writer.ts';
import { progressBar, progressWanted } from '../progress.ts';

export function countCommand() {
  return new Command('count')
    .description(
      'count the P-positions among K heaps of sizes 0..N (exact, or modulo P; N of any size where a period is proved)',
    )
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(
      new Option('--heaps <K>', "number of heaps (coupled rulesets: piles; default: the ruleset's own)").default('3'),
    )
    .addOption(new Option('--max <N>', 'largest heap size').makeOptionMandatory())
    .addOption(new Option('--min <M>', 'smallest heap size (heap rulesets; default 0)'))
    .addOption(new Option('--mod <P>', 'print the count modulo P (heap rulesets; up to 100000 heaps)'))
    .addOption(orderOption())
    .addOption(jsonOption())
    .addOption(verifyOption())
    .addOption(misereOption())
    .addOption(
      new Option(
        '--list',
        'rulesets whose piles move together (stone-game, wythoff): print the P-positions themselves, one per line ("x y z"), instead of the count',
      ),
    )
    .action(async (spec, opts, command) => {
      const ruleset = parseRuleset(spec);
      const coupled = ruleset.kind === 'coupled';
      if (opts.list && !coupled)
        throw new InputError(
          '--list is available for equal-removal rulesets (stone-game, wythoff); heap games are counted, not listed',
        );
      if (opts.list && opts.json)
        throw new InputError('--list prints one position per line; it does not combine with --json');
      // Coupled rulesets: the number of piles defaults to the ruleset's own.
      const heapsDefaulted = command.getOptionValueSource('heaps') === 'default';
      const heapCount = coupled && heapsDefaulted ? pileCountOf(ruleset) : intOption(opts.heaps, '--heaps');
      if (opts.misere) {
        if (opts.min !== undefined || opts.mod !== undefined)
          throw new InputError('--min and --mod are for counts under normal play; misère counts are over 0..N exactly');
        return countMisereCommand(ruleset, heapCount, intOption(opts.max, '--max'), opts);
      }
      if (!coupled) {
        // heap rulesets: sizes of any size (from a proved period), a range min..max, a modulus
        const max = parseBigNatural(opts.max, '--max');
        const min = opts.min === undefined ? 0n : parseBigNatural(opts.min, '--min');
        const modulus = opts.mod === undefined ? undefined : checkModulus(parseBigNatural(opts.mod, '--mod'));
        if (opts.verify) {
          if (min > 0n || modulus !== undefined)
            throw new InputError('--verify checks counts over 0..N, exact: it does not combine with --min or --mod');
          checkCountVerifiable(ruleset, heapCount, Number(max), opts.order);
        }
        const result = await countLargeHeaps(
          ruleset,
          { heapCount, min, max, order: opts.order, modulus },
          cliSequences({ ...computeFlags(command), json: opts.json }),
        );
        if (opts.verify) checkAgreement(result, oracleCount(ruleset, heapCount, Number(max), opts.order));
        print(opts.json ? toJson({ count: result }) : result.toString());
        return;
      }
      if (opts.min !== undefined || opts.mod !== undefined)
        throw new InputError(
          '--min and --mod are for heap rulesets; piles that move together are counted over 0..N exactly',
        );
      const max = intOption(opts.max, '--max');
      if (opts.verify && coupled && ruleset.verifyMaxPile)
        checkMax(max, `--max for --verify on ${heapCount} piles`, ruleset.verifyMaxPile(heapCount));
      const out = opts.list ? new LineWriter() : null;
      // Coupled solvers report their own progress (heap rulesets: the sequence source does); the
      // bar shares the terminal only when the list goes elsewhere.
      const bar = coupled
        ? await progressBar(progressWanted(opts.json) && !(out && process.stdout.isTTY), 'P-positions')
        : null;
      let result: bigint;
      try {
        result = await countPPositions(
          ruleset,
          {
            heapCount,
            max,
            order: opts.order,
            visit: out ? (t) => out.write(t.join(' ')) : undefined,
            onProgress: bar ? (done, total) => bar.update(done, total) : undefined,
          },
          cliSequences({ ...computeFlags(command), json: opts.json }),
        );
      } finally {
        bar?.stop();
        out?.flush();
      }
      if (opts.verify) checkAgreement(result, oracleCount(ruleset, heapCount, max, opts.order));
      if (!out) print(opts.json ? toJson({ count: result }) : result.toString());
    });
}
