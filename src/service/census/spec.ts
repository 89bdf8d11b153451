/** The ruleset spec of a census code: the census is the take-and-break census, so its rows are takebreak codes. */
export function censusSpec(code: string): string {
  return `takebreak:${code}`;
}
