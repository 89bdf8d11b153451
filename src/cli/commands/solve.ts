/** `nimber solve <problem> [input...]`: a catalog problem from arguments or stdin. */
import { Command } from '@commander-js/extra-typings';
import { PROBLEMS } from '../../problems/index.ts';
import { type OperationReply, readRequest, runOperation } from '../../service/operation-table.ts';
import { cliEnv, computeFlags } from '../compute.ts';
import { progressBar, progressWanted } from '../progress.ts';
import { print, readStdin, reportVerification, toJson } from '../io.ts';
import { jsonOption, verifyOption } from '../options.ts';

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
      const input = words.length > 0 ? words.join(' ') : await readStdin();
      // Sequence problems get their sequence through the cache / worker threads; problems that report progress get a bar.
      const bar = await progressBar(progressWanted(opts.json), 'solving');
      let reply: OperationReply<'solve'>;
      try {
        reply = await runOperation(
          'solve',
          readRequest('solve', { problem: id, input, verify: opts.verify }),
          cliEnv(
            { ...computeFlags(command), json: opts.json },
            { progress: { steps: (done, total) => bar.update(done, total) } },
          ),
        );
      } finally {
        bar.stop();
      }
      if (reply.verification) reportVerification({ reply, verification: reply.verification });
      print(opts.json ? toJson(reply.answer) : reply.output);
    });
}
