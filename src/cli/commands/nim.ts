/** `nimber nim <op> <a> [b]`: nim arithmetic on integers of any size (sum, mul, div, inv, square, sqrt, pow). */
import { Command, Option } from '@commander-js/extra-typings';
import { ENGINE_ENV } from '../../service/env.ts';
import { nimOperationsHelp } from '../../service/nim-arithmetic.ts';
import { readRequest, runOperation } from '../../service/operation-table.ts';
import { print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export function nimCommand() {
  return (
    new Command('nim')
      .description(
        'nim arithmetic, the field of nimbers on integers of any size: nim-sum, product, quotient, inverse, square, square root and power (results in decimal)',
      )
      .argument('<op>', 'operation: sum, mul, div, inv, square, sqrt, pow')
      .argument('<values...>', 'one or two non-negative integers (digits, 1_000, 1e6, or a power such as 2^400)')
      .addOption(jsonOption())
      .addOption(new Option('--explain', 'work a product out step by step (mul, factors 0..255)'))
      .addHelpText(
        'after',
        `\nOperations:\n${nimOperationsHelp()
          .map((line) => `  ${line}`)
          .join(
            '\n',
          )}\n\nExamples:\n  nimber nim mul 2^400 2^400\n  nimber nim inv 7\n  nimber nim sqrt 8\n  nimber nim pow 2 100\n  nimber nim mul 8 8 --explain`,
      )
      // the operation table's own request: the same fields as POST /api/nim's body
      .action(async (op, values, opts) => {
        const reply = await runOperation(
          'nim-arithmetic',
          readRequest('nim-arithmetic', { op, values, explain: opts.explain }),
          ENGINE_ENV,
        );
        if (opts.json) print(toJson(reply));
        else print(reply.explanation ? reply.explanation.lines.join('\n') : reply.result.toString());
      })
  );
}
