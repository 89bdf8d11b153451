/** Small helpers shared by the commands: reading stdin, printing results, JSON with bigints. */
import { InputError, parseNatural } from '../engine/errors.ts';
import type { Verification } from '../service/analyze.ts';

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

/** Seconds from --time-limit, in milliseconds (undefined: the service's default). */
export function timeLimitMs(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseNatural(text, '--time-limit', 86_400) * 1000;
}

/**
 * The most characters one answer writes to a terminal: more scrolls past unread and can stall the
 * terminal for minutes (25 MB of Grundy values). Redirected or piped output is written in full.
 */
export const TERMINAL_OUTPUT_LIMIT = 1 << 20;

/** Refuses an answer of `chars` characters (at least) when stdout is a terminal and it is over the limit. */
export function refuseForTerminal(chars: number, less = 'ask for less', atLeast = false): void {
  if (process.stdout.isTTY !== true || chars <= TERMINAL_OUTPUT_LIMIT) return;
  throw new InputError(
    `the answer is ${atLeast ? 'at least ' : ''}${(chars / 1e6).toFixed(1)} MB, too much for a terminal: redirect it (> answer.txt, | less) or ${less}`,
  );
}

export function print(text: string): void {
  refuseForTerminal(text.length);
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** Thrown when --verify finds the fast answer and the oracle's disagree (exit code 1). */
export class VerifyMismatch extends Error {
  override readonly name = 'VerifyMismatch';
}

/** The answer of a --verify run: said on stderr when the oracle agrees, exit 1 (VerifyMismatch) when not. */
export function reportVerification<T>(checked: { verification: Verification } & ({ reply: T } | { count: T })): T {
  const { verification } = checked;
  if (!verification.agrees)
    throw new VerifyMismatch(`verification failed: fast answer ${verification.fast} but oracle ${verification.oracle}`);
  process.stderr.write('verified: the brute-force oracle agrees\n');
  return 'reply' in checked ? checked.reply : checked.count;
}

/**
 * An integer with commas between groups of three digits, as `toLocaleString('en-US')` writes it,
 * without loading ICU's number formats: the first `toLocaleString` of a process costs about 30 ms,
 * which a help text built at every start would pay, and each later call makes a formatter anew (a
 * progress line a few times a second). Integers only: anything else is left to ICU.
 */
export function grouped(n: number): string {
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toLocaleString('en-US');
}

/** A number as the options read it back, in the shortest exponent form: 1e10, 3e7, 1.5e3. */
export function exponential(n: number): string {
  return n.toExponential().replace('e+', 'e');
}
