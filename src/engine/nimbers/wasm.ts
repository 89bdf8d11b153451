/**
 * Host of the WebAssembly 64-bit nim-product kernel (./wasm.as.ts): the tables of ./tables.ts copied
 * into its memory once, then batches of products in chunks. Global WebAssembly API only, so the same
 * bytes run in Node and the page.
 */
import { wasmAvailable, wasmBytes, WASM_PAGE } from '../kernels/wasm.ts';
import { nimTables } from './tables.ts';
import { NIM_PRODUCT_WASM } from './wasm.generated.ts';

interface NimProductExports {
  setLogHalf(value: number): void;
  mulBatch(a: number, b: number, out: number, n: number): void;
}

/** Byte offsets of the tables (as the kernel reads them) and of the three batch buffers after them. */
const LOG_AT = 0;
const EXP_AT = 131_072;
const BUFFERS_AT = 524_288;
/** Products per call into the kernel (three buffers of 512 KiB). */
const CHUNK = 65_536;

let kernel: { exports: NimProductExports; memory: WebAssembly.Memory } | undefined;

/** True when this runtime has WebAssembly (then nimProductArray runs in it). */
export function wasmNimAvailable(): boolean {
  return wasmAvailable();
}

function instance(): { exports: NimProductExports; memory: WebAssembly.Memory } {
  if (kernel) return kernel;
  const pages = Math.ceil((BUFFERS_AT + 3 * 8 * CHUNK) / WASM_PAGE);
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const module = new WebAssembly.Module(wasmBytes(NIM_PRODUCT_WASM));
  const exports = new WebAssembly.Instance(module, { env: { memory } }).exports as unknown as NimProductExports;
  const tables = nimTables();
  new Uint16Array(memory.buffer, LOG_AT, tables.log.length).set(tables.log);
  new Uint16Array(memory.buffer, EXP_AT, tables.exp.length).set(tables.exp);
  exports.setLogHalf(tables.logHalf);
  kernel = { exports, memory };
  return kernel;
}

/** out[i] = a[i] ⊗ b[i] for 64-bit values, in WebAssembly (arrays of one length). */
export function wasmNimProductArray(a: BigUint64Array, b: BigUint64Array, out: BigUint64Array): BigUint64Array {
  const { exports, memory } = instance();
  const aAt = BUFFERS_AT;
  const bAt = aAt + 8 * CHUNK;
  const outAt = bAt + 8 * CHUNK;
  const aView = new BigUint64Array(memory.buffer, aAt, CHUNK);
  const bView = new BigUint64Array(memory.buffer, bAt, CHUNK);
  const outView = new BigUint64Array(memory.buffer, outAt, CHUNK);
  for (let from = 0; from < a.length; from += CHUNK) {
    const n = Math.min(CHUNK, a.length - from);
    aView.set(a.subarray(from, from + n));
    bView.set(b.subarray(from, from + n));
    exports.mulBatch(aAt, bAt, outAt, n);
    out.set(outView.subarray(0, n), from);
  }
  return out;
}
