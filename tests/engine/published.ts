/** Published reference values (PROBLEMS.md / OEIS), used by several test files. */

const seq = (s: string) => s.trim().split(/\s+/).map(Number);

/** Subtract-a-square single-heap Grundy values, n = 0..29 (PROBLEMS.md, problem 1). */
export const SQUARES_GRUNDY_0_29 = seq('0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5');

/** Subtract-a-square P-positions (OEIS A030193), as listed in PROBLEMS.md. */
export const SQUARES_P_POSITIONS = seq('0 2 5 7 10 12 15 17 20 22 34 39 44 52 57 62 65 67 72 85 95');

/** PE310 counts of sorted P-triples. */
export const NIM_SQUARE = { 29: 1160n, 100000: 2586528661783n } as const;
