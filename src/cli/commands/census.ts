/**
 * `nimber census takebreak --digits K [--hex] [--prefix P]`: every take-and-break code of a space,
 * folded to standard forms, each computed until its period is proved or its budget ends, on this
 * machine's worker threads or on workers behind a BullMQ queue; rows stored as they arrive
 * (resumable), then the table as Markdown, CSV or JSON.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import { InputError, checkMax, parseNatural } from '../../engine/errors.ts';
import { defaultCacheDir } from '../../adapters/disk-cache.ts';
import {
  CENSUS_FAMILY,
  CENSUS_FORMATS,
  type CensusFormat,
  type CodeSpace,
  MAX_CENSUS_CODES,
  checkCodeSpace,
} from '../../service/census/formats.ts';
import type { CensusBudget, CensusConvention, CensusExecutor, CensusRow } from '../../service/census/types.ts';
import {
  DEFAULT_MAX_HEAPS,
  DEFAULT_MAX_WORK,
  DEFAULT_MISERE_CENSUS_BUDGET,
  DEFAULT_SECONDS,
  defaultCensusBudget,
} from '../../service/census/budget.ts';
import { storeNameOf } from '../../service/census/store-names.ts';
import { computeFlags } from '../compute.ts';
import { progressBar } from '../progress.ts';
import { conventionOption } from '../options.ts';

/** Default budget of one game: heaps and work, the same on every machine; seconds as a safety net (docs/census.md). */
export { DEFAULT_MAX_HEAPS, DEFAULT_MAX_WORK, DEFAULT_SECONDS } from '../../service/census/budget.ts';
/** Largest budgets accepted (the kernel caps heaps further at the ruleset's maximum). */
const MAX_HEAPS = 2 ** 30;
const MAX_SECONDS = 7 * 24 * 3600;
const MAX_WORK = 2 ** 53 - 1;
/**
 * Most codes a run takes without --max-codes: 2^16 is `--digits 5` (octal) or `--digits 3 --hex`.
 * The 1024 codes of `--digits 3` take the better part of an hour on two cores, so a larger space is a
 * run of days that the user asks for by name.
 */
export const DEFAULT_MAX_CODES = 2 ** 16;

/** A heap count, in the project's number forms (1_000_000, 1e6, 2^20). */
export function parseHeapBudget(text: string, what: string): number {
  const value = parseNatural(text, what);
  checkMax(value, what, MAX_HEAPS);
  if (value < 1) throw new InputError(`${what} must be at least 1`);
  return value;
}

/** The default store of a space: one per family, digit system and digit count (prefix runs share it). */
export function defaultStoreName(space: CodeSpace, convention: CensusConvention = 'normal'): string {
  return storeNameOf(space, convention);
}

export function censusCommand() {
  return new Command('census')
    .description(
      'compute every take-and-break code of a space (folded to standard forms) until its period is proved or its budget ends, and print the table (see docs/census.md)',
    )
    .argument('<family>', "the family: 'takebreak'")
    .addOption(new Option('--digits <K>', 'codes d0.d1…dK with up to K digits after the point (1..6)').default('3'))
    .addOption(new Option('--hex', 'hex digits 0-F (three-heap splits; d0 in 0, 4, 8, C) instead of octal'))
    .addOption(new Option('--prefix <code>', "only codes starting so, e.g. '4.' or '0.3'"))
    .addOption(conventionOption())
    .addOption(
      new Option(
        '--misere',
        "misère play: each code's misère quotient, solved (the pretending function proved periodic) or unsolved, tame or wild",
      ).implies({ convention: 'misere' }),
    )
    .addOption(
      new Option(
        '--max-heaps <N>',
        `most heaps computed per game (2^20, 1e6, 1_000_000; default 2^${Math.log2(DEFAULT_MAX_HEAPS)}; with --misere ${DEFAULT_MISERE_CENSUS_BUDGET.maxHeaps}, heaps 0..1,000)`,
      ),
    )
    .addOption(
      new Option(
        '--max-work <N>',
        `most pair checks per game, predicted from its values so the same on every machine (1e10, 2^34; default 1e${Math.log10(DEFAULT_MAX_WORK)}), and the checks the kernel counts at most 5 times that; with --misere, steps of the quotient's construction (default 1e${Math.log10(DEFAULT_MISERE_CENSUS_BUDGET.maxWork!)})`,
      ),
    )
    .addOption(
      new Option(
        '--seconds <S>',
        `most seconds per game (default ${DEFAULT_SECONDS}, a safety net: games it stops depend on the machine's speed)`,
      ),
    )
    .addOption(
      new Option(
        '--max-codes <N>',
        `run a space of up to N codes (default 2^${Math.log2(DEFAULT_MAX_CODES)}; at most 2^${Math.log2(MAX_CENSUS_CODES)}, past which --prefix narrows it)`,
      ),
    )
    .addOption(
      new Option(
        '--queue <url>',
        'run the games on BullMQ workers through Redis at this URL (redis://host:port) instead of this machine',
      ),
    )
    .addOption(
      new Option(
        '--store <file>',
        'where rows are stored as they finish (default: <cache dir>/census/takebreak-<octal|hex>-<K>.jsonl)',
      ),
    )
    .addOption(new Option('--no-store', 'neither reuse nor store rows'))
    .addOption(
      new Option('--format <format>', 'md, csv or json (default: from --out, else md)').choices(CENSUS_FORMATS),
    )
    .addOption(new Option('--out <file>', 'write the table to this file instead of stdout'))
    .addHelpText(
      'after',
      '\nThe global --threads sets the worker threads of the embedded run (default: every core).\nA finished game is never recomputed: a solved row is final, an unsolved one is recomputed only under a larger budget.',
    )
    .action(async (family, opts, command) => {
      if (family !== CENSUS_FAMILY)
        throw new InputError(
          `census: unknown family '${family.slice(0, 40)}'; the census covers '${CENSUS_FAMILY}' codes`,
        );
      const flags = computeFlags(command);
      const space: CodeSpace = {
        digits: parseNatural(opts.digits, '--digits'),
        hex: opts.hex ?? false,
        prefix: opts.prefix,
      };
      const convention: CensusConvention = opts.convention;
      const defaults = defaultCensusBudget(convention);
      const budget: CensusBudget = {
        maxHeaps: opts.maxHeaps === undefined ? defaults.maxHeaps : parseHeapBudget(opts.maxHeaps, '--max-heaps'),
        maxWork: opts.maxWork === undefined ? defaults.maxWork! : parseNatural(opts.maxWork, '--max-work', MAX_WORK),
        seconds: opts.seconds === undefined ? DEFAULT_SECONDS : parseNatural(opts.seconds, '--seconds', MAX_SECONDS),
      };
      if (budget.seconds < 1) throw new InputError('--seconds must be at least 1');
      if ((budget.maxWork ?? 1) < 1) throw new InputError('--max-work must be at least 1');
      const threads = flags.threads === undefined ? undefined : parseNatural(flags.threads, '--threads', 256);
      if (threads === 0) throw new InputError('--threads must be at least 1');
      const format: CensusFormat = opts.format ?? formatFromFile(opts.out) ?? 'md';
      // loaded here so that other commands do not pay for the census's modules
      const { CensusStore, STORE_SUFFIX } = await import('../../adapters/census-store.ts');
      const { planCensus, runCensus } = await import('../../service/census/run.ts');
      const { censusTableText } = await import('../../service/census/tables.ts');

      // the code space is checked, by its size, before any store file is made for it or any code listed
      const codes = checkCodeSpace(
        space,
        opts.maxCodes === undefined ? DEFAULT_MAX_CODES : parseNatural(opts.maxCodes, '--max-codes', MAX_CENSUS_CODES),
      );
      if (codes > DEFAULT_MAX_CODES && process.stderr.isTTY)
        process.stderr.write(
          `nimber: listing ${codes.toLocaleString('en-US')} codes and folding them to standard forms\n`,
        );
      const store =
        opts.store === false
          ? null
          : new CensusStore(
              typeof opts.store === 'string'
                ? opts.store
                : path.join(
                    flags.cacheDir ?? defaultCacheDir(),
                    'census',
                    defaultStoreName(space, convention) + STORE_SUFFIX,
                  ),
            );
      if (store && store.skipped > 0)
        process.stderr.write(`nimber: warning: skipped ${store.skipped} unreadable line(s) of the census store\n`);
      const stored: Map<string, CensusRow> = store ? store.rows : new Map();
      const plan = planCensus(space, budget, stored, convention);
      const rows = new Map(stored);

      const executor: CensusExecutor | null =
        plan.jobs.length === 0
          ? null
          : opts.queue !== undefined
            ? await (await import('../../adapters/queue/executor.ts')).createQueueExecutor(opts.queue, {
                onStatus: (line) => process.stderr.write(`nimber: ${line}\n`),
              })
            : (await import('../../adapters/census-pool.ts')).createPoolExecutor({ threads });
      const bar =
        process.stderr.isTTY === true
          ? await progressBar(true, 'Census', 'games')
          : progressLines(plan.jobs.length, (line) => process.stderr.write(`nimber: ${line}\n`));
      const controller = new AbortController();
      const onInterrupt = () => controller.abort();
      process.once('SIGINT', onInterrupt);
      let done = 0;
      try {
        if (executor) {
          await runCensus(
            plan,
            executor,
            (row) => {
              store?.put(row);
              rows.set(row.code, row);
              bar.update(++done, plan.jobs.length, process.stderr.isTTY ? row.code : `${row.code} (${row.status})`);
            },
            controller.signal,
          );
        }
      } catch (e) {
        if (controller.signal.aborted) {
          process.stderr.write(
            `nimber: interrupted: ${done} of ${plan.jobs.length} games finished${store ? ' and stored' : ''}\n`,
          );
          const error = new Error('interrupted');
          error.name = 'AbortError';
          throw error;
        }
        throw e;
      } finally {
        bar.stop();
        process.removeListener('SIGINT', onInterrupt);
        await executor?.close();
      }

      const { text, summary } = censusTableText(space, budget, plan.groups, rows, format, convention);
      const counts = `${plan.jobs.length} game(s) computed, ${plan.reused} reused from the store`;
      if (opts.out) {
        try {
          writeFileSync(opts.out, text);
        } catch (e) {
          throw new InputError(
            `--out ${opts.out}: cannot be written (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
          );
        }
        process.stderr.write(`nimber: ${summary} ${counts}; table written to ${opts.out}\n`);
      } else {
        process.stdout.write(text);
        if (process.stderr.isTTY) process.stderr.write(`nimber: ${counts}\n`);
      }
    });
}

/** Lines of progress when stderr is not a terminal: one a twentieth of the games, and one every PROGRESS_EVERY_MS between. */
const PROGRESS_EVERY_MS = 10_000;

/**
 * Progress as lines (a log or a pipe gets no bar): "census: 12 of 384 games, last 0.354 (solved), 95 s"
 * after each twentieth of the games, and a line every `everyMs` while none came (a long game).
 */
export function progressLines(
  total: number,
  write: (line: string) => void,
  everyMs = PROGRESS_EVERY_MS,
): { update(done: number, total: number, note?: string): void; stop(): void } {
  const t0 = Date.now();
  let last = t0;
  let done = 0;
  let note = '';
  const step = Math.max(1, Math.ceil(total / 20));
  const line = () => {
    last = Date.now();
    write(`census: ${done} of ${total} games${note ? `, last ${note}` : ''}, ${Math.round((last - t0) / 1000)} s`);
  };
  if (total === 0) return { update() {}, stop() {} };
  write(`census: computing ${total} game(s); a line every ${step} game(s) or ${everyMs / 1000} s`);
  const timer = setInterval(() => {
    if (Date.now() - last >= everyMs) line();
  }, everyMs / 4);
  timer.unref();
  return {
    update(d, _of, n) {
      done = d;
      note = n ?? '';
      if (done % step === 0 || done === total) line();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

function formatFromFile(file: string | undefined): CensusFormat | undefined {
  const ext = file ? path.extname(file).slice(1).toLowerCase() : '';
  if (ext === 'markdown') return 'md';
  return (CENSUS_FORMATS as readonly string[]).includes(ext) ? (ext as CensusFormat) : undefined;
}
