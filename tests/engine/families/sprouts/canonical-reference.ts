/**
 * The canonical text of a Sprouts land on strings: the search over orders and rotations of
 * canonical.ts (letters blind as the kind of place their corners lie in, the mirror image's search
 * bounded by the forward text) with every step's text built and compared as a string, the plain
 * reference that the code-array version in src/engine/families/sprouts/canonical.ts is tested against.
 */
import type { SproutsPosition } from '../../../../src/engine/families/sprouts/index.ts';
import { letter } from '../../../../src/engine/families/sprouts/position.ts';

const TIE_BUDGET = 256;

type Boundary = readonly number[];

interface Cycle {
  readonly spots: readonly number[];
  readonly blind: string;
  readonly starts: readonly number[];
  readonly lettered: boolean;
}

interface Area {
  readonly cycles: readonly Cycle[];
  readonly blind: string;
  readonly lettered: boolean;
}

/** The canonical text of one land (regions in braces, boundaries joined by '.'). */
export function referenceCanonicalLand(land: SproutsPosition): string {
  const { regions, lives } = land;
  // every place each spot is met: [region, boundary]
  const places: [number, number][][] = lives.map(() => []);
  regions.forEach((region, r) => {
    region.forEach((b, k) => {
      for (const s of b) places[s].push([r, k]);
    });
  });
  const corners = regions.map((region) => region.reduce((sum, b) => sum + b.length, 0));
  // a spot met twice is a letter, blind as a character below '.' naming where its corners lie (one
  // boundary, one region, or two regions by their corners, capped at 7); a spot met once is its lives
  const symbols: string[] = new Array(lives.length);
  let lettered = false;
  for (let s = 0; s < lives.length; s++) {
    const at = places[s];
    if (at.length >= 2) {
      lettered = true;
      const [[r1, b1], [r2, b2]] = at;
      let kind: number;
      if (r1 === r2) kind = b1 === b2 ? 1 : 2;
      else {
        const [low, high] = [corners[r1], corners[r2]].map((c) => Math.min(c, 7)).sort((x, y) => x - y);
        kind = 3 + ((high - 1) * high) / 2 + (low - 1);
      }
      symbols[s] = String.fromCharCode(kind);
    } else symbols[s] = DIGITS[lives[s]];
  }
  if (!lettered) return plainLand(regions, symbols);
  const forward = new LeastSearch(regions.map((r) => r.map((b) => cycleOf(b, symbols, false)))).run(null);
  // the mirror image's search must beat the forward text, step by step
  return new LeastSearch(regions.map((r) => r.map((b) => cycleOf(b, symbols, true)))).run(forward).join('');
}

const DIGITS = ['0', '1', '2', '3'];

/** A land with no letter: each boundary its least rotation either way, sorted. */
function plainLand(regions: readonly (readonly Boundary[])[], symbols: readonly string[]): string {
  const texts: string[] = [];
  for (const region of regions) {
    const cycles: string[] = [];
    for (const b of region) {
      const a = cycleOf(b, symbols, false).blind;
      const z = cycleOf(b, symbols, true).blind;
      cycles.push(a <= z ? a : z);
    }
    cycles.sort(compare);
    texts.push(`{${cycles.join('.')}}`);
  }
  return texts.sort(compare).join('');
}

function cycleOf(spots: Boundary, symbols: readonly string[], mirror: boolean): Cycle {
  const n = spots.length;
  const ordered = mirror ? [...spots].reverse() : spots;
  // the least rotations, compared symbol by symbol (no text is built until the least one is known)
  const starts: number[] = [0];
  for (let i = 1; i < n; i++) {
    let order = 0;
    for (let k = 0; k < n && order === 0; k++) {
      const a = symbols[ordered[(i + k) % n]];
      const b = symbols[ordered[(starts[0] + k) % n]];
      if (a !== b) order = a < b ? -1 : 1;
    }
    if (order < 0) starts.splice(0, starts.length, i);
    else if (order === 0) starts.push(i);
  }
  let best = '';
  let lettered = false;
  for (let k = 0; k < n; k++) {
    const c = symbols[ordered[(starts[0] + k) % n]];
    if (c < '.') lettered = true;
    best += c;
  }
  return { spots: ordered, blind: best, starts, lettered };
}

/** One candidate for a step of the search: the region (area), its boundary (cycle), the starting corner, the spots it names anew. */
interface Choice {
  readonly area: number;
  readonly cycle: number;
  readonly start: number;
  readonly fresh: number[];
}

/**
 * The least text over the orders and starting corners that keep regions and boundaries sorted by
 * blind text: a depth-first search over the ties, each step a boundary, cut as soon as a step's text
 * is above the best's at the same step.
 */
class LeastSearch {
  private readonly areas: Area[];
  private readonly names = new Map<number, number>();
  private readonly used: boolean[];
  private best: string[] | null = null;
  private branches = 0;
  private readonly steps: string[] = [];
  private least = '';
  private chosen: Choice[] = [];

  constructor(regions: Cycle[][]) {
    this.areas = regions
      .map((cycles) => {
        const sorted = [...cycles].sort(byBlind);
        let blind = '';
        let lettered = false;
        for (let i = 0; i < sorted.length; i++) {
          blind += i === 0 ? sorted[i].blind : `.${sorted[i].blind}`;
          if (sorted[i].lettered) lettered = true;
        }
        return { cycles: sorted, blind, lettered };
      })
      .sort(byBlind);
    this.used = new Array<boolean>(this.areas.length).fill(false);
  }

  run(bound: string[] | null): string[] {
    this.best = bound;
    this.visit(0, null, [], 0, false);
    return this.best!;
  }

  /** The text of a cycle from a start under the current names, new letters named in order of appearance. */
  private textOf(cycle: Cycle, start: number, fresh: number[]): string {
    const n = cycle.spots.length;
    let text = '';
    for (let k = 0; k < n; k++) {
      const c = cycle.blind[k];
      if (c >= '.') {
        text += c;
        continue;
      }
      const s = cycle.spots[(start + k) % n];
      let name = this.names.get(s);
      if (name === undefined) {
        const at = fresh.indexOf(s);
        name = this.names.size + (at >= 0 ? at : fresh.push(s) - 1);
      }
      text += letter(name);
    }
    return text;
  }

  private consider(a: number, target: Area, c: number): void {
    const cycle = target.cycles[c];
    for (const start of cycle.starts) {
      const fresh: number[] = [];
      const text = this.textOf(cycle, start, fresh);
      if (this.chosen.length === 0 || text < this.least) {
        this.least = text;
        this.chosen = [{ area: a, cycle: c, start, fresh }];
      } else if (text === this.least) this.chosen.push({ area: a, cycle: c, start, fresh });
    }
  }

  /** `better`: the steps so far are already below the best's, so no comparison is needed. */
  private visit(areaSlot: number, area: Area | null, usedCycles: boolean[], cycleSlot: number, better: boolean): void {
    const { areas, steps } = this;
    if (area !== null && cycleSlot === area.cycles.length) {
      steps.push('}');
      this.visit(areaSlot + 1, null, [], 0, better);
      steps.pop();
      return;
    }
    if (area === null && areaSlot === areas.length) {
      if (this.best === null || better) this.best = [...steps];
      return;
    }
    this.chosen = [];
    if (area === null) {
      const blind = areas[areaSlot].blind;
      for (let a = 0; a < areas.length; a++) {
        if (this.used[a] || areas[a].blind !== blind) continue;
        // any boundary with the least blind text may open the region
        const cycles = areas[a].cycles;
        for (let c = 0; c < cycles.length && cycles[c].blind === cycles[0].blind; c++) this.consider(a, areas[a], c);
        // a region without letters is the same whichever copy is taken
        if (!areas[a].lettered) break;
      }
    } else {
      const blind = area.cycles[cycleSlot].blind;
      for (let c = 0; c < area.cycles.length; c++)
        if (!usedCycles[c] && area.cycles[c].blind === blind) this.consider(areaSlot, area, c);
    }
    let chosen = this.chosen;
    const text = (area === null ? '{' : '.') + this.least;
    const depth = steps.length;
    let nowBetter = better;
    if (this.best !== null && !better) {
      const other = this.best[depth];
      if (text > other) return;
      if (text < other) nowBetter = true;
    }
    // a boundary that names no new letter is the same step whichever copy or start is taken
    if (area !== null && chosen[0].fresh.length === 0) chosen = chosen.slice(0, 1);
    if (chosen.length > 1) {
      this.branches += chosen.length - 1;
      if (this.branches > TIE_BUDGET) chosen = chosen.slice(0, 1);
    }
    steps.push(text);
    for (const choice of chosen) {
      for (const s of choice.fresh) this.names.set(s, this.names.size);
      if (area === null) {
        this.used[choice.area] = true;
        const marks = new Array<boolean>(areas[choice.area].cycles.length).fill(false);
        marks[choice.cycle] = true;
        this.visit(areaSlot, areas[choice.area], marks, 1, nowBetter);
        this.used[choice.area] = false;
      } else {
        usedCycles[choice.cycle] = true;
        this.visit(areaSlot, area, usedCycles, cycleSlot + 1, nowBetter);
        usedCycles[choice.cycle] = false;
      }
      for (const s of choice.fresh) this.names.delete(s);
      // a later branch must beat the best the first one found
      nowBetter = false;
    }
    steps.pop();
  }
}

function byBlind(a: { blind: string }, b: { blind: string }): number {
  return compare(a.blind, b.blind);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
