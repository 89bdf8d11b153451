/** The shape of a catalog problem: judge text in, judge text out, through the engine. */

export interface Problem<Input = unknown, Output = unknown> {
  /** Id used by `nimber solve <id>` and the API. */
  readonly id: string;
  readonly title: string;
  /** One paragraph: what the input is and what is printed. */
  readonly summary: string;
  /** A sample input and its expected output, from the problem's public statement. */
  readonly sample: { readonly input: string; readonly output: string };
  /** Parses judge input; throws InputError naming the line or value that is wrong. */
  parse(text: string): Input;
  solve(input: Input): Output;
  /** Judge output text (no trailing newline). */
  format(output: Output): string;
  /** Machine output for --json and the API; big integers as decimal strings. */
  json(output: Output): unknown;
  /** The same answer computed by the brute-force oracle; throws InputError when too large for it. */
  verify?(input: Input): Output;
}

/** Solves judge text end to end. */
export function solveText<I, O>(problem: Problem<I, O>, text: string): string {
  return problem.format(problem.solve(problem.parse(text)));
}
