/** The nimber command-line program: commands are registered here, errors mapped to exit codes. */
import { Command, CommanderError } from '@commander-js/extra-typings';
import { StorageError } from '../adapters/storage-error.ts';
import { clipMessage, isInputError } from '../engine/errors.ts';
import { specHelp } from '../engine/spec.ts';
import { analyzeCommand } from './commands/analyze.ts';
import { checkRulesCommand } from './commands/check-rules.ts';
import { problemsCommand, rulesetsCommand } from './commands/catalog.ts';
import { countCommand } from './commands/count.ts';
import { demoCommand } from './commands/demo.ts';
import { explainCommand } from './commands/explain.ts';
import { grundyCommand } from './commands/grundy.ts';
import { nimCommand } from './commands/nim.ts';
import { periodCommand } from './commands/period.ts';
import { playCommand } from './commands/play.ts';
import { quotientCommand } from './commands/quotient.ts';
import { serveCommand } from './commands/serve.ts';
import { solveCommand } from './commands/solve.ts';
import { VerifyMismatch } from './io.ts';
import { cacheCommand } from './commands/cache.ts';
import { censusCommand } from './commands/census.ts';
import { tableCommand } from './commands/table.ts';
import { verifyCommand } from './commands/verify.ts';
import { workerCommand } from './commands/worker.ts';
import { isTimeLimitStop, timeMark, timeNote, timeSince } from './time-note.ts';
import { Interrupted, isAbortError } from './compute.ts';

export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
export const EXIT_BAD_INPUT = 2;
/** Interrupted by Ctrl-C (128 + SIGINT), as shells report it. */
export const EXIT_INTERRUPTED = 130;

export function buildProgram(): Command {
  const program = new Command('nimber')
    .description('Grundy values, P-positions, winning moves and exact counts for impartial games')
    .version('0.1.0')
    .showSuggestionAfterError()
    // Global options: valid before or after the command name (read with optsWithGlobals).
    .option(
      '--cache-dir <dir>',
      'where computed Grundy sequences are cached (default: $XDG_CACHE_HOME/nimber, else ~/.cache/nimber)',
    )
    .option('--no-cache', 'neither read nor write the sequence cache')
    .option(
      '--threads <n>',
      'at most this many threads for long computations (default: as many as pay off, up to every core; 1: no workers)',
    )
    .addHelpText('after', '\nRuleset specs:\n' + specHelp());
  for (const command of [
    solveCommand(),
    grundyCommand(),
    periodCommand(),
    analyzeCommand(),
    explainCommand(),
    countCommand(),
    rulesetsCommand(),
    problemsCommand(),
    demoCommand(),
    playCommand(),
    serveCommand(),
    cacheCommand(),
    tableCommand(),
    quotientCommand(),
    censusCommand(),
    nimCommand(),
    workerCommand(),
    verifyCommand(),
    checkRulesCommand(),
  ]) {
    program.addCommand(command as unknown as Command);
  }
  // Commander's own usage errors become exit code 2 rather than 1.
  const override = (c: Command) => {
    c.exitOverride();
    for (const sub of c.commands) override(sub as Command);
  };
  override(program);
  return program;
}

/** Runs the program on argv and returns the exit code (never throws). */
export async function run(argv: string[]): Promise<number> {
  const started = timeMark();
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return EXIT_OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
    }
    if (isInputError(e)) {
      // the limits count wall time: the message says how much CPU the command had in it
      const spent = timeSince(started);
      const note = isTimeLimitStop(e) ? ` (${timeNote(spent.wallMs, spent.cpuMs)})` : '';
      process.stderr.write(`nimber: ${clipMessage(e.message)}${note}\n`);
      return EXIT_BAD_INPUT;
    }
    if (isAbortError(e)) {
      process.stderr.write(`nimber: ${e instanceof Interrupted ? e.message : 'cancelled'}\n`);
      return EXIT_INTERRUPTED;
    }
    if (e instanceof VerifyMismatch || e instanceof StorageError) {
      process.stderr.write(`nimber: ${e.message}\n`);
      return EXIT_INTERNAL;
    }
    process.stderr.write(`nimber: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT_INTERNAL;
  }
}
