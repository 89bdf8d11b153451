/** `nimber count <ruleset> --heaps K --max N`: the exact number of P-positions. */
import { Command, Option } from '@commander-js/extra-typings';
import { count, countFromSequence } from '../../engine/solve/count.ts';
import { forEachCoupledPPosition, oracleCheckMax } from '../../engine/families/equal-removal/solver.ts';
import { InputError, checkMax } from '../../engine/errors.ts';
import { isEqualRemoval } from '../../engine/families/equal-removal/index.ts';
import { MAX_HEAPS } from '../../engine/limits.ts';
import { oracleCount } from '../../engine/solve/oracle.ts';
import { parseRuleset } from '../../engine/spec.ts';
import type { CoupledRuleset, CountOrder } from '../../engine/types.ts';
import { intOption, checkAgreement, print, toJson } from '../io.ts';
import { jsonOption, orderOption, verifyOption } from '../options.ts';
import { computeFlags, sequenceFor } from '../compute.ts';
import { LineWriter } from '../line-writer.ts';
import { progressBar, progressWanted } from '../progress.ts';

export function countCommand() {
  return new Command('count')
    .description('count the P-positions among K heaps of sizes 0..N (exact)')
    .argument('<ruleset>', 'ruleset spec, e.g. subtract:squares (see `nimber rulesets`)')
    .addOption(new Option('--heaps <K>', 'number of heaps (coupled rulesets: piles; default: the ruleset\'s own)').default('3'))
    .addOption(new Option('--max <N>', 'largest heap size').makeOptionMandatory())
    .addOption(orderOption())
    .addOption(jsonOption())
    .addOption(verifyOption())
    .addOption(new Option('--list', 'equal-removal rulesets: print the P-positions themselves, one per line ("x y z"), instead of the count'))
    .action(async (spec, opts, command) => {
      const ruleset = parseRuleset(spec);
      if (ruleset.kind === 'coupled') return countCoupledCommand(ruleset, opts, command.getOptionValueSource('heaps') === 'default');
      if (opts.list) throw new InputError('--list is available for equal-removal rulesets (stone-game, wythoff); heap games are counted, not listed');
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

/**
 * Coupled rulesets: the number of piles defaults to the ruleset's own; the solver streams the
 * P-positions (with --list) and reports progress on a terminal.
 */
async function countCoupledCommand(
  ruleset: CoupledRuleset,
  opts: { heaps: string; max: string; order: CountOrder; json?: true; verify?: true; list?: true },
  heapsDefaulted: boolean,
): Promise<void> {
  if (!isEqualRemoval(ruleset)) {
    // no solver of its own: the engine's dispatcher decides (and names what is unsupported)
    const result = count(ruleset, { heaps: intOption(opts.heaps, '--heaps'), max: intOption(opts.max, '--max'), order: opts.order });
    print(opts.json ? toJson({ count: result }) : result.toString());
    return;
  }
  if (opts.list && opts.json) throw new InputError('--list prints one position per line; it does not combine with --json');
  const heaps = heapsDefaulted ? (ruleset.piles ?? 3) : intOption(opts.heaps, '--heaps');
  const max = intOption(opts.max, '--max');
  if (opts.verify) checkMax(max, `--max for --verify on ${heaps} piles`, oracleCheckMax(heaps));
  const out = opts.list ? new LineWriter() : null;
  // the bar shares the terminal only when the list goes elsewhere
  const bar = await progressBar(progressWanted(opts.json) && !(out && process.stdout.isTTY), 'P-positions');
  let result: bigint;
  try {
    result = forEachCoupledPPosition(
      ruleset,
      { heaps, max, order: opts.order, onProgress: (done, total) => bar.update(done, total) },
      out ? (t) => out.write(t.join(' ')) : undefined,
    );
  } finally {
    bar.stop();
    out?.flush();
  }
  if (opts.verify) checkAgreement(result, oracleCount(ruleset, heaps, max, opts.order));
  if (!out) print(opts.json ? toJson({ count: result }) : result.toString());
}
