/**
 * The game a request names: a ruleset spec, or (faces that run user code) a rules file, which the
 * face's environment resolves (ServiceEnv.rules). The service never loads user code itself; a face
 * without a resolver (the HTTP API) refuses rules in one line that says where they run.
 */
import type * as z from 'zod';
import { type RulesCheck, checkRules } from '../engine/check-rules.ts';
import { InputError } from '../engine/errors.ts';
import { exampleSpecs, parseRuleset } from '../engine/spec.ts';
import type { Ruleset } from '../engine/types.ts';
import type { ServiceEnv } from './env.ts';
import type { UserRuleset } from '../engine/user-rules.ts';
import type { checkRulesBody, RulesRef } from './request-schemas.ts';

/** The refusal of a face that runs no user code (the HTTP API: 422). */
export const NO_USER_CODE =
  'this API runs no user code: analyse your own rules with `nimber analyze --rules FILE` at the command line, or on the page\'s "Your game" tab (docs/your-own-game.md)';

/** A request that names its game by spec or by rules. */
export interface GameNamed {
  readonly ruleset?: string;
  readonly rules?: RulesRef;
}

/** The ruleset a request names: its spec parsed, or its rules resolved by the face; one line when neither or both. */
export function requestRuleset(request: GameNamed, env: ServiceEnv): Ruleset {
  if (request.rules === undefined) {
    if (request.ruleset === undefined) throw new InputError(`give a ruleset spec, e.g. ${exampleSpecs()}, or rules`);
    return parseRuleset(request.ruleset);
  }
  if (request.ruleset !== undefined) throw new InputError('give a ruleset spec or rules, not both');
  if (env.rules === undefined) throw new InputError(NO_USER_CODE);
  return env.rules(request.rules);
}

/** The checker's findings on the user's rules, with the game's name. */
export interface RulesCheckReply extends RulesCheck {
  readonly ruleset: string;
  readonly title: string;
}

/**
 * The checker run on the rules a request names (engine/check-rules.ts), within the face's search time
 * limit: it stops there with what it found.
 */
export function checkUserRules(request: z.output<typeof checkRulesBody>, env: ServiceEnv): RulesCheckReply {
  // rules resolve to the user's own rulesets only (engine/user-rules.ts)
  const ruleset = requestRuleset(request, env) as UserRuleset;
  const check = checkRules(ruleset, {
    positions: request.positions,
    lines: request.lines,
    seed: request.seed,
    timeLimitMs: env.limits?.searchMs,
  });
  return { ruleset: ruleset.spec, title: ruleset.title, ...check };
}
