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

/** The canvas (uPlot draws on one) as a PNG on a white background, axes included. */
export function downloadCanvasPng(name: string, canvas: HTMLCanvasElement): void {
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const ctx = copy.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, copy.width, copy.height);
  ctx.drawImage(canvas, 0, 0);
  copy.toBlob((blob) => blob && downloadBlob(name, blob), 'image/png');
}

/** A file name from a spec: letters, digits and dashes only. */
export function fileStem(spec: string): string {
  return spec.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'ruleset';
}
