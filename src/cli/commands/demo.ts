/** `nimber demo`: a short tour of what the engine does, on the catalog's sample inputs. */
import { Command } from '@commander-js/extra-typings';
import { PROBLEMS, solveText } from '../../problems/index.ts';
import { print } from '../io.ts';

/** One word for a POSIX shell: single quotes, a quote inside written as '\''. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The line a reader can paste into bash or sh: printf writes each input line followed by a newline
 * (bash's `<<< "a\nb"` would pass the backslashes literally).
 */
export function demoCommandLine(problemId: string, input: string): string {
  const lines = input.replace(/\n$/, '').split('\n');
  return `printf '%s\\n' ${lines.map(shellQuote).join(' ')} | nimber solve ${problemId}`;
}

export function demoCommand() {
  return new Command('demo').description('solve every catalog problem on its sample input').action(() => {
    for (const p of PROBLEMS) {
      print(`== ${p.title} ==\n$ ${demoCommandLine(p.id, p.sample.input)}\n${solveText(p, p.sample.input)}\n`);
    }
  });
}
