/**
 * Ruleset spec strings <-> Ruleset values: the one parser every face uses, for every family (heaps,
 * piles, boards, graphs).
 *
 * Grammar: `family` or `family:arguments`, or an alias that stands for a full spec. The families
 * and their aliases come from the registry.
 */
import { InputError } from './errors.ts';
import { ALIASES, FAMILIES } from './registry.ts';
import type { GameRuleset, HeapRuleset, Ruleset, TupleRuleset } from './types.ts';
import { type Capability, hasCapability, requireCapability } from './capabilities.ts';

export { ALIASES, FAMILIES } from './registry.ts';

/** Parses a spec string; throws InputError naming what is wrong. */
export function parseRuleset(text: string): Ruleset {
  const spec = text.trim();
  if (spec === '') throw new InputError('empty ruleset spec; try one of: ' + knownNames());
  const resolved = ALIASES.get(spec.toLowerCase()) ?? spec;
  const colon = resolved.indexOf(':');
  const name = (colon < 0 ? resolved : resolved.slice(0, colon)).toLowerCase();
  const args = colon < 0 ? '' : resolved.slice(colon + 1);
  const family = FAMILIES.find((f) => f.name === name);
  if (!family) throw new InputError(`unknown ruleset '${spec}'; known: ${knownNames()}`);
  if (family.args === 'none' && colon >= 0) throw new InputError(`ruleset '${name}' takes no arguments, got '${spec}'`);
  if (family.args === 'required' && args.trim() === '')
    throw new InputError(`ruleset '${name}' needs arguments: ${family.help}`);
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

/** Parses a spec of a game searched position by position (boards, graphs); refuses other rulesets in one line. */
export function parseGameSpec(text: string): GameRuleset {
  const ruleset = parseRuleset(text);
  requireCapability(ruleset, 'search', 'a search over positions');
  return ruleset as GameRuleset;
}

/** Parses a spec of a sum of heaps; refuses other rulesets in one line. */
export function parseHeapSpec(text: string): HeapRuleset {
  const ruleset = parseRuleset(text);
  requireCapability(ruleset, 'heap-values', 'Grundy values of single heaps');
  return ruleset as HeapRuleset;
}

/** Parses a spec of a game whose positions are heap or pile sizes; refuses boards and graphs in one line. */
export function parseTupleSpec(text: string): TupleRuleset {
  const ruleset = parseRuleset(text);
  requireCapability(ruleset, 'count', 'a position of heap or pile sizes');
  return ruleset as TupleRuleset;
}

function knownNames(): string {
  return [...FAMILIES.map((f) => (f.args === 'none' ? f.name : `${f.name}:…`)), ...ALIASES.keys()].join(', ');
}

/**
 * Example specs for help texts: the registry's first example of each kind of game that has the
 * capability (any, when none is named), e.g. "nim, equal-removal:2 or cram:2x3".
 */
export function exampleSpecs(capability?: Capability): string {
  const specs: string[] = [];
  const kinds = new Set<string>();
  for (const { ruleset, spec } of parsedExamples()) {
    if (kinds.has(ruleset.kind) || (capability !== undefined && !hasCapability(ruleset, capability))) continue;
    kinds.add(ruleset.kind);
    specs.push(spec);
  }
  return specs.join(', ').replace(/, ([^,]*)$/, ' or $1');
}

/** Every family's example, parsed once (help texts ask for them at start-up). */
let examples: { ruleset: Ruleset; spec: string }[] | undefined;
function parsedExamples(): { ruleset: Ruleset; spec: string }[] {
  examples ??= FAMILIES.map((f) => ({ ruleset: parseRuleset(f.example.spec), spec: f.example.spec }));
  return examples;
}

/** Help text for the spec language, one line per family and alias. */
export function specHelp(): string {
  const lines = FAMILIES.map((f) => '  ' + f.help);
  for (const [alias, spec] of ALIASES) lines.push(`  ${alias} = ${spec}`);
  return lines.join('\n');
}
