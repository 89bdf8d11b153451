import fc from 'fast-check';
/** What the certificate tests share: the game a checker reads, the brute-force reference, and a refusal's message. */
import { expect } from 'vitest';
import { type CheckableGame, checkCertificate } from '../../src/engine/certificate/index.ts';
import { InputError } from '../../src/engine/errors.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';

export const gameOf = (spec: string) => parseRuleset(spec) as unknown as CheckableGame<unknown>;

/** The Grundy value of a whole position by mex over its options, memoised by its text: the reference. */
export function bruteGrundy<P>(game: GameRuleset<P>, position: P, memo = new Map<string, number>()): number {
  const text = game.notation.formatPosition(position);
  const known = memo.get(text);
  if (known !== undefined) return known;
  const seen = new Set<number>();
  for (const option of game.moves(position)) seen.add(bruteGrundy(game, option, memo));
  let mex = 0;
  while (seen.has(mex)) mex++;
  memo.set(text, mex);
  return mex;
}

/** The checker's message for damaged lines: an InputError (exit code 2 in the command) of one line. */
export function refusal(lines: string[]): string {
  try {
    checkCertificate(lines, gameOf);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('the damaged certificate was accepted');
}

/**
 * Small boards and graphs both certificate formats are checked on (their brute-force values are
 * within the oracle's reach); version 2 adds a grid graph.
 */
export const SMALL_CERTIFIED_SPECS = [
  'cram:1x7',
  'cram:2x5',
  'cram:3x3',
  'cram:3x4',
  'cram:3x5',
  'cram:4x4',
  'chomp:3x4',
  'node-kayles:path:9',
  'node-kayles:cycle:8',
] as const;

/** Random Cram boards small enough for the brute force over whole positions: up to 4 x 4 (text rows joined by '/'). */
export const smallCramBoards = fc
  .tuple(
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 1, max: 4 }),
    fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
  )
  .map(([h, w, cells]) =>
    Array.from({ length: h }, (_, r) =>
      Array.from({ length: w }, (_, c) => (cells[r * 4 + c] ? '#' : '.')).join(''),
    ).join('/'),
  );
