import { describe, expect, it } from 'vitest';
import {
  boardGenerators,
  boardMaps,
  canonicalForm,
  keepsLines,
  transformPosition,
  type AttributeMap,
  type BoardMap,
} from '../../../../src/engine/families/quarto/symmetry.ts';
import { QuartoSearch } from '../../../../src/engine/families/quarto/solver.ts';
import type { QuartoPosition, QuartoVariant } from '../../../../src/engine/families/quarto/rules.ts';
import { oracleLines, randomPosition, rng } from './oracle.ts';

const IDENTITY_PERM = [0, 1, 2, 3];
const NO_CHANGE: AttributeMap = { complement: 0, perm: IDENTITY_PERM };
const IDENTITY_MAP: BoardMap = Array.from({ length: 16 }, (_, c) => c);

/** The attribute generators: each complement of one bit, a transposition and a 4-cycle of the bits. */
const ATTRIBUTE_GENERATORS: AttributeMap[] = [
  ...[1, 2, 4, 8].map((complement) => ({ complement, perm: IDENTITY_PERM })),
  { complement: 0, perm: [1, 0, 2, 3] },
  { complement: 0, perm: [1, 2, 3, 0] },
];

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));
}

/** The least of (occupancy image, piece in hand, cells) over every element of the group: 12,288 tries. */
function bruteCanonical(position: QuartoPosition): string {
  let best: string | undefined;
  let bestOcc = 1 << 17;
  for (const map of boardMaps(position.variant))
    for (let complement = 0; complement < 16; complement++)
      for (const perm of permutations([0, 1, 2, 3])) {
        const t = transformPosition(position, map, { complement, perm });
        let occ = 0;
        for (let c = 0; c < 16; c++) if (t.cells[c] >= 0) occ |= 1 << c;
        const seq = [t.hand, ...t.cells.filter((p) => p >= 0)].map((p) => p.toString(16)).join('');
        if (occ < bestOcc || (occ === bestOcc && (best === undefined || seq < best))) {
          bestOcc = occ;
          best = seq;
        }
      }
  return `${bestOcc}:${best}`;
}

function keyOfCanonical(position: QuartoPosition): string {
  const t = canonicalForm(position).position;
  let occ = 0;
  for (let c = 0; c < 16; c++) if (t.cells[c] >= 0) occ |= 1 << c;
  return `${occ}:${[t.hand, ...t.cells.filter((p) => p >= 0)].map((p) => p.toString(16)).join('')}`;
}

describe('quarto symmetry', () => {
  it('has 32 board maps for the standard game and 8 for the advanced, each keeping the lines', () => {
    expect(boardMaps('standard')).toHaveLength(32);
    expect(boardMaps('advanced')).toHaveLength(8);
    for (const variant of ['standard', 'advanced'] as QuartoVariant[]) {
      const lines = new Set(oracleLines(variant).map((l) => l.reduce((m, c) => m | (1 << c), 0)));
      for (const map of boardMaps(variant)) {
        expect(keepsLines(map, variant)).toBe(true);
        for (const line of lines) {
          let image = 0;
          for (let c = 0; c < 16; c++) if (line & (1 << c)) image |= 1 << map[c];
          expect(lines.has(image)).toBe(true);
        }
      }
    }
    // the 24 standard maps outside the dihedral group break a 2 x 2 square
    const advanced = new Set(boardMaps('advanced').map((m) => m.join(',')));
    for (const map of boardMaps('standard')) expect(keepsLines(map, 'advanced')).toBe(advanced.has(map.join(',')));
  });

  it('the canonical form is invariant under each generator of the group', () => {
    const next = rng(5);
    for (const variant of ['standard', 'advanced'] as QuartoVariant[]) {
      const search = new QuartoSearch(variant, { tableBits: 4 });
      for (let i = 0; i < 150; i++) {
        const { board, hand } = randomPosition(next, i % 13, variant);
        const p: QuartoPosition = { variant, cells: board, hand };
        const key = canonicalForm(p).key;
        const tableKey = search.keyText(board, hand);
        const images = [
          ...boardGenerators(variant).map((g) => transformPosition(p, g, NO_CHANGE)),
          ...ATTRIBUTE_GENERATORS.map((a) => transformPosition(p, IDENTITY_MAP, a)),
        ];
        for (const image of images) {
          expect(canonicalForm(image).key).toBe(key);
          expect(search.keyText(image.cells, image.hand)).toBe(tableKey);
        }
      }
    }
  });

  it('is the least form over all 12,288 (advanced: 3,072) elements', () => {
    const next = rng(6);
    for (const variant of ['standard', 'advanced'] as QuartoVariant[])
      for (let i = 0; i < 12; i++) {
        const { board, hand } = randomPosition(next, (3 * i) % 14, variant);
        const p: QuartoPosition = { variant, cells: board, hand };
        expect(keyOfCanonical(p)).toBe(bruteCanonical(p));
      }
  });

  it('tells apart positions the group does not map onto each other', () => {
    const next = rng(8);
    const search = new QuartoSearch('standard', { tableBits: 4 });
    const byKey = new Map<string, string>();
    for (let i = 0; i < 25; i++) {
      const { board, hand } = randomPosition(next, 4, 'standard');
      const p: QuartoPosition = { variant: 'standard', cells: board, hand };
      const brute = bruteCanonical(p);
      const key = search.keyText(board, hand);
      const seen = byKey.get(key);
      if (seen !== undefined) expect(seen).toBe(brute);
      byKey.set(key, brute);
    }
  });
});
