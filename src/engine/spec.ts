/**
 * Ruleset spec strings <-> Ruleset values: the one parser every face uses.
 *
 * Grammar: `family` or `family:arguments`, or an alias that stands for a full spec.
 * Each family has one entry in FAMILIES; aliases map to full specs in ALIASES.
 */
import { InputError } from './errors.ts';
import { nim } from './families/nim/index.ts';
import { parseSubtraction } from './families/subtraction/index.ts';
import { parseEqualRemoval } from './families/equal-removal/index.ts';
import { parseSplit } from './families/split/index.ts';
import { parseTakeBreak } from './families/takebreak/index.ts';
import type { Ruleset } from './types.ts';

export interface FamilyEntry {
  /** The word before ':' */
  readonly name: string;
  /** One line of help: the syntax and what it means. */
  readonly help: string;
  /** Whether the family takes arguments after ':' (required), never, or optionally. */
  readonly args: 'required' | 'none' | 'optional';
  parse(args: string): Ruleset;
}

/** Every ruleset family of the spec language, in help order. */
export const FAMILIES: FamilyEntry[] = [
  { name: 'nim', help: 'nim — remove any positive number of tokens from one heap', args: 'none', parse: () => nim },
  {
    name: 'subtract',
    help: 'subtract:<set> — remove an allowed number from one heap; <set> is a list like 1,3,4 or squares, cubes, primes, powers-of-2, fibonacci, triangular',
    args: 'required',
    parse: parseSubtraction,
  },
  {
    name: 'takebreak',
    help: "takebreak:<code> — take-and-break code d0.d1d2… (octal or hex digits): d_k says what may remain after removing k tokens (1 nothing, 2 one heap, 4 two heaps, 8 three heaps; sums combine); '!' after a digit: the heaps left must differ (Grundy's game is 4!.0)",
    args: 'required',
    parse: parseTakeBreak,
  },
  {
    name: 'split',
    help: 'split:distinct — split one heap into two or more heaps of pairwise different sizes',
    args: 'required',
    parse: parseSplit,
  },
  {
    name: 'equal-removal',
    help: 'equal-removal[:<piles>] — take the same positive amount from each pile of any non-empty set of piles (piles moved together: not a sum of games); without <piles> the position decides',
    args: 'optional',
    parse: parseEqualRemoval,
  },
];

/** Aliases: a name that stands for a full spec. */
export const ALIASES: Record<string, string> = {
  kayles: 'takebreak:0.77',
  'dawsons-kayles': 'takebreak:0.07',
  'grundys-game': 'takebreak:4!.0',
  'stone-piles': 'split:distinct',
  'stone-game': 'equal-removal:3',
  wythoff: 'equal-removal:2',
};

/** Parses a spec string; throws InputError naming what is wrong. */
export function parseRuleset(text: string): Ruleset {
  const spec = text.trim();
  if (spec === '') throw new InputError('empty ruleset spec; try one of: ' + knownNames());
  const resolved = ALIASES[spec.toLowerCase()] ?? spec;
  const colon = resolved.indexOf(':');
  const name = (colon < 0 ? resolved : resolved.slice(0, colon)).toLowerCase();
  const args = colon < 0 ? '' : resolved.slice(colon + 1);
  const family = FAMILIES.find((f) => f.name === name);
  if (!family) throw new InputError(`unknown ruleset '${spec}'; known: ${knownNames()}`);
  if (family.args === 'none' && colon >= 0) throw new InputError(`ruleset '${name}' takes no arguments, got '${spec}'`);
  if (family.args === 'required' && args.trim() === '') throw new InputError(`ruleset '${name}' needs arguments: ${family.help}`);
  return family.parse(args);
}

/** Result-typed variant for callers that prefer values to exceptions. */
export function tryParseRuleset(text: string): { ok: true; value: Ruleset } | { ok: false; error: InputError } {
  try {
    return { ok: true, value: parseRuleset(text) };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, error: e };
    throw e;
  }
}

function knownNames(): string {
  return [...FAMILIES.map((f) => (f.args === 'none' ? f.name : `${f.name}:…`)), ...Object.keys(ALIASES)].join(', ');
}

/** Help text for the spec language, one line per family and alias. */
export function specHelp(): string {
  const lines = FAMILIES.map((f) => '  ' + f.help);
  for (const [alias, spec] of Object.entries(ALIASES)) lines.push(`  ${alias} = ${spec}`);
  return lines.join('\n');
}
