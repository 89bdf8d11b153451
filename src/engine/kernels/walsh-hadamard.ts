/**
 * The fast Walsh–Hadamard transform, in place: for an array h of length L = 2^m,
 *   Ĥ(w) = Σ_v h[v] · (-1)^popcount(v & w)   for every w < L,
 * by m butterfly passes (x, y) -> (x + y, x - y): O(L log L) additions and no multiplications.
 * It turns XOR-convolution into a pointwise product (the transform of Σ_{u^v=w} a[u]·b[v] is Â·B̂),
 * which is how counts of positions with nim-sum 0 and scores of sparse-space splits are read off
 * histograms of Grundy values; applied twice it gives L·h.
 *
 * Two variants with one loop each, so that each stays monomorphic: Float64Array (exact while every
 * partial sum stays an integer below 2^53 in absolute value, i.e. Σ|h[v]| < 2^53) and bigint[]
 * (exact for any size of entry). The length must be a power of two (1 included).
 */

/** The transform of a Float64Array, in place (exact for integers while Σ|h[v]| < 2^53). */
export function walshHadamard(h: Float64Array): void {
  for (let len = 1; len < h.length; len <<= 1) {
    for (let i = 0; i < h.length; i += len << 1) {
      for (let j = i; j < i + len; j++) {
        const a = h[j],
          b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
    }
  }
}

/** The transform of a bigint array, in place (exact). */
export function walshHadamardBig(h: bigint[]): void {
  for (let len = 1; len < h.length; len <<= 1) {
    for (let i = 0; i < h.length; i += len << 1) {
      for (let j = i; j < i + len; j++) {
        const a = h[j],
          b = h[j + len];
        h[j] = a + b;
        h[j + len] = a - b;
      }
    }
  }
}
