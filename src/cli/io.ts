/** Small helpers shared by the commands: reading stdin, printing results, JSON with bigints. */
import { InputError, parseNatural } from '../engine/errors.ts';

/** JSON.stringify that writes bigints as decimal strings. */
export function toJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), indent);
}

/** Reads all of stdin (for judge-format input). */
export async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('reading input from stdin (end with Ctrl-D)\n');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses heap sizes given as command-line words. */
export function parseHeapArgs(words: readonly string[], what = 'heap'): number[] {
  if (words.length === 0) throw new InputError(`give at least one ${what} size`);
  return words.map((w, i) => parseNatural(w, `${what} ${i + 1}`));
}

/** Parses an integer option value (commander passes strings). */
export function intOption(value: string, name: string): number {
  return parseNatural(value, name);
}

export function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** Thrown when --verify finds the fast answer and the oracle's disagree (exit code 1). */
export class VerifyMismatch extends Error {
  override readonly name = 'VerifyMismatch';
}

/** Compares the fast and the oracle answers (through their JSON text); throws on any difference. */
export function checkAgreement(fast: unknown, oracle: unknown): void {
  const a = toJson(fast),
    b = toJson(oracle);
  if (a !== b) throw new VerifyMismatch(`verification failed: fast answer ${a} but oracle ${b}`);
  process.stderr.write('verified: the brute-force oracle agrees\n');
}
