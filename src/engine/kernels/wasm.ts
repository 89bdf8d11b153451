/**
 * The WebAssembly runtime helper every kernel host shares: whether this runtime has WebAssembly,
 * the page size and 4 GiB limit of a memory, and the bytes of a generated module (base64 text,
 * decoded with atob: Node and the page alike).
 */

/** Bytes in a WebAssembly memory page. */
export const WASM_PAGE = 65_536;
/** Pages of the largest memory (4 GiB of 32-bit addresses). */
export const WASM_MAX_PAGES = 65_536;

/** True when this runtime has WebAssembly (and, for `shared`, shared memories for worker threads). */
export function wasmAvailable(shared = false): boolean {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.Memory !== 'function') return false;
  return !shared || typeof SharedArrayBuffer === 'function';
}

/** Pages holding `bytes`; a RangeError naming the kernel beyond the 4 GiB address space. */
export function wasmPages(bytes: number, kernel: string): number {
  const pages = Math.ceil(bytes / WASM_PAGE);
  if (pages > WASM_MAX_PAGES)
    throw new RangeError(`${kernel} kernel: ${bytes} bytes exceed the 4 GiB WebAssembly memory`);
  return pages;
}

/** Decodes a kernel's base64 text into the bytes WebAssembly.Module takes. */
export function wasmBytes(b64: string): Uint8Array<ArrayBuffer> {
  const text = atob(b64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
