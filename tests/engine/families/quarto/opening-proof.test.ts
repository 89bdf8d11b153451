/**
 * The empty board's proof file (src/engine/families/quarto/opening-proof.generated.json, written by
 * scripts/quarto-empty.ts --plan draw): the independent checker re-derives the start's value, a draw,
 * from the rules and the leaves' claimed bounds, and rejects the file when one claim it needs is
 * taken away.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatQuartoBoard } from '../../../../src/engine/families/quarto/notation.ts';
import { checkQuartoProof, type QuartoProof } from '../../../../src/engine/families/quarto/proof.ts';
import { quartoStart } from '../../../../src/engine/families/quarto/rules.ts';

const proof = JSON.parse(
  readFileSync(new URL('../../../../src/engine/families/quarto/opening-proof.generated.json', import.meta.url), 'utf8'),
) as QuartoProof;

describe('the empty board proof', () => {
  it('re-checks as a draw from the start', () => {
    expect(proof.root).toBe(formatQuartoBoard(quartoStart()));
    expect(proof.value).toEqual([0, 0]);
    const check = checkQuartoProof(proof);
    expect(check.value.map((v) => v + 0)).toEqual([0, 0]); // + 0: the negamax gives -0
    // every canonical node above the leaves with every legal move, and 148 leaves, some open
    expect(check.nodes).toBe(158);
    expect(check.edges).toBe(1936);
    expect(check.trustedLeaves + check.openLeaves).toBe(148);
    expect(check.trustedLeaves).toBeGreaterThan(0);
  });

  it('fails when a claimed leaf bound is taken away', () => {
    // each claimed leaf is either needed or not; dropping all claims leaves the start open
    const nodes = Object.fromEntries(Object.entries(proof.nodes).map(([key, node]) => [key, node.claim ? {} : node]));
    expect(() => checkQuartoProof({ ...proof, nodes })).toThrow(/derives as \[-1,1\]/);
    // and some single claim is needed: dropping it changes what the start derives as
    const claimed = Object.keys(proof.nodes).filter((key) => proof.nodes[key].claim);
    const needed = claimed.filter((key) => {
      try {
        checkQuartoProof({ ...proof, nodes: { ...proof.nodes, [key]: {} } });
        return false;
      } catch {
        return true;
      }
    });
    expect(needed.length).toBeGreaterThan(0);
  });
});
