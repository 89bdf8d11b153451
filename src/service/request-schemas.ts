/**
 * The requests of the operation table as zod schemas: plain data with the same field names wherever
 * a request comes from (an HTTP body or query, a queue job, a library call), sizes bounded, integers
 * as numbers or decimal strings (bigints above 2^53 - 1).
 */
import * as z from 'zod';
import { exampleSpecs } from '../engine/spec.ts';
import { CONVENTIONS, COUNT_ORDERS } from '../engine/types.ts';
import { InputError, MAX_HEAP_DIGITS, readBigNatural, readNatural } from '../engine/errors.ts';
import { MAX_HEAPS } from '../engine/limits.ts';
import { MAX_CENSUS_BUDGET } from './census/budget.ts';
import { CENSUS_FORMATS, MAX_CENSUS_CODES } from './census/formats.ts';
import { QUOTIENT_SIZE_LIMIT } from './misere.ts';

/** Longest judge input accepted by /api/solve (characters). */
export const MAX_INPUT_CHARS = 512 * 1024;
/** Longest ruleset spec accepted (characters). */
export const MAX_SPEC_CHARS = 1000;
/** Longest problem id accepted (characters). */
export const MAX_PROBLEM_CHARS = 100;
/**
 * Longest heap list the schema lets through: the engine's own maximum (MAX_HEAPS), checked on the
 * list's length before any element is read, so a longer list costs nothing to refuse.
 */
export const MAX_LIST = MAX_HEAPS;

/**
 * What kind of value this is, in a word or two. Messages name the kind, never the value itself: it is
 * user data of any size and depth (JSON.stringify of a deeply nested array overflows the stack).
 */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return isNumberText(value)
      ? 'a decimal string above 2^53-1'
      : 'a string that is not a non-negative integer (digits, 1_000, 1e6 or 2^20)';
  if (typeof value === 'number')
    return Number.isInteger(value) ? 'a negative or unsafe integer' : 'a fraction or non-finite number';
  return typeof value === 'object' ? 'an object' : typeof value;
}

const notNatural = (value: unknown) => `expected a non-negative integer, got ${kindOf(value)}`;

/** Strings are read by the CLI's parsers, so the API accepts the same forms (1000000, 1_000_000, 1e6). */
function isNumberText(value: string): boolean {
  return /^\s*([\d_]+(\.\d+)?(e\d+)?|\d+\s*\^\s*\d+)\s*$/i.test(value) && /\d/.test(value);
}

/** A number or a decimal string as a natural number, or undefined. */
function toNatural(value: unknown): number | undefined {
  if (typeof value === 'string') {
    const n = readNatural(value, 'value');
    return n instanceof InputError ? undefined : n;
  }
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** What a client sends for a number: a JSON number, or a decimal string (the only form of a query, and of a bigint). */
export type NumberInput = number | string;

/**
 * A zod schema of one number: `read` gives the value or undefined, `wrong` words a value it refuses.
 * Its input type is what a client should send (the typed client reads it); at run time it reads anything and words the rest.
 */
function numberSchema<T>(
  read: (value: unknown) => T | undefined,
  wrong: (value: unknown) => string,
): z.ZodType<T, NumberInput> {
  // z.custom without a check lets every value through to the transform, which words what it refuses.
  return z.custom<NumberInput>().transform((value, ctx) => {
    const n = read(value);
    if (n === undefined) {
      ctx.addIssue({ code: 'custom', message: wrong(value) });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * A list of heap sizes read by `read`. Checked by hand rather than z.array(...): zod collects one
 * issue per bad element (100,000 bad elements made a 5 MB message); this stops at the first, in O(length).
 */
function sizesSchema<T>(
  read: (value: unknown) => T | undefined,
  wrong: (value: unknown) => string,
): z.ZodType<T[], readonly NumberInput[]> {
  return z.custom<readonly NumberInput[]>().transform((value, ctx) => {
    if (!Array.isArray(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a list of heap sizes, got ${typeof value === 'string' ? 'a string' : kindOf(value)}`,
      });
      return z.NEVER;
    }
    if (value.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'give at least one heap size' });
      return z.NEVER;
    }
    if (value.length > MAX_LIST) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'array',
        maximum: MAX_LIST,
        inclusive: true,
        message: `${value.length} heaps are above the maximum of ${MAX_LIST}`,
      });
      return z.NEVER;
    }
    const heaps = new Array<T>(value.length);
    for (let i = 0; i < value.length; i++) {
      const n = read(value[i]);
      if (n === undefined) {
        ctx.addIssue({ code: 'custom', path: [i], message: wrong(value[i]) });
        return z.NEVER;
      }
      heaps[i] = n;
    }
    return heaps;
  });
}

/** A natural number of any size: a safe JSON number, or a decimal string (a bigint above 2^53 - 1); undefined otherwise. */
function toBigNatural(value: unknown): number | bigint | undefined {
  const safe = toNatural(value);
  if (safe !== undefined) return safe;
  if (typeof value !== 'string') return undefined;
  const n = readBigNatural(value, 'value');
  return n instanceof InputError ? undefined : n;
}

const bigNotNatural = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0
    ? 'a heap size above 2^53 - 1 must be sent as a decimal string'
    : notNatural(value).replace(' above 2^53-1', ` of more than ${MAX_HEAP_DIGITS} digits`);

/** A non-negative safe integer, as a JSON number or a decimal string (big values travel as strings). */
const natural = numberSchema(toNatural, notNatural);
/** Heap sizes, each a safe integer. */
const sizes = sizesSchema(toNatural, notNatural);
/** A heap size of any size (number or decimal string). */
const bigNatural = numberSchema(toBigNatural, bigNotNatural);
/** Heap sizes of any size. */
const bigSizes = sizesSchema(toBigNatural, bigNotNatural);

const spec = z
  .string()
  .trim()
  .min(1, `give a ruleset spec, e.g. ${exampleSpecs()}`)
  .max(MAX_SPEC_CHARS, `a ruleset spec has at most ${MAX_SPEC_CHARS} characters`);

/** Longest path of a rules file (characters). */
export const MAX_RULES_PATH_CHARS = 4096;
/**
 * A game of the user's own rules instead of a spec (the CLI's --rules): the path of a rules module
 * (docs/your-own-game.md). Only a face that runs user code resolves it (ServiceEnv.rules): the CLI, in
 * a thread it can end; the HTTP API refuses it (service/user-rules.ts).
 */
export const rulesRef = z.preprocess(
  // a query's rules=FILE is the path alone: read as the object, so that the HTTP API's refusal is its own line
  (value) => (typeof value === 'string' ? { file: value } : value),
  z.object({
    file: z
      .string()
      .min(1, 'give the path of a rules file')
      .max(MAX_RULES_PATH_CHARS, `a rules file's path has at most ${MAX_RULES_PATH_CHARS} characters`),
  }),
);
export type RulesRef = z.output<typeof rulesRef>;
/** The game of a request that may name the user's rules: a spec, or rules (service/user-rules.ts checks it names one). */
const game = { ruleset: spec.optional(), rules: rulesRef.optional() };

export const solveBody = z.object({
  problem: z.string().min(1).max(MAX_PROBLEM_CHARS, `a problem id has at most ${MAX_PROBLEM_CHARS} characters`),
  input: z.string().max(MAX_INPUT_CHARS, `the input has more than ${MAX_INPUT_CHARS} characters`),
  verify: z.boolean().optional(),
});
export const grundyQuery = z.object({ ...game, to: bigNatural, from: bigNatural.optional() });
export const describeQuery = z.object({ ruleset: spec });
export const pPositionsQuery = z.object({ ruleset: spec, max: natural, piles: natural.optional() });
/** Heaps 0..to (the CLI's --to), or the first `length` heaps; neither: as far as a proof needs, within the budget. */
export const periodQuery = z
  .object({ ...game, length: natural.optional(), to: natural.optional() })
  .refine((q) => q.length === undefined || q.to === undefined, 'give to (the last heap) or length, not both');
/** The play convention: normal (the player who cannot move loses) or misere (the player who moves last loses). */
const convention = z.enum(CONVENTIONS).default('normal');
/** Longest position text of a game on a board or graph (characters). */
export const MAX_BOARD_CHARS = 10_000;
const board = z.string().max(MAX_BOARD_CHARS, `a board has at most ${MAX_BOARD_CHARS} characters`);
/**
 * A position: heaps for games on heaps and piles, a board for games on boards and graphs (optional
 * when the spec names a start, e.g. cram:4x5). Which one a ruleset takes is the service's check.
 */
/** `verify`: check the fast answer against the brute-force oracle (small inputs; refused beyond its reach). */
const verify = z.boolean().optional();
/**
 * `allMoves`: every winning move of a searched game (boards, graphs, Sprouts), which otherwise
 * lists the first one its search finds; heap games list every winning move anyway.
 */
const allMoves = z.boolean().optional();
export const analyzeBody = z.object({
  ...game,
  heaps: bigSizes.optional(),
  board: board.optional(),
  convention,
  verify,
  allMoves,
});
/**
 * A certificate of a board or graph position's Grundy value (normal play): format 2, a proof that
 * follows the search, or 1, every component reachable from the position (docs/certificates.md).
 * `claim`: what it proves, the value or only the outcome (format 2); absent, what the analysis
 * itself finds: the outcome where the family decides outcomes first (Sprouts), else the value.
 */
export const certificateBody = z.object({
  ruleset: spec,
  heaps: bigSizes.optional(),
  board: board.optional(),
  format: z.union([z.literal(1), z.literal(2)], 'format must be 1 or 2').default(2),
  claim: z.enum(['value', 'outcome'], "claim must be 'value' or 'outcome'").optional(),
  // a Grundy value exists under normal play only: misère is refused with that reason
  convention,
});
/**
 * A check of the user's rules (the CLI's `nimber check-rules`): positions to start the random lines
 * from (as text; absent: the rules' start), how many lines, and the seed of the random choices.
 */
export const checkRulesBody = z.object({
  rules: rulesRef,
  positions: z.array(board).max(100, 'give at most 100 positions').optional(),
  lines: natural.optional(),
  seed: natural.optional(),
});
/** A heap position worked out step by step (the CLI's `nimber explain`). */
/** Heap sizes, or the board of a game decided by a result (Quarto). */
export const explainBody = z.object({ ...game, heaps: bigSizes.optional(), board: board.optional(), convention });
export const countBody = z.object({
  ...game,
  /** Absent: the ruleset's own number of piles, else 3. */
  heaps: natural.optional(),
  max: bigNatural,
  min: bigNatural.optional(),
  mod: bigNatural.optional(),
  order: z.enum(COUNT_ORDERS).default('sorted'),
  convention,
  verify,
});
export const positionBody = z.object({
  ruleset: spec,
  position: sizes.optional(),
  board: board.optional(),
  convention,
});
/** Longest typed move of a game against the engine (characters): a position's text, or "take K from H". */
export const MAX_MOVE_CHARS = MAX_BOARD_CHARS;
/**
 * A turn of a game against the perfect opponent at a position (heaps or a board, as `analyze` names
 * it): 'open' states the game, 'move' plays the typed `move` and the engine's reply, 'engine' lets
 * the engine move, 'moves' lists the legal moves, 'hint' analyses.
 */
export const playBody = z.object({
  ...game,
  heaps: bigSizes.optional(),
  board: board.optional(),
  convention,
  action: z.enum(['open', 'move', 'engine', 'moves', 'hint']).default('open'),
  move: z.string().max(MAX_MOVE_CHARS, `a move has at most ${MAX_MOVE_CHARS} characters`).optional(),
});
export type PlayBody = z.output<typeof playBody>;
/** A page of /api/options: `offset` options skipped. */
export const optionsBody = positionBody.extend({ offset: natural.optional() });
/** GET /api/census: no name lists the stores; a name (checked before queueing) asks for one's table. */
export const censusQuery = z.object({
  name: z.string().max(200, 'a census name has at most 200 characters').optional(),
});
/**
 * A certificate to check, as its text (the lines `analyze --certificate` writes). No maximum here: a
 * face bounds what it reads (the HTTP body limit; the CLI reads a file).
 */
/**
 * A certificate's text (lines), or a Quarto proof file's (JSON); `leaves`: search the proof's trusted
 * leaves again with the reference core (minutes for the opening proof; ignored for certificates).
 */
export const verifyBody = z.object({
  certificate: z.string().min(1, 'give the text of a certificate'),
  leaves: z.boolean().optional(),
});

/** The largest maxStates of a quotient request (verification states of one heap). */
export const MAX_QUOTIENT_STATES = 100_000_000;
/** The largest maxRecalibrations of a quotient request (at one heap). */
export const MAX_QUOTIENT_RECALIBRATIONS = 10_000;

/** An optional count from 1 to `max`. */
function positive(name: string, max: number) {
  return natural
    .refine((n) => n >= 1, `${name} must be at least 1`)
    .refine((n) => n <= max, { message: `${name} is above the maximum of ${max}`, abort: true })
    .optional();
}

/**
 * One board of a table (`nimber table … --queue`): a game played on rectangles, the board's size,
 * its search's time limit and whether to certify its value.
 */
export const tableBoardJob = z.object({
  game: spec,
  rows: natural,
  cols: natural,
  cellMs: natural,
  certify: z.boolean(),
});

/** A range of board sides or start sizes as a person writes it: "1..5", or "3" alone (the check reads and bounds it). */
const rangeText = z.string().max(20, 'a range has at most 20 characters');
/** Milliseconds one board or start of a table may take (absent: the default; the check bounds it). */
const cellMs = natural.optional();

/**
 * The Grundy values of the empty R x C boards of a game played on rectangles (`nimber table cram
 * --rows 1..5 --cols 1..9`): ranges of sides, each board's time limit (absent: the default), and
 * whether each value is certified. The store, the queue and the progress are the face's
 * (ServiceEnv.table), never named here; the fields are those of one board's job (tableBoardJob).
 */
export const tableBody = z.object({
  // the game: a spec, or the user's rules (the CLI's --rules), whose rectangle(rows, cols) gives the boards
  game: spec.optional(),
  rules: rulesRef.optional(),
  rows: rangeText.default('1..5'),
  cols: rangeText.default('1..9'),
  cellMs,
  certify: z.boolean().default(false),
});

/** The outcomes of a game's starts sized by one number (`nimber table sprouts --spots 1..8`): the size's name and its range. */
export const sizedTableBody = z.object({
  game: spec,
  size: z.string().max(40, 'a size name has at most 40 characters'),
  range: rangeText,
  cellMs,
});

/** Longest position text of one option of a sized start (a 17-spot Sprouts position is far shorter). */
export const MAX_OPTION_CHARS = 1000;

/**
 * One option of a sized start asked for its outcome under one play (`nimber table … --spots … --queue`,
 * one queue job each): the game (a spec whose starts are sized), the option in the game's canonical
 * text, the play, and the milliseconds its search may take.
 */
export const startOptionJob = z.object({
  game: spec,
  position: z.string().max(MAX_OPTION_CHARS, `an option's position has at most ${MAX_OPTION_CHARS} characters`),
  convention: z.enum(CONVENTIONS),
  cellMs: natural,
});

/** One game of a take-and-break census: its code in standard form, its budget, its convention. */
export const censusGameJob = z.object({
  code: z
    .string()
    .max(200, 'a take-and-break code has at most 200 characters')
    .regex(/^[0-9A-Fa-f]?!?\.[0-9A-Fa-f!]*$/, 'expected a take-and-break code in standard form'),
  budget: z.object({
    maxHeaps: natural,
    maxWork: z.number().positive().optional(),
    seconds: z.number().nonnegative(),
  }),
  convention: z.literal('misere').optional(),
});

/**
 * A census run (`nimber census takebreak --digits K …`): a space of take-and-break codes (the
 * family, `digits` after the point, hex digits, a prefix), each game's budget (absent: the
 * convention's default), most codes taken (absent: DEFAULT_MAX_CODES) and the table's format. The
 * executor, the store and the progress are the face's (ServiceEnv.censusRun), never named here.
 */
export const censusRunBody = z.object({
  family: z.string().max(100, 'a family name has at most 100 characters'),
  digits: natural.default(3),
  hex: z.boolean().default(false),
  prefix: z.string().max(100, 'a prefix has at most 100 characters').optional(),
  convention,
  maxHeaps: positive('maxHeaps', MAX_CENSUS_BUDGET.maxHeaps),
  maxWork: positive('maxWork', MAX_CENSUS_BUDGET.maxWork),
  seconds: positive('seconds', MAX_CENSUS_BUDGET.seconds),
  maxCodes: positive('maxCodes', MAX_CENSUS_CODES),
  format: z.enum(CENSUS_FORMATS).default('md'),
});
export type CensusRunRequest = z.output<typeof censusRunBody>;

/** `solve`: compute as far as the periodicity theorem needs (the CLI's --solve); a query says true or false. */
export const quotientQuery = z.object({
  ruleset: spec,
  max: natural,
  // the construction's own limits (absent: the engine's defaults), the same on every machine
  maxWork: positive('maxWork', Number.MAX_SAFE_INTEGER),
  maxSize: positive('maxSize', QUOTIENT_SIZE_LIMIT),
  maxStates: positive('maxStates', MAX_QUOTIENT_STATES),
  maxRecalibrations: positive('maxRecalibrations', MAX_QUOTIENT_RECALIBRATIONS),
  solve: z
    .union([z.boolean(), z.enum(['true', 'false'], 'solve must be true or false').transform((v) => v === 'true')])
    .optional(),
});

/** Longest operand text of /api/nim (characters; a number below 2^65536 has 19,729 digits). */
export const MAX_NIM_CHARS = 25_000;
/** One operand of nim arithmetic: a JSON number or a decimal string (the service parses and bounds it). */
const nimValue = z.union([
  z.number(),
  z.string().max(MAX_NIM_CHARS, `an operand has at most ${MAX_NIM_CHARS} characters`),
]);
export const nimBody = z.object({
  op: z.string().max(20, 'an operation name has at most 20 characters'),
  // how many an operation takes is its own check, which names the operation (nim sum takes two values …)
  values: z.array(nimValue).min(1, 'give one or two values'),
  explain: z.boolean().optional(),
});
