/** `nimber worker --queue redis://host:port`: computes the jobs taken from a BullMQ queue until stopped. */
import { Command, Option } from '@commander-js/extra-typings';
import { availableParallelism } from 'node:os';
import { InputError, parseNatural } from '../../engine/errors.ts';
import {
  DEFAULT_LOCK_DURATION_MS,
  DEFAULT_MAX_STALLED_COUNT,
  DEFAULT_STALLED_INTERVAL_MS,
} from '../../adapters/queue/settings.ts';
import { defaultCacheDir } from '../../adapters/disk-cache.ts';
import { computeFlags } from '../compute.ts';
import { print } from '../io.ts';

/**
 * How long an orderly stop may wait for Redis. Handing the running games back needs Redis; when it
 * is gone the stop would wait for it forever, and a service manager's SIGTERM would seem ignored.
 */
const STOP_WAIT_MS = 10_000;

export function workerCommand() {
  return new Command('worker')
    .description(
      'compute census games, table boards, options of sized starts and Quarto proof leaves from a queue on Redis (started by nimber census … --queue, nimber table … --queue, scripts/quarto-empty.ts --queue) until stopped; what searches prove is kept in the cache directory (--cache-dir, none with --no-cache)',
    )
    .requiredOption(
      '--queue <url>',
      'the Redis server holding the queue: redis://host:port (optionally redis://:password@host:port/db)',
    )
    .option('--concurrency <n>', 'jobs computed at once, one thread each (default: the core count)')
    .option('--name <name>', "this worker's name, recorded with each job it takes (default host:pid)")
    .addOption(
      new Option(
        '--lock-duration <ms>',
        "a job's lock: another worker takes over a job whose worker stopped renewing it this long ago",
      ).default(String(DEFAULT_LOCK_DURATION_MS)),
    )
    .addOption(
      new Option('--stalled-interval <ms>', 'how often this worker looks for such jobs').default(
        String(DEFAULT_STALLED_INTERVAL_MS),
      ),
    )
    .addOption(
      new Option('--max-stalled <n>', 'how many times a job may lose its worker and still be taken over').default(
        String(DEFAULT_MAX_STALLED_COUNT),
      ),
    )
    .option('--quiet', 'no line per game computed')
    .addHelpText(
      'after',
      '\nCtrl-C (or SIGTERM) stops the worker; the games it was computing go back to the queue for another worker.\nSee docs/distributed.md.',
    )
    .action(async (opts, command) => {
      const concurrency =
        opts.concurrency === undefined ? availableParallelism() : parseNatural(opts.concurrency, '--concurrency', 1024);
      if (concurrency === 0) throw new InputError('--concurrency must be at least 1');
      const lockDurationMs = parseNatural(opts.lockDuration, '--lock-duration', 86_400_000);
      if (lockDurationMs < 100) throw new InputError('--lock-duration must be at least 100 ms');
      const stalledIntervalMs = parseNatural(opts.stalledInterval, '--stalled-interval', 86_400_000);
      if (stalledIntervalMs < 100) throw new InputError('--stalled-interval must be at least 100 ms');
      const maxStalledCount = parseNatural(opts.maxStalled, '--max-stalled', 1000);
      const say = (line: string) => process.stderr.write(`nimber worker: ${line}\n`);
      // Loaded here so that other commands do not pay for BullMQ.
      const { startCensusWorker } = await import('../../adapters/queue/worker.ts');
      const flags = computeFlags(command);
      const worker = await startCensusWorker(opts.queue, {
        concurrency,
        cacheDir: flags.cache === false ? null : (flags.cacheDir ?? defaultCacheDir()),
        name: opts.name,
        lockDurationMs,
        stalledIntervalMs,
        maxStalledCount,
        onDone: opts.quiet ? undefined : print,
        onFailed: (code, reason, final) =>
          say(`${code} failed: ${reason}${final ? ' (no attempt left)' : ' (to be retried)'}`),
        onStatus: say,
      });
      say(
        `${worker.name} takes games from ${opts.queue.replace(/\/\/[^@/]*@/, '//')} on ${worker.concurrency} thread${worker.concurrency === 1 ? '' : 's'}; Ctrl-C stops`,
      );
      const signal = await new Promise<NodeJS.Signals>((resolve) => {
        process.once('SIGINT', () => resolve('SIGINT'));
        process.once('SIGTERM', () => resolve('SIGTERM'));
      });
      // A second Ctrl-C does not wait for the orderly stop.
      process.once('SIGINT', () => process.exit(130));
      let waited: NodeJS.Timeout | undefined;
      const orderly = await Promise.race([
        worker.stop().then(() => true),
        new Promise<false>((resolve) => {
          waited = setTimeout(() => resolve(false), STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
      if (!orderly) {
        say(
          `stopped without Redis (no answer within ${STOP_WAIT_MS / 1000} s): the games it was computing go back to the queue when their locks expire (--lock-duration)`,
        );
        // the connection's retries and the game threads would keep the process alive
        process.exit(signal === 'SIGINT' ? 130 : 0);
      }
      say('stopped; the games it was computing are back in the queue');
      if (signal === 'SIGINT') throw Object.assign(new Error('stopped by Ctrl-C'), { name: 'AbortError' });
    });
}
