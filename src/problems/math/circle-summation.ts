/** Circle Summation (PROBLEMS.md problem 5): powers of the per-round linear map, as x^M mod its characteristic polynomial or as a matrix power, exact mod 1e9+7. */

/** The judge's modulus, 1e9 + 7 (below 2^30, which the exact kernel below relies on). */
export const CIRCLE_MODULUS = 1_000_000_007;

/** A square matrix of residues mod CIRCLE_MODULUS, row-major, each entry an integer in [0, p). */
export interface ModMatrix {
  readonly size: number;
  readonly entries: Float64Array;
}

const P = CIRCLE_MODULUS;
/** Split point of the second factor: b = hi * 2^15 + lo with hi, lo < 2^15. */
const SPLIT = 1 << 15;
/**
 * Products a * lo and a * hi are below 2^30 * 2^15 = 2^45, so 128 of them plus a residue < 2^30
 * stay below 2^53, where doubles hold integers exactly: reduce once per 128 terms, not per term.
 */
const TERMS_PER_REDUCTION = 128;

/** The identity: the map of zero rounds. */
export function identityMatrix(size: number): ModMatrix {
  const entries = new Float64Array(size * size);
  for (let i = 0; i < size; i++) entries[i * size + i] = 1;
  return { size, entries };
}

/** (a * b) mod p for residues a, b < 2^30, exactly in doubles (no BigInt, no overflow). */
export function mulMod(a: number, b: number): number {
  const hi = Math.floor(b / SPLIT);
  const lo = b - hi * SPLIT;
  return (((a * hi) % P) * SPLIT + a * lo) % P;
}

/**
 * Exact product of two residue matrices mod 1e9+7, in float64 without BigInt.
 *
 * Every entry of `b` is split as hi * 2^15 + lo; for each row of `a` two accumulator rows collect
 * sum_k a[i][k] * lo[k][j] and sum_k a[i][k] * hi[k][j] (i-k-j order: the inner loop streams rows).
 * Each product is < 2^45, so a sum of 128 stays exact below 2^53 and is reduced only then; at the
 * end c[i][j] = ((hiSum mod p) * 2^15 + loSum) mod p, every step below 2^53.
 * O(n^3) multiply-adds, O(n) reductions per entry / 128.
 */
export function multiplyMod(a: ModMatrix, b: ModMatrix): ModMatrix {
  const n = a.size;
  if (b.size !== n) throw new RangeError(`matrix sizes differ: ${n} and ${b.size}`);
  const lo = new Float64Array(n * n);
  const hi = new Float64Array(n * n);
  for (let t = 0; t < n * n; t++) {
    const h = Math.floor(b.entries[t] / SPLIT);
    hi[t] = h;
    lo[t] = b.entries[t] - h * SPLIT;
  }
  const A = a.entries;
  const out = new Float64Array(n * n);
  const accLo = new Float64Array(n);
  const accHi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    accLo.fill(0);
    accHi.fill(0);
    const rowA = i * n;
    let pending = 0;
    for (let k = 0; k < n; k++) {
      const aik = A[rowA + k];
      if (aik !== 0) {
        const rowB = k * n;
        for (let j = 0; j < n; j++) {
          accLo[j] += aik * lo[rowB + j];
          accHi[j] += aik * hi[rowB + j];
        }
        if (++pending === TERMS_PER_REDUCTION) {
          for (let j = 0; j < n; j++) {
            accLo[j] %= P;
            accHi[j] %= P;
          }
          pending = 0;
        }
      }
    }
    for (let j = 0; j < n; j++) out[rowA + j] = ((((accHi[j] % P) * SPLIT) % P) + (accLo[j] % P)) % P;
  }
  return { size: n, entries: out };
}

/**
 * The map of one round played by the child at index 0, followed by turning the circle one place
 * so that the next player is at index 0 again: state[j] = value of the child j places clockwise of
 * the one about to play. Row n-1 sums the old indices n-1, 0, 1 (the player and its neighbours);
 * row j < n-1 takes old index j+1. The same matrix serves every round, which is what lets one
 * matrix power cover all M rounds.
 */
export function roundStepMatrix(n: number): ModMatrix {
  if (!Number.isInteger(n) || n < 3) throw new RangeError(`a circle needs at least 3 children, got ${n}`);
  const m: ModMatrix = { size: n, entries: new Float64Array(n * n) };
  for (let j = 0; j < n - 1; j++) m.entries[j * n + j + 1] = 1;
  const last = (n - 1) * n;
  m.entries[last + n - 1] += 1;
  m.entries[last + 0] += 1;
  m.entries[last + 1] += 1;
  return m;
}

/**
 * Circle Summation for every starting child, by matrix power (the blog's approach).
 *
 * Let S be the round-then-turn matrix above and v_s the values read clockwise from child s. The
 * rounds do not depend on who starts except through where the circle is read from, so after M
 * rounds from child s the state is S^M v_s, read from child s + M. Hence ONE matrix power serves
 * all N starts: W = S^M X, where column s of X is v_s, and child c's value for start s is
 * W[(c - s - M) mod N][s]. Binary exponentiation applies the powers S^(2^b) to X for the set bits
 * of M: about 2 log2(M) products of N x N matrices, O(N^3 log M) per test.
 * Same contract as `circleSummation`, which is faster; this one is kept as an independent check.
 */
export function circleSummationByMatrix(values: readonly number[], rounds: number): Uint32Array[] {
  const n = checkCircle(values, rounds);
  const residues = values.map((v) => v % P);
  let x: ModMatrix = { size: n, entries: new Float64Array(n * n) };
  for (let j = 0; j < n; j++) for (let s = 0; s < n; s++) x.entries[j * n + s] = residues[(s + j) % n];
  let power = roundStepMatrix(n);
  for (let m = rounds; m > 0; m = Math.floor(m / 2)) {
    if (m % 2 === 1) x = multiplyMod(power, x);
    if (m > 1) power = multiplyMod(power, power);
  }
  const w = x.entries;
  return readOutRows(n, rounds, (s, k) => w[k * n + s]);
}

/**
 * Circle Summation for every starting child: row s = the N final numbers (mod 1e9+7) when child
 * s+1 plays the first of `rounds` rounds. `values` are non-negative safe integers (reduced mod
 * 1e9+7), at least 3 of them; `rounds` is a non-negative safe integer.
 *
 * S (above) is a companion matrix: in the turning frame the state after t rounds is
 * (u_t, ..., u_{t+N-1}) for the sequence with u_0..u_{N-1} = v_s and
 * u_{t+N} = u_{t+N-1} + u_{t+1} + u_t (the player's new value is itself plus both neighbours).
 * So composing M rounds is computing x^M modulo the characteristic polynomial
 * f(x) = x^N - x^{N-1} - x - 1 (the same fast exponentiation as S^M, with polynomials of N
 * coefficients in place of N x N matrices): x^M = sum c_i x^i (mod f) gives
 * u_{M+k} = sum_i c_i u_{i+k}. The polynomial does not depend on the start, so one power serves
 * all N starts. O(N^2 log M) for the power plus O(N^2) per start: O(N^2 log M + N^3) per test,
 * against O(N^3 log M) for the matrix power.
 */
export function circleSummation(values: readonly number[], rounds: number): Uint32Array[] {
  const n = checkCircle(values, rounds);
  const residues = values.map((v) => v % P);
  const c = roundsPolynomial(n, rounds);
  const cHi = new Float64Array(n);
  const cLo = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    cHi[i] = Math.floor(c[i] / SPLIT);
    cLo[i] = c[i] - cHi[i] * SPLIT;
  }
  const u = new Float64Array(2 * n - 1);
  const w = new Float64Array(n * n);
  for (let s = 0; s < n; s++) {
    for (let j = 0; j < n; j++) u[j] = residues[(s + j) % n];
    for (let t = 0; t + n < u.length; t++) u[t + n] = (u[t + n - 1] + u[t + 1] + u[t]) % P;
    for (let k = 0; k < n; k++) {
      // Exact sum_i c_i u_{i+k}: split c_i = hi * 2^15 + lo, reduce every 128 terms (see multiplyMod).
      let lo = 0;
      let hi = 0;
      for (let i = 0; i < n; i++) {
        lo += u[i + k] * cLo[i];
        hi += u[i + k] * cHi[i];
        if ((i & (TERMS_PER_REDUCTION - 1)) === TERMS_PER_REDUCTION - 1) {
          lo %= P;
          hi %= P;
        }
      }
      w[s * n + k] = ((((hi % P) * SPLIT) % P) + (lo % P)) % P;
    }
  }
  return readOutRows(n, rounds, (s, k) => w[s * n + k]);
}

/**
 * Coefficients c_0..c_{n-1} of x^rounds modulo f(x) = x^n - x^{n-1} - x - 1, mod 1e9+7.
 * Left-to-right binary exponentiation: square, then multiply by x for a set bit; a square is an
 * exact O(n^2) product (split as in multiplyMod) followed by folding x^d (d >= n) into
 * x^{d-1} + x^{d-n+1} + x^{d-n}.
 */
export function roundsPolynomial(n: number, rounds: number): Float64Array {
  if (!Number.isInteger(n) || n < 3) throw new RangeError(`a circle needs at least 3 children, got ${n}`);
  const bits: number[] = [];
  for (let m = rounds; m > 0; m = Math.floor(m / 2)) bits.push(m % 2);
  let r: Float64Array = new Float64Array(n);
  r[0] = 1;
  for (let b = bits.length - 1; b >= 0; b--) {
    r = squareModF(r, n);
    if (bits[b] === 1) timesXModF(r, n);
  }
  return r;
}

/** r(x)^2 mod (f, p) for a polynomial of degree < n with residue coefficients. */
function squareModF(r: Float64Array, n: number): Float64Array {
  const hi = new Float64Array(n);
  const lo = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    hi[i] = Math.floor(r[i] / SPLIT);
    lo[i] = r[i] - hi[i] * SPLIT;
  }
  const accLo = new Float64Array(2 * n - 1);
  const accHi = new Float64Array(2 * n - 1);
  let pending = 0;
  for (let i = 0; i < n; i++) {
    const ri = r[i];
    if (ri === 0) continue;
    for (let j = 0; j < n; j++) {
      accLo[i + j] += ri * lo[j];
      accHi[i + j] += ri * hi[j];
    }
    if (++pending === TERMS_PER_REDUCTION) {
      for (let d = 0; d < accLo.length; d++) {
        accLo[d] %= P;
        accHi[d] %= P;
      }
      pending = 0;
    }
  }
  const prod = new Float64Array(2 * n - 1);
  for (let d = 0; d < prod.length; d++) prod[d] = ((((accHi[d] % P) * SPLIT) % P) + (accLo[d] % P)) % P;
  // x^d = x^{d-n} * x^n = x^{d-n} (x^{n-1} + x + 1): fold from the top so folded terms are folded again.
  for (let d = prod.length - 1; d >= n; d--) {
    const t = prod[d];
    if (t === 0) continue;
    prod[d - 1] = addMod(prod[d - 1], t);
    prod[d - n + 1] = addMod(prod[d - n + 1], t);
    prod[d - n] = addMod(prod[d - n], t);
  }
  return prod.slice(0, n);
}

/** r(x) * x mod (f, p), in place. */
function timesXModF(r: Float64Array, n: number): void {
  const top = r[n - 1];
  for (let i = n - 1; i > 0; i--) r[i] = r[i - 1];
  r[0] = 0;
  r[n - 1] = addMod(r[n - 1], top);
  r[1] = addMod(r[1], top);
  r[0] = addMod(r[0], top);
}

function addMod(a: number, b: number): number {
  const s = a + b;
  return s >= P ? s - P : s;
}

function checkCircle(values: readonly number[], rounds: number): number {
  if (values.length < 3) throw new RangeError(`a circle needs at least 3 children, got ${values.length}`);
  if (!Number.isSafeInteger(rounds) || rounds < 0)
    throw new RangeError(`rounds must be a non-negative safe integer, got ${rounds}`);
  return values.length;
}

/**
 * Turns turning-frame states back into children's numbers: for start s the state index k holds
 * the child k places clockwise of child s + M, so child c is state index (c - s - M) mod n.
 */
function readOutRows(n: number, rounds: number, state: (s: number, k: number) => number): Uint32Array[] {
  const shift = rounds % n;
  const rows: Uint32Array[] = [];
  for (let s = 0; s < n; s++) {
    const row = new Uint32Array(n);
    for (let c = 0; c < n; c++) row[c] = state(s, (((c - s - shift) % n) + 2 * n) % n);
    rows.push(row);
  }
  return rows;
}

/**
 * The reference: plays the M rounds one by one from child `start` (0-based), O(M) time.
 * Used to check the matrix power; only for modest M.
 */
export function simulateCircleSummation(values: readonly number[], rounds: number, start: number): Uint32Array {
  const n = values.length;
  const a = values.map((v) => v % P);
  let child = start;
  for (let r = 0; r < rounds; r++) {
    a[child] = (a[child] + a[(child + 1) % n] + a[(child + n - 1) % n]) % P;
    child = (child + 1) % n;
  }
  return Uint32Array.from(a);
}
