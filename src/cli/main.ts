/** Entry point of the `nimber` command. */
import { run } from './program.ts';

// A closed pipe (e.g. `nimber count … --list | head`) ends the program quietly, as Unix tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = await run(process.argv.slice(2));
