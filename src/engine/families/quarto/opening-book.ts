/**
 * The opening proof as an opening book: the perfect opponent plays from the empty board by the proof
 * file (opening-proof.generated.json, written by scripts/quarto-empty.ts and re-checked by
 * checkQuartoProof in the tests), not by a search it cannot finish in time.
 *
 * A node's value is an interval of {-1 loss, 0 draw, 1 win} for the player to move, combined by
 * negamax over its edges from the leaves' claimed bounds (a leaf with no claim is [-1, 1]), exactly
 * as the checker combines them. A position is looked up by its canonical form; its moves are played
 * in the position's own coordinates and their results looked up the same way, so no symmetry has to
 * be mapped back. A move is a book move when it keeps the position's proved value.
 */
import proofFile from './opening-proof.generated.json' with { type: 'json' };
import type { QuartoProof, ValueInterval } from './proof.ts';
import { playQuarto, quartoMoves, type QuartoMove, type QuartoPosition } from './rules.ts';
import { canonicalForm } from './symmetry.ts';

const proof = proofFile as unknown as QuartoProof;

/** The proof's nodes by canonical key (a Map: keys are position texts). */
const nodes: ReadonlyMap<string, QuartoProof['nodes'][string]> = new Map(Object.entries(proof.nodes));
const values = new Map<string, ValueInterval>();

/** The value of a proof node for the player to move, by negamax over the file's edges (memoised). */
function nodeValue(key: string): ValueInterval {
  const known = values.get(key);
  if (known) return known;
  const node = nodes.get(key);
  let value: ValueInterval = [-1, 1];
  if (node?.edges && node.edges.length > 0) {
    let lo = -1;
    let hi = -1;
    for (const edge of node.edges) {
      const [elo, ehi] = edge.ends !== undefined ? [edge.ends, edge.ends] : negate(nodeValue(edge.to));
      lo = Math.max(lo, elo);
      hi = Math.max(hi, ehi);
    }
    value = [lo, hi];
  } else if (node?.claim) value = node.claim;
  values.set(key, value);
  return value;
}

function negate([lo, hi]: ValueInterval): ValueInterval {
  return [0 - hi, 0 - lo]; // 0 - x: never -0
}

/** A position the book proves, with a move that keeps its value. */
export interface BookAnswer {
  /** The value for the player to move: -1 loss, 0 draw, 1 win. */
  readonly value: number;
  readonly move: QuartoMove;
}

/**
 * The book's answer for a position: its proved value and a move that keeps it, or null when the
 * position is not in the proof (another variant, past its leaves) or the proof leaves it open.
 */
export function bookAnswer(position: QuartoPosition): BookAnswer | null {
  const lo = bookValue(position);
  if (lo === null) return null;
  for (const move of quartoMoves(position)) {
    const step = playQuarto(position, move);
    let mine: ValueInterval;
    if (step.won) mine = [1, 1];
    else if (step.over) mine = [0, 0];
    else {
      const next = canonicalForm(step.position).key;
      if (!nodes.has(next)) continue;
      mine = negate(nodeValue(next));
    }
    if (mine[0] >= lo) return { value: lo, move };
  }
  return null;
}

/** The position's proved value in the book (-1, 0, 1 for the player to move), or null: one lookup, no move tried. */
export function bookValue(position: QuartoPosition): number | null {
  if (position.variant !== proof.variant) return null;
  const key = canonicalForm(position).key;
  if (!nodes.has(key)) return null;
  const [lo, hi] = nodeValue(key);
  return lo === hi ? lo : null;
}
