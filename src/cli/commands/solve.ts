/** `nimber solve <problem> [input...]`: a catalog problem from arguments or stdin. */
import { Command } from '@commander-js/extra-typings';
import { InputError } from '../../engine/errors.ts';
import { PROBLEMS, findProblem, type Problem } from '../../problems/index.ts';
import { solveProblem } from '../../service/operations.ts';
import { cliEnv, computeFlags } from '../compute.ts';
import { progressBar, progressWanted } from '../progress.ts';
import { print, readStdin, reportVerification, toJson } from '../io.ts';
import { compare } from '../../service/analyze.ts';
import { jsonOption, verifyOption } from '../options.ts';
import type { ServiceEnv } from '../../service/env.ts';

export function solveCommand() {
  return new Command('solve')
    .description('solve a catalog problem; input from the arguments, or stdin when there are none')
    .argument('<problem>', `one of: ${PROBLEMS.map((p) => p.id).join(', ')}`)
    .argument('[input...]', 'the problem input (judge format); read from stdin when omitted')
    .addOption(jsonOption())
    .addOption(verifyOption())
    .addHelpText(
      'after',
      '\nProblems:\n' + PROBLEMS.map((p) => `  ${p.id.padEnd(18)} ${p.title}: ${p.summary}`).join('\n'),
    )
    .action(async (id, words, opts, command) => {
      const problem = findProblem(id);
      if (!problem) throw new InputError(`unknown problem '${id}'; known: ${PROBLEMS.map((p) => p.id).join(', ')}`);
      const text = words.length > 0 ? words.join(' ') : await readStdin();
      const input = problem.parse(text);
      // Sequence problems get their sequence through the cache / worker threads / progress bar.
      const output = await solveShowingProgress(
        problem,
        input,
        cliEnv({ ...computeFlags(command), json: opts.json }),
        opts.json,
      );
      if (opts.verify) {
        if (!problem.verify) throw new InputError(`problem '${id}' has no brute-force check`);
        reportVerification({
          reply: output,
          verification: compare(problem.json(output), problem.json(problem.verify(input))),
        });
      }
      print(opts.json ? toJson(problem.json(output)) : problem.format(output));
    });
}

/** Problems that report progress get a bar on stderr (TTY only, never with --json). */
async function solveShowingProgress<I, O>(
  problem: Problem<I, O>,
  input: I,
  env: ServiceEnv,
  json: boolean | undefined,
): Promise<O> {
  if (!problem.solveWithProgress || !progressWanted(json)) return solveProblem(problem, input, env);
  const progress = await progressBar(true, 'solving');
  try {
    return await solveProblem(problem, input, env, (done, total) => progress.update(done, total));
  } finally {
    progress.stop();
  }
}
