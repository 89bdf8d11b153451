/**
 * The default budget of a census game, shared by the embedded run and the queue's workers (a job
 * carries its budget): heaps and work, both the same on every machine, so two machines give the
 * same table; the seconds are only a safety net.
 */
import type { CensusBudget, CensusConvention } from './types.ts';

/** Heaps computed at most: 2^25, past `.354`'s proof at 20,126,195 heaps. */
export const DEFAULT_MAX_HEAPS = 2 ** 25;

/**
 * Pair checks at most, predicted from the values (game.ts, `stepWork`): 10^10 reaches every
 * published 3-digit game; the hardest, `.354` and `.376`, are charged 7.6·10^9 and 6.6·10^9.
 */
export const DEFAULT_MAX_WORK = 10 ** 10;

/**
 * Seconds at most: a safety net that a run on an ordinary machine never reaches (a game charged
 * 10^10 pair checks takes about 25–90 s on one core of a 2-core machine). A game it stops is
 * listed in the summary as depending on the machine.
 */
export const DEFAULT_SECONDS = 900;

export const DEFAULT_CENSUS_BUDGET: CensusBudget = {
  maxHeaps: DEFAULT_MAX_HEAPS,
  maxWork: DEFAULT_MAX_WORK,
  seconds: DEFAULT_SECONDS,
};

/**
 * The default budget of a misère census game: heaps up to the quotient's largest (1,000), and at
 * most 3·10^7 steps of the quotient's construction (about three seconds on one core; the same on every
 * machine), so a wild code whose trial monoids explode stops unsolved instead of stalling the census.
 */
export const DEFAULT_MISERE_CENSUS_BUDGET: CensusBudget = {
  maxHeaps: 1001,
  maxWork: 3e7,
  seconds: DEFAULT_SECONDS,
};

/**
 * The largest budget of one game a census request may ask for (the kernel caps heaps further at
 * the ruleset's maximum): a week of seconds, 2^30 heaps, work up to 2^53 - 1.
 */
export const MAX_CENSUS_BUDGET: Required<CensusBudget> = {
  maxHeaps: 2 ** 30,
  maxWork: Number.MAX_SAFE_INTEGER,
  seconds: 7 * 24 * 3600,
};

/**
 * Most codes a run takes unless its request says more (`maxCodes`): 2^16 is `--digits 5` (octal)
 * or `--digits 3 --hex`. The 1024 codes of `--digits 3` take the better part of an hour on two
 * cores, so a larger space is a run of days that the user asks for by name.
 */
export const DEFAULT_MAX_CODES = 2 ** 16;

/** The default budget of a census game of a convention. */
export function defaultCensusBudget(convention: CensusConvention): CensusBudget {
  return convention === 'misere' ? DEFAULT_MISERE_CENSUS_BUDGET : DEFAULT_CENSUS_BUDGET;
}
