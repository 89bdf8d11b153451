/**
 * The checker of a user's rules (`nimber check-rules`, the page's "Check" button): plays random
 * lines from the start positions, and on the positions met compares what the solver relies on
 * against a plain Grundy computation over the declared moves alone (no components, no key: positions
 * told apart by their text). It reports, one line each, the usual mistakes: a key that merges
 * positions of different values, components whose values do not nim-sum to the whole's, moves that
 * never end (a cycle), positions that do not read back through the text format, moves that change
 * the position they are given, and any disagreement left between the solver and the plain values.
 *
 * Cost: each position checked costs the plain computation below it, at most `budget` new positions
 * (a position whose subtree is larger is skipped, and the lines are checked from their ends, where
 * positions are small); the solver's search of the same positions on top.
 */
import { InputError } from './errors.ts';
import { GameSolver, SearchStopped } from './solve/search/index.ts';
import type { GameRuleset, HeapRuleset } from './types.ts';
import { roundTripError, type UserRuleset } from './user-rules.ts';
import { seededRandom } from './random.ts';

export interface CheckRulesOptions {
  /** Positions the random lines start from (default: the rules' start, else small rectangles when the rules have them). */
  readonly starts?: readonly unknown[];
  /** The same as text, read by the rules' notation (a face's positions); a heap game ignores them. */
  readonly positions?: readonly string[];
  /** Random lines of play (default 30). */
  readonly lines?: number;
  /** Seed of the random choices (default 1): the same seed plays the same lines. */
  readonly seed?: number;
  /** New positions the plain computation may visit for one position checked (default 20,000). */
  readonly budget?: number;
  /** Longest line of play before the moves are said never to end (default 10,000). */
  readonly maxDepth?: number;
  /** Milliseconds the check may take; it stops with what it found (default: no limit). */
  readonly timeLimitMs?: number;
  /** Heaps 0..this checked of a heap game (default 200, within the rules' maxHeap). */
  readonly maxHeap?: number;
}

export interface RulesCheck {
  /** One line per mistake found (empty: none found). */
  readonly problems: readonly string[];
  /** Positions (or heaps) whose values were compared. */
  readonly checked: number;
  /** Positions met but too large for the plain computation's budget. */
  readonly skipped: number;
  /** True when the time limit stopped the check before its lines were played. */
  readonly stopped: boolean;
}

/** Found a mistake that ends the check (a cycle: nothing below it has a value). */
class Mistake extends Error {}
/** The plain computation ran past its budget for one position. */
class OverBudget extends Error {}

/** Checks a user ruleset (see the file's comment). Throws InputError when there is nothing to start from. */
export function checkRules(ruleset: UserRuleset, options: CheckRulesOptions = {}): RulesCheck {
  return ruleset.kind === 'heap' ? checkHeapRules(ruleset, options) : checkGameRules(ruleset, options);
}

/** A heap game: every heap's options read (the guards word what is wrong), its value computed. */
function checkHeapRules(ruleset: HeapRuleset, options: CheckRulesOptions): RulesCheck {
  const top = Math.min(options.maxHeap ?? 200, ruleset.maxHeap);
  const deadline = Date.now() + (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  let checked = 0;
  try {
    for (let n = 0; n <= top; n++) {
      if (Date.now() > deadline) return { problems: [], checked, skipped: 0, stopped: true };
      for (const _ of ruleset.heapOptions(n));
      checked++;
    }
  } catch (e) {
    if (e instanceof InputError) return { problems: [e.message], checked, skipped: 0, stopped: false };
    throw e;
  }
  return { problems: [], checked, skipped: 0, stopped: false };
}

function checkGameRules(rules: GameRuleset<unknown>, options: CheckRulesOptions): RulesCheck {
  const budget = options.budget ?? 20_000;
  const maxDepth = options.maxDepth ?? 10_000;
  const deadline = Date.now() + (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const random = seededRandom(options.seed ?? 1);
  const starts = startsOf(rules, options.starts ?? options.positions?.map((t) => rules.notation.parsePosition(t)));
  const format = (p: unknown) => rules.notation.formatPosition(p);
  const problems: string[] = [];
  const said = new Set<string>();
  const report = (kind: string, line: string) => {
    if (said.has(kind)) return;
    said.add(kind);
    problems.push(line);
  };

  // plain values by position text, and what the key and the components say of the positions valued
  const plain = new Map<string, number>();
  const byKey = new Map<string, { text: string; value: number }>();
  const tripped = new Set<string>();
  let checked = 0;
  let skipped = 0;

  /** The moves of a position, checked not to change it. */
  const movesOf = (position: unknown, text: string): unknown[] => {
    const moves = [...rules.moves(position)];
    const after = format(position);
    if (after !== text)
      throw new InputError(
        `rules.moves changed the position it was given: '${clip(text)}' became '${clip(after)}' (build new positions instead)`,
      );
    return moves;
  };

  /** The position's value over the moves alone (text-keyed memo), or OverBudget; a cycle is a Mistake. */
  const plainValue = (start: unknown): number => {
    const startText = format(start);
    const known = plain.get(startText);
    if (known !== undefined) return known;
    let fresh = 0;
    interface Frame {
      position: unknown;
      text: string;
      moves: unknown[];
      next: number;
      values: Set<number>;
    }
    const onStack = new Map<string, number>();
    const open = (position: unknown, text: string): Frame => {
      if (++fresh > budget) throw new OverBudget();
      if (!tripped.has(text)) {
        tripped.add(text);
        const wrong = roundTripError(rules, position);
        if (wrong !== null) report('round-trip', wrong);
      }
      onStack.set(text, stack.length);
      return { position, text, moves: movesOf(position, text), next: 0, values: new Set() };
    };
    const stack: Frame[] = [];
    stack.push(open(start, startText));
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (top.next < top.moves.length) {
        const child = top.moves[top.next++];
        const text = format(child);
        const value = plain.get(text);
        if (value !== undefined) {
          top.values.add(value);
          continue;
        }
        const at = onStack.get(text);
        if (at !== undefined) {
          const loop = [...stack.slice(at).map((f) => f.text), text].map((t) => `'${clip(t, 20)}'`);
          report('cycle', `moves never end: a cycle of ${loop.length - 1} moves ${loop.join(' -> ')}`);
          throw new Mistake();
        }
        if (stack.length >= maxDepth) {
          report('cycle', `moves never end: a line of play from '${clip(startText)}' runs past ${maxDepth} moves`);
          throw new Mistake();
        }
        stack.push(open(child, text));
        continue;
      }
      let mex = 0;
      while (top.values.has(mex)) mex++;
      plain.set(top.text, mex);
      // every position valued is held to the key: a key that merges a position with one below it
      // would send the solver round in circles before the line's own positions are compared
      noteKey(top.position, top.text, mex);
      onStack.delete(top.text);
      stack.pop();
      if (stack.length > 0) stack[stack.length - 1].values.add(mex);
    }
    return plain.get(startText)!;
  };

  /** Holds the key to the plain values: two positions of one key must have one value. */
  function noteKey(position: unknown, text: string, value: number): void {
    const key = rules.key(position);
    const same = byKey.get(key);
    if (same === undefined) byKey.set(key, { text, value });
    else if (same.value !== value)
      report(
        'key',
        `rules.key merges different positions: '${clip(same.text)}' (value ${same.value}) and '${clip(text)}' (value ${value}) both have the key '${clip(key)}'`,
      );
  }

  /** Compares the key, the components and the solver with the plain value of one position. */
  const compare = (position: unknown, solver: GameSolver<unknown>) => {
    const value = plainValue(position);
    const text = format(position);
    noteKey(position, text, value);
    if (rules.components) {
      const parts = rules.components(position);
      const values = parts.map((p) => plainValue(p));
      const sum = values.reduce((a, b) => a ^ b, 0);
      if (sum !== value)
        report(
          'components',
          `rules.components are not independent: '${clip(text)}' has value ${value}, but its components ${parts.map((p) => `'${clip(format(p), 20)}'`).join(', ')} have values ${values.join(', ')} (nim-sum ${sum})`,
        );
    }
    checked++;
    // a wrong key or wrong components already explain any disagreement (one line for one mistake),
    // and the solver, which trusts them, may then never finish: it is not asked
    if (said.has('key') || said.has('components')) return;
    const solved = solver.grundy(position);
    if (solved !== value)
      report(
        'solver',
        `the solver, with your components and key, gives '${clip(text)}' the value ${solved}, but your moves alone give ${value}`,
      );
  };

  const solver = new GameSolver(rules, { timeLimitMs: options.timeLimitMs });
  const lines = options.lines ?? 30;
  try {
    for (let line = 0; line < lines; line++) {
      if (Date.now() > deadline) return { problems, checked, skipped, stopped: true };
      const path = playLine(starts[line % starts.length], random, maxDepth, format, movesOf, report);
      if (path === null) break;
      // from the end of the line back: small positions first, until one is too large
      for (let i = path.length - 1; i >= 0; i--) {
        if (Date.now() > deadline) return { problems, checked, skipped, stopped: true };
        try {
          compare(path[i], solver);
        } catch (e) {
          if (!(e instanceof OverBudget)) throw e;
          skipped++;
          break;
        }
      }
    }
  } catch (e) {
    if (e instanceof Mistake) return { problems, checked, skipped, stopped: false };
    if (e instanceof SearchStopped) return { problems, checked, skipped, stopped: true };
    // a rule that throws or returns garbage is itself the mistake to report
    if (e instanceof InputError) return { problems: [...problems, e.message], checked, skipped, stopped: false };
    throw e;
  }
  return { problems, checked, skipped, stopped: false };
}

/** One random line of play: the positions from the start to the end; null after reporting a cycle. */
function playLine(
  start: unknown,
  random: () => number,
  maxDepth: number,
  format: (p: unknown) => string,
  movesOf: (p: unknown, text: string) => unknown[],
  report: (kind: string, line: string) => void,
): unknown[] | null {
  const path: unknown[] = [];
  const seen = new Map<string, number>();
  let position = start;
  for (;;) {
    const text = format(position);
    const at = seen.get(text);
    if (at !== undefined) {
      const loop = [...path.slice(at).map(format), text].map((t) => `'${clip(t, 20)}'`);
      report('cycle', `moves never end: a cycle of ${loop.length - 1} moves ${loop.join(' -> ')}`);
      return null;
    }
    seen.set(text, path.length);
    path.push(position);
    const moves = movesOf(position, text);
    if (moves.length === 0) return path;
    if (path.length > maxDepth) {
      report('cycle', `moves never end: a line of play from '${clip(format(start))}' runs past ${maxDepth} moves`);
      return null;
    }
    position = moves[Math.floor(random() * moves.length)];
  }
}

/** Where the lines start: the positions given, else the rules' start, else small rectangles. */
function startsOf(rules: GameRuleset<unknown>, given: readonly unknown[] | undefined): readonly unknown[] {
  if (given !== undefined && given.length > 0) return given;
  if (rules.start !== null) return [rules.start];
  if (rules.rectangle) {
    const boards: unknown[] = [];
    for (let rows = 1; rows <= 3; rows++)
      for (let cols = rows; cols <= 4; cols++) boards.push(rules.rectangle(rows, cols));
    return boards;
  }
  throw new InputError(
    'check-rules needs positions to start from: the rules have no start; give one or more positions',
  );
}

function clip(text: string, chars = 60): string {
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}
