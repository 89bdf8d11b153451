/**
 * How the CLI computes Grundy sequences: the global --cache-dir / --no-cache / --threads options,
 * a progress bar on stderr (TTY only, never with --json) and Ctrl-C, around computeSequence.
 */
import { InputError, parseNatural } from '../engine/errors.ts';
import type { GrundySequence, HeapRuleset } from '../engine/types.ts';
import type { SequenceRun } from '../service/sequences.ts';
import { LARGEST_SEARCH_TABLE_BITS, type SearchResources, type ServiceEnv } from '../service/env.ts';
import type { SearchResume } from '../service/requests.ts';
import { type RunProgress, runProgress } from './run-progress.ts';
import { computeSequence } from '../adapters/sequence-source.ts';
import { abortError } from '../adapters/parallel/common.ts';
import { progressBar, progressWanted } from './progress.ts';
import { SequenceCache, defaultCacheDir } from '../adapters/disk-cache.ts';
import { EndgameCache } from '../adapters/endgame-cache.ts';
import { ProofCache } from '../adapters/proof-cache.ts';
import { gridThreads } from '../adapters/parallel/grid-threads.ts';

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

/** Directories already warned about: a command that computes several sequences warns once. */
const warned = new Set<string>();

/** A cache that warns on stderr, once per directory, when it cannot be used (the command goes on without it). */
export function warningCache(dir: string): SequenceCache {
  return new SequenceCache(dir, {
    onUnusable: (warning) => {
      if (warned.has(dir)) return;
      warned.add(dir);
      process.stderr.write(`nimber: warning: ${warning}\n`);
    },
  });
}

/** Where proved periods are kept, warning on stderr when one is ignored or cannot be kept. */
export function warningProofs(dir: string): ProofCache {
  const warn = (warning: string) => process.stderr.write(`nimber: warning: ${warning}\n`);
  return new ProofCache(dir, {
    onDamaged: warn,
    onUnusable: (warning) => {
      if (warned.has(dir)) return;
      warned.add(dir);
      warn(warning);
    },
  });
}

/** The endgame store of a cache directory, warning on stderr once when it cannot be written. */
export function endgameCache(dir: string): EndgameCache {
  return new EndgameCache(dir, { onUnusable: (warning) => process.stderr.write(`nimber: warning: ${warning}\n`) });
}

/** The proof store the flags ask for (undefined with --no-cache). */
export function proofsFrom(flags: ComputeFlags): ProofCache | undefined {
  if (flags.cache === false) return undefined;
  return warningProofs(flags.cacheDir ?? defaultCacheDir());
}

/** The cache the flags ask for (null with --no-cache). */
export function cacheFrom(flags: ComputeFlags): SequenceCache | null {
  if (flags.cache === false) return null;
  return warningCache(flags.cacheDir ?? defaultCacheDir());
}

/**
 * g(0..maxHeap) for a command: cached, parallel when long, with a progress bar, and Ctrl-C
 * cancelling cleanly (workers stopped, nothing written to the cache; the command exits 130).
 */
export async function sequenceFor(
  ruleset: HeapRuleset,
  maxHeap: number,
  flags: ComputeFlags,
  run?: SequenceRun,
  progress: RunProgress = runProgress(),
): Promise<GrundySequence> {
  const threads = flags.threads === undefined ? undefined : parseNatural(flags.threads, '--threads');
  if (threads === 0) throw new InputError('--threads must be at least 1');
  const bar = await progressBar(progressWanted(flags.json), 'Grundy values', 'heaps');
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    const values = await computeSequence(ruleset, maxHeap, {
      cache: cacheFrom(flags),
      threads,
      signal: controller.signal,
      onProgress: (done, total, note) => {
        const shown = progress.step(ruleset.spec, maxHeap, run?.upTo, done, total);
        bar.update(shown.value, shown.total, [note, shown.note].filter(Boolean).join('; ') || undefined);
      },
    });
    // A Ctrl-C during the last synchronous stretch is heard only once the event loop has polled for
    // it: let a whole turn of the loop pass (the first immediate may run before this turn's poll)
    // before the listener goes, or the command would finish as if never interrupted.
    for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
    if (controller.signal.aborted) throw abortError();
    return values;
  } finally {
    progress.finish(ruleset.spec, maxHeap);
    bar.stop();
    process.removeListener('SIGINT', onInterrupt);
  }
}

/** The --threads count (undefined when not given); 0 or a bad number is an InputError. */
export function threadCount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const threads = parseNatural(text, '--threads', 256);
  if (threads === 0) throw new InputError('--threads must be at least 1');
  return threads;
}

/** A board search's helper thread failed: said once on stderr (the search goes on without it). */
let helperWarned = false;
export function warnHelper(message: string): void {
  if (helperWarned) return;
  helperWarned = true;
  process.stderr.write(`nimber: warning: a search thread failed (${message}); continuing with the others\n`);
}

/**
 * The stores and threads of board searches from the global options (every command, and a search's
 * worker thread): the endgame database beside the sequence cache (none with --no-cache), worker
 * threads, as many as --threads, else every core on large boards, and (one search at a time on the
 * user's machine) the largest table.
 */
export function searchResources(flags: ComputeFlags): SearchResources {
  return {
    endgame: flags.cache === false ? undefined : endgameCache(flags.cacheDir ?? defaultCacheDir()),
    threads: gridThreads({ threads: threadCount(flags.threads), onHelperError: warnHelper }),
    maxTableBits: LARGEST_SEARCH_TABLE_BITS,
  };
}

/** True for the error a cancelled computation throws. */
export function isAbortError(e: unknown): boolean {
  return e instanceof Error && e.name === 'AbortError';
}

/** A computation stopped by Ctrl-C, its message saying what was kept (exit 130). */
export class Interrupted extends Error {
  override name = 'AbortError';
}

/**
 * The CLI's service environment: sequences through the cache and threads with a progress bar
 * (sequenceFor), proved periods kept beside them, and board searches with the stores and threads of
 * the global options.
 */
export function cliEnv(flags: ComputeFlags, command: CommandEnv = {}): ServiceEnv {
  // one run's steps share where they reached, so the bar goes on where the last step stopped
  const progress = runProgress();
  return {
    ...command,
    sequences: (ruleset: HeapRuleset, maxHeap: number, run?: SequenceRun) =>
      sequenceFor(ruleset, maxHeap, flags, run, progress),
    // proved periods are kept beside the sequences, so a later command far out answers at once
    proofs: proofsFrom(flags),
    search: { ...searchResources(flags), ...(command.resume ? { resume: command.resume } : {}) },
  };
}

/** What one command adds to the environment: its limits, who hears its progress, its stop signal, its resume file. */
export type CommandEnv = Pick<ServiceEnv, 'limits' | 'progress' | 'signal' | 'listed' | 'playMemory'> & {
  readonly resume?: SearchResume;
};
