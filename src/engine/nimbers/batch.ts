/** Batches of 64-bit nim-products on the fastest kernel this runtime has: WebAssembly, else TypeScript. */
import { wasmNimAvailable, wasmNimProductArray } from './wasm.ts';
import { jsNimProductArray } from './word.ts';

/** out[i] = a[i] ⊗ b[i] for 64-bit values (arrays of one length); returns out. */
export function nimProductArray(a: BigUint64Array, b: BigUint64Array, out: BigUint64Array): BigUint64Array {
  if (a.length !== b.length || out.length !== a.length)
    throw new RangeError('nimProductArray: a, b and out must have one length');
  return wasmNimAvailable() ? wasmNimProductArray(a, b, out) : jsNimProductArray(a, b, out);
}
