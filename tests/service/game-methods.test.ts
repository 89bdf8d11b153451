/** How games on boards and graphs are answered: a theorem before any search, the grid core for grids, the general solver otherwise. */
import { describe, expect, it } from 'vitest';
import { analyzePosition, engineMove } from '../../src/service/analyze.ts';
import { rectangleTable } from '../../src/service/operations.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

describe('methods of games on boards', () => {
  it('an even x even Cram board is a P-position by the central symmetry theorem, without search (6 x 8 timed out before)', async () => {
    const reply = await analyzePosition({ ruleset: 'cram:6x8', position: {} }, ENGINE_ENV);
    expect(reply).toMatchObject({ method: 'theorem', grundy: 0, outcome: 'P', winningMoves: [], nodes: 0 });
    expect((reply as { theorem: string }).theorem).toMatch(/central symmetry/);
    // the perfect opponent on a P-position plays some legal move, found without search
    expect(engineMove({ ruleset: 'cram:6x8', position: {} }, ENGINE_ENV)).toMatchObject({ outcome: 'P' });
  });

  it('an even x odd board: the theorem gives the outcome, the grid core the value (4 x 5 = 2, Beling)', async () => {
    const reply = await analyzePosition({ ruleset: 'cram:4x5', position: {} }, ENGINE_ENV);
    expect(reply).toMatchObject({ method: 'grid core', grundy: 2, outcome: 'N' });
    expect((reply as { theorem: string }).theorem).toMatch(/centre cells/);
  });

  it('misère play and boards without a theorem keep the search', async () => {
    expect(
      await analyzePosition({ ruleset: 'cram:2x2', position: {}, convention: 'misere' }, ENGINE_ENV),
    ).toMatchObject({ method: 'search' });
    expect(await analyzePosition({ ruleset: 'cram', position: { board: '.../.../...' } }, ENGINE_ENV)).toMatchObject({
      method: 'grid core',
      grundy: 0,
    });
    // a complete graph is no grid's induced subgraph: the general solver; a path is a 1 x n grid: the core
    expect(await analyzePosition({ ruleset: 'node-kayles:complete:4', position: {} }, ENGINE_ENV)).toMatchObject({
      method: 'search',
      grundy: 1,
    });
    expect(await analyzePosition({ ruleset: 'node-kayles:path:6', position: {} }, ENGINE_ENV)).toMatchObject({
      method: 'grid core',
      grundy: 1, // Dawson's chess, A002187(6)
    });
  });

  it('a table says how each board was answered', () => {
    const { cells } = rectangleTable('cram', '2..3', '2..3', 10_000);
    expect(cells.map((c) => [c.rows, c.cols, c.grundy, c.method])).toEqual([
      [2, 2, 0, 'theorem'],
      [2, 3, 1, 'grid core'],
      [3, 2, 1, 'grid core'],
      [3, 3, 0, 'grid core'],
    ]);
  });
});
