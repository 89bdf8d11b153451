/**
 * Quarto's opening proof file and its checker. The file is the top of the game tree from a position
 * (the empty board), cut by symmetry: each node lists every legal move, the node it leads to and the
 * symmetry (board map and attribute map) that maps the position after the move onto that node; leaves
 * carry a value claimed by a search. The checker re-derives everything from the rules alone (it
 * imports neither the solver nor the canonical form): every move of every node is present, the moves
 * lead where claimed, each symmetry is one (its board map keeps the lines, its bit map is a
 * permutation), and the values combine by negamax to the root's claim. It reports the leaves whose
 * claims it takes on trust, so a reader knows what is proved by the file alone (proof-leaves.ts searches
 * them again). The node keys are user text: they are looked up in a Map, never as object keys.
 */
import { InputError } from '../../errors.ts';
import { formatQuartoBoard, moveText, parseMoveText, parseQuartoBoard } from './notation.ts';
import {
  isOver,
  NONE,
  playQuarto,
  QUARTO_VARIANTS,
  quartoLines,
  quartoMoves,
  type QuartoPosition,
  type QuartoVariant,
} from './rules.ts';

export const QUARTO_PROOF_FORMAT = 'nimber-quarto-proof 1';

/** A value as an interval of {-1 loss, 0 draw, 1 win} for the player to move: [lo, hi]. */
export type ValueInterval = readonly [number, number];

/** One move of a node: its short text, the node it leads to, and the symmetry onto that node. */
export interface ProofEdge {
  readonly move: string;
  readonly to: string;
  /** 16 hex digits: the image cell of each cell. */
  readonly map: string;
  /** One hex digit, then four digits: the complement, then the image bit of each bit. */
  readonly attributes: string;
  /** The move ends the game: the value to the mover (1 win, 0 draw); `to` is then empty. */
  readonly ends?: number;
}

export interface ProofNode {
  /** Every legal move (internal node), or none (a leaf with a claimed value). */
  readonly edges?: readonly ProofEdge[];
  readonly claim?: ValueInterval;
  /** Who made a leaf's claim (e.g. "solver, 12.3 s"). */
  readonly by?: string;
}

export interface QuartoProof {
  readonly format: string;
  readonly variant: QuartoVariant;
  readonly root: string;
  /** The root's value as the file claims it. */
  readonly value: ValueInterval;
  readonly nodes: Readonly<Record<string, ProofNode>>;
}

/** A leaf whose claimed value the checker took on trust. */
export interface TrustedLeaf {
  readonly key: string;
  readonly claim: ValueInterval;
}

export interface ProofCheck {
  /** The root's value as the checker derives it. */
  readonly value: ValueInterval;
  readonly nodes: number;
  readonly edges: number;
  /** Leaves whose claimed value was taken on trust. */
  readonly trustedLeaves: number;
  /** Those leaves, in the order the checker reached them. */
  readonly trusted: readonly TrustedLeaf[];
  /** Leaves without a value (the interval [-1, 1]). */
  readonly openLeaves: number;
}

function fail(message: string): never {
  throw new InputError(`quarto proof: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isInterval(value: unknown): value is ValueInterval {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((v) => v === -1 || v === 0 || v === 1) &&
    (value[0] as number) <= (value[1] as number)
  );
}

const INTERVAL_TEXT = 'two of -1, 0, 1 (loss, draw, win), the lower first';

/** Checks one node's shape (not its meaning: checkQuartoProof does that). */
function checkNodeShape(key: string, node: unknown): void {
  if (!isRecord(node)) fail(`node ${key} is not an object`);
  if (node.claim !== undefined && !isInterval(node.claim))
    fail(`node ${key}: its claim ${JSON.stringify(node.claim)} is not ${INTERVAL_TEXT}`);
  if (node.by !== undefined && typeof node.by !== 'string') fail(`node ${key}: 'by' is not text`);
  if (node.edges === undefined) return;
  if (!Array.isArray(node.edges)) fail(`node ${key}: 'edges' is not a list`);
  if (node.claim !== undefined) fail(`node ${key} has both edges and a claim`);
  node.edges.forEach((edge: unknown, i: number) => {
    if (!isRecord(edge)) fail(`node ${key}: edge ${i + 1} is not an object`);
    for (const field of ['move', 'to', 'map', 'attributes'])
      if (typeof edge[field] !== 'string') fail(`node ${key}: edge ${i + 1} has no text '${field}'`);
    if (edge.ends !== undefined && edge.ends !== 0 && edge.ends !== 1)
      fail(`node ${key}: edge ${i + 1}: 'ends' is 0 (draw) or 1 (win), not ${JSON.stringify(edge.ends)}`);
  });
}

/**
 * Reads a proof file's text (JSON) into a proof, refusing in one line what is not one: not JSON,
 * another format, a field missing or of the wrong type. The moves and values are checkQuartoProof's.
 */
export function parseQuartoProof(text: string): QuartoProof {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    fail(`not JSON (${(e as Error).message})`);
  }
  if (!isRecord(data)) fail('not a JSON object');
  if (data.format !== QUARTO_PROOF_FORMAT)
    fail(`format ${JSON.stringify(data.format)}, expected '${QUARTO_PROOF_FORMAT}'`);
  if (typeof data.variant !== 'string' || !(QUARTO_VARIANTS as readonly string[]).includes(data.variant))
    fail(`variant ${JSON.stringify(data.variant)}, expected one of ${QUARTO_VARIANTS.join(', ')}`);
  if (typeof data.root !== 'string') fail("no text 'root'");
  if (!isInterval(data.value)) fail(`the root's value ${JSON.stringify(data.value)} is not ${INTERVAL_TEXT}`);
  if (!isRecord(data.nodes)) fail("no object 'nodes'");
  for (const [key, node] of Object.entries(data.nodes)) checkNodeShape(key, node);
  return data as unknown as QuartoProof;
}

function applySymmetry(position: QuartoPosition, map: string, attributes: string): QuartoPosition {
  if (!/^[0-9a-f]{16}$/.test(map)) fail(`bad board map '${map}'`);
  if (!/^[0-9a-f][0-3]{4}$/.test(attributes)) fail(`bad attribute map '${attributes}'`);
  const image = [...map].map((d) => Number.parseInt(d, 16));
  if (new Set(image).size !== 16) fail(`board map '${map}' is not a permutation`);
  const lines = new Set(quartoLines(position.variant));
  for (const line of lines) {
    let moved = 0;
    for (let c = 0; c < 16; c++) if (line & (1 << c)) moved |= 1 << image[c];
    if (!lines.has(moved)) fail(`board map '${map}' does not keep the lines`);
  }
  const complement = Number.parseInt(attributes[0], 16);
  const perm = [...attributes.slice(1)].map(Number);
  if (new Set(perm).size !== 4) fail(`attribute map '${attributes}' is not a permutation of the bits`);
  const piece = (p: number) => {
    if (p === NONE) return NONE;
    const x = p ^ complement;
    let out = 0;
    for (let b = 0; b < 4; b++) if (x & (1 << b)) out |= 1 << perm[b];
    return out;
  };
  const cells = new Array<number>(16).fill(NONE);
  for (let c = 0; c < 16; c++) cells[image[c]] = piece(position.cells[c]);
  return { variant: position.variant, cells, hand: piece(position.hand) };
}

/**
 * Checks a proof file (see the file's comment); throws an InputError naming the first fault.
 * Values: the interval each node's edges give by negamax; a leaf's is its claim (trusted) or [-1, 1].
 */
export function checkQuartoProof(proof: QuartoProof): ProofCheck {
  if (proof.format !== QUARTO_PROOF_FORMAT) fail(`format '${proof.format}', expected '${QUARTO_PROOF_FORMAT}'`);
  // the keys are the file's text: a Map, so that '__proto__' or 'constructor' is a node name like any other
  const nodes = new Map<string, ProofNode>(Object.entries(proof.nodes));
  const trustedList: TrustedLeaf[] = [];
  const memo = new Map<string, ValueInterval>();
  let edgeCount = 0;
  let trusted = 0;
  let open = 0;
  const visiting = new Set<string>();
  const value = (key: string): ValueInterval => {
    const known = memo.get(key);
    if (known) return known;
    if (visiting.has(key)) fail(`node ${key} is its own descendant`);
    const node = nodes.get(key);
    if (node === undefined) fail(`node ${key} is referred to but not listed`);
    let position: QuartoPosition;
    try {
      position = parseQuartoBoard(key, proof.variant);
    } catch (e) {
      fail(`node ${key}: ${(e as Error).message}`);
    }
    if (formatQuartoBoard(position) !== key) fail(`node ${key} is not in the compact form`);
    if (isOver(position)) fail(`node ${key}: the game is over there (a move that ends it says so with 'ends')`);
    let result: ValueInterval;
    if (node.edges === undefined) {
      if (node.claim) {
        trusted++;
        trustedList.push({ key, claim: node.claim });
        result = node.claim;
      } else {
        open++;
        result = [-1, 1];
      }
    } else {
      visiting.add(key);
      const legal = new Set(quartoMoves(position).map((m) => moveText(m)));
      let lo = -1;
      let hi = -1;
      const seen = new Set<string>();
      for (const edge of node.edges) {
        edgeCount++;
        const move = parseMoveText(edge.move);
        if (!move) fail(`node ${key}: '${edge.move}' is not a move`);
        // a placement that ends the game gives nothing: it is listed once, without a give
        const placementOnly = move.give === NONE && move.cell !== NONE;
        if (!legal.has(edge.move) && !(placementOnly && [...legal].some((m) => m.startsWith(`${edge.move}+`))))
          fail(`node ${key}: '${edge.move}' is not a legal move`);
        if (seen.has(edge.move)) fail(`node ${key}: move '${edge.move}' twice`);
        seen.add(edge.move);
        const step = playQuarto(position, move);
        if (placementOnly && !step.over) fail(`node ${key}: '${edge.move}' gives nothing but does not end the game`);
        let childLo: number;
        let childHi: number;
        if (step.over) {
          const v = step.won ? 1 : 0;
          if (edge.ends !== v) fail(`node ${key}: '${edge.move}' ends the game worth ${v}, the file says ${edge.ends}`);
          childLo = childHi = -v;
        } else {
          const mapped = applySymmetry(step.position, edge.map, edge.attributes);
          if (formatQuartoBoard(mapped) !== edge.to)
            fail(`node ${key}: '${edge.move}' maps to ${formatQuartoBoard(mapped)}, not ${edge.to}`);
          [childLo, childHi] = value(edge.to);
        }
        lo = Math.max(lo, -childHi);
        hi = Math.max(hi, -childLo);
      }
      // a winning placement ends the game: a move giving nothing in its place is listed once
      const listed = new Set([...seen]);
      for (const m of legal) {
        const placement = m.replace(/\+.*$/, '');
        if (!listed.has(m) && !listed.has(placement)) fail(`node ${key}: move '${m}' is missing`);
      }
      visiting.delete(key);
      result = [lo, hi];
    }
    memo.set(key, result);
    return result;
  };
  const derived = value(proof.root);
  if (derived[0] !== proof.value[0] || derived[1] !== proof.value[1])
    fail(`the root's value derives as [${derived}], the file claims [${proof.value}]`);
  return {
    value: derived,
    nodes: memo.size,
    edges: edgeCount,
    trustedLeaves: trusted,
    trusted: trustedList,
    openLeaves: open,
  };
}
