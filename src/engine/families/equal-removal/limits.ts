/** Documented maxima of equal removal: piles per position and pile sizes per solver. */

/** Most piles an equal-removal position may have: a position has 2^piles - 1 subsets to move. */
export const MAX_EQUAL_REMOVAL_PILES = 8;

/** Largest pile of the three-pile solver: its four bit tables take N^2/2 bytes (200 MB here). */
export const MAX_TRIPLE_PILE = 20_000;

/** Largest pile of the one- and two-pile solvers (linear memory: 2 bits per value). */
export const MAX_PAIR_PILE = 100_000_000;
