/** Chomp through the service: the table core answers analysis, tables and play, and says so; resuming is refused in one line. */
import { describe, expect, it } from 'vitest';
import { analyzePosition } from '../../src/service/analyze.ts';
import { rectangleTable } from '../../src/service/operations.ts';
import { analyzeGame } from '../../src/service/games.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { analysisText } from '../../src/service/text.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

describe('Chomp by the table core', () => {
  it('analysis names the table core and agrees with the general solver (misère play keeps the search)', async () => {
    const reply = await analyzePosition({ ruleset: 'chomp:5x6', position: {} }, ENGINE_ENV);
    expect(reply).toMatchObject({ method: 'table core', grundy: 21, outcome: 'N' });
    expect((reply as { winningMoves: { to: string }[] }).winningMoves.map((m) => m.to)).toEqual(['5 5 5 2 2 2']);
    expect(
      await analyzePosition({ ruleset: 'chomp:3x3', position: {}, convention: 'misere' }, ENGINE_ENV),
    ).toMatchObject({ method: 'search' });
  });

  it('a table answers every board by the table core', () => {
    const { cells } = rectangleTable('chomp', '1..3', '1..4', 10_000);
    expect(cells.map((c) => [c.rows, c.cols, c.grundy, c.method])).toEqual([
      [1, 1, 0, 'table core'],
      [1, 2, 1, 'table core'],
      [1, 3, 2, 'table core'],
      [1, 4, 3, 'table core'],
      [2, 1, 1, 'table core'],
      [2, 2, 2, 'table core'],
      [2, 3, 4, 'table core'],
      [2, 4, 5, 'table core'],
      [3, 1, 2, 'table core'],
      [3, 2, 4, 'table core'],
      [3, 3, 5, 'table core'],
      [3, 4, 9, 'table core'],
    ]);
  });

  it('the text says which core answered', () => {
    const ruleset = parseRuleset('chomp') as GameRuleset;
    const text = analysisText(analyzeGame(ruleset, '4 4 3 1'));
    expect(text).toMatch(/positions searched by the table core in/);
    expect(analyzeGame(ruleset, '3 1').method).toBe('table core');
    // a bar 1 x 100 fits the core (a frame of 101 positions)
    expect(analyzeGame(ruleset, new Array(100).fill(1).join(' '))).toMatchObject({ method: 'table core', grundy: 99 });
  });

  it('a resumable search is refused in one line: the table core keeps no table', () => {
    const ruleset = parseRuleset('chomp:4x4') as GameRuleset;
    const keeper = { load: () => null, save: () => {}, describe: () => 'a file' };
    expect(() => analyzeGame(ruleset, undefined, 'normal', { resume: { keeper } })).toThrow(
      /the table core answers 4 4 4 4 without one/,
    );
  });
});
