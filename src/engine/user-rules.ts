/**
 * A game the user writes: the value a rules module exports, read into a Ruleset of the engine's own
 * model (defineGame or defineHeapGame), every user function guarded so that what it does wrong
 * becomes one InputError naming the rule and the position. Pure: the CLI (src/adapters/rules-file.ts)
 * and the page both load the module their own way and hand its export here.
 *
 * The module's shape (its default export; the members are named as the engine names them):
 *
 *   export default {
 *     name: 'Chocolate bar',              // required: the game's name in replies and messages
 *     // a game searched position by position: its moves, and optionally the rest
 *     moves(p) { ... },                   // every position one move away (an array or a generator)
 *     components(p) { ... },              // independent parts whose values nim-sum to p's
 *     key(p) { ... },                     // equal text for positions that are the same game
 *     start: [4, 6],                      // the position analysed when none is given
 *     parse(text) { ... }, format(p) { ... },   // positions as one line of text (default: JSON)
 *     describeMove(from, to) { ... },     // a move in words (default: "move to <position>")
 *     rectangle(rows, cols) { ... },      // the start on an R x C board: `nimber table` then varies it
 *   };
 *
 *   export default { name: "Dawson's chess", heapOptions(n) { ... } };
 *     // a heap game: what one heap of size n may become, each option a list of smaller heaps
 *     // (empty when nothing is left); sequences, periods, counts and tables apply
 *
 * Guards: a throw, a result of the wrong type (moves not iterable, a key that is no string, a
 * position JSON cannot write), a heap option whose heaps do not shrink, a position that does not
 * read back through format and parse, and more than MAX_USER_MOVES moves from one position each
 * become one line: "rules.moves threw on position '[3,2]': TypeError: …". Loops and memory are the
 * face's business (a worker it can end): nothing pure can stop a function that never returns.
 */
import { defineGame, defineHeapGame } from './define.ts';
import { InputError } from './errors.ts';
import { MAX_SEQUENCE } from './limits.ts';
import type { GameRuleset, HeapRuleset } from './types.ts';

/** The family name every user ruleset carries (for display; nothing dispatches on it). */
export const USER_RULES_FAMILY = 'rules';

/** Most moves (or heap options, or components) one call may give: past it the rules are refused. */
export const MAX_USER_MOVES = 1_000_000;

/** Longest position text a message quotes. */
const QUOTED_CHARS = 60;

/** What a rules module exports (see the file's comment); P is the user's own position type. */
export interface RulesDefinition<P = unknown> {
  readonly name: string;
  moves?(position: P): Iterable<P>;
  components?(position: P): Iterable<P>;
  key?(position: P): string;
  readonly start?: P;
  parse?(text: string): P;
  format?(position: P): string;
  describeMove?(from: P, to: P): string;
  rectangle?(rows: number, cols: number): P;
  heapOptions?(n: number): Iterable<Iterable<number>>;
  /** A heap game's largest heap (default: the engine's sequence maximum). */
  readonly maxHeap?: number;
}

/** The members a rules module may export, with what each must be. */
const MEMBERS: Readonly<Record<keyof RulesDefinition, 'function' | 'string' | 'number' | 'value'>> = {
  name: 'string',
  moves: 'function',
  components: 'function',
  key: 'function',
  start: 'value',
  parse: 'function',
  format: 'function',
  describeMove: 'function',
  rectangle: 'function',
  heapOptions: 'function',
  maxHeap: 'number',
};

/** Members only a game searched position by position has (a heap game's positions are heap sizes). */
const GAME_ONLY = ['moves', 'components', 'key', 'start', 'parse', 'format', 'describeMove', 'rectangle'] as const;

/** A user ruleset: either kind, its definition kept for the checker. */
export type UserRuleset = GameRuleset<unknown> | HeapRuleset;

/**
 * The Ruleset of a rules module's export (the module namespace, whose `default` is read, or the
 * definition itself); throws InputError in one line when the shape is wrong.
 */
export function userRuleset(exported: unknown, watch?: RulesWatch): UserRuleset {
  const definition = definitionOf(exported);
  return typeof definition.heapOptions === 'function' ? heapGame(definition, watch) : searchedGame(definition, watch);
}

/**
 * Hears each call of user code before it is made: the rule and where (a thunk that words the position,
 * itself calling the user's format). A face that can end a thread whose rule never returns keeps the
 * last call where it can read it from another thread, so its message names the rule and the position.
 */
export interface RulesWatch {
  enter(rule: string, where: () => string): void;
}

/** guardCall and listItems bound to a watch, as each builder uses them. */
function guards(watch: RulesWatch | undefined) {
  return {
    guard: <T>(rule: string, where: () => string, call: () => T): T => guardCall(watch, rule, where, call),
    listOf: (value: unknown, rule: string, where: () => string, item: string): unknown[] =>
      listItems(watch, value, rule, where, item),
  };
}

/** The definition inside the export, its members checked. */
function definitionOf(exported: unknown): RulesDefinition {
  let value = exported;
  if (isObject(value) && 'default' in value && isObject(value.default)) value = value.default;
  if (!isObject(value))
    throw new InputError(
      `the rules module must export an object as its default export (export default { name, moves }), got ${kindOf(value)}`,
    );
  const known = Object.keys(MEMBERS);
  for (const member of Object.keys(value)) {
    if (member === 'default' && value !== exported) continue;
    if (!Object.hasOwn(MEMBERS, member))
      throw new InputError(`rules: unknown member '${member}'; a rules module exports ${known.join(', ')}`);
    const wanted = MEMBERS[member as keyof RulesDefinition];
    const got = (value as Record<string, unknown>)[member];
    if (wanted !== 'value' && got !== undefined && typeof got !== wanted)
      throw new InputError(`rules.${member} must be a ${wanted}, got ${kindOf(got)}`);
  }
  const definition = value as unknown as RulesDefinition;
  if (typeof definition.name !== 'string' || definition.name.trim() === '')
    throw new InputError("rules.name must be the game's name, e.g. name: 'Chocolate bar'");
  const hasMoves = typeof definition.moves === 'function';
  const hasHeaps = typeof definition.heapOptions === 'function';
  if (hasMoves === hasHeaps)
    throw new InputError(
      hasMoves
        ? 'rules: give either moves(position) (a game searched position by position) or heapOptions(n) (a heap game), not both'
        : 'rules: give moves(position) (a game searched position by position) or heapOptions(n) (a heap game)',
    );
  if (hasHeaps) {
    const extra = GAME_ONLY.find((m) => definition[m] !== undefined);
    if (extra !== undefined)
      throw new InputError(
        `rules.${extra} belongs to a game searched position by position; a heap game's positions are heap sizes (give heapOptions only)`,
      );
  } else if (definition.maxHeap !== undefined) {
    throw new InputError('rules.maxHeap belongs to a heap game (heapOptions)');
  }
  return definition;
}

/** A heap game: its options guarded (lists of smaller heap sizes, zeros dropped). */
function heapGame(definition: RulesDefinition, watch: RulesWatch | undefined): HeapRuleset {
  const options = definition.heapOptions!.bind(definition);
  const maxHeap = definition.maxHeap ?? MAX_SEQUENCE;
  if (!Number.isSafeInteger(maxHeap) || maxHeap < 1 || maxHeap > MAX_SEQUENCE)
    throw new InputError(`rules.maxHeap must be an integer from 1 to ${MAX_SEQUENCE}, got ${maxHeap}`);
  const name = definition.name.trim();
  return defineHeapGame({
    family: USER_RULES_FAMILY,
    spec: name,
    title: name,
    what: 'a heap game of your rules',
    maxHeap,
    heapOptions: (n) => heapOptionsOf(options, n, guards(watch)),
  });
}

function heapOptionsOf(
  options: (n: number) => Iterable<Iterable<number>>,
  n: number,
  { guard, listOf }: ReturnType<typeof guards>,
): (readonly number[])[] {
  const at = () => `heap ${n}`;
  const listed = listOf(
    guard('heapOptions', at, () => options(n)),
    'heapOptions',
    at,
    'an option',
  );
  return listed.map((option) => {
    const parts = listOf(option, 'heapOptions', at, 'a heap');
    const heaps: number[] = [];
    for (const part of parts) {
      if (typeof part !== 'number' || !Number.isInteger(part) || part < 0)
        throw new InputError(
          `rules.heapOptions returned an option with ${kindOf(part)} on heap ${n}: an option is a list of heap sizes (non-negative integers)`,
        );
      if (part >= n)
        throw new InputError(
          `rules.heapOptions returned an option with heap ${part} on heap ${n}: every heap of an option must be smaller than ${n}, or the game never ends`,
        );
      if (part > 0) heaps.push(part);
    }
    return heaps;
  });
}

/** A game searched position by position: every user function guarded. */
function searchedGame(definition: RulesDefinition, watch: RulesWatch | undefined): GameRuleset<unknown> {
  const { guard, listOf } = guards(watch);
  const d = definition;
  const name = d.name.trim();
  const rawFormat = d.format?.bind(d);
  const rawParse = d.parse?.bind(d);
  /** The position's text, unguarded (for messages): the user's format, else JSON, else a word. */
  const quoted = (position: unknown): string => {
    let text: string | undefined;
    try {
      const t = rawFormat ? rawFormat(position) : JSON.stringify(position);
      text = typeof t === 'string' ? t : undefined;
    } catch {
      text = undefined;
    }
    if (text === undefined) return `(${kindOf(position)})`;
    return `'${text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text}'`;
  };
  const on = (position: unknown) => () => `position ${quoted(position)}`;

  const format = (position: unknown): string => {
    const text = guard('format', on(position), () => (rawFormat ? rawFormat(position) : JSON.stringify(position)));
    if (typeof text !== 'string')
      throw new InputError(
        rawFormat
          ? `rules.format returned ${kindOf(text)} on position ${quoted(position)}: it must return a string`
          : `a position is ${kindOf(position)}, which JSON cannot write: give format and parse`,
      );
    return text;
  };
  const readText = (text: string): unknown => {
    const at = () => `text '${clip(text)}'`;
    if (rawParse) return guard('parse', at, () => rawParse(text));
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new InputError(
        `position '${clip(text)}' is not JSON (${errorText(e)}); positions of these rules are JSON text`,
      );
    }
  };
  /** A position read from text, checked to read back: format(parse(text)) parses to the same text. */
  const parsePosition = (text: string): unknown => {
    const position = readText(text.trim());
    roundTrip(position, format, readText);
    return position;
  };
  const checked = (position: unknown, rule: string, from: () => string): unknown => {
    if (position === undefined || typeof position === 'function' || typeof position === 'symbol')
      throw new InputError(`rules.${rule} returned ${kindOf(position)} as a position on ${from()}`);
    return position;
  };
  const moves = d.moves!.bind(d);
  const components = d.components?.bind(d);
  const key = d.key?.bind(d);
  const describe = d.describeMove?.bind(d);
  const rectangle = d.rectangle?.bind(d);
  const start = d.start === undefined ? null : checked(d.start, 'start', () => 'the rules');
  if (start !== null) format(start);
  return defineGame<unknown>({
    family: USER_RULES_FAMILY,
    spec: name,
    title: name,
    what: 'a game of your rules, searched position by position',
    start,
    moves: (position) =>
      listOf(
        guard('moves', on(position), () => moves(position)),
        'moves',
        on(position),
        'a move',
      ).map((to) => checked(to, 'moves', on(position))),
    ...(components && {
      components: (position: unknown) =>
        listOf(
          guard('components', on(position), () => components(position)),
          'components',
          on(position),
          'a component',
        ).map((part) => checked(part, 'components', on(position))),
    }),
    ...(key && {
      key: (position: unknown) => {
        const k = guard('key', on(position), () => key(position));
        if (typeof k !== 'string')
          throw new InputError(
            `rules.key returned ${kindOf(k)} on position ${quoted(position)}: it must return a string`,
          );
        return k;
      },
    }),
    ...(rectangle && {
      rectangle: (rows: number, cols: number) =>
        checked(
          guard(
            'rectangle',
            () => `a ${rows} x ${cols} board`,
            () => rectangle(rows, cols),
          ),
          'rectangle',
          () => `a ${rows} x ${cols} board`,
        ),
    }),
    notation: {
      positionFormat: rawFormat ? `positions as ${name}'s rules write them (rules.format)` : 'JSON text, e.g. [4,6]',
      parsePosition,
      formatPosition: format,
      ...(describe && {
        describeMove: (from: unknown, to: unknown) => {
          const words = guard('describeMove', on(from), () => describe(from, to));
          if (typeof words !== 'string')
            throw new InputError(
              `rules.describeMove returned ${kindOf(words)} on position ${quoted(from)}: it must return a string`,
            );
          return words;
        },
      }),
    },
  });
}

/** Throws when the position's text does not read back as the same text. */
function roundTrip(position: unknown, format: (p: unknown) => string, read: (text: string) => unknown): void {
  const text = format(position);
  const again = format(read(text));
  if (again !== text)
    throw new InputError(
      `position '${clip(text)}' does not read back through format and parse: it reads as '${clip(again)}'`,
    );
}

/** Whether a position reads back through the notation (what check-rules asks of every position it meets). */
export function roundTripError(ruleset: GameRuleset<unknown>, position: unknown): string | null {
  try {
    const text = ruleset.notation.formatPosition(position);
    const again = ruleset.notation.formatPosition(ruleset.notation.parsePosition(text));
    return again === text
      ? null
      : `position '${clip(text)}' does not read back through format and parse: it reads as '${clip(again)}'`;
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
}

/** Calls a user function; a throw becomes one InputError naming the rule and where. */
function guardCall<T>(watch: RulesWatch | undefined, rule: string, where: () => string, call: () => T): T {
  watch?.enter(rule, where);
  try {
    return call();
  } catch (e) {
    if (e instanceof InputError && e.message.startsWith('rules.')) throw e;
    throw new InputError(`rules.${rule} threw on ${where()}: ${errorText(e)}`);
  }
}

/** An iterable's items as an array (a generator's throw guarded too), at most MAX_USER_MOVES of them. */
function listItems(
  watch: RulesWatch | undefined,
  value: unknown,
  rule: string,
  where: () => string,
  item: string,
): unknown[] {
  if (
    typeof value === 'string' ||
    !isObject(value) ||
    typeof (value as unknown as Iterable<unknown>)[Symbol.iterator] !== 'function'
  )
    throw new InputError(
      `rules.${rule} returned ${kindOf(value)} on ${where()}: it must return an array (or a generator) with ${item} each`,
    );
  const items: unknown[] = [];
  guardCall(watch, rule, where, () => {
    for (const x of value as unknown as Iterable<unknown>) {
      items.push(x);
      if (items.length > MAX_USER_MOVES)
        throw new InputError(`rules.${rule} returned more than ${MAX_USER_MOVES} items on ${where()}`);
    }
  });
  return items;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** What a value is, in a word or two (never the value itself: it may be huge or cyclic). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isFinite(value) ? `the number ${value}` : `${value}`;
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}

/** A thrown value in one line: "TypeError: x is undefined". */
function errorText(e: unknown): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : `${typeof e === 'string' ? e : kindOf(e)}`;
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string): string {
  return text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
}
