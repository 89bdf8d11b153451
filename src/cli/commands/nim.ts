/** `nimber nim <op> <a> [b]`: nim arithmetic on integers of any size (sum, mul, div, inv, square, sqrt, pow). */
import { Command, Option } from '@commander-js/extra-typings';
import { explainProduct, nimArithmetic, nimOperationsHelp } from '../../service/nim-arithmetic.ts';
import { print, toJson } from '../io.ts';
import { jsonOption } from '../options.ts';

export function nimCommand() {
  return new Command('nim')
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
    .action((op, values, opts) => {
      const reply = nimArithmetic({ op, operands: values });
      const explanation = opts.explain ? explainProduct(values[0], values[1] ?? '') : undefined;
      if (opts.json) print(toJson(explanation ? { ...reply, explanation } : reply));
      else print(explanation ? explanation.lines.join('\n') : reply.result.toString());
    });
}
