/** Circle Summation (judge problem, PROBLEMS.md 5): every child's number after M rounds, for every start. */
import { InputError, parseNatural } from '../engine/errors.ts';
import { CIRCLE_MODULUS, circleSummation, simulateCircleSummation } from './math/circle-summation.ts';
import type { Problem } from './types.ts';

/** One test: the children's numbers clockwise from child 1, and the number of rounds M. */
export interface CircleTest {
  readonly values: readonly number[];
  readonly rounds: number;
}

/** Per test, row s = the final numbers when child s+1 plays the first round (mod 1e9+7). */
export type CircleOutput = Uint32Array[][];

/** Documented maxima (the judge's are T <= 15, N <= 50, M <= 1e9, 1 <= a_i <= 1e9). */
export const CIRCLE_MAX_TESTS = 100;
export const CIRCLE_MIN_CHILDREN = 3;
export const CIRCLE_MAX_CHILDREN = 100;
export const CIRCLE_MAX_ROUNDS = 1e15;
export const CIRCLE_MAX_VALUE = 1e9;
/** --verify replays every round from every start: at most this many child-rounds (N * M summed). */
export const CIRCLE_VERIFY_MAX_WORK = 20_000_000;

const SAMPLE_INPUT = ['2', '5 1', '10 20 30 40 50', '3 4', '1 2 1'].join('\n');
const SAMPLE_OUTPUT = [
  '80 20 30 40 50',
  '10 60 30 40 50',
  '10 20 90 40 50',
  '10 20 30 120 50',
  '10 20 30 40 100',
  '',
  '23 7 12',
  '11 21 6',
  '7 13 24',
].join('\n');

export const circleSummationProblem: Problem<CircleTest[], CircleOutput> = {
  id: 'circle-summation',
  title: 'Circle Summation',
  summary:
    'Input: T, then per test a line "N M" and a line of N numbers (children clockwise). In a round the current child adds ' +
    "both neighbours' numbers to its own; the next child clockwise plays the next round. Output per test: N lines, line i = " +
    'the numbers after M rounds when child i starts, mod 1000000007; a blank line between tests.',
  sample: { input: SAMPLE_INPUT, output: SAMPLE_OUTPUT },
  parse: parseCircleInput,
  solve: (tests) => tests.map((t) => circleSummation(t.values, t.rounds)),
  format: (out) => out.map((rows) => rows.map((r) => r.join(' ')).join('\n')).join('\n\n'),
  json: (out) => ({ modulus: CIRCLE_MODULUS, tests: out.map((rows) => ({ rows: rows.map((r) => Array.from(r)) })) }),
  verify(tests) {
    const work = tests.reduce((sum, t) => sum + t.values.length * t.rounds, 0);
    if (work > CIRCLE_VERIFY_MAX_WORK) {
      throw new InputError(
        `--verify for circle-summation replays every round: N × M summed over the tests must be at most ${CIRCLE_VERIFY_MAX_WORK}, got ${work}`,
        'too-large',
      );
    }
    return tests.map((t) => t.values.map((_, start) => simulateCircleSummation(t.values, t.rounds, start)));
  },
};

/** A non-blank input line and its 1-based number. */
interface Line {
  readonly no: number;
  readonly tokens: string[];
}

/**
 * Reads the judge format line by line (blank lines are skipped, so a blank line between tests is
 * fine); every error names the line it is about.
 */
export function parseCircleInput(text: string): CircleTest[] {
  const lines = text.split(/\r?\n/);
  let cursor = 0;
  const next = (what: string): Line => {
    while (cursor < lines.length && lines[cursor].trim() === '') cursor++;
    if (cursor >= lines.length) {
      const last = lastNonBlank(lines);
      throw new InputError(
        `line ${last + 2}: expected ${what}, but the input ended${last >= 0 ? ` after line ${last + 1}` : ' (it is empty)'}`,
      );
    }
    const no = ++cursor;
    return { no, tokens: lines[no - 1].trim().split(/\s+/) };
  };
  const number = (line: Line, index: number, what: string, max: number): number => {
    try {
      return parseNatural(line.tokens[index], what, max);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`line ${line.no}: ${e.message}`, e.kind);
      throw e;
    }
  };

  const first = next('the number of tests T');
  if (first.tokens.length !== 1)
    throw new InputError(
      `line ${first.no}: expected one number T (the number of tests), got ${count(first.tokens.length)}`,
    );
  const t = number(first, 0, 'T', CIRCLE_MAX_TESTS);
  if (t < 1) throw new InputError(`line ${first.no}: T must be at least 1`);

  const tests: CircleTest[] = [];
  for (let k = 1; k <= t; k++) {
    const head = next(`"N M" for test ${k} of ${t}`);
    if (head.tokens.length !== 2)
      throw new InputError(
        `line ${head.no}: expected two numbers "N M" for test ${k}, got ${count(head.tokens.length)}`,
      );
    const n = number(head, 0, 'N', CIRCLE_MAX_CHILDREN);
    if (n < CIRCLE_MIN_CHILDREN)
      throw new InputError(`line ${head.no}: N must be at least ${CIRCLE_MIN_CHILDREN} children, got ${n}`);
    const rounds = number(head, 1, 'M', CIRCLE_MAX_ROUNDS);
    const row = next(`the ${n} numbers of test ${k}`);
    if (row.tokens.length !== n)
      throw new InputError(`line ${row.no}: expected ${n} numbers, got ${row.tokens.length}`);
    const values = row.tokens.map((_, i) => number(row, i, `a_${i + 1}`, CIRCLE_MAX_VALUE));
    tests.push({ values, rounds });
  }
  const extra = lastNonBlank(lines);
  if (extra >= cursor)
    throw new InputError(
      `line ${cursor + 1 + lines.slice(cursor).findIndex((l) => l.trim() !== '')}: unexpected text after the last of the ${t} test${t === 1 ? '' : 's'}`,
    );
  return tests;
}

function lastNonBlank(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return i;
  return -1;
}

const count = (k: number) => (k === 1 ? '1 number' : `${k} numbers`);
