/**
 * Writing a certificate: every component position reachable from a position (the closure under
 * moves, split into components, one per canonical key), in post-order so that every fact comes after
 * the facts its options need, each with its value as the mex of its options' nim-sums (the facts
 * before it give those). Components without moves (value 0 by definition) are left out: the checker
 * sees that they have no moves. The caller compares the position's value with the search it
 * certifies; the closure is what a certificate must list, so a value per component costs no more
 * than the checker's pass over the same facts.
 */
import type { CheckableGame } from './check.ts';
import { endLine, factLine, headerLines } from './format.ts';

/** A certificate's lines, its claimed value and its number of facts. */
export interface BuiltCertificate {
  readonly lines: string[];
  /** The value claimed; null when the certificate claims only the outcome. */
  readonly value: number | null;
  readonly outcome: 'P' | 'N';
  readonly facts: number;
}

/**
 * The certificate of `position` of `game` (spec: the header's game, whose reader reads every
 * component); `onFact` hears each fact written (progress). Recursion depth: the longest game from
 * the position (a move per level).
 */
export function buildCertificate<P>(
  game: CheckableGame<P>,
  spec: string,
  position: P,
  onFact?: (facts: number) => void,
): BuiltCertificate {
  const componentsOf = (p: P) => (game.components ? game.components(p) : [p]);
  const values = new Map<string, number>();
  const facts: string[] = [];
  const visit = (component: P): number => {
    const key = game.key(component);
    const known = values.get(key);
    if (known !== undefined) return known;
    let moves = 0;
    const seen = new Set<number>();
    for (const option of game.moves(component)) {
      moves++;
      let sum = 0;
      for (const part of componentsOf(option)) sum ^= visit(part);
      seen.add(sum);
    }
    let value = 0;
    while (seen.has(value)) value++;
    values.set(key, value);
    if (moves > 0) {
      facts.push(factLine(value, game.notation.formatPosition(component)));
      onFact?.(facts.length);
    }
    return value;
  };
  let value = 0;
  for (const component of componentsOf(position)) value ^= visit(component);
  return {
    lines: [
      ...headerLines({ game: spec, position: game.notation.formatPosition(position), value }),
      ...facts,
      endLine(facts.length),
    ],
    value,
    outcome: value === 0 ? 'P' : 'N',
    facts: facts.length,
  };
}
