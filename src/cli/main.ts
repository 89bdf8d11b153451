/** Entry point of the `nimber` command. */
import { run } from './program.ts';

process.exitCode = await run(process.argv.slice(2));
