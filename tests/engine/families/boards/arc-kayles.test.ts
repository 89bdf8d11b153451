/** Arc Kayles: solver against the oracle on random graphs, paths against 0.07, grid graphs against Cram. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cram } from '../../../../src/engine/families/cram/index.ts';
import { graphFromEdges } from '../../../../src/engine/graph.ts';
import { parseGameSpec } from '../../../../src/engine/spec.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';
import { expectOracleAgreement } from '../../solve/search/oracle-agreement.ts';

describe('arc-kayles', () => {
  const rules = parseGameSpec('arc-kayles');

  it('agrees with the oracle on random graphs of up to 9 vertices', () => {
    const graph = fc.integer({ min: 1, max: 9 }).chain((n) =>
      fc
        .array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), { maxLength: 12 })
        .map((pairs) =>
          graphFromEdges(
            [...Array(n).keys()],
            pairs.filter(([a, b]) => a !== b),
          ),
        ),
    );
    fc.assert(
      fc.property(fc.array(graph, { minLength: 10, maxLength: 10 }), (graphs) => {
        expectOracleAgreement(rules, graphs);
      }),
      { numRuns: 20 },
    );
  });

  it("on a path of n vertices it is Dawson's Kayles (0.07), n <= 120", () => {
    const dawson = grundySequence(parseTupleSpec('takebreak:0.07'), 120);
    const solver = new GameSolver(rules);
    for (let n = 1; n <= 120; n++)
      expect(solver.grundy(parseGameSpec(`arc-kayles:path:${n}`).start), `path ${n}`).toBe(dawson[n]);
  });

  it('on the R x C grid graph it is Cram on the R x C board', () => {
    const arcs = new GameSolver(rules);
    const dominoes = new GameSolver(cram());
    for (const [r, c] of [
      [2, 3],
      [3, 3],
      [3, 4],
      [2, 6],
      [4, 4],
    ]) {
      expect(arcs.grundy(parseGameSpec(`arc-kayles:grid:${r}x${c}`).start), `${r} x ${c}`).toBe(
        dominoes.grundy(cram(r, c).start!),
      );
    }
  });
});
