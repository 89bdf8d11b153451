/** The WebAssembly kernels' bytes: the generated modules carry them as base64 text (atob: Node and the page alike). */

/** Decodes a kernel's base64 text into the bytes WebAssembly.Module takes. */
export function wasmBytes(b64: string): Uint8Array<ArrayBuffer> {
  const text = atob(b64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
