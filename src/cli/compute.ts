/**
 * How the CLI computes Grundy sequences: the global --cache-dir / --no-cache / --threads options,
 * a progress bar on stderr (TTY only, never with --json) and Ctrl-C, around computeSequence.
 */
import cliProgress from 'cli-progress';
import { InputError, parseNatural } from '../engine/errors.ts';
import type { GrundySequence, HeapRuleset } from '../engine/types.ts';
import { computeSequence } from '../parallel/sequence.ts';
import { SequenceCache, defaultCacheDir } from '../store/cache.ts';

/** The global options that steer computation (declared on the program in program.ts). */
export interface ComputeFlags {
  cacheDir?: string;
  /** False with --no-cache. */
  cache?: boolean;
  threads?: string;
  json?: boolean;
}

/** Reads the global options from an action's command (works wherever they were written). */
export function computeFlags(command: { optsWithGlobals(): unknown }): ComputeFlags {
  return command.optsWithGlobals() as ComputeFlags;
}

/** The cache the flags ask for (null with --no-cache). */
export function cacheFrom(flags: ComputeFlags): SequenceCache | null {
  if (flags.cache === false) return null;
  return new SequenceCache(flags.cacheDir ?? defaultCacheDir());
}

/** Milliseconds before a bar appears: quick runs print nothing. */
const BAR_DELAY = 700;

/** A lazily shown progress bar; `update` is a no-op when stderr is not a terminal or with --json. */
function progressBar(enabled: boolean) {
  let bar: cliProgress.SingleBar | null = null;
  const t0 = Date.now();
  return {
    update(done: number, total: number) {
      if (!enabled) return;
      const elapsed = Date.now() - t0;
      if (!bar) {
        if (elapsed < BAR_DELAY || done >= total) return;
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: 'Grundy values |{bar}| {percentage}% | {value}/{total} heaps | {rate} heaps/s | ETA {eta_formatted}',
            hideCursor: true,
            clearOnComplete: true,
            etaBuffer: 20,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done, { rate: '-' });
      }
      const rate = elapsed > 0 ? Math.round((done * 1000) / elapsed).toLocaleString('en-US') : '-';
      bar.update(done, { rate });
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}

/**
 * g(0..maxHeap) for a command: cached, parallel when long, with a progress bar, and Ctrl-C
 * cancelling cleanly (workers stopped, nothing written to the cache; the command exits 130).
 */
export async function sequenceFor(ruleset: HeapRuleset, maxHeap: number, flags: ComputeFlags): Promise<GrundySequence> {
  const threads = flags.threads === undefined ? undefined : parseNatural(flags.threads, '--threads');
  if (threads === 0) throw new InputError('--threads must be at least 1');
  const bar = progressBar(process.stderr.isTTY === true && !flags.json);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    return await computeSequence(ruleset, maxHeap, {
      cache: cacheFrom(flags),
      threads,
      signal: controller.signal,
      onProgress: (done, total) => bar.update(done, total),
    });
  } finally {
    bar.stop();
    process.removeListener('SIGINT', onInterrupt);
  }
}

/** True for the error a cancelled computation throws. */
export function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}
