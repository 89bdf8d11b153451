/** Stone Piles (judge problem, PROBLEMS.md 4): split a pile into distinct sizes; ALICE or BOB per test. */
import { InputError, parseNatural } from '../engine/errors.ts';
import { grundySequence } from '../engine/solve/normal/grundy.ts';
import { MAX_HEAPS } from '../engine/limits.ts';
import { oracleFor } from '../engine/solve/oracle/normal.ts';
import { MAX_SPLIT_HEAP, splitDistinct } from '../engine/families/split/index.ts';
import type { Problem } from './types.ts';

/** Documented maxima (the judge's are T <= 50, N <= 50, pile size <= 50). */
export const STONE_PILES_MAX_TESTS = 10_000;
export const STONE_PILES_MAX_PILES = MAX_HEAPS;
export const STONE_PILES_MAX_PILE = MAX_SPLIT_HEAP;
/** --verify plays every test out with the brute-force oracle: at most this many stones per test. */
export const STONE_PILES_VERIFY_MAX_STONES = 40;

export type Winner = 'ALICE' | 'BOB';

export interface StonePilesResult {
  readonly piles: readonly number[];
  /** Nim-sum of the piles' Grundy values (0: the player to move, Alice, loses). */
  readonly nimSum: number | null;
  readonly winner: Winner;
}

const SAMPLE_INPUT = ['4', '1', '4', '2', '1 2', '3', '1 3 4', '1', '8'].join('\n');
const SAMPLE_OUTPUT = ['BOB', 'BOB', 'ALICE', 'BOB'].join('\n');

export const stonePilesProblem: Problem<number[][], StonePilesResult[]> = {
  id: 'stone-piles',
  title: 'Stone Piles',
  summary:
    'Input: T, then per test a line with N and a line with N pile sizes. A move splits one pile into two or more piles ' +
    `of pairwise different sizes; who cannot move loses; Alice moves first. Output: ALICE or BOB per test. Piles up to ${STONE_PILES_MAX_PILE}.`,
  sample: { input: SAMPLE_INPUT, output: SAMPLE_OUTPUT },
  parse: parseStonePiles,
  solve(tests) {
    const largest = Math.max(0, ...tests.map((piles) => Math.max(0, ...piles)));
    const g = grundySequence(splitDistinct, largest);
    return tests.map((piles) => {
      const nimSum = piles.reduce((x, p) => x ^ g[p], 0);
      return { piles, nimSum, winner: nimSum !== 0 ? 'ALICE' : 'BOB' };
    });
  },
  format: (results) => results.map((r) => r.winner).join('\n'),
  // winners only, so that --verify can compare with the oracle (which knows no nim-sums)
  json: (results) => ({ tests: results.map((r) => ({ piles: r.piles, winner: r.winner })) }),
  verify(tests) {
    const oracle = oracleFor(splitDistinct);
    return tests.map((piles, i) => {
      const stones = piles.reduce((a, b) => a + b, 0);
      if (stones > STONE_PILES_VERIFY_MAX_STONES) {
        throw new InputError(
          `--verify for stone-piles works up to ${STONE_PILES_VERIFY_MAX_STONES} stones per test; test ${i + 1} has ${stones}`,
          'too-large',
        );
      }
      return { piles, nimSum: null, winner: oracle.isP(piles) ? 'BOB' : 'ALICE' };
    });
  },
};

/** A non-blank input line: its 1-based number and its words. */
interface Line {
  readonly no: number;
  readonly tokens: string[];
}

/**
 * Reads the judge format: T, then per test a line with N and a line with N pile sizes. Blank
 * lines are skipped; every error names its line. Input given on one line (command-line words)
 * is read as the same sequence of numbers.
 */
export function parseStonePiles(text: string): number[][] {
  const lines = text
    .split(/\r?\n/)
    .map((l, i) => ({ no: i + 1, tokens: l.trim().split(/\s+/).filter(Boolean) }))
    .filter((l) => l.tokens.length > 0);
  if (lines.length === 0)
    throw new InputError(
      'stone-piles expects T, then per test a line with N and a line with N pile sizes; the input is empty',
    );
  return lines.length === 1 && lines[0].tokens.length > 1 ? parseWords(lines[0]) : parseLines(lines);
}

function number(line: Line, index: number, what: string, max: number): number {
  try {
    return parseNatural(line.tokens[index], what, max);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`line ${line.no}: ${e.message}`, e.kind);
    throw e;
  }
}

const plural = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;

function parseLines(lines: Line[]): number[][] {
  let cursor = 0;
  const next = (what: string): Line => {
    if (cursor >= lines.length)
      throw new InputError(`expected ${what} after line ${lines[lines.length - 1].no}, but the input ended`);
    return lines[cursor++];
  };
  const first = next('the number of tests T');
  if (first.tokens.length !== 1)
    throw new InputError(
      `line ${first.no}: expected one number T (the number of tests), got ${plural(first.tokens.length, 'number')}`,
    );
  const t = number(first, 0, 'T', STONE_PILES_MAX_TESTS);
  if (t < 1) throw new InputError(`line ${first.no}: T must be at least 1`);
  const tests: number[][] = [];
  for (let k = 1; k <= t; k++) {
    const head = next(`the number of piles N of test ${k} of ${t}`);
    if (head.tokens.length !== 1)
      throw new InputError(
        `line ${head.no}: expected one number N (the piles of test ${k}), got ${plural(head.tokens.length, 'number')}`,
      );
    const n = number(head, 0, 'N', STONE_PILES_MAX_PILES);
    if (n < 1) throw new InputError(`line ${head.no}: N must be at least 1`);
    const row = next(`the ${plural(n, 'pile size')} of test ${k}`);
    if (row.tokens.length !== n)
      throw new InputError(
        `line ${row.no}: expected ${plural(n, 'pile size')} for test ${k}, got ${row.tokens.length}`,
      );
    tests.push(row.tokens.map((_, i) => number(row, i, `pile ${i + 1}`, STONE_PILES_MAX_PILE)));
  }
  if (cursor < lines.length)
    throw new InputError(`line ${lines[cursor].no}: unexpected text after the last of the ${plural(t, 'test')}`);
  return tests;
}

/** The same numbers given as one line of words (e.g. `nimber solve stone-piles 1 3 1 3 4`). */
function parseWords(line: Line): number[][] {
  let cursor = 0;
  const take = (what: string, max: number): number => {
    if (cursor >= line.tokens.length)
      throw new InputError(
        `line ${line.no}: expected ${what}, but the input ended after ${plural(line.tokens.length, 'number')}`,
      );
    return number(line, cursor++, what, max);
  };
  const t = take('T', STONE_PILES_MAX_TESTS);
  if (t < 1) throw new InputError(`line ${line.no}: T must be at least 1`);
  const tests: number[][] = [];
  for (let k = 1; k <= t; k++) {
    const n = take(`N of test ${k}`, STONE_PILES_MAX_PILES);
    if (n < 1) throw new InputError(`line ${line.no}: N of test ${k} must be at least 1`);
    const piles: number[] = [];
    for (let i = 1; i <= n; i++) piles.push(take(`pile ${i} of test ${k}`, STONE_PILES_MAX_PILE));
    tests.push(piles);
  }
  if (cursor < line.tokens.length)
    throw new InputError(
      `line ${line.no}: ${plural(line.tokens.length - cursor, 'number')} left after the last of the ${plural(t, 'test')}`,
    );
  return tests;
}
