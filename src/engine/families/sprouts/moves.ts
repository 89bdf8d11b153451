/**
 * Sprouts moves straight from the rules: a curve joins two corners of spots in one region (a spot
 * may be joined to itself), uses a life of each end, and gets a new spot with one life on it.
 * Between two corners of one boundary the curve cuts the region in two, and each other boundary of
 * the region may lie on either side; between two boundaries it joins them into one.
 */
import type { SproutsPosition } from './position.ts';

type Boundary = readonly number[];
type Region = readonly Boundary[];

/** One move, with what the words need: the corners joined (region, boundary, index) and the boundaries on the first side. */
export interface SproutsMove {
  readonly region: number;
  readonly from: readonly [boundary: number, index: number];
  readonly to: readonly [boundary: number, index: number];
  /** For a curve within one boundary: the other boundaries (indices in the region) on the side of the stretch from `from` to `to`. */
  readonly enclosed: readonly number[] | null;
  readonly result: SproutsPosition;
}

/** True when some move is left in the region: a spot with two lives, or two spots with a life each. */
function playable(region: Region, lives: readonly number[]): boolean {
  let one = -1;
  // indexed loops in this file's hot paths: a for-of makes an iterator object per loop until V8
  // optimizes the function, and a search's first second runs mostly unoptimized
  for (let b = 0; b < region.length; b++)
    for (let k = 0; k < region[b].length; k++) {
      const s = region[b][k];
      const l = lives[s];
      if (l >= 2) return true;
      if (l === 1) {
        if (one >= 0 && one !== s) return true;
        one = s;
      }
    }
  return false;
}

/** Dead spots dropped from the boundaries, then empty boundaries and regions where no move is left. */
export function normalize(regions: readonly Region[], lives: readonly number[]): SproutsPosition {
  const out: Region[] = [];
  for (const region of regions) keepLive(out, region, lives);
  return { regions: out, lives };
}

/** The region into `out` without its dead spots and empty boundaries, if some move is left in it. */
function keepLive(out: Region[], region: Region, lives: readonly number[]): void {
  // a region with no dead spot is kept as the same object
  let dead = false;
  for (let b = 0; b < region.length && !dead; b++)
    for (let k = 0; k < region[b].length && !dead; k++) dead = lives[region[b][k]] === 0;
  let kept = region;
  if (dead) {
    const live: Boundary[] = [];
    for (let b = 0; b < region.length; b++) {
      const boundary = region[b];
      let deadHere = 0;
      for (let k = 0; k < boundary.length; k++) if (lives[boundary[k]] === 0) deadHere++;
      if (deadHere === 0) {
        live.push(boundary);
        continue;
      }
      if (deadHere === boundary.length) continue;
      const left: number[] = [];
      for (let k = 0; k < boundary.length; k++) if (lives[boundary[k]] > 0) left.push(boundary[k]);
      live.push(left);
    }
    kept = live;
  }
  if (playable(kept, lives)) out.push(kept);
}

/** True when no region holds a dead spot and some move is left in every region (what normalize returns). */
function isNormal(regions: readonly Region[], lives: readonly number[]): boolean {
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    for (let b = 0; b < region.length; b++)
      for (let k = 0; k < region[b].length; k++) if (lives[region[b][k]] === 0) return false;
    if (!playable(region, lives)) return false;
  }
  return true;
}

/**
 * normalize(the regions with region r replaced by `a`, and `b` after it unless null), `lives` those
 * after the move joining u and v. From a normal position only the regions made and, where an end
 * died, the regions holding it can change: the others are taken as they are, without a look.
 */
function afterMove(
  regions: readonly Region[],
  r: number,
  a: Region,
  b: Region | null,
  lives: readonly number[],
  normal: boolean,
  u: number,
  v: number,
): SproutsPosition {
  const ended = !normal || lives[u] === 0 || lives[v] === 0;
  const out: Region[] = [];
  for (let k = 0; k < regions.length; k++) {
    if (k === r) {
      keepLive(out, a, lives);
      if (b !== null) keepLive(out, b, lives);
    } else if (ended) keepLive(out, regions[k], lives);
    else out.push(regions[k]);
  }
  return { regions: out, lives };
}

/**
 * The stretch of a boundary from index i around to index j (inclusive, forward); a full turn when
 * i = j and `full`; then the new spot `end` (written into one array: a move makes many).
 */
function stretch(boundary: Boundary, i: number, j: number, full: boolean, end: number): number[] {
  const n = boundary.length;
  const length = ((j - i + n) % n) + (full ? n : 0) + 1;
  // grown by push: an array made with its length stays holey, and boundaries of two elements kinds
  // make the loops over them polymorphic
  const out: number[] = [];
  for (let k = 0, at = i; k < length; k++, at = at + 1 === n ? 0 : at + 1) out.push(boundary[at]);
  out.push(end);
  return out;
}

/** The boundary met going once around a spot's piece from one of its corners, back to the same corner, then the new spot. */
function aroundFrom(boundary: Boundary, i: number, lives: readonly number[], end: number): number[] {
  // a fresh spot has a single corner, which a curve does not divide
  if (lives[boundary[i]] === 3) return [boundary[i], end];
  return stretch(boundary, i, i, true, end);
}

/**
 * For each boundary of a region, the first boundary of the region that is the same game piece: the
 * same spots' lives in the same order, every spot met only there (no letter). Such twins are
 * interchangeable, so moves from the second twin and the choices of which twins lie on a side repeat
 * moves already listed. Boundaries with a shared spot are their own class.
 */
function twinClasses(region: Region, met: Uint8Array, lives: readonly number[]): number[] {
  // loops rather than map, every and joined texts: this runs for every land expanded, most of them
  // while the search is young and these builtins' callbacks are not yet optimized
  const twin: number[] = [];
  for (let k = 0; k < region.length; k++) {
    twin.push(k);
    if (!metOnce(region[k], met)) continue;
    // the first earlier boundary alike is its class's first
    for (let e = 0; e < k; e++)
      if (twin[e] === e && metOnce(region[e], met) && sameLives(region[e], region[k], lives)) {
        twin[k] = e;
        break;
      }
  }
  return twin;
}

function metOnce(boundary: Boundary, met: Uint8Array): boolean {
  for (let k = 0; k < boundary.length; k++) if (met[boundary[k]] !== 1) return false;
  return true;
}

/** The same spots' lives in the same order. */
function sameLives(a: Boundary, b: Boundary, lives: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (lives[a[k]] !== lives[b[k]]) return false;
  return true;
}

/**
 * Every move of the position, with the corners it joins. `all`: every move as the rules list it;
 * otherwise moves that only swap twin boundaries (twinClasses) are listed once.
 */
export function* sproutsMoves(position: SproutsPosition, all = false): Generator<SproutsMove> {
  const moves: SproutsMove[] = [];
  listMoves(position, all, moves, null);
  yield* moves;
}

/**
 * The positions the moves of sproutsMoves(position) lead to, in the same order, without what only
 * the words need (the corners joined, the boundaries enclosed): the land search's path, which lists
 * the options of thousands of lands and reads nothing but the results.
 */
export function sproutsResults(position: SproutsPosition): SproutsPosition[] {
  const results: SproutsPosition[] = [];
  listMoves(position, false, null, results);
  return results;
}

/** The moves into `moves`, or only their results into `results` (one of the two is null). */
function listMoves(
  position: SproutsPosition,
  all: boolean,
  moves: SproutsMove[] | null,
  results: SproutsPosition[] | null,
): void {
  const { regions, lives } = position;
  const spot = lives.length;
  const normal = isNormal(regions, lives);
  const met = new Uint8Array(lives.length);
  if (!all)
    for (let r = 0; r < regions.length; r++)
      for (let b = 0; b < regions[r].length; b++)
        for (let k = 0; k < regions[r][b].length; k++) met[regions[r][b][k]]++;
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    let twin: number[];
    if (all) {
      twin = [];
      for (let k = 0; k < region.length; k++) twin.push(k);
    } else twin = twinClasses(region, met, lives);
    for (let b = 0; b < region.length; b++) {
      if (twin[b] !== b) continue;
      const boundary = region[b];
      // the other boundaries, by class: a side takes the first k of each class, for every k
      const groups: number[][] = [];
      for (let k = 0; k < region.length; k++) {
        if (k === b) continue;
        let g = 0;
        while (g < groups.length && twin[groups[g][0]] !== twin[k]) g++;
        if (g === groups.length) groups.push([k]);
        else groups[g].push(k);
      }
      for (let i = 0; i < boundary.length; i++) {
        const u = boundary[i];
        if (lives[u] === 0) continue;
        // within the boundary, from corner i to corner j >= i (j = i: a loop)
        for (let j = i; j < boundary.length; j++) {
          const v = boundary[j];
          if (u === v ? lives[u] < 2 : lives[v] === 0) continue;
          const next = lives.concat(1);
          next[u]--;
          next[v]--;
          const side = i === j ? [u, spot] : stretch(boundary, i, j, false, spot);
          const rest = i === j ? aroundFrom(boundary, i, lives, spot) : stretch(boundary, j, i, false, spot);
          const taken = new Array<number>(groups.length).fill(0);
          for (;;) {
            const first: Boundary[] = [side];
            const second: Boundary[] = [rest];
            const enclosed: number[] | null = moves === null ? null : [];
            for (let g = 0; g < groups.length; g++) {
              const members = groups[g];
              for (let at = 0; at < members.length; at++) {
                const k = members[at];
                if (at < taken[g]) {
                  first.push(region[k]);
                  enclosed?.push(k);
                } else second.push(region[k]);
              }
            }
            const result = afterMove(regions, r, first, second, next, normal, u, v);
            if (moves === null) results!.push(result);
            else moves.push({ region: r, from: [b, i], to: [b, j], enclosed, result });
            // the next choice of how many of each class lie on the first side (an odometer)
            let g = 0;
            while (g < groups.length && taken[g] === groups[g].length) taken[g++] = 0;
            if (g === groups.length) break;
            taken[g]++;
          }
        }
        // to a corner of a later boundary of the region: the two boundaries become one
        let twinMet = false;
        for (let c = b + 1; c < region.length; c++) {
          // one boundary of each other class, or the first twin of b's own class (found by this loop:
          // a search of its own stepped on only where b's first twin did not follow b, so rarely that
          // V8 optimized the move lister without type feedback for the step, and dropped it at one)
          if (twin[c] === b) {
            if (twinMet) continue;
            twinMet = true;
          } else if (twin[c] !== c) continue;
          const other = region[c];
          for (let j = 0; j < other.length; j++) {
            const v = other[j];
            if (u === v ? lives[u] < 2 : lives[v] === 0) continue;
            const next = lives.concat(1);
            next[u]--;
            next[v]--;
            const joined = aroundFrom(boundary, i, lives, spot);
            const after = aroundFrom(other, j, lives, spot);
            for (let k = 0; k < after.length; k++) joined.push(after[k]);
            const nextRegion = region.filter((_, k) => k !== b && k !== c);
            nextRegion.unshift(joined);
            const result = afterMove(regions, r, nextRegion, null, next, normal, u, v);
            if (moves === null) results!.push(result);
            else moves.push({ region: r, from: [b, i], to: [c, j], enclosed: null, result });
          }
        }
      }
    }
  }
}

/**
 * The lands of a position, remembered on it (the search asks for them again after the options are
 * listed); a symbol property, which JSON does not write and the collector traces as a plain field.
 */
const LANDS = Symbol('sprouts lands');
interface CachedLands {
  [LANDS]?: SproutsPosition[];
}

/** The independent lands of a position: groups of regions that share no spot with a life left. */
export function sproutsLands(position: SproutsPosition): SproutsPosition[] {
  let lands = (position as CachedLands)[LANDS];
  if (lands === undefined) {
    lands = splitLands(position);
    (position as CachedLands)[LANDS] = lands;
  }
  return lands;
}

/**
 * The lands of a position, not remembered on it: for a position split once (the land search's
 * options), where a property added to it would give positions a second hidden class, and the hot
 * functions that read them a deoptimization each while a search is young.
 */
export function splitLands(position: SproutsPosition): SproutsPosition[] {
  const { regions, lives } = position;
  if (regions.length <= 1) return regions.length === 0 ? [] : [position];
  if (splitParent.length < regions.length) splitParent = new Int32Array(2 * regions.length);
  // also the land of each root, below: as long as the spots and the regions
  const size = Math.max(lives.length, regions.length);
  if (splitRegionOf.length < size) splitRegionOf = new Int32Array(2 * size);
  const parent = splitParent;
  for (let i = 0; i < regions.length; i++) parent[i] = i;
  // the region each spot was first met in, + 1 (0: not met yet)
  const regionOf = splitRegionOf;
  regionOf.fill(0, 0, lives.length);
  let joins = 0;
  for (let r = 0; r < regions.length; r++)
    for (let b = 0; b < regions[r].length; b++)
      for (let k = 0; k < regions[r][b].length; k++) {
        const s = regions[r][b][k];
        const other = regionOf[s] - 1;
        if (other < 0) regionOf[s] = r + 1;
        else if (other !== r) {
          const a = root(parent, other);
          const b = root(parent, r);
          if (a !== b) {
            parent[a] = b;
            joins++;
          }
        }
      }
  // every union joined two groups: one group left when there were regions - 1 of them
  if (joins === regions.length - 1) return [position];
  // one land per root, in the order of each land's first region
  const lands: SproutsPosition[] = [];
  const landOfRoot = regionOf;
  landOfRoot.fill(-1, 0, regions.length);
  for (let r = 0; r < regions.length; r++) {
    const top = root(parent, r);
    const at = landOfRoot[top];
    if (at < 0) {
      landOfRoot[top] = lands.length;
      lands.push({ regions: [regions[r]], lives });
    } else (lands[at].regions as Region[]).push(regions[r]);
  }
  return lands;
}

/**
 * The union-find forest and first-met regions of splitLands, kept from call to call (typed arrays
 * made per call cost more than the work they hold); nothing is kept in them past a call.
 */
let splitParent = new Int32Array(64);
let splitRegionOf = new Int32Array(64);

/** The root of i in a union-find forest, halving the path on the way (a module function: no closure per call). */
function root(parent: Int32Array, i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]];
  return i;
}

/**
 * The lives left in a land, each spot counted once: the search's size of a land (GameRules.size).
 * A land's game lasts at most this many moves less one, and its lives, not its text's length,
 * best tell which options are quick to settle: ordered by them, the 7-spot search expands a
 * fourteenth of the positions it did ordered by text length (docs/benchmarks.md).
 */
export function landLives(land: SproutsPosition): number {
  const { regions, lives } = land;
  const seen = new Uint8Array(lives.length);
  let total = 0;
  for (let r = 0; r < regions.length; r++)
    for (let b = 0; b < regions[r].length; b++)
      for (let k = 0; k < regions[r][b].length; k++) {
        const s = regions[r][b][k];
        if (seen[s] === 0) {
          seen[s] = 1;
          total += lives[s];
        }
      }
  return total;
}
