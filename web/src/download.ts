/** Downloads from the page: text files (CSV, JSON, b-file, SVG) and the plot's canvas as PNG. */

/** Offers `text` as a file named `name`. */
export function downloadText(name: string, text: string, type = 'text/plain'): void {
  downloadBlob(name, new Blob([text], { type: `${type};charset=utf-8` }));
}

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Height of the title band drawn above the plot, in CSS pixels. */
const TITLE_BAND = 28;

/**
 * The canvas (uPlot draws on one) as a PNG on a white background, axes included, with `title` drawn
 * above it and stored in the file as its PNG Title (a tEXt chunk), as the SVG has it.
 */
export function downloadCanvasPng(name: string, canvas: HTMLCanvasElement, title: string): void {
  const scale = canvas.width / Math.max(1, canvas.clientWidth || canvas.width);
  const band = Math.round(TITLE_BAND * scale);
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height + band;
  const ctx = copy.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, copy.width, copy.height);
  ctx.fillStyle = '#111';
  ctx.font = `${Math.round(15 * scale)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(title, copy.width / 2, band / 2, copy.width - 8);
  ctx.drawImage(canvas, 0, band);
  copy.toBlob(async (blob) => {
    if (blob)
      downloadBlob(name, new Blob([withTitle(new Uint8Array(await blob.arrayBuffer()), title)], { type: 'image/png' }));
  }, 'image/png');
}

/** The PNG with a tEXt chunk `Title` after its header chunk (Latin-1 text; other characters become '?'). */
export function withTitle(png: Uint8Array, title: string): Uint8Array<ArrayBuffer> {
  const text = [...('Title\0' + title)].map((c) => (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 63));
  const chunk = new Uint8Array(12 + text.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, text.length);
  chunk.set([0x74, 0x45, 0x58, 0x74], 4); // "tEXt"
  chunk.set(text, 8);
  view.setUint32(8 + text.length, crc32(chunk.subarray(4, 8 + text.length)));
  // signature (8 bytes), then IHDR: length 13 + type + data + CRC = 25 bytes
  const head = 8 + 25;
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, head), 0);
  out.set(chunk, head);
  out.set(png.subarray(head), head + chunk.length);
  return out;
}

/** CRC-32 (ISO 3309, as PNG chunks use it). */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** A file name from a spec: letters, digits and dashes only. */
export function fileStem(spec: string): string {
  return spec.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'ruleset';
}
