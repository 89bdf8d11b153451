/**
 * Poset games: a finite partial order; a move removes an element and every element above it; the
 * player who cannot move loses. Chomp is the game on a product of two chains without its least
 * element. Searched move by move: elements that are pairwise incomparable across two groups form
 * independent games, so a position splits into the connected components of its comparability graph.
 */
import { InputError } from '../../errors.ts';
import { defineGame } from '../../define.ts';
import type { Family, GameNotation, GameRuleset } from '../../types.ts';
import { type Poset, chainProduct, divisorPoset, parseRelations, subsetPoset } from './order.ts';

/** The elements still in play (indices into the poset's names), ascending. */
export type PosetPosition = readonly number[];

export type PosetRuleset = GameRuleset<PosetPosition> & { readonly poset: Poset };

const FORMAT = 'the elements still in play, separated by spaces (empty: none left), e.g. "a b d"';

/** Every position after removing one element and everything above it. */
export function* posetMoves(poset: Poset, position: PosetPosition): Generator<PosetPosition> {
  for (const x of position) {
    const gone = new Set(poset.up[x]);
    yield position.filter((y) => !gone.has(y));
  }
}

/** The connected components of the comparability graph of the elements in play. */
export function posetComponents(poset: Poset, position: PosetPosition): PosetPosition[] {
  const seen = new Set<number>();
  const parts: number[][] = [];
  for (const start of position) {
    if (seen.has(start)) continue;
    const part = [start];
    seen.add(start);
    for (let k = 0; k < part.length; k++)
      for (const y of position)
        if (!seen.has(y) && poset.comparable[part[k]][y]) {
          seen.add(y);
          part.push(y);
        }
    parts.push(part.sort((a, b) => a - b));
  }
  return parts;
}

function describePosetMove(poset: Poset, from: PosetPosition, to: PosetPosition): string {
  const kept = new Set(to);
  const removed = from.filter((x) => !kept.has(x));
  const least = removed.find((x) => removed.every((y) => poset.up[x].includes(y)));
  if (least === undefined) return `remove ${removed.map((x) => poset.names[x]).join(', ')}`;
  const others = removed.filter((x) => x !== least).map((x) => poset.names[x]);
  return others.length === 0
    ? `remove ${poset.names[least]}`
    : `remove ${poset.names[least]} and everything above it (${others.join(', ')})`;
}

function parseElements(poset: Poset, text: string): PosetPosition {
  const index = new Map(poset.names.map((name, i) => [name, i]));
  const found = new Set<number>();
  const re = /[^\s,]+/g;
  if (/\n/.test(text.trim())) throw new InputError(`line 2: a poset position is one line: ${FORMAT}`);
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const i = index.get(m[0]);
    if (i === undefined)
      throw new InputError(
        `line 1, column ${m.index + 1}: '${m[0]}' is not an element of this poset (${poset.names.slice(0, 12).join(' ')}${poset.names.length > 12 ? ' …' : ''})`,
      );
    found.add(i);
  }
  return [...found].sort((a, b) => a - b);
}

/** The poset game of a poset, starting from the whole poset. */
export function posetGame(poset: Poset, spec: string, title: string): PosetRuleset {
  const notation: GameNotation<PosetPosition> = {
    positionFormat: FORMAT,
    parsePosition: (text) => parseElements(poset, text),
    formatPosition: (p) => p.map((x) => poset.names[x]).join(' '),
    describeMove: (from, to) => describePosetMove(poset, from, to),
  };
  const game = defineGame<PosetPosition>({
    family: 'poset',
    what: 'a poset game, searched position by position',
    spec,
    title,
    start: poset.names.map((_, i) => i),
    moves: (p) => posetMoves(poset, p),
    components: (p) => posetComponents(poset, p),
    key: (p) => p.join(','),
    notation,
  });
  return { ...game, poset };
}

function whole(text: string, what: string, max: number, min = 1): number {
  if (!/^\d{1,9}$/.test(text.trim()))
    throw new InputError(`${what} must be a ${min === 0 ? 'non-negative' : 'positive'} whole number, got '${text}'`);
  const n = Number(text);
  if (n < min) throw new InputError(`${what} must be at least ${min}, got ${n}`);
  if (n > max) throw new InputError(`${what} ${n} is above the maximum of ${max}`, 'too-large');
  return n;
}

function parsePoset(args: string): PosetRuleset {
  const text = args.trim();
  const [kind, ...rest] = text.split(':');
  const arg = rest.join(':');
  switch (kind.toLowerCase()) {
    case 'divisors': {
      const n = whole(arg, 'n of divisors:n', 1_000_000_000);
      return posetGame(divisorPoset(n), `poset:divisors:${n}`, `Poset game on the divisors of ${n}`);
    }
    case 'subsets': {
      // the 0-set has one subset, the empty set: a one-element poset, worth *1
      const n = whole(arg, 'n of subsets:n', 6, 0);
      return posetGame(subsetPoset(n), `poset:subsets:${n}`, `Poset game on the subsets of a ${n}-set`);
    }
    case 'chains': {
      const lengths = arg.split(/x/i).map((s) => whole(s, 'a chain length', 64));
      return posetGame(
        chainProduct(lengths),
        `poset:chains:${lengths.join('x')}`,
        `Poset game on a product of chains ${lengths.join(' x ')}`,
      );
    }
    default: {
      if (rest.length > 0)
        throw new InputError(
          `'${kind}' is not a named poset; expected divisors:n, subsets:n, chains:AxB or relations such as a<b,a<c,b<d`,
        );
      const relations = text
        .split(',')
        .map((s) => s.replace(/\s+/g, ''))
        .join(',');
      return posetGame(parseRelations(relations), `poset:${relations}`, `Poset game on ${relations}`);
    }
  }
}

export const posetFamily: Family = {
  name: 'poset',
  help: 'poset:<relations> | poset:divisors:<n> | poset:subsets:<n> | poset:chains:<a>x<b>[x…] — poset games: remove an element and everything above it; relations are covering pairs like a<b,a<c,b<d; positions list the elements in play',
  args: 'required',
  example: { spec: 'poset:divisors:30', board: '1 2 3 5 6 10 15' },
  parse: parsePoset,
};
