/**
 * Host side of the WebAssembly Stone Game kernel (assembly/triples.ts): the same P-positions,
 * summary, visitor and progress semantics as solveTriples, in chunks. Uses only the global
 * WebAssembly API, so the same bytes run in Node and the page.
 */
import type { SolveSummary, TripleSolveOptions } from './triples.ts';
import { TRIPLES_WASM } from './triples-wasm.generated.ts';
import { wasmAvailable, wasmBytes, wasmPages } from '../../kernels/wasm.ts';

/** The kernel's exports (pointers are byte offsets into the memory). */
interface TriplesExports {
  bytesFor(bound: number, cap: number): number;
  init(bound: number, cap: number): void;
  output(): number;
  run(budget: number): number;
  nextX(): number;
  nextY(): number;
  count(): number;
  sum(): number;
}

/** P-positions handed to the visitor per call into the kernel. */
const OUT_CAPACITY = 4096;
/**
 * Work (pairs + 64-bit windows) per call: small at first, so V8's optimized code replaces the
 * baseline tier early (it swaps code only between calls), then doubling up to a few tens of
 * milliseconds per call at most, the granularity of progress reports.
 */
const FIRST_BUDGET = 1 << 12;
const MAX_BUDGET = 1 << 21;

let compiled: WebAssembly.Module | undefined;

/** True when this runtime has WebAssembly (the kernel then replaces the TypeScript one). */
export function wasmTriplesAvailable(): boolean {
  return wasmAvailable();
}

/** The kernel: compiled once (small enough to compile synchronously), a fresh instance per solve. */
function kernel(memory?: WebAssembly.Memory): TriplesExports {
  compiled ??= new WebAssembly.Module(wasmBytes(TRIPLES_WASM));
  memory ??= new WebAssembly.Memory({ initial: 0 });
  return new WebAssembly.Instance(compiled, { env: { memory } }).exports as unknown as TriplesExports;
}

let sizer: TriplesExports | undefined;

/**
 * Address space of the kernel's memory for a bound N (the skewed tables, their pointers and the
 * visitor's buffer); the pages it touches, about 3 (N+1)^2 bits, stay well below (see assembly/triples.ts).
 */
export function wasmTripleBytes(n: number, withVisitor = false): number {
  sizer ??= kernel();
  return sizer.bytesFor(n, withVisitor ? OUT_CAPACITY : 0);
}

/**
 * P-positions x <= y <= z <= n of three-pile equal removal (see solveTriples for the algorithm),
 * found by the WebAssembly kernel. Same results and callbacks as solveTriples: the visitor sees
 * every P-position in lexicographic order and may stop the scan; onProgress(done, total) counts
 * settled (x, y) pairs, rises monotonically and ends at the total (called once per chunk, not
 * once per x).
 */
export function solveTriplesWasm(n: number, options: TripleSolveOptions = {}): SolveSummary {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`triples kernel: bound must be a non-negative integer, got ${n}`);
  const { onPosition, onProgress } = options;
  const cap = onPosition ? OUT_CAPACITY : 0;
  const bytes = wasmTripleBytes(n, cap > 0);
  const pages = wasmPages(bytes, 'triples');
  // A fresh (zeroed) memory per solve, dropped with it: a long-lived one would keep its largest size.
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const k = kernel(memory);
  k.init(n, cap);
  const out = k.output();

  const totalPairs = ((n + 1) * (n + 2)) / 2;
  /** Pairs settled before (x, y): rows 0..x-1 in full, then y - x of row x. */
  const done = (x: number, y: number) => (x > n ? totalPairs : x * (n + 1) - (x * (x - 1)) / 2 + (y - x));
  let budget = FIRST_BUDGET;
  let reported = -1;
  while (k.nextX() <= n) {
    const before = onPosition ? k.count() : 0;
    const sumBefore = onPosition ? k.sum() : 0;
    const written = k.run(budget);
    if (budget < MAX_BUDGET) budget *= 2;
    if (onPosition && written > 0) {
      // The positions of this call sit at the buffer's start; the memory never grows, so the view stays valid.
      const found = new Int32Array(memory.buffer, out, 3 * written);
      let partial = 0;
      for (let i = 0; i < written; i++) {
        const x = found[3 * i],
          y = found[3 * i + 1],
          z = found[3 * i + 2];
        partial += x + y + z;
        if (onPosition(x, y, z) === false) {
          return { count: before + i + 1, sum: BigInt(sumBefore) + BigInt(partial), complete: false };
        }
      }
    }
    const progress = done(k.nextX(), k.nextY());
    if (onProgress && progress !== reported) {
      reported = progress;
      onProgress(progress, totalPairs);
    }
  }
  if (onProgress && reported !== totalPairs) onProgress(totalPairs, totalPairs);
  return { count: k.count(), sum: BigInt(k.sum()), complete: true };
}
