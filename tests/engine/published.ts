/** Published reference values (PROBLEMS.md / OEIS), used by several test files. */

const seq = (s: string) => s.trim().split(/\s+/).map(Number);

/** Subtract-a-square single-heap Grundy values, n = 0..29 (PROBLEMS.md, problem 1). */
export const SQUARES_GRUNDY_0_29 = seq('0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5');

/** Subtract-a-square P-positions (OEIS A030193), as listed in PROBLEMS.md. */
export const SQUARES_P_POSITIONS = seq('0 2 5 7 10 12 15 17 20 22 34 39 44 52 57 62 65 67 72 85 95');

/** PE310 counts of sorted P-triples. */
export const NIM_SQUARE = { 29: 1160n, 100000: 2586528661783n } as const;

/** Subtract-a-square single-heap Grundy values, n = 0..98 (OEIS A014586; its zeros are A030193). */
export const SQUARES_GRUNDY = seq(`
  0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5 3 2 3 4 0 1 2 3 2 0 1 2 3 2 0 1 2 3 2 3
  4 5 0 1 3 4 5 0 1 3 4 5 0 1 3 0 1 0 1 2 4 3 0 1 5 6 2 3 4 5 6 2 3 4 5 0 1 6 3 2 4 2 6 4 5 0 1 6 4`);

/**
 * Kayles (octal game 0.77), n = 0..104 (OEIS A002186). Periodic with period 12 from n = 71 on
 * (Guy 1949; A002186's formula lists the exceptions 0, 3, 6, …, 57, 70).
 */
export const KAYLES_GRUNDY = seq(`
  0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7 4 1 2 8
  1 4 7 2 1 4 2 7 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1 8 2 7 4 1 2 8 1 4 7 2 1`);
export const KAYLES_PERIOD = { preperiod: 71, period: 12 } as const;

/**
 * Dawson's chess (octal game 0.137), n = 0..131 (OEIS A002187). Dawson's Kayles (0.07) has values
 * a(n - 1): g(0) = 0, g(n) = a(n - 1). A002187 has period 34 with last exception at n = 51, so
 * Dawson's Kayles is periodic from heap 53 on.
 */
export const DAWSONS_CHESS_GRUNDY = seq(`
  0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 2 3 3 0 1 1 3 0 2 1 1 0 4 5 3
  7 4 8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7 4 8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4`);
export const DAWSONS_KAYLES_PERIOD = { preperiod: 53, period: 34 } as const;

/** Grundy's game (take-and-break 4!.0: split a heap into two unequal heaps), n = 0..104 (OEIS A002188). */
export const GRUNDYS_GAME_GRUNDY = seq(`
  0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4 1 5 4 1 5 4 1 5 4 1 0 2
  1 0 2 1 5 2 1 3 2 1 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 5 2 4 5 2 4 3 7 4 3 7 4 3 7 4 3 5 2 3 5 2 3 5 2 3`);
