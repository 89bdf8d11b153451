/**
 * Dispatch on a ruleset's kind, one typed record per operation: each record has one entry per kind
 * (or per kind of the rulesets it takes), the compiler checking that none is missing, so a new kind
 * fails to compile until every operation says how it answers it. Nothing else in the service compares
 * `ruleset.kind` (tests/architecture/service-kind-dispatch.test.ts).
 */
import type { Ruleset, RulesetKind } from '../engine/types.ts';

/** The rulesets of a kind (of several kinds, for a union). */
export type RulesetOf<K extends RulesetKind> = Extract<Ruleset, { kind: K }>;

/**
 * One function per kind of ruleset, each receiving the ruleset narrowed to its kind. K restricts the
 * record to the kinds an operation takes (TupleRuleset['kind'] after its capability is checked).
 */
export type ByKind<A extends unknown[], R, K extends RulesetKind = RulesetKind> = {
  readonly [Kind in K]: (ruleset: RulesetOf<Kind>, ...args: A) => R;
};

/** The entry of `table` for the ruleset's kind, called. */
export function byKind<A extends unknown[], R, K extends RulesetKind>(
  table: ByKind<A, R, K>,
  ruleset: RulesetOf<K>,
  ...args: A
): R {
  return (table[ruleset.kind as K] as (ruleset: RulesetOf<K>, ...args: A) => R)(ruleset, ...args);
}
