/** What both certificate checkers share: the game they check against, reading lines, and refusing one. */
import { InputError } from '../errors.ts';
import { END_PATTERN } from './format.ts';

/** What the checker needs of a game: the rules, and its notation to read and write positions. */
export interface CheckableGame<P> {
  /** Positions as text, as a game ruleset's notation reads and writes them (stated here: the checker imports no engine type). */
  readonly notation: {
    parsePosition(text: string): P;
    formatPosition(position: P): string;
  };
  moves(position: P): Iterable<P>;
  components?(position: P): P[];
  key(position: P): string;
  /** How many moves `moves` yields (absent: counted by making them). */
  moveCount?(position: P): number;
}

/** One line wrong: the error names it (line numbers from 1). */
export function refuse(line: number, what: string): never {
  throw new InputError(`certificate line ${line}: ${what}`);
}

/** Text clipped for a one-line message. */
export function clip(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function hasMoves<P>(game: CheckableGame<P>, position: P): boolean {
  for (const _ of game.moves(position)) return true;
  return false;
}

/** A certificate's lines read one at a time, counting them (a `\r` before the line end is dropped). */
export class LineReader {
  line = 0;
  private readonly it: Iterator<string>;

  constructor(lines: Iterable<string>) {
    this.it = lines[Symbol.iterator]();
  }

  next(): string | undefined {
    const r = this.it.next();
    if (r.done) return undefined;
    this.line++;
    return r.value.replace(/\r$/, '');
  }
}

/**
 * The fact lines of a certificate's body, each with its line number, up to its end line, which must
 * count them and be the file's last line; a file without one was cut short. Every line yielded is a
 * fact once the caller's loop goes on (a caller refuses a wrong line by throwing). The caller may
 * read further lines that belong to a fact (a witness) from the same reader.
 */
export function* factLines(reader: LineReader): Generator<{ readonly text: string; readonly line: number }> {
  let facts = 0;
  for (let text = reader.next(); text !== undefined; text = reader.next()) {
    const end = END_PATTERN.exec(text);
    if (end) {
      if (Number(end[1]) !== facts) refuse(reader.line, `the end line counts ${end[1]} facts, the file has ${facts}`);
      const after = reader.next();
      if (after !== undefined) refuse(reader.line, `text after the end line: '${clip(after)}'`);
      return;
    }
    yield { text, line: reader.line };
    facts++;
  }
  refuse(reader.line + 1, `the file ends without its 'end <count>' line (cut short?)`);
}

/** The one component a fact is about: its position read, refused when it does not read or splits. */
export function factComponent<P>(game: CheckableGame<P>, text: string, line: number): P {
  let position: P;
  try {
    position = game.notation.parsePosition(text);
  } catch (e) {
    refuse(line, `the position '${clip(text)}' does not read: ${(e as Error).message}`);
  }
  const parts = game.components ? game.components(position) : [position];
  if (parts.length !== 1)
    refuse(line, `the position '${clip(text)}' has ${parts.length} components; a fact is about one component`);
  return position;
}

/** The facts a checker proved: exact values by canonical key, `!=` facts, and how many fact lines it read. */
export interface ProvedValues {
  readonly values: ReadonlyMap<string, number>;
  /** `${key} ${m}` for each fact g(key) != m (version 2). */
  readonly differs: ReadonlySet<string>;
  readonly facts: number;
}

/** A component of a sum that has moves and no `=` fact: its canonical key and the component. */
export interface OpenComponent {
  readonly key: string;
  readonly component: unknown;
}

/**
 * A sum of components (an option, or the certificate's position) from the `=` facts so far: `sum`
 * the nim-sum of the components with an `=` fact, `open` the components with moves and no `=` fact.
 * Components without moves are 0 and need no fact. Two components that are the same game (equal
 * canonical keys) cancel and need no fact either: the Sprague–Grundy theorem makes a sum's value
 * the nim-sum of its parts', and G + G = 0 for every game G (the second player copies each move in
 * the other copy), so a pair of equal components adds nothing whatever its value. Only pairs
 * cancel: of three copies one stays open. (A component with an `=` fact is xored in and cancels
 * by itself, v xor v = 0.)
 */
export function sumOfComponents(
  game: CheckableGame<unknown>,
  components: readonly unknown[],
  keyOf: (position: unknown) => string,
  exact: ReadonlyMap<string, number>,
): { sum: number; open: OpenComponent[] } {
  let sum = 0;
  let unpaired: Map<string, unknown> | undefined;
  for (const component of components) {
    const key = keyOf(component);
    const v = exact.get(key);
    if (v !== undefined) sum ^= v;
    else if (hasMoves(game, component)) {
      unpaired ??= new Map();
      if (unpaired.has(key)) unpaired.delete(key);
      else unpaired.set(key, component);
    }
  }
  const open: OpenComponent[] = [];
  if (unpaired) for (const [key, component] of unpaired) open.push({ key, component });
  return { sum, open };
}

/** Keys remembered by position text at most: past it the memory starts afresh (a bounded cost, never a wrong key). */
const KEY_CACHE_ENTRIES = 1 << 18;

/**
 * The game's canonical key, remembered by the position's text: a position's text determines the
 * position (it is read back from it), so equal texts have equal keys. Components recur under many
 * parents (on Node Kayles certificates four key requests in five are repeats), and a graph's key
 * costs far more than writing the graph out.
 */
export function cachedKey<P>(game: CheckableGame<P>): (position: P) => string {
  let memo = new Map<string, string>();
  return (position) => {
    const text = game.notation.formatPosition(position);
    let key = memo.get(text);
    if (key === undefined) {
      key = game.key(position);
      if (memo.size >= KEY_CACHE_ENTRIES) memo = new Map();
      memo.set(text, key);
    }
    return key;
  };
}
