/**
 * Sprouts positions and their text format. A position is a list of regions; a region, a list of
 * boundaries (one per piece of the drawing that touches it); a boundary, the cyclic sequence of spots
 * met when walking around that piece with the region on one side (Applegate, Jacobson and Sleator;
 * Lemoine and Viennot). A spot met twice on the walks has two corners a curve may leave from.
 *
 * Text: each region in braces, its boundaries separated by '.', each boundary its spots in walking
 * order: a digit is a spot's lives left (3 = a fresh spot, alone on its boundary; 2; 1; 0 = dead,
 * dropped), a letter (A-Z, a-z) a spot with one life left that appears in two places. '+' between
 * regions is allowed (the formatter writes it between independent lands). The 3-spot start is
 * '{3.3.3}'; after joining two of them, '{3.2A2A}'.
 */
import { InputError } from '../../errors.ts';

export interface SproutsPosition {
  /** Regions, each a list of boundaries, each a cyclic list of spot ids (indices into `lives`). */
  readonly regions: readonly (readonly (readonly number[])[])[];
  /** Lives left of every spot id (0..3); ids absent from every region are ignored. */
  readonly lives: readonly number[];
}

export const SPROUTS_FORMAT =
  "regions in braces, boundaries separated by '.', spots as lives left (3, 2, 1) or a letter for a spot with one life met twice, e.g. '{3.2A2A}'";

/** Most letters a position may use (A-Z, a-z): enough for every position of a start of up to 26 spots (index.ts). */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const MAX_LETTERS = LETTERS.length;

/** The start of n spots: one region whose boundaries are n fresh spots. */
export function startPosition(spots: number): SproutsPosition {
  return {
    regions: spots === 0 ? [] : [Array.from({ length: spots }, (_, i) => [i])],
    lives: new Array<number>(spots).fill(3),
  };
}

/** The letter of the k-th shared spot (k < MAX_LETTERS), or a character beyond the letters for keys only. */
export function letter(k: number): string {
  return k < LETTERS.length ? LETTERS[k] : String.fromCharCode(0xc0 + k);
}

/** The k of letter(k). */
export function letterIndex(c: string): number {
  const k = LETTERS.indexOf(c);
  return k >= 0 ? k : c.charCodeAt(0) - 0xc0;
}

/** How many times each spot id is met in the regions. */
export function occurrenceCounts(position: SproutsPosition): number[] {
  const count = new Array<number>(position.lives.length).fill(0);
  for (const region of position.regions) for (const boundary of region) for (const s of boundary) count[s]++;
  return count;
}

/**
 * The position as text (regions and boundaries in their stored order, so the spots keep their order;
 * letters named by first appearance; lands, the groups of regions linked by shared spots, separated by ' + ').
 */
export function formatSprouts(position: SproutsPosition): string {
  const count = occurrenceCounts(position);
  const names = new Map<number, string>();
  const land = landOfRegions(position);
  let text = '';
  position.regions.forEach((region, r) => {
    if (r > 0) text += land[r] === land[r - 1] ? '' : ' + ';
    text += `{${region
      .map((boundary) =>
        boundary
          .map((s) => {
            if (count[s] < 2) return String(position.lives[s]);
            let name = names.get(s);
            if (name === undefined) {
              name = letter(names.size);
              names.set(s, name);
            }
            return name;
          })
          .join(''),
      )
      .join('.')}}`;
  });
  return text;
}

/** The land (group of regions linked by spots they share) of every region, numbered from 0 in region order. */
export function landOfRegions(position: SproutsPosition): number[] {
  const parent = position.regions.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  const regionOf = new Map<number, number>();
  position.regions.forEach((region, r) => {
    for (const boundary of region)
      for (const s of boundary) {
        const other = regionOf.get(s);
        if (other === undefined) regionOf.set(s, r);
        else parent[find(other)] = find(r);
      }
  });
  const numbers = new Map<number, number>();
  return position.regions.map((_, r) => {
    const root = find(r);
    let n = numbers.get(root);
    if (n === undefined) {
      n = numbers.size;
      numbers.set(root, n);
    }
    return n;
  });
}

/** Reads a position; throws InputError naming the column of what is wrong. */
export function parseSprouts(text: string): SproutsPosition {
  const regions: number[][][] = [];
  const lives: number[] = [];
  const letters = new Map<string, { id: number; seen: number }>();
  let region: number[][] | null = null;
  let boundary: number[] = [];
  // the column of each spot of the boundary being read, to name a misplaced fresh spot
  let columns: number[] = [];
  let opened = 0;
  const at = (i: number) => `column ${i + 1}`;
  const endBoundary = (i: number) => {
    if (boundary.length === 0) throw new InputError(`${at(i)}: an empty boundary; a boundary has at least one spot`);
    const fresh = boundary.findIndex((s) => lives[s] === 3);
    if (fresh >= 0 && boundary.length > 1)
      throw new InputError(
        `${at(columns[fresh])}: a spot with 3 lives has no curve yet, so it is alone on its boundary (write '3' between dots)`,
      );
    region!.push(boundary);
    boundary = [];
    columns = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
    if (c === '{') {
      if (region !== null)
        throw new InputError(`${at(i)}: '{' inside the region opened at ${at(opened)}; close it with '}' first`);
      region = [];
      opened = i;
    } else if (c === '}') {
      if (region === null) throw new InputError(`${at(i)}: '}' closes no region`);
      if (boundary.length > 0 || region.length > 0) endBoundary(i);
      regions.push(region);
      region = null;
    } else if (c === '.') {
      if (region === null)
        throw new InputError(`${at(i)}: '.' outside a region; boundaries are separated inside braces`);
      endBoundary(i);
    } else if (c === '+') {
      if (region !== null) throw new InputError(`${at(i)}: '+' inside a region; '+' goes between regions`);
    } else if (/[0-9]/.test(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
      if (region === null) throw new InputError(`${at(i)}: spot '${c}' outside a region; write regions in braces`);
      if (c >= '0' && c <= '9') {
        const n = Number(c);
        if (n > 3) throw new InputError(`${at(i)}: a spot with ${n} lives; a spot has at most 3`);
        boundary.push(lives.length);
        columns.push(i);
        lives.push(n);
      } else {
        const known = letters.get(c);
        if (known === undefined) {
          letters.set(c, { id: lives.length, seen: 1 });
          boundary.push(lives.length);
          columns.push(i);
          lives.push(1);
        } else {
          if (known.seen === 2)
            throw new InputError(
              `${at(i)}: spot '${c}' a third time; a lettered spot (one life left) is met at most twice`,
            );
          known.seen++;
          boundary.push(known.id);
          columns.push(i);
        }
      }
    } else {
      throw new InputError(`${at(i)}: unknown character '${c}'; expected ${SPROUTS_FORMAT}`);
    }
  }
  if (region !== null) throw new InputError(`${at(opened)}: the region opened here is never closed with '}'`);
  return { regions, lives };
}
