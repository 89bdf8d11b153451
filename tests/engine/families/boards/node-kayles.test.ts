/** Node Kayles: solver against the oracle on random small graphs, paths against 0.137, the graph key's soundness. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatGraph, graphKey, parseGraph, type Graph } from '../../../../src/engine/families/node-kayles/index.ts';
import { parseGameSpec } from '../../../../src/engine/spec.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { DAWSONS_CHESS_GRUNDY } from '../../published.ts';
import { expectOracleAgreement } from '../../solve/search/oracle-agreement.ts';
import { randomGraph } from '../../../helpers/grid-graphs.ts';

const smallGraph = randomGraph(9, 14);

describe('node-kayles', () => {
  const rules = parseGameSpec('node-kayles');

  it('agrees with the oracle on random graphs of up to 9 vertices', () => {
    fc.assert(
      fc.property(fc.array(smallGraph, { minLength: 10, maxLength: 10 }), (graphs) => {
        expectOracleAgreement(rules, graphs);
      }),
      { numRuns: 20 },
    );
  });

  it("on a path of n vertices it is the octal game 0.137 (Dawson's chess, OEIS A002187), n <= 131; and matches the takebreak kernel to 160", () => {
    const solver = new GameSolver(rules);
    for (let n = 0; n < DAWSONS_CHESS_GRUNDY.length; n++)
      expect(
        solver.grundy(parseGameSpec(`node-kayles:path:${Math.max(n, 1)}`).start as Graph) * (n === 0 ? 0 : 1),
      ).toBe(DAWSONS_CHESS_GRUNDY[n]);
    const octal = grundySequence(parseTupleSpec('takebreak:0.137'), 160);
    for (let n = 1; n <= 160; n++)
      expect(solver.grundy(parseGameSpec(`node-kayles:path:${n}`).start as Graph), `path ${n}`).toBe(octal[n]);
  });

  it('keys: equal only for isomorphic graphs; relabelled paths and cycles share theirs', () => {
    expect(graphKey(parseGraph('5-9 9-2 2-7'))).toBe(graphKey(parseGraph('0-1 1-2 2-3')));
    expect(graphKey(parseGraph('0-1 1-2 2-0'))).toBe('C3');
    expect(graphKey(parseGraph('0-1 0-2 0-3'))).not.toBe(graphKey(parseGraph('0-1 1-2 2-3')));
    fc.assert(
      fc.property(smallGraph, smallGraph, (a, b) => {
        if (graphKey(a) === graphKey(b)) expect(new GameSolver(rules).grundy(a)).toBe(new GameSolver(rules).grundy(b));
      }),
    );
  });

  it('reads edge lists; bad ones name the line and column', () => {
    expect(formatGraph(parseGraph('0-1, 1-2\n2-3 7'))).toBe('0-1 1-2 2-3 7');
    expect(() => parseGraph('0-1\n1-x')).toThrow(/line 2, column 1: '1-x'/);
    expect(() => parseGraph('0-1 3-3')).toThrow(/line 1, column 5: a loop/);
    expect(() => parseGraph('0-100000')).toThrow(/line 1, column 1: vertex id 100000/);
    expect(() => parseGameSpec('node-kayles:path:100000')).toThrow(/maximum/);
    expect(() => parseGameSpec('node-kayles:star:3')).toThrow(/path:<n>/);
  });
});
