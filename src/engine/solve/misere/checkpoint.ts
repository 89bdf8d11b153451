/**
 * A partial misère quotient as bytes (to store, then resume a long construction) and the checks
 * that refuse a stored one that is corrupt or inconsistent, so a resumed run never gives an answer
 * a run from scratch would not.
 *
 * Layout (little-endian): the magic "NIMBERMQ", format version (u32), the ruleset's canonical spec
 * (u32 length, UTF-8), the payload's length (u32) and CRC-32 (u32), then the payload: heap, size,
 * recalibrations and steps spent, the products table (16-bit entries: half the bytes of version 1's
 * 32-bit ones, which a quotient of tens of thousands of elements needs), P-portion, pretending function, depths,
 * representatives and their options' elements, the size after each heap and the verification states.
 */
import { InputError } from '../../errors.ts';
import type { HeapRuleset } from '../../types.ts';
import { MAX_QUOTIENT_HEAP, type QuotientCheckpoint } from './quotient.ts';

const MAGIC = 'NIMBERMQ';
export const CHECKPOINT_VERSION = 2;
/** Largest quotient a checkpoint may hold (the table is size²). */
const MAX_STORED_SIZE = 1 << 16;

/** The bytes of a checkpoint. */
export function encodeCheckpoint(cp: QuotientCheckpoint): Uint8Array {
  if (cp.size > MAX_STORED_SIZE)
    throw new InputError(
      `a misère quotient of ${cp.size} elements cannot be stored (at most ${MAX_STORED_SIZE})`,
      'too-large',
    );
  // room for the table at once: it is nearly all of a large quotient's bytes
  const w = new Writer(cp.size * cp.size * 2 + 4096);
  w.u32(cp.heap);
  w.u32(cp.size);
  w.u32(cp.recalibrations);
  w.f64(cp.workUsed);
  w.u16s(cp.table);
  w.bytes(cp.pPortion);
  w.i32s(cp.heapElement);
  for (let u = 0; u < cp.size; u++) w.f64(cp.depth[u]);
  for (const r of cp.rep) {
    w.u32(r.length);
    for (const g of r) w.u32(g);
  }
  for (const o of cp.repOptions) {
    w.u32(o.length);
    w.i32s(o);
  }
  for (const s of cp.sizeByHeap) w.u32(s);
  if (cp.states === null) w.u32(0);
  else {
    w.u32(1);
    w.u32(cp.states.length);
    for (const st of cp.states) {
      w.u32(st.x);
      for (const word of st.T) w.u32(word);
      // heaps after the state's last live heap are not counted yet (a dead heap adds no state)
      w.u32(st.counts.length);
      for (const c of st.counts) w.u32(c);
    }
  }
  const payload = w.done();
  const spec = new TextEncoder().encode(cp.ruleset);
  const head = new Writer();
  for (let i = 0; i < MAGIC.length; i++) head.byte(MAGIC.charCodeAt(i));
  head.u32(CHECKPOINT_VERSION);
  head.u32(spec.length);
  head.bytes(spec);
  head.u32(payload.length);
  head.u32(crc32(payload));
  const top = head.done();
  const bytes = new Uint8Array(top.length + payload.length);
  bytes.set(top);
  bytes.set(payload, top.length);
  return bytes;
}

/** A checkpoint from its bytes: magic, version, checksum and lengths checked (not yet its consistency). */
export function decodeCheckpoint(bytes: Uint8Array): QuotientCheckpoint {
  const h = new Reader(bytes);
  for (let i = 0; i < MAGIC.length; i++)
    if (h.byte() !== MAGIC.charCodeAt(i)) throw new InputError('not a stored misère quotient (wrong magic bytes)');
  const version = h.u32();
  if (version !== CHECKPOINT_VERSION)
    throw new InputError(
      `stored misère quotient of format version ${version}, this nimber reads ${CHECKPOINT_VERSION}`,
    );
  const specLength = h.u32();
  if (specLength > 10_000) throw new InputError('stored misère quotient: a ruleset spec of impossible length');
  const ruleset = new TextDecoder('utf-8', { fatal: false }).decode(h.take(specLength));
  const length = h.u32();
  const sum = h.u32();
  const payload = h.take(length);
  if (!h.atEnd()) throw new InputError('stored misère quotient: bytes after the end of its data');
  if (crc32(payload) !== sum) throw new InputError('stored misère quotient: checksum mismatch (a corrupt file)');
  const r = new Reader(payload);
  const heap = r.u32();
  const size = r.u32();
  if (heap > MAX_QUOTIENT_HEAP)
    throw new InputError(`stored misère quotient: heap ${heap} is above ${MAX_QUOTIENT_HEAP}`);
  if (size < 1 || size > MAX_STORED_SIZE) throw new InputError(`stored misère quotient: an impossible order (${size})`);
  const recalibrations = r.u32();
  const workUsed = r.f64();
  // 16-bit entries, the kind of table the construction makes for an order this small
  const table = r.u16s(size * size);
  const pPortion = r.take(size).slice();
  const heapElement = r.i32s(heap + 1);
  const depth = new Float64Array(size);
  for (let u = 0; u < size; u++) depth[u] = r.f64();
  const rep: number[][] = [];
  for (let u = 0; u < size; u++) rep.push(Array.from(r.i32s(r.count(heap * 64 + 64))));
  const repOptions: Int32Array[] = [];
  for (let u = 0; u < size; u++) repOptions.push(r.i32s(r.count(size)));
  const sizeByHeap = Array.from(r.i32s(heap + 1));
  const hasStates = r.u32();
  if (hasStates > 1) throw new InputError('stored misère quotient: a malformed verification section');
  let states: QuotientCheckpoint['states'] = null;
  if (hasStates === 1) {
    const words = Math.ceil(size / 32);
    const n = r.count(Math.floor(r.left() / (4 * (2 + words))));
    const list: { x: number; T: Uint32Array; counts: number[] }[] = [];
    for (let i = 0; i < n; i++) {
      const x = r.u32();
      const T = new Uint32Array(words);
      for (let j = 0; j < words; j++) T[j] = r.u32();
      list.push({ x, T, counts: Array.from(r.i32s(r.count(heap + 1))) });
    }
    states = list;
  }
  if (!r.atEnd()) throw new InputError('stored misère quotient: bytes after the end of its data');
  return {
    ruleset,
    heap,
    size,
    table,
    pPortion,
    heapElement,
    depth,
    rep,
    repOptions,
    states,
    sizeByHeap,
    recalibrations,
    workUsed,
  };
}

/**
 * Refuses a checkpoint that is not a partial quotient of this ruleset: a commutative monoid with
 * identity 0 (associativity checked against each heap's element, which with every element a product
 * of heaps' elements is the whole law), the empty position an N-position, no move from a P-position
 * to a P-position, pretending values, representatives and verification states that multiply out
 * to the elements they claim.
 */
export function checkCheckpoint(cp: QuotientCheckpoint, ruleset: HeapRuleset): void {
  const fault = (what: string) => new InputError(`stored misère quotient is inconsistent: ${what}`);
  if (cp.ruleset !== ruleset.spec) throw new InputError(`the stored quotient is of ${cp.ruleset}, not ${ruleset.spec}`);
  if (cp.heap > ruleset.maxHeap) throw fault(`heap ${cp.heap} is beyond the ruleset's largest heap`);
  const m = cp.size;
  const t = cp.table;
  for (let i = 0; i < t.length; i++) if (t[i] < 0 || t[i] >= m) throw fault('a product outside the quotient');
  for (let a = 0; a < m; a++) {
    if (t[a] !== a || t[a * m] !== a) throw fault(`element 0 is not the identity (at element ${a})`);
    for (let b = a + 1; b < m; b++)
      if (t[a * m + b] !== t[b * m + a]) throw fault(`products ${a}·${b} and ${b}·${a} differ`);
  }
  const phi = cp.heapElement;
  if (phi[0] !== 0) throw fault('heap 0 is not the identity');
  const options: number[][][] = [[]];
  for (let g = 1; g <= cp.heap; g++) {
    if (phi[g] < 0 || phi[g] >= m) throw fault(`heap ${g}'s element is outside the quotient`);
    const opts = [...ruleset.heapOptions(g)].map((parts) => [...parts]);
    if (opts.length === 0 && phi[g] !== 0) throw fault(`heap ${g} has no move but is not the identity`);
    options.push(opts);
  }
  const gens = [...new Set(Array.from(phi).filter((u) => u !== 0))];
  for (const g of gens)
    for (let a = 0; a < m; a++)
      for (let b = 0; b < m; b++)
        if (t[t[a * m + b] * m + g] !== t[a * m + t[b * m + g]])
          throw fault(`products of ${a}, ${b} and ${g} are not associative`);
  const reached = new Uint8Array(m);
  reached[0] = 1;
  const queue = [0];
  for (let i = 0; i < queue.length; i++)
    for (const g of gens) {
      const v = t[queue[i] * m + g];
      if (!reached[v]) {
        reached[v] = 1;
        queue.push(v);
      }
    }
  if (queue.length !== m) throw fault('an element that no position reaches');
  const P = cp.pPortion;
  for (let u = 0; u < m; u++) if (P[u] > 1) throw fault('a P-portion flag that is neither 0 nor 1');
  if (P[0] !== 0) throw fault('the empty position is in the P-portion (under misère play it is an N-position)');
  const product = (counts: readonly number[]) => {
    let e = 0;
    counts.forEach((c, g) => {
      for (let i = 0; i < c; i++) e = t[e * m + phi[g]];
    });
    return e;
  };
  for (let g = 1; g <= cp.heap; g++) {
    const E = [...new Set(options[g].map((parts) => parts.reduce((e, x) => t[e * m + phi[x]], 0)))];
    for (let y = 0; y < m; y++) {
      if (!P[t[y * m + phi[g]]]) continue;
      for (const e of E) if (P[t[y * m + e]]) throw fault(`a move from the P-portion into it (heap ${g})`);
    }
  }
  for (let u = 0; u < m; u++) {
    if (!(cp.depth[u] >= 0 && Number.isFinite(cp.depth[u]))) throw fault(`element ${u} has an impossible depth`);
    const r = cp.rep[u];
    const counts = new Array<number>(cp.heap + 1).fill(0);
    for (let i = 0; i < r.length; i++) {
      if (r[i] < 1 || r[i] > cp.heap || (i > 0 && r[i] < r[i - 1]))
        throw fault(`element ${u}'s representative is malformed`);
      counts[r[i]]++;
    }
    if (product(counts) !== u) throw fault(`element ${u}'s representative is another element`);
    for (const v of cp.repOptions[u])
      if (v < 0 || v >= m) throw fault(`element ${u}'s options are outside the quotient`);
  }
  if (cp.sizeByHeap[cp.heap] !== m || cp.sizeByHeap[0] !== 1 || cp.sizeByHeap.some((s) => s < 1))
    throw fault('the sizes by heap do not end at the order');
  if (!Number.isFinite(cp.workUsed) || cp.workUsed < 0) throw fault('an impossible count of steps');
  if (cp.states)
    for (const st of cp.states) {
      if (st.counts.some((c) => c < 0)) throw fault('a verification state with a negative count of heaps');
      if (st.x < 0 || st.x >= m || product(st.counts) !== st.x)
        throw fault('a verification state with the wrong element');
      for (let v = m; v < st.T.length * 32; v++)
        if ((st.T[v >>> 5] & (1 << (v & 31))) !== 0) throw fault('a verification state outside the quotient');
    }
}

/** CRC-32 (IEEE 802.3, the polynomial of zip and PNG). */
export function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (let i = 0; i < bytes.length; i++) {
    c ^= bytes[i];
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** Little-endian bytes, growing as written. */
class Writer {
  private buf: Uint8Array;
  private view: DataView;
  private at = 0;
  constructor(capacity = 1024) {
    this.buf = new Uint8Array(capacity);
    this.view = new DataView(this.buf.buffer);
  }
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.at + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  byte(v: number): void {
    this.room(1);
    this.buf[this.at++] = v;
  }
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.at, v, true);
    this.at += 4;
  }
  f64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.at, v, true);
    this.at += 8;
  }
  i32s(a: ArrayLike<number>): void {
    this.room(4 * a.length);
    for (let i = 0; i < a.length; i++) this.view.setInt32(this.at + 4 * i, a[i], true);
    this.at += 4 * a.length;
  }
  u16s(a: ArrayLike<number>): void {
    this.room(2 * a.length);
    for (let i = 0; i < a.length; i++) this.view.setUint16(this.at + 2 * i, a[i], true);
    this.at += 2 * a.length;
  }
  bytes(a: Uint8Array): void {
    this.room(a.length);
    this.buf.set(a, this.at);
    this.at += a.length;
  }
  /** The bytes written (a view, not a copy: a large table is not copied again). */
  done(): Uint8Array {
    return this.buf.subarray(0, this.at);
  }
}

/** Reads what Writer wrote; running past the end is a truncated file. */
class Reader {
  private at = 0;
  private readonly view: DataView;
  constructor(private readonly buf: Uint8Array) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  private need(n: number): void {
    if (this.at + n > this.buf.length) throw new InputError('stored misère quotient is truncated');
  }
  left(): number {
    return this.buf.length - this.at;
  }
  atEnd(): boolean {
    return this.at === this.buf.length;
  }
  byte(): number {
    this.need(1);
    return this.buf[this.at++];
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.at, true);
    this.at += 4;
    return v;
  }
  /** A length, at most max. */
  count(max: number): number {
    const n = this.u32();
    if (n > max) throw new InputError('stored misère quotient: a length beyond what the quotient allows');
    return n;
  }
  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.at, true);
    this.at += 8;
    return v;
  }
  i32s(n: number): Int32Array {
    this.need(4 * n);
    const a = new Int32Array(n);
    for (let i = 0; i < n; i++) a[i] = this.view.getInt32(this.at + 4 * i, true);
    this.at += 4 * n;
    return a;
  }
  u16s(n: number): Uint16Array {
    this.need(2 * n);
    const a = new Uint16Array(n);
    for (let i = 0; i < n; i++) a[i] = this.view.getUint16(this.at + 2 * i, true);
    this.at += 2 * n;
    return a;
  }
  take(n: number): Uint8Array {
    this.need(n);
    const a = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return a;
  }
}
