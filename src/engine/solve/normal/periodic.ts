/**
 * Heap values of any size from a proved period: a computed prefix plus a certificate (preperiod e,
 * period p, saltus s) give g(n) = g(e + (n - e) mod p) + s·floor((n - e) / p) for every n >= e.
 *
 * A certificate comes from the family: a closed form (`provedPeriod`) or a periodicity theorem
 * (`certificationLength`: how many computed values prove a plain period). Heap sizes here are
 * `bigint`, so heaps far beyond any computable sequence (10^18 and more) are answered in O(1) and
 * histograms over min..N in O(e + p).
 */
import { InputError } from '../../errors.ts';
import { smallestPeriod } from './period.ts';
import type { HeapRuleset, ObservedPeriod } from '../../types.ts';

/** Largest Grundy value answered from a period with saltus (values stay 32-bit, as everywhere). */
const MAX_VALUE = 2 ** 32 - 1;

/**
 * The values of a heap ruleset: g(0..prefix.length-1) computed, and with a certificate every
 * larger heap too. Without one, heaps beyond the prefix are refused.
 */
export class HeapValues {
  /** Heaps 0..prefix.length-1 are stored; with a certificate, prefix.length >= preperiod + period. */
  readonly prefix: ArrayLike<number>;
  readonly certificate: ObservedPeriod | null;

  constructor(prefix: ArrayLike<number>, certificate: ObservedPeriod | null) {
    if (certificate && prefix.length < certificate.preperiod + certificate.period) {
      throw new Error(
        `internal: a certificate (${certificate.preperiod}, ${certificate.period}) needs ${certificate.preperiod + certificate.period} values, got ${prefix.length}`,
      );
    }
    this.prefix = prefix;
    this.certificate = certificate;
  }

  /** Largest heap answered: the prefix's last without a certificate, unbounded (null) with one. */
  get lastHeap(): bigint | null {
    return this.certificate ? null : BigInt(this.prefix.length - 1);
  }

  /** g(n); heaps beyond the prefix need a certificate. */
  at(n: bigint): number {
    if (n < 0n) throw new InputError(`heap sizes are non-negative, got ${n}`);
    if (n < BigInt(this.prefix.length)) return this.prefix[Number(n)];
    const c = this.certificate;
    if (!c)
      throw new Error(
        `internal: heap ${n} is beyond the ${this.prefix.length} computed values and no period is proved`,
      );
    const e = BigInt(c.preperiod),
      p = BigInt(c.period);
    const q = (n - e) / p;
    const base = this.prefix[Number(e + ((n - e) % p))];
    if (c.saltus === 0) return base;
    const value = BigInt(base) + q * BigInt(c.saltus);
    if (value > BigInt(MAX_VALUE))
      throw new InputError(
        `the Grundy value of a heap of ${n} is ${value}, above the 32-bit values the engine works with`,
        'too-large',
      );
    return Number(value);
  }

  /** g(n) for a safe-integer heap: the same as at(), without bigint arithmetic on the common path. */
  atSafe(n: number): number {
    if (n < this.prefix.length) return this.prefix[n];
    const c = this.certificate;
    if (c && c.saltus === 0) return this.prefix[c.preperiod + ((n - c.preperiod) % c.period)];
    return this.at(BigInt(n));
  }

  /** g(from..to) as a typed array: copied from the prefix, then repeated from the period. */
  window(from: bigint, to: bigint): Uint32Array {
    const length = Number(to - from + 1n);
    const out = new Uint32Array(Math.max(0, length));
    const stored = BigInt(this.prefix.length);
    let i = 0;
    // the stored part
    if (from < stored) {
      const end = Number(to < stored ? to : stored - 1n);
      for (let n = Number(from); n <= end; n++) out[i++] = this.prefix[n];
    }
    const c = this.certificate;
    if (i < length && c && c.saltus === 0) {
      // plain period: out[i] = g(from + i), and the first period.length values fix the rest
      const first = Math.min(length, i + c.period);
      for (; i < first; i++) out[i] = this.at(from + BigInt(i));
      if (i >= c.period) for (; i < length; i++) out[i] = out[i - c.period];
    }
    for (; i < length; i++) out[i] = this.at(from + BigInt(i));
    return out;
  }

  /**
   * The histogram of g over heaps lo..hi: entry v counts the heaps whose value is v. O(e + p) with a
   * plain period (saltus 0), whatever hi is; over the prefix otherwise.
   */
  histogram(lo: bigint, hi: bigint): bigint[] {
    const h: bigint[] = [];
    const add = (v: number, count: bigint) => {
      while (h.length <= v) h.push(0n);
      h[v] += count;
    };
    if (hi < lo) return h;
    const c = this.certificate;
    const direct = c && c.saltus === 0 ? BigInt(c.preperiod) : BigInt(this.prefix.length);
    // heaps below the periodic part, one by one (counted in doubles: fewer than 2^53 of them)
    if (lo < direct) {
      const end = Number(hi < direct ? hi : direct - 1n);
      let counts = new Float64Array(64);
      for (let n = Number(lo); n <= end; n++) {
        const v = this.prefix[n];
        if (v >= counts.length) {
          const wider = new Float64Array(Math.max(v + 1, 2 * counts.length));
          wider.set(counts);
          counts = wider;
        }
        counts[v]++;
      }
      for (let v = 0; v < counts.length; v++) if (counts[v] > 0) add(v, BigInt(counts[v]));
    }
    if (hi < direct) return h;
    if (c?.saltus !== 0)
      throw new Error(`internal: heaps up to ${hi} are beyond the ${this.prefix.length} computed values`);
    // heaps n in [A, hi] with n >= e: n = e + r + p·q, value prefix[e + r]; count per residue r
    const e = BigInt(c.preperiod),
      p = BigInt(c.period);
    const A = lo > e ? lo : e;
    const full = (hi - A + 1n) / p; // every residue occurs this many times in the first full·p heaps from A
    const rest = (hi - A + 1n) % p; // and residues of A, A+1, …, A+rest-1 once more
    const rA = (A - e) % p;
    for (let r = 0n; r < p; r++) {
      const offset = (r - rA + p) % p; // heap A + offset has residue r
      add(this.prefix[Number(e + r)], full + (offset < rest ? 1n : 0n));
    }
    return h;
  }
}

/**
 * The plain period proved by the family's theorem in g(0..length-1) of `values`, or null when the
 * values do not prove one yet (or the family has no theorem).
 */
export function provePeriod(
  ruleset: HeapRuleset,
  values: ArrayLike<number>,
  length = values.length,
): ObservedPeriod | null {
  const theorem = ruleset.certificationLength;
  if (!theorem || length < 2) return null;
  // typed arrays are read in place (a kernel's 16-bit view included); anything else is copied once
  const view =
    values instanceof Uint32Array || values instanceof Uint16Array
      ? values.subarray(0, length)
      : Uint32Array.from({ length }, (_, i) => values[i]);
  return smallestPeriod(view, (e, p, s) => s === 0 && theorem(e, p) <= length);
}

/**
 * Fills values[from..] from a period proved in values[0..from): g(n) = g(n - p) + saltus for
 * n >= e + p. O(length - from): with a plain period, copies of doubling stretches.
 */
export function fillFromPeriod(values: Uint32Array, from: number, certificate: ObservedPeriod): void {
  const p = certificate.period;
  if (certificate.saltus !== 0) {
    for (let n = Math.max(from, certificate.preperiod + p); n < values.length; n++)
      values[n] = values[n - p] + certificate.saltus;
    return;
  }
  // the periodic stretch [e, n) is known: copy its longest whole number of periods forward (doubling)
  let n = Math.max(from, certificate.preperiod + p);
  while (n < values.length) {
    const m = Math.floor((n - certificate.preperiod) / p) * p;
    const len = Math.min(values.length - n, m);
    values.copyWithin(n, n - m, n - m + len);
    n += len;
  }
}
