/**
 * Games' rules for the grid core, by name: a helper thread gets only the name (functions do not
 * cross threads) and finds here the rules its family defined when its module was loaded.
 */
import type { GridRules } from './search.ts';

const byName = new Map<string, GridRules>();

/** The rules, recorded under their name (a family defines its grid rules through this). */
export function defineGridRules(rules: GridRules): GridRules {
  const known = byName.get(rules.name);
  if (known && known !== rules) throw new Error(`two grid rules are named ${rules.name}`);
  byName.set(rules.name, rules);
  return rules;
}

/** The rules defined under `name`, or undefined when no loaded family defined them. */
export function gridRulesNamed(name: string): GridRules | undefined {
  return byName.get(name);
}
