/**
 * Simplifications of a Sprouts land that keep its game (Lemoine and Viennot's Glop applies the same
 * two): the canonical text is taken of the simplified land, so positions that differ only in what
 * these rules erase share one entry of the transposition table. The positions the search and the
 * faces move between are never rewritten; only their keys are.
 *
 * Why each rule is sound, under normal and misère play alike. Say P ~ Q when every move of P has a
 * move of Q whose result is ~ to it, and the other way round (a bisimulation): then P and Q have the
 * same Grundy value and the same misère outcome, since both are computed from the set of the
 * options' classes alone. Each rule maps P to a Q with P ~ Q.
 *
 * 1. A spot met at two neighbouring corners of one boundary ("…aa…") is met once. Only a spot with
 *    one life is met twice, so a curve from it kills it, and its two corners then leave the same
 *    boundaries once it is dropped: the stretch between the corners holds no spot. A move elsewhere
 *    cuts boundaries at its own two ends only, so the two corners stay neighbours in its result.
 *
 * 2. A region with two or three lives (each spot of the region counted once, with its lives) is
 *    its spots, each once and alone on a boundary. Every move joins two spots of one region (by a
 *    curve between two boundaries or across one), so both forms allow the same pairs of spots. With
 *    two lives a region allows exactly one move, which kills both ends (or the looping spot) and
 *    leaves only dead regions around its new spot: its effect on the rest is the loss of those
 *    lives, whatever the boundaries. With three, a move uses two lives, and what is left is at most
 *    one life of an old spot t with the new spot s (one life): either t is not there, and every
 *    region the move makes is dead, or the region(s) holding t and s have two lives, the case just
 *    argued, whose game depends only on t and s. So the result of the move depends only on the
 *    pair joined, not on the boundaries (when the old spot left is an end u that had two lives, u
 *    and s are met in both regions the curve makes, and one move is left in all, the same). A spot
 *    whose two corners both lie in the region becomes a spot met once with one life: its lives, all
 *    this argument reads, are the same.
 *
 * Both are checked against the brute force (tests/engine/families/sprouts/reduce.test.ts): a land
 * and its simplified form have the same Grundy value and misère outcome on every position reachable
 * from 3 spots and on random positions of 4 and 5 spots.
 */
import type { SproutsPosition } from './position.ts';

type Boundary = readonly number[];
type Region = readonly Boundary[];

/** The land with both rules applied, or the land itself when neither changes it. */
export function simplifyLand(land: SproutsPosition): SproutsPosition {
  const { regions, lives } = land;
  // made at the first region that changes (most lands have none)
  let out: Region[] | null = null;
  for (let r = 0; r < regions.length; r++) {
    const region = regions[r];
    let simple: Region | null = mergedRegion(region, lives);
    if (simple === null) {
      let kept: Boundary[] | null = null;
      for (let b = 0; b < region.length; b++) {
        const boundary = region[b];
        const single = withoutNeighbourTwins(boundary);
        if (single !== boundary && kept === null) kept = region.slice(0, b);
        if (kept !== null) kept.push(single);
      }
      simple = kept;
    }
    if (simple !== null && out === null) out = regions.slice(0, r);
    if (out !== null) out.push(simple ?? region);
  }
  return out !== null ? { regions: out, lives } : land;
}

/** The distinct spots of the region mergedRegion reads, one array for every call (most regions are not merged). */
let regionSpots = new Int32Array(16);

/**
 * Rule 2: the region as its spots, each once and alone on a boundary, when it has two or three lives;
 * else null. Alone rather than in one boundary: the canonical search orders boundaries freely, so
 * the text does not depend on the order the spots were met in.
 */
function mergedRegion(region: Region, lives: readonly number[]): Region | null {
  let total = 0;
  let corners = 0;
  let count = 0;
  for (let b = 0; b < region.length; b++)
    for (let k = 0; k < region[b].length; k++) {
      const s = region[b][k];
      corners++;
      let seen = false;
      for (let k = 0; k < count && !seen; k++) seen = regionSpots[k] === s;
      if (seen) continue;
      if (count === regionSpots.length) {
        const grown = new Int32Array(2 * count);
        grown.set(regionSpots);
        regionSpots = grown;
      }
      regionSpots[count++] = s;
      total += lives[s];
      if (total > 3) return null;
    }
  // already each spot once, alone: nothing to do
  if (region.length === count && corners === count) return null;
  const alone: Boundary[] = new Array(count);
  for (let k = 0; k < count; k++) alone[k] = [regionSpots[k]];
  return alone;
}

/** Rule 1: the boundary with a spot met at two neighbouring corners met once (the same array when there is none). */
function withoutNeighbourTwins(boundary: Boundary): Boundary {
  const n = boundary.length;
  if (n < 2) return boundary;
  let out: number[] | null = null;
  for (let i = 0; i < n; i++) {
    // the corner before i (cyclically) is the same spot: drop this one
    if (boundary[i] === boundary[(i + n - 1) % n] && !(out !== null && out.length === 0 && i === n - 1)) {
      if (out === null) out = boundary.slice(0, i);
      continue;
    }
    if (out !== null) out.push(boundary[i]);
  }
  return out ?? boundary;
}
