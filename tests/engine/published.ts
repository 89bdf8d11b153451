/** Published reference values (PROBLEMS.md / OEIS), used by several test files. */

const seq = (s: string) => s.trim().split(/\s+/).map(Number);

/** Subtract-a-square single-heap Grundy values, n = 0..29 (PROBLEMS.md, problem 1). */
export const SQUARES_GRUNDY_0_29 = seq('0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5');

/** Subtract-a-square P-positions (OEIS A030193), as listed in PROBLEMS.md. */
export const SQUARES_P_POSITIONS = seq('0 2 5 7 10 12 15 17 20 22 34 39 44 52 57 62 65 67 72 85 95');

/** PE310 counts of sorted P-triples. */
export const NIM_SQUARE = { 29: 1160n, 100000: 2586528661783n } as const;

/** Kayles (takebreak:0.77), n = 0..83 (OEIS A002186; period 12 from n = 71). */
export const KAYLES_0_83 = seq(`0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3 1 4 7 2 1 8 2 7
  4 1 2 8 1 4 7 2 1 4 2 7 4 1 2 8 1 4 7 2 1 8 6 7 4 1 2 8 1 4 7 2 1 8 2 7`);

/** Dawson's Kayles (takebreak:0.07), n = 0..40: 0 then OEIS A002187 (Dawson's chess, .137) a(0..39). */
export const DAWSONS_KAYLES_0_40 = [0, ...seq('0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3')];

/** Grundy's game (takebreak:4!.0), n = 0..104 (OEIS A002188). */
export const GRUNDYS_GAME_0_104 = seq(`0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3 1 2 4 1 2 4 1 2 4 1 5 4 1 5 4 1
  5 4 1 0 2 1 0 2 1 5 2 1 3 2 1 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 3 2 4 5 2 4 5 2 4 3 7 4 3 7 4 3 7 4 3 5 2 3 5 2 3 5 2 3`);

/** Lasker's Nim, n = 0..20 (Berlekamp, Conway & Guy, Winning Ways, ch. 4: g swaps 4k+3 and 4k+4). */
export const LASKER_0_20 = seq('0 1 2 4 3 5 6 8 7 9 10 12 11 13 14 16 15 17 18 20 19');
