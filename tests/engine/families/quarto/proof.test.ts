import { describe, expect, it } from 'vitest';
import { formatQuartoBoard, moveText } from '../../../../src/engine/families/quarto/notation.ts';
import {
  checkQuartoProof,
  QUARTO_PROOF_FORMAT,
  type ProofEdge,
  type ProofNode,
  type QuartoProof,
} from '../../../../src/engine/families/quarto/proof.ts';
import { playQuarto, quartoMoves, type QuartoPosition } from '../../../../src/engine/families/quarto/rules.ts';
import { canonicalForm } from '../../../../src/engine/families/quarto/symmetry.ts';
import { oracleValue, randomPosition, rng } from './oracle.ts';

/** A proof one move deep from `root`, its leaves valued by the test oracle (as the script does with the solver). */
function buildProof(root: QuartoPosition): QuartoProof {
  const nodes: Record<string, ProofNode> = {};
  const edges: ProofEdge[] = [];
  for (const move of quartoMoves(root)) {
    const step = playQuarto(root, move);
    if (step.over) {
      edges.push({ move: moveText(move), to: '', map: '', attributes: '', ends: step.won ? 1 : 0 });
      continue;
    }
    const c = canonicalForm(step.position);
    edges.push({
      move: moveText(move),
      to: c.key,
      map: c.map.map((x) => x.toString(16)).join(''),
      attributes: c.attributes.complement.toString(16) + c.attributes.perm.join(''),
    });
    const v = Math.sign(oracleValue(c.position.cells.slice(), c.position.hand, root.variant));
    nodes[c.key] = { claim: [v, v], by: 'oracle' };
  }
  const key = formatQuartoBoard(root);
  nodes[key] = { edges };
  const value = Math.sign(oracleValue(root.cells.slice(), root.hand, root.variant));
  return { format: QUARTO_PROOF_FORMAT, variant: root.variant, root: key, value: [value, value], nodes };
}

describe('quarto proof checker', () => {
  it('accepts proofs whose moves, symmetries and values are right, and derives the root value', () => {
    const next = rng(31);
    for (let i = 0; i < 6; i++) {
      const { board, hand } = randomPosition(next, 10, 'standard');
      const proof = buildProof({ variant: 'standard', cells: board, hand });
      const check = checkQuartoProof(JSON.parse(JSON.stringify(proof)) as QuartoProof);
      expect(check.value).toEqual(proof.value);
      expect(check.openLeaves).toBe(0);
    }
  });

  it('refuses a wrong leaf value, a missing move, a wrong symmetry and a map that breaks the lines', () => {
    const next = rng(32);
    let proof: QuartoProof;
    do {
      const { board, hand } = randomPosition(next, 10, 'standard');
      proof = buildProof({ variant: 'standard', cells: board, hand });
    } while (proof.value[0] !== 0);
    const root = proof.nodes[proof.root];
    const firstChild = root.edges!.find((e) => e.to !== '')!;
    const flipped: QuartoProof = {
      ...proof,
      nodes: Object.fromEntries(
        Object.entries(proof.nodes).map(([k, n]) => [k, n.claim ? { ...n, claim: [1, 1] as const } : n]),
      ),
    };
    expect(() => checkQuartoProof(flipped)).toThrow(/derives as/);
    const missing = { ...proof, nodes: { ...proof.nodes, [proof.root]: { edges: root.edges!.slice(1) } } };
    expect(() => checkQuartoProof(missing)).toThrow(/is missing/);
    const badMap = firstChild.map.slice(1) + firstChild.map[0]; // a rotation of the cells: no symmetry
    const wrongSymmetry = {
      ...proof,
      nodes: {
        ...proof.nodes,
        [proof.root]: { edges: root.edges!.map((e) => (e === firstChild ? { ...e, map: badMap } : e)) },
      },
    };
    expect(() => checkQuartoProof(wrongSymmetry)).toThrow(/does not keep the lines|maps to/);
  });
});
