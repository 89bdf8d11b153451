/**
 * What a ruleset can do, read from what it declares (its kind and the members it has): the service
 * checks the capability an operation needs and refuses in one line naming it, never "unknown ruleset".
 */
import { InputError } from './errors.ts';
import type { Ruleset, TupleRuleset } from './types.ts';

/** Capabilities, in the order help lists them. */
export const CAPABILITIES = [
  /** Grundy values of single heaps (sequences, windows, plots). */
  'heap-values',
  /** Periods of those values, proved where a theorem applies. */
  'period',
  /** Exact counts of P-positions over heaps or piles of 0..N. */
  'count',
  /** Listing of P-positions (piles that move together). */
  'p-positions',
  /** The misère quotient of the heap values. */
  'quotient',
  /** A search over positions of any type (boards, graphs): value, outcome and winning moves. */
  'search',
  /** Tables of values of R x C start positions. */
  'rectangles',
  /** Tables of outcomes of start positions sized by one number (e.g. spots). */
  'sizes',
  /** Analysis and play under misère play (the last mover loses). */
  'misere',
  /** Analysis, play and explanation of games decided by a result at their end (win, draw or loss). */
  'results',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What an operation that needs the capability needs, in words. */
const NEEDS: Record<Capability, string> = {
  'heap-values': 'a game played on heaps (a sum of single heaps)',
  period: 'a game played on heaps (a sum of single heaps)',
  count: 'a game played on heaps or piles',
  'p-positions': 'a game whose moves change several piles at once',
  quotient: 'a game played on heaps (a sum of single heaps)',
  search: 'a game on a board or graph',
  rectangles: 'a game played on rectangles of any size',
  sizes: 'a game whose starts are sized by one number',
  misere: 'a game with misère play',
  results: 'a game decided by a result at its end (a win, a draw or a loss)',
};

/** The default of `what` for each kind of ruleset. */
const KIND_WORDS: Record<Ruleset['kind'], string> = {
  heap: 'a game played on heaps',
  coupled: 'a game whose moves change several piles at once',
  game: 'a game on a board or graph, searched position by position',
  result: 'a game decided by a result at its end (a win, a draw or a loss)',
};

/** What a ruleset is, in words for messages. */
export function describeKind(ruleset: Ruleset): string {
  return ruleset.what ?? KIND_WORDS[ruleset.kind];
}

/** The capabilities of a ruleset. */
export function capabilitiesOf(ruleset: Ruleset): Capability[] {
  const caps: Capability[] = [];
  switch (ruleset.kind) {
    case 'heap':
      caps.push('heap-values', 'period', 'count', 'quotient');
      break;
    case 'coupled':
      caps.push('count', 'p-positions');
      break;
    case 'game':
      caps.push('search');
      if (ruleset.rectangle) caps.push('rectangles');
      if (ruleset.sized) caps.push('sizes');
      break;
    case 'result':
      // won by the result at the end, not by the last move: no Grundy values, no misère play
      return ['results'];
  }
  caps.push('misere');
  return caps;
}

export function hasCapability(ruleset: Ruleset, capability: Capability): boolean {
  return capabilitiesOf(ruleset).includes(capability);
}

/** The operations a ruleset answers, named as the faces name them (CLI commands, API routes). */
const OPERATIONS_BY_CAPABILITY: readonly (readonly [Capability, string])[] = [
  ['heap-values', 'grundy'],
  ['period', 'period'],
  ['count', 'count'],
  ['quotient', 'quotient'],
  ['rectangles', 'table'],
  ['sizes', 'table'],
  ['results', 'explain'],
];

/** The operations that answer a ruleset: analyze and play always, the others by capability. */
export function operationsOf(ruleset: Ruleset): string[] {
  return [
    'analyze',
    'play',
    ...new Set(OPERATIONS_BY_CAPABILITY.filter(([c]) => hasCapability(ruleset, c)).map(([, op]) => op)),
  ];
}

/**
 * Throws the one-line refusal when the ruleset lacks the capability, e.g. "count needs a game played
 * on heaps or piles; 'cram:3x3' is a game on a board or graph: try analyze or play".
 */
export function requireCapability(ruleset: Ruleset, capability: Capability, operation: string): void {
  if (hasCapability(ruleset, capability)) return;
  const others = operationsOf(ruleset).filter((op) => op !== operation);
  throw new InputError(
    `${operation} needs ${NEEDS[capability]}; '${ruleset.spec}' is ${describeKind(ruleset)}: try ${others.join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
  );
}

/** The ruleset as one whose positions are heap or pile sizes, or the one-line refusal naming `operation`. */
export function tupleRuleset(ruleset: Ruleset, operation: string): TupleRuleset {
  requireCapability(ruleset, 'count', operation);
  return ruleset as TupleRuleset;
}
