/**
 * Quarto's symmetries and the canonical form the solver's table is keyed by.
 *
 * The group (Kerner 2001: 12,288 elements) is board maps x attribute maps. Board maps are the cell
 * permutations keeping the set of winning lines: 32 for the standard game (the dihedral 8, times the
 * swap of the two middle rows with the two middle columns, times the swap of each outer line with
 * its neighbour), 8 (the dihedral group) for the advanced game, whose 2 x 2 squares the other 24 break.
 * Attribute maps are p -> perm(p ^ complement): 16 complements x 24 bit permutations = 384; they keep
 * "four pieces share an attribute".
 *
 * Canonical form: the least, over the group, of (occupancy image, the piece in hand, the pieces in
 * cell order). It is found without trying all 12,288 elements: the least occupancy image and the board
 * maps reaching it come from a 2^16-entry table; for each such map the complement is fixed (the piece
 * in hand becomes 0) and the bit permutation is refined greedily piece by piece (an ordered partition
 * of the four bits: the bits a piece has go to the lowest free places of their block), which gives the
 * least sequence over all 24 permutations. Cost: one table read plus 16 steps per map reaching the
 * least occupancy (usually one or two maps).
 */
import { NONE, type QuartoPosition, type QuartoVariant, quartoLines } from './rules.ts';

/** A board map: cell c goes to map[c]. */
export type BoardMap = readonly number[];

function compose(a: BoardMap, b: BoardMap): number[] {
  // first a, then b
  return a.map((c) => b[c]);
}

function cellMap(f: (row: number, col: number) => [number, number]): number[] {
  const map: number[] = [];
  for (let c = 0; c < 16; c++) {
    const [r, k] = f(c >> 2, c & 3);
    map.push(4 * r + k);
  }
  return map;
}

/** The generators: transpose, mirror columns, and (standard only) the two row-and-column swaps. */
export function boardGenerators(variant: QuartoVariant): BoardMap[] {
  const transpose = cellMap((r, c) => [c, r]);
  const mirror = cellMap((r, c) => [r, 3 - c]);
  if (variant === 'advanced') return [transpose, mirror];
  const middle = [0, 2, 1, 3]; // swap the two middle lines
  const outer = [1, 0, 3, 2]; // swap each outer line with its neighbour
  return [transpose, mirror, cellMap((r, c) => [middle[r], middle[c]]), cellMap((r, c) => [outer[r], outer[c]])];
}

const boardGroups = new Map<QuartoVariant, number[][]>();

/** Every board map of the variant (the closure of its generators; the identity first). */
export function boardMaps(variant: QuartoVariant): readonly BoardMap[] {
  let group = boardGroups.get(variant);
  if (group) return group;
  const identity = Array.from({ length: 16 }, (_, c) => c);
  group = [identity];
  const seen = new Set<string>([identity.join(',')]);
  const gens = boardGenerators(variant);
  for (let i = 0; i < group.length; i++) {
    for (const g of gens) {
      const next = compose(group[i], g);
      const key = next.join(',');
      if (!seen.has(key)) {
        seen.add(key);
        group.push(next);
      }
    }
  }
  boardGroups.set(variant, group);
  return group;
}

/** Whether a board map keeps the variant's set of lines (every map in boardMaps does). */
export function keepsLines(map: BoardMap, variant: QuartoVariant): boolean {
  const lines = new Set(quartoLines(variant));
  for (const line of lines) {
    let image = 0;
    for (let c = 0; c < 16; c++) if (line & (1 << c)) image |= 1 << map[c];
    if (!lines.has(image)) return false;
  }
  return true;
}

/** The image of a cell mask under a board map. */
export function mapMask(mask: number, map: BoardMap): number {
  let image = 0;
  for (let c = 0; c < 16; c++) if (mask & (1 << c)) image |= 1 << map[c];
  return image;
}

/** An attribute map p -> permute(p ^ complement), bit b of the complemented piece going to bit perm[b]. */
export interface AttributeMap {
  readonly complement: number;
  readonly perm: readonly number[];
}

export function mapPiece(piece: number, a: AttributeMap): number {
  if (piece === NONE) return NONE;
  const x = piece ^ a.complement;
  let out = 0;
  for (let b = 0; b < 4; b++) if (x & (1 << b)) out |= 1 << a.perm[b];
  return out;
}

/** The position under a board map and an attribute map. */
export function transformPosition(position: QuartoPosition, map: BoardMap, a: AttributeMap): QuartoPosition {
  const cells = new Array<number>(16).fill(NONE);
  for (let c = 0; c < 16; c++) cells[map[c]] = mapPiece(position.cells[c], a);
  return { variant: position.variant, cells, hand: mapPiece(position.hand, a) };
}

// --- the greedy refinement of the bit permutation -------------------------------------------------

/**
 * Ordered partitions of the four bits (75 of them), and for each and each (complemented) piece the
 * refined partition and the piece's image. State 0 is the one block {0,1,2,3}.
 */
interface Refinement {
  readonly next: Uint8Array;
  readonly image: Uint8Array;
  /** For each state, a permutation respecting it (bit b -> perm[4 * state + b]). */
  readonly perm: Uint8Array;
}

let refinement: Refinement | undefined;

function buildRefinement(): Refinement {
  const states: number[][][] = [[[0, 1, 2, 3]]];
  const ids = new Map<string, number>([[JSON.stringify(states[0]), 0]]);
  const next: number[] = [];
  const image: number[] = [];
  for (let s = 0; s < states.length; s++) {
    for (let p = 0; p < 16; p++) {
      const blocks: number[][] = [];
      let place = 0;
      let img = 0;
      for (const block of states[s]) {
        const has = block.filter((b) => p & (1 << b));
        const hasNot = block.filter((b) => !(p & (1 << b)));
        for (let i = 0; i < has.length; i++) img |= 1 << (place + i);
        place += block.length;
        if (has.length > 0) blocks.push(has);
        if (hasNot.length > 0) blocks.push(hasNot);
      }
      const key = JSON.stringify(blocks);
      let id = ids.get(key);
      if (id === undefined) {
        id = states.length;
        ids.set(key, id);
        states.push(blocks);
      }
      next[16 * s + p] = id;
      image[16 * s + p] = img;
    }
  }
  const perm = new Uint8Array(4 * states.length);
  states.forEach((blocks, s) => {
    let place = 0;
    for (const block of blocks) for (const b of block) perm[4 * s + b] = place++;
  });
  return { next: Uint8Array.from(next), image: Uint8Array.from(image), perm };
}

export function getRefinement(): Refinement {
  refinement ??= buildRefinement();
  return refinement;
}

// --- the occupancy table ----------------------------------------------------------------------------

/** Per variant: the board maps flattened (inverse: new cell -> old cell), and per occupancy the least image and the maps reaching it. */
export interface OccupancyTable {
  readonly maps: number;
  /** inverse[16 * g + newCell] = the old cell that map g sends to newCell. */
  readonly inverse: Int8Array;
  readonly forward: Int8Array;
  readonly least: Uint16Array;
  /** Bit g set when map g sends the occupancy to its least image. */
  readonly reaching: Uint32Array;
}

const occupancyTables = new Map<QuartoVariant, OccupancyTable>();

export function occupancyTable(variant: QuartoVariant): OccupancyTable {
  let table = occupancyTables.get(variant);
  if (table) return table;
  const group = boardMaps(variant);
  const g = group.length;
  const forward = new Int8Array(16 * g);
  const inverse = new Int8Array(16 * g);
  const low = new Uint16Array(256 * g);
  const high = new Uint16Array(256 * g);
  group.forEach((map, i) => {
    for (let c = 0; c < 16; c++) {
      forward[16 * i + c] = map[c];
      inverse[16 * i + map[c]] = c;
    }
    for (let byte = 0; byte < 256; byte++) {
      low[256 * i + byte] = mapMask(byte, map);
      high[256 * i + byte] = mapMask(byte << 8, map);
    }
  });
  const least = new Uint16Array(65536);
  const reaching = new Uint32Array(65536);
  for (let occ = 0; occ < 65536; occ++) {
    let best = 65536;
    let mask = 0;
    for (let i = 0; i < g; i++) {
      const img = low[256 * i + (occ & 255)] | high[256 * i + (occ >> 8)];
      if (img < best) {
        best = img;
        mask = 0;
      }
      if (img === best) mask |= 1 << i;
    }
    least[occ] = best;
    reaching[occ] = mask >>> 0;
  }
  table = { maps: g, inverse, forward, least, reaching };
  occupancyTables.set(variant, table);
  return table;
}

/**
 * The canonical form of a position: its key (text, equal for two positions exactly when a symmetry
 * maps one onto the other) and one symmetry reaching it (position -> canonical position).
 */
export interface Canonical {
  readonly key: string;
  readonly position: QuartoPosition;
  readonly map: BoardMap;
  readonly attributes: AttributeMap;
}

/**
 * The canonical form (see the file's comment). With nothing in hand (the start, or a full board) the
 * first piece in the map's cell order takes the piece in hand's part and becomes 0.
 */
export function canonicalForm(position: QuartoPosition): Canonical {
  const table = occupancyTable(position.variant);
  const { next, image, perm } = getRefinement();
  let occ = 0;
  for (let c = 0; c < 16; c++) if (position.cells[c] !== NONE) occ |= 1 << c;
  const least = table.least[occ];
  let bestSeq: number[] | undefined;
  let bestMap = 0;
  let bestComplement = 0;
  let bestState = 0;
  for (let g = 0; g < table.maps; g++) {
    if (!(table.reaching[occ] & (1 << g))) continue;
    const seq: number[] = [];
    let complement = position.hand;
    let state = 0;
    if (complement !== NONE) {
      seq.push(image[16 * state + 0]);
      state = next[16 * state + 0];
    }
    for (let j = 0; j < 16; j++) {
      if (!(least & (1 << j))) continue;
      const piece = position.cells[table.inverse[16 * g + j]];
      if (complement === NONE) complement = piece;
      const v = piece ^ complement;
      seq.push(image[16 * state + v]);
      state = next[16 * state + v];
    }
    if (bestSeq === undefined || lexLess(seq, bestSeq)) {
      bestSeq = seq;
      bestMap = g;
      bestComplement = complement === NONE ? 0 : complement;
      bestState = state;
    }
  }
  const map = boardMaps(position.variant)[bestMap];
  const attributes: AttributeMap = {
    complement: bestComplement,
    perm: Array.from(perm.subarray(4 * bestState, 4 * bestState + 4)),
  };
  const canonical = transformPosition(position, map, attributes);
  const text = canonical.cells.map((p) => (p === NONE ? '.' : p.toString(16))).join('');
  return {
    key: canonical.hand === NONE ? text : `${text}+${canonical.hand.toString(16)}`,
    position: canonical,
    map,
    attributes,
  };
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
