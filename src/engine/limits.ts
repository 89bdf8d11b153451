/** Documented maxima shared by every face (CLI, API, page). */

/** Longest Grundy sequence computed in one request (heaps 0..MAX_SEQUENCE). */
export const MAX_SEQUENCE = 100_000_000;

/** Largest Nim heap accepted by analysis (Grundy values are computed as unsigned 32-bit). */
export const MAX_NIM_HEAP = 2 ** 32 - 1;

/** Most heaps in one position or one count. */
export const MAX_HEAPS = 1000;
