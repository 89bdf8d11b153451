/** The ruleset spec of a census code (the page links rows to Explore with it; the census computes it). */
import { CENSUS_FAMILY } from '../../engine/families/takebreak/codes.ts';

export function censusSpec(code: string): string {
  return `${CENSUS_FAMILY}:${code}`;
}
