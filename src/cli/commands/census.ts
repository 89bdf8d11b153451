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
  DEFAULT_CENSUS_BUDGET,
  DEFAULT_MAX_CODES,
  DEFAULT_MISERE_CENSUS_BUDGET,
  MAX_CENSUS_BUDGET,
} from '../../service/census/budget.ts';
import { CENSUS_FORMATS, type CensusFormat, MAX_CENSUS_CODES } from '../../service/census/formats.ts';
import { type CensusRunProgress, ENGINE_ENV, type ServiceEnv } from '../../service/env.ts';
import { type OperationReply, readRequest, runOperation } from '../../service/operation-table.ts';
import { computeFlags } from '../compute.ts';
import { progressBar } from '../progress.ts';
import { exponential, grouped } from '../io.ts';
import { conventionOption } from '../options.ts';

/** A budget option in the project's number forms (1_000_000, 1e6, 2^20): at least 1, at most the census's maximum. */
function budgetOption(text: string | undefined, what: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = parseNatural(text, what);
  checkMax(value, what, max);
  if (value < 1) throw new InputError(`${what} must be at least 1`);
  return value;
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
        `most heaps computed per game (2^20, 1e6, 1_000_000; default 2^${Math.log2(DEFAULT_CENSUS_BUDGET.maxHeaps)}; with --misere ${DEFAULT_MISERE_CENSUS_BUDGET.maxHeaps}, heaps 0..1,000)`,
      ),
    )
    .addOption(
      new Option(
        '--max-work <N>',
        `most pair checks per game, predicted from its values so the same on every machine (1e10, 2^34; default ${exponential(DEFAULT_CENSUS_BUDGET.maxWork!)}), and the checks the kernel counts at most 5 times that; with --misere, steps of the quotient's construction (default ${exponential(DEFAULT_MISERE_CENSUS_BUDGET.maxWork!)})`,
      ),
    )
    .addOption(
      new Option(
        '--seconds <S>',
        `most seconds per game (default ${DEFAULT_CENSUS_BUDGET.seconds}, a safety net: games it stops depend on the machine's speed)`,
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
      const flags = computeFlags(command);
      // the words are read here, so that a refusal names the option; the request's check bounds them again
      const request = readRequest('census-run', {
        family,
        digits: parseNatural(opts.digits, '--digits'),
        hex: opts.hex ?? false,
        prefix: opts.prefix,
        convention: opts.convention,
        maxHeaps: budgetOption(opts.maxHeaps, '--max-heaps', MAX_CENSUS_BUDGET.maxHeaps),
        maxWork: budgetOption(opts.maxWork, '--max-work', MAX_CENSUS_BUDGET.maxWork),
        seconds: budgetOption(opts.seconds, '--seconds', MAX_CENSUS_BUDGET.seconds),
        maxCodes:
          opts.maxCodes === undefined ? undefined : parseNatural(opts.maxCodes, '--max-codes', MAX_CENSUS_CODES),
        format: opts.format ?? formatFromFile(opts.out) ?? 'md',
      });
      const threads = flags.threads === undefined ? undefined : parseNatural(flags.threads, '--threads', 256);
      if (threads === 0) throw new InputError('--threads must be at least 1');
      // loaded here so that other commands do not pay for the census's adapters
      const { CensusStore, STORE_SUFFIX } = await import('../../adapters/census-store.ts');

      const controller = new AbortController();
      const onInterrupt = () => controller.abort();
      let games = 0;
      let done = 0;
      const env: ServiceEnv = {
        ...ENGINE_ENV,
        signal: controller.signal,
        censusRun: {
          onSpace: (codes) => {
            if (codes > DEFAULT_MAX_CODES && process.stderr.isTTY)
              process.stderr.write(`nimber: listing ${grouped(codes)} codes and folding them to standard forms\n`);
          },
          store:
            opts.store === false
              ? undefined
              : (name) => {
                  const store = new CensusStore(
                    typeof opts.store === 'string'
                      ? opts.store
                      : path.join(flags.cacheDir ?? defaultCacheDir(), 'census', name + STORE_SUFFIX),
                  );
                  if (store.skipped > 0)
                    process.stderr.write(
                      `nimber: warning: skipped ${store.skipped} unreadable line(s) of the census store\n`,
                    );
                  return store;
                },
          executor: async () =>
            opts.queue !== undefined
              ? (await import('../../adapters/queue/executor.ts')).createQueueExecutor(opts.queue, {
                  onStatus: (line) => process.stderr.write(`nimber: ${line}\n`),
                })
              : (await import('../../adapters/census-pool.ts')).createPoolExecutor({ threads }),
          progress: (total) => {
            games = total;
            return rowProgress(total, (d) => {
              done = d;
            });
          },
        },
      };
      process.once('SIGINT', onInterrupt);
      let reply: OperationReply<'census-run'>;
      try {
        reply = await runOperation('census-run', request, env);
      } catch (e) {
        if (controller.signal.aborted) {
          process.stderr.write(
            `nimber: interrupted: ${done} of ${games} games finished${opts.store === false ? '' : ' and stored'}\n`,
          );
          const error = new Error('interrupted');
          error.name = 'AbortError';
          throw error;
        }
        throw e;
      } finally {
        process.removeListener('SIGINT', onInterrupt);
      }

      const counts = `${reply.computed} game(s) computed, ${reply.reused} reused from the store`;
      if (opts.out) {
        try {
          writeFileSync(opts.out, reply.text);
        } catch (e) {
          throw new InputError(
            `--out ${opts.out}: cannot be written (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
          );
        }
        process.stderr.write(`nimber: ${reply.summary} ${counts}; table written to ${opts.out}\n`);
      } else {
        process.stdout.write(reply.text);
        if (process.stderr.isTTY) process.stderr.write(`nimber: ${counts}\n`);
      }
    });
}

/** Each game as it finishes: a bar on a terminal, else lines (a log or a pipe gets no bar). */
async function rowProgress(total: number, count: (done: number) => void): Promise<CensusRunProgress> {
  const tty = process.stderr.isTTY === true;
  const bar = tty
    ? await progressBar(true, 'Census', 'games')
    : progressLines(total, (line) => process.stderr.write(`nimber: ${line}\n`));
  return {
    row(row, done) {
      count(done);
      bar.update(done, total, tty ? row.code : `${row.code} (${row.status})`);
    },
    stop: () => bar.stop(),
  };
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
