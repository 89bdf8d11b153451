/** The Explore plot as a standalone SVG document (for download): one dot per value, labelled axes, the preperiod marked. */

export interface SvgPlotOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Where the periodic part starts (a dashed line), if known. */
  preperiod?: number | null;
  width?: number;
  height?: number;
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Points (x[i], y[i]) as an SVG document; a margin leaves room for the axis labels so none is clipped. */
export function plotSvg(xs: ArrayLike<number>, ys: ArrayLike<number>, o: SvgPlotOptions): string {
  const width = o.width ?? 800,
    height = o.height ?? 360;
  const left = 64,
    right = 16,
    top = 32,
    bottom = 52;
  let xMax = 1,
    yMax = 1,
    xMin = 0;
  for (let i = 0; i < xs.length; i++) {
    xMax = Math.max(xMax, xs[i]);
    yMax = Math.max(yMax, ys[i]);
    xMin = Math.min(xMin, xs[i]);
  }
  const px = (x: number) => left + ((x - xMin) / (xMax - xMin || 1)) * (width - left - right);
  const py = (y: number) => height - bottom - (y / yMax) * (height - top - bottom);
  const r = xs.length > 2000 ? 1 : 2;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${escapeXml(o.title)}</text>`);
  out.push(`<line x1="${left}" y1="${height - bottom}" x2="${width - right}" y2="${height - bottom}" stroke="#333"/>`);
  out.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${height - bottom}" stroke="#333"/>`);
  for (const t of ticks(xMin, xMax))
    out.push(`<text x="${px(t)}" y="${height - bottom + 16}" text-anchor="middle">${t}</text>`);
  for (const t of ticks(0, yMax)) out.push(`<text x="${left - 6}" y="${py(t) + 4}" text-anchor="end">${t}</text>`);
  out.push(
    `<text x="${(left + width - right) / 2}" y="${height - 10}" text-anchor="middle">${escapeXml(o.xLabel)}</text>`,
  );
  out.push(
    `<text transform="translate(16 ${(top + height - bottom) / 2}) rotate(-90)" text-anchor="middle">${escapeXml(o.yLabel)}</text>`,
  );
  if (o.preperiod != null && o.preperiod > xMin && o.preperiod <= xMax) {
    out.push(
      `<line class="preperiod" x1="${px(o.preperiod)}" y1="${top}" x2="${px(o.preperiod)}" y2="${height - bottom}" stroke="#b3261e" stroke-dasharray="4 3"/>`,
    );
    out.push(`<text x="${px(o.preperiod) + 4}" y="${top + 12}" fill="#b3261e">periodic from ${o.preperiod}</text>`);
  }
  out.push('<g fill="#3559c7">');
  for (let i = 0; i < xs.length; i++)
    out.push(`<circle cx="${px(xs[i]).toFixed(1)}" cy="${py(ys[i]).toFixed(1)}" r="${r}"/>`);
  out.push('</g></svg>');
  return out.join('\n') + '\n';
}

/** About five round tick values from lo to hi. */
function ticks(lo: number, hi: number): number[] {
  const span = Math.max(1, hi - lo);
  const raw = span / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw);
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) out.push(t);
  return out;
}
