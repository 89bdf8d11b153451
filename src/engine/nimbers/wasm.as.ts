// WebAssembly kernel of 64-bit nim multiplication, the batch fast path (host: ./wasm.ts).
//
// Algorithm: the one of ./word.ts. 16-bit nimbers multiply through logarithm tables of GF(2^16)
// (a ⊗ b = exp[log a + log b]); a 32-bit product is three 16-bit ones by the halves rule over
// F = 2^16, a ⊗ b = ((a1 ⊕ a0) ⊗ (b1 ⊕ b0) ⊕ a0 ⊗ b0)·F ⊕ a0 ⊗ b0 ⊕ a1 ⊗ b1 ⊗ F/2, and a 64-bit
// product three 32-bit ones over F = 2^32 plus one product by 2^31 = 2^16 ⊗ 2^15.
//
// Memory (filled by the host): log at LOG (65536 u16), exp at EXP (3·65535 u16, so a sum of three
// logarithms needs no reduction, ending at 524 286), then the host's batch buffers.

const LOG: usize = 0;
const EXP: usize = 131072;

/** log(2^15), the product by half the Fermat 2-power 2^16; set by the host once. */
let logHalf: u32 = 0;

export function setLogHalf(value: u32): void {
  logHalf = value;
}

// @ts-ignore: decorator
@inline function lg(x: u32): u32 {
  return <u32>load<u16>(LOG + (<usize>x << 1));
}

// @ts-ignore: decorator
@inline function ex(i: u32): u32 {
  return <u32>load<u16>(EXP + (<usize>i << 1));
}

// @ts-ignore: decorator
@inline function mul16(a: u32, b: u32): u32 {
  return a == 0 || b == 0 ? 0 : ex(lg(a) + lg(b));
}

// @ts-ignore: decorator
@inline function half16(a: u32): u32 {
  return a == 0 ? 0 : ex(lg(a) + logHalf);
}

// @ts-ignore: decorator
@inline function mul32(a: u32, b: u32): u32 {
  const a1 = a >> 16;
  const a0 = a & 0xffff;
  const b1 = b >> 16;
  const b0 = b & 0xffff;
  const low = mul16(a0, b0);
  const cross = mul16(a1 ^ a0, b1 ^ b0) ^ low;
  const top = a1 == 0 || b1 == 0 ? 0 : ex(lg(a1) + lg(b1) + logHalf);
  return (cross << 16) | (low ^ top);
}

// @ts-ignore: decorator
@inline function half32(x: u32): u32 {
  const u1 = half16(x >> 16);
  const u0 = half16(x & 0xffff);
  return ((u1 ^ u0) << 16) | half16(u1);
}

// @ts-ignore: decorator
@inline function mul64(a: u64, b: u64): u64 {
  const alo = <u32>a;
  const ahi = <u32>(a >> 32);
  const blo = <u32>b;
  const bhi = <u32>(b >> 32);
  const low = mul32(alo, blo);
  const high = mul32(ahi ^ alo, bhi ^ blo) ^ low;
  return (<u64>high << 32) | <u64>(low ^ half32(mul32(ahi, bhi)));
}

/** out[i] = a[i] ⊗ b[i] for i < n: three u64 arrays at byte offsets a, b, out. */
export function mulBatch(a: usize, b: usize, out: usize, n: u32): void {
  const end = <usize>n << 3;
  for (let i: usize = 0; i < end; i += 8) store<u64>(out + i, mul64(load<u64>(a + i), load<u64>(b + i)));
}
