/** A signal that stops a search after a number of its looks at it: a node limit for searches that have none. */

/** Reads as aborted from its (checks + 1)-th look on (the grid core looks every 1,024 positions). */
export function abortAfter(checks: number): AbortSignal {
  let looks = 0;
  return {
    get aborted() {
      return ++looks > checks;
    },
  } as unknown as AbortSignal;
}
