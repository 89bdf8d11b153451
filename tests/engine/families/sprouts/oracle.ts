/**
 * The brute-force reference for Sprouts: values and misère outcomes straight from the move generator,
 * every position keyed as written (no canonical form, no lands), so it shares nothing with the search
 * but the rules.
 */
import { type SproutsPosition, sprouts, sproutsMoves } from '../../../../src/engine/families/sprouts/index.ts';

const written = (p: SproutsPosition) => JSON.stringify(p);

export class SproutsBruteForce {
  private readonly values = new Map<string, number>();
  private readonly misere = new Map<string, boolean>();

  /** The Grundy value: the mex of the options' values. */
  grundy(position: SproutsPosition): number {
    const key = written(position);
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    for (const move of sproutsMoves(position, true)) seen.add(this.grundy(move.result));
    let mex = 0;
    while (seen.has(mex)) mex++;
    this.values.set(key, mex);
    return mex;
  }

  /** True when the player to move loses under misère play (no move left: the opponent moved last, a win). */
  misereP(position: SproutsPosition): boolean {
    const key = written(position);
    const known = this.misere.get(key);
    if (known !== undefined) return known;
    let any = false;
    let p = true;
    for (const move of sproutsMoves(position, true)) {
      any = true;
      if (this.misereP(move.result)) {
        p = false;
        break;
      }
    }
    const result = any ? p : false;
    this.misere.set(key, result);
    return result;
  }
}

/** Every position reachable from `start` by the raw moves, each once as written. */
export function reachable(start: SproutsPosition): SproutsPosition[] {
  const seen = new Map<string, SproutsPosition>([[written(start), start]]);
  const stack = [start];
  while (stack.length > 0) {
    const p = stack.pop()!;
    for (const move of sproutsMoves(p, true)) {
      const key = written(move.result);
      if (!seen.has(key)) {
        seen.set(key, move.result);
        stack.push(move.result);
      }
    }
  }
  return [...seen.values()];
}

/** Total lives of the spots still drawn. */
export function livesLeft(position: SproutsPosition): number {
  const spots = new Set<number>();
  for (const region of position.regions) for (const b of region) for (const s of b) spots.add(s);
  let total = 0;
  for (const s of spots) total += position.lives[s];
  return total;
}

/**
 * A position of the n-spot game reached by a random line of play (`choices` pick the moves, cycled),
 * played on until few enough lives are left for the brute force.
 */
export function randomlyPlayed(n: number, choices: readonly number[]): SproutsPosition {
  let p: SproutsPosition = sprouts(n).start!;
  for (let i = 0; livesLeft(p) > 8 || i < choices.length; i++) {
    const moves = [...sproutsMoves(p, true)];
    if (moves.length === 0) break;
    p = moves[(choices[i % Math.max(1, choices.length)] ?? i) % moves.length].result;
  }
  return p;
}
