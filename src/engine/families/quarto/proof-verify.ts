/**
 * `nimber verify` on a Quarto proof file (the opening proof scripts/quarto-empty.ts writes, format
 * `nimber-quarto-proof 1`): the tree re-checked from the rules by proof.ts's checker, which takes the
 * leaves' claimed values on trust and says how many; with `leaves`, each of those claims searched
 * again by the reference core (proof-leaves.ts), so that nothing rests on the fast solver.
 */
import { type LeafRecheck, intervalWords, recheckLeaves } from './proof-leaves.ts';
import { checkQuartoProof, parseQuartoProof, type ValueInterval } from './proof.ts';

/** What a Quarto proof file proves. */
export interface QuartoProofReply {
  readonly proof: 'quarto';
  readonly variant: string;
  /** The root position, in the board text. */
  readonly position: string;
  /** The root's value for the player to move: -1 loss, 0 draw, 1 win, as the lowest and highest it can be. */
  readonly value: ValueInterval;
  /** The value in words ("a draw", "at least a draw"). */
  readonly words: string;
  readonly nodes: number;
  readonly edges: number;
  /** Leaves whose claims the tree's check took on trust. */
  readonly trustedLeaves: number;
  /** Of those, how many the reference core searched again and confirmed (0 without `leaves`). */
  readonly leavesRechecked: number;
  /** Leaves with no claim (not needed for the root's value). */
  readonly openLeaves: number;
  /** Nodes the reference core searched for the leaves. */
  readonly leafNodes: number;
  readonly elapsedMs: number;
}

/** Whether a verify request's text is a Quarto proof file (JSON) rather than a certificate (lines). */
export function isQuartoProofText(text: string): boolean {
  return text.trimStart().startsWith('{');
}

/**
 * Checks a Quarto proof file's text; with `leaves`, searches every trusted leaf again (minutes for
 * the opening proof), telling `onLeaf` of each. A fault is one InputError naming it.
 */
export function verifyQuartoProof(
  text: string,
  leaves: boolean,
  onLeaf?: (leaf: LeafRecheck, index: number, of: number) => void,
): QuartoProofReply {
  const started = performance.now();
  const proof = parseQuartoProof(text);
  const checked = checkQuartoProof(proof);
  const rechecked = leaves
    ? recheckLeaves(checked.trusted, proof.variant, {}, (leaf, i) => onLeaf?.(leaf, i, checked.trusted.length))
    : [];
  return {
    proof: 'quarto',
    variant: proof.variant,
    position: proof.root,
    value: checked.value,
    words: intervalWords(checked.value),
    nodes: checked.nodes,
    edges: checked.edges,
    trustedLeaves: checked.trustedLeaves,
    leavesRechecked: rechecked.length,
    openLeaves: checked.openLeaves,
    leafNodes: rechecked.reduce((sum, r) => sum + r.nodes, 0),
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** The reply in words. */
export function quartoProofText(r: QuartoProofReply): string {
  const position = r.position.replace(/\./g, '') === '' ? 'the empty board' : `position ${r.position}`;
  const leaves =
    r.leavesRechecked > 0
      ? `; every one searched again by the reference core and confirmed (${r.leafNodes.toLocaleString('en-US')} nodes)`
      : r.trustedLeaves > 0
        ? ' (--leaves searches them again with the reference core: minutes)'
        : '';
  const whole = r.leavesRechecked === r.trustedLeaves;
  return [
    `${whole ? 'verified' : 'verified, given the leaf values it states'}: quarto (${r.variant}) ${position}`,
    `with perfect play the player to move gets ${r.words}`,
    `${r.nodes.toLocaleString('en-US')} nodes and ${r.edges.toLocaleString('en-US')} moves checked from the rules in ${(r.elapsedMs / 1000).toFixed(1)} s`,
    `leaf values taken from the file: ${r.trustedLeaves}${leaves}; leaves open (not needed): ${r.openLeaves}`,
  ].join('\n');
}
