/**
 * A family's moveCount must say how many positions its moves make, without making them: the
 * certificate prover weighs every component by it, so a wrong count would change which facts a
 * proof writes (never what the checker accepts, but the proof's size and the time to write it).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arcKayles } from '../../src/engine/families/arc-kayles/index.ts';
import { cram, parseBoard } from '../../src/engine/families/cram/index.ts';
import { nodeKayles } from '../../src/engine/families/node-kayles/index.ts';
import { gridGraph } from '../../src/engine/graph.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { largerBoards, randomBoards } from '../helpers/boards.ts';
import { randomGraph, subgrids } from '../helpers/grid-graphs.ts';

function expectCountsMoves<P>(rules: GameRuleset<P>, position: P): void {
  expect(rules.moveCount, `${rules.spec} has a moveCount`).toBeDefined();
  expect(rules.moveCount!(position)).toBe([...rules.moves(position)].length);
}

describe('moveCount agrees with the moves made', () => {
  it('Cram, on random boards (a board with filled cells and ragged rows included)', () => {
    const rules = cram();
    fc.assert(
      fc.property(fc.oneof(randomBoards, largerBoards(40)), (board) => expectCountsMoves(rules, board)),
      { numRuns: 500 },
    );
    // by hand: a 2 x 3 board has 2 x 2 horizontal and 3 vertical dominoes; an L of three cells 2
    expect(rules.moveCount!(parseBoard('.../...'))).toBe(7);
    expect(rules.moveCount!(parseBoard('.#/..'))).toBe(2);
  });

  // a 3 x 4 grid has 12 vertices, and 3 x 3 horizontal and 2 x 4 vertical edges
  it.each([
    ['Node Kayles, one move per vertex', nodeKayles(), 12],
    ['Arc Kayles, one move per edge', arcKayles(), 17],
  ])('%s', (_name, rules, onGrid) => {
    fc.assert(
      fc.property(fc.oneof(randomGraph(12, 30), subgrids), (g) => expectCountsMoves(rules, g)),
      { numRuns: 300 },
    );
    expect(rules.moveCount!(gridGraph(3, 4))).toBe(onGrid);
  });
});
