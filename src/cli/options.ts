/** Options shared by several commands, declared once. */
import { resolve } from 'node:path';
import { Option } from '@commander-js/extra-typings';
import { InputError, parseNatural } from '../engine/errors.ts';
import { exampleSpecs } from '../engine/spec.ts';
import { CONVENTIONS, COUNT_ORDERS } from '../engine/types.ts';
import { DEFAULT_PERIOD_BUDGET_MS } from '../service/operations.ts';
import { DEFAULT_SAVE_EVERY_MS } from '../service/games.ts';

export const jsonOption = () => new Option('--json', 'print machine-readable JSON on stdout');
export const verifyOption = () =>
  new Option(
    '--verify',
    'also compute the answer with the brute-force oracle and exit 1 if they disagree (small inputs only)',
  );
export const orderOption = () =>
  new Option('--order <order>', 'sorted: a <= b <= ... (multisets); ordered: all tuples; distinct: a < b < ...')
    .choices(COUNT_ORDERS)
    .default('sorted' as const);
/** The play convention: --convention normal|misere, or --misere for short. */
export const conventionOption = () =>
  new Option('--convention <convention>', 'normal: the player who cannot move loses; misere: the last mover loses')
    .choices(CONVENTIONS)
    .default('normal' as const);
export const misereOption = () =>
  new Option('--misere', 'misère play: the player who makes the last move loses (see docs/misere.md)').implies({
    convention: 'misere',
  });
export const boardOption = () =>
  new Option(
    '--board <text>',
    "a position of a game on a board or graph, e.g. '..../.##./....' for Cram (rows split by '/' or \\n), or of Quarto: 16 cells ('.' or a piece 0-f), '+' and the piece in hand, e.g. '0...5..a........+3'",
  );
/** How long a call of user code (--rules) may run when the command sets no search time limit. */
export const DEFAULT_RULES_MS = 60_000;

/**
 * --time-limit, with its default in words: a number of seconds, or none (a search of the engine's own
 * rules runs until it is answered or Ctrl-C; a game of --rules stops at 60 s, its thread's limit).
 */
export const timeLimitOption = (seconds?: number) =>
  new Option(
    '--time-limit <seconds>',
    `stop a search after this many seconds (default ${seconds === undefined ? `none; ${DEFAULT_RULES_MS / 1000} for --rules` : seconds})`,
  );

/** Longest --budget accepted (seconds). */
export const MAX_BUDGET_S = 3600;
/**
 * Seconds a search for a proved period may spend: the same option, default and maximum on every
 * command that may need a proof (period; grundy, count and analyze for heaps beyond the sequence maximum).
 */
export const budgetOption = () =>
  new Option(
    '--budget <S>',
    `seconds a search for a period may spend (default ${DEFAULT_PERIOD_BUDGET_MS / 1000}); grundy, count and analyze spend it on heaps beyond the computable maximum`,
  );

/** Milliseconds from --budget (its default when absent). */
export function budgetMs(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PERIOD_BUDGET_MS;
  const seconds = parseNatural(text, '--budget', MAX_BUDGET_S);
  if (seconds < 1) throw new InputError('--budget must be at least 1 second');
  return seconds * 1000;
}

/** Where a long search keeps its table (analyze: one file; table: one file per board beside its store). */
export const saveEveryOption = () =>
  new Option(
    '--save-every <seconds>',
    `seconds of search between saves of a resumable search's table (default ${DEFAULT_SAVE_EVERY_MS / 1000}, or ten times the last save's duration when that is longer; 0: at every progress report, about every 65,536 positions); it is saved too when the search ends or hits its time limit`,
  );

/** Milliseconds from --save-every (undefined: the default). */
export function saveEveryMs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return parseNatural(text, '--save-every', 86_400) * 1000;
}

/** Your own game instead of a spec: analyze, play, grundy, period, count, table and explain take it. */
export const rulesOption = () =>
  new Option(
    '--rules <file>',
    'your own game: a JavaScript or TypeScript module that exports its rules, instead of a ruleset spec (docs/your-own-game.md)',
  );

/** The game a command's request names: its spec, or the rules file of --rules (its path made absolute). */
export type NamedGame = { readonly ruleset: string } | { readonly rules: { readonly file: string } };

/**
 * The game of a command whose first argument is a ruleset spec: that spec, or --rules FILE, when the
 * first word (`first`) belongs to the position (analyze 5 7, play); one line when neither or both.
 */
export function namedGame(
  first: string | undefined,
  words: readonly string[],
  rules: string | undefined,
  takesWords: boolean,
): { game: NamedGame; words: string[] } {
  if (rules === undefined) {
    if (first === undefined) throw new InputError(`give a ruleset spec, e.g. ${exampleSpecs()}, or --rules FILE`);
    return { game: { ruleset: first }, words: [...words] };
  }
  if (first !== undefined && !takesWords)
    throw new InputError(`--rules names the game: give no ruleset spec with it, got '${first}'`);
  return { game: { rules: { file: resolve(rules) } }, words: first === undefined ? [...words] : [first, ...words] };
}
