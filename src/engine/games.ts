/**
 * Specs of games on boards and graphs (`cram:4x5`, `chomp:3x4`, `node-kayles:path:10`): the same
 * spec language as heap rulesets, over the game families of the registry.
 */
import { InputError } from './errors.ts';
import { GAME_FAMILIES } from './registry.ts';
import { parseRuleset } from './spec.ts';
import type { GameRuleset, Ruleset } from './types.ts';

export { parseRectangle } from './rectangle.ts';

/** The game family a spec names, or undefined when it names a heap or pile ruleset (or nothing known). */
function gameFamilyOf(text: string) {
  const spec = text.trim();
  const colon = spec.indexOf(':');
  const name = (colon < 0 ? spec : spec.slice(0, colon)).toLowerCase();
  return {
    family: GAME_FAMILIES.find((f) => f.name === name),
    name,
    args: colon < 0 ? '' : spec.slice(colon + 1),
    hasArgs: colon >= 0,
  };
}

/** True when the spec names a game on boards or graphs (cram, chomp, node-kayles, ...). */
export function isGameSpec(text: string): boolean {
  return gameFamilyOf(text).family !== undefined;
}

/** Parses the spec of a game on boards or graphs; throws InputError. */
export function parseGameSpec(text: string): GameRuleset {
  const { family, name, args, hasArgs } = gameFamilyOf(text);
  if (!family)
    throw new InputError(`unknown game '${text.trim()}'; known: ${GAME_FAMILIES.map((f) => f.name).join(', ')}`);
  if (family.args === 'none' && hasArgs)
    throw new InputError(`game '${name}' takes no arguments, got '${text.trim()}'`);
  if (family.args === 'required' && args.trim() === '')
    throw new InputError(`game '${name}' needs arguments: ${family.help}`);
  return family.parse(args);
}

/** Result-typed variant of parseGameSpec. */
export function tryParseGameSpec(text: string): { ok: true; value: GameRuleset } | { ok: false; error: InputError } {
  try {
    return { ok: true, value: parseGameSpec(text) };
  } catch (e) {
    if (e instanceof InputError) return { ok: false, error: e };
    throw e;
  }
}

/** Any spec: a game on boards or graphs, or a heap or pile ruleset. */
export function parseAnySpec(text: string): Ruleset | GameRuleset {
  return isGameSpec(text) ? parseGameSpec(text) : parseRuleset(text);
}

/** Help for the game families, one line each. */
export function gameSpecHelp(): string {
  return GAME_FAMILIES.map((f) => '  ' + f.help).join('\n');
}
