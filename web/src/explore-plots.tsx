/**
 * Explore's plots, drawn by uPlot: the Grundy values as dots (drag to zoom, buttons to pan), the
 * P-positions of two piles as points, and the buttons that download a plot as PNG or SVG.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'preact/hooks';
import { downloadCanvasPng, downloadText } from './download.ts';

/** The y axis's width from its longest tick label, so that no label is clipped (uPlot's default is fixed). */
const yAxisSize = (_u: uPlot, values: string[] | null) =>
  24 + 8 * Math.max(3, ...(values ?? []).map((v) => String(v).length));

/** The plot's width: the box's, at least 260 px (a phone's column). */
const plotWidth = (el: HTMLElement) => Math.max(260, el.clientWidth);

/** Two-pile P-positions (x, y), x <= y: the points of y against x. */
export function PairPlot({ positions }: { positions: number[][] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current!;
    const plot = new uPlot(
      {
        width: plotWidth(el),
        height: 260,
        scales: { x: { time: false } },
        axes: [
          { label: 'smaller pile x', labelSize: 20 },
          { label: 'larger pile y', labelSize: 20, size: yAxisSize },
        ],
        series: [
          { label: 'x' },
          { label: 'y', stroke: '#3559c7', paths: () => null, points: { show: true, size: 6, fill: '#3559c7' } },
        ],
      },
      [positions.map((p) => p[0]), positions.map((p) => p[1])],
      el,
    );
    return () => plot.destroy();
  }, [positions]);
  return (
    <div
      ref={box}
      id="explore-plot"
      class="plot"
      role="img"
      aria-label={`Plot of ${positions.length} P-positions, larger pile against smaller pile`}
    />
  );
}

/** Values as dots (a line over 10^5 points is a solid block); drag to zoom, buttons to pan and reset; the preperiod as a dashed line. */
export function Plot({ values, preperiod }: { values: number[]; preperiod: number | null }) {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  useEffect(() => {
    const el = box.current!;
    const xs = values.map((_, i) => i);
    const size = values.length <= 300 ? 5 : values.length <= 5000 ? 3 : 2;
    const plot = new uPlot(
      {
        width: plotWidth(el),
        height: 260,
        scales: { x: { time: false } },
        cursor: { drag: { x: true, y: false } },
        axes: [
          { label: 'heap size n', labelSize: 20 },
          { label: 'Grundy value g(n)', labelSize: 20, size: yAxisSize },
        ],
        series: [
          { label: 'n' },
          {
            label: 'g(n)',
            stroke: '#3559c7',
            paths: () => null,
            points: { show: true, size, fill: '#3559c7', width: 0 },
          },
        ],
        legend: { show: true },
        hooks: {
          draw: [
            (u) => {
              if (preperiod === null || preperiod <= 0) return;
              const x = u.valToPos(preperiod, 'x', true);
              if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
              const ctx = u.ctx;
              ctx.save();
              ctx.strokeStyle = '#b3261e';
              ctx.setLineDash([5, 4]);
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.fillStyle = '#b3261e';
              ctx.font = `${12 * devicePixelRatio}px sans-serif`;
              ctx.fillText(`periodic from ${preperiod}`, x + 4, u.bbox.top + 14 * devicePixelRatio);
              ctx.restore();
            },
          ],
        },
      },
      [xs, values],
      el,
    );
    plotRef.current = plot;
    return () => plot.destroy();
  }, [values, preperiod]);

  const pan = (direction: number) => {
    const u = plotRef.current;
    if (!u) return;
    const min = u.scales.x.min ?? 0,
      max = u.scales.x.max ?? values.length - 1;
    const shift = ((max - min) / 2) * direction;
    const lo = Math.max(0, Math.min(min + shift, values.length - 1 - (max - min)));
    u.setScale('x', { min: lo, max: lo + (max - min) });
  };
  const zoom = (factor: number) => {
    const u = plotRef.current;
    if (!u) return;
    const min = u.scales.x.min ?? 0,
      max = u.scales.x.max ?? values.length - 1;
    const mid = (min + max) / 2,
      half = Math.max(2, ((max - min) / 2) * factor);
    u.setScale('x', { min: Math.max(0, mid - half), max: Math.min(values.length - 1, mid + half) });
  };
  return (
    <>
      <div
        ref={box}
        id="explore-plot"
        class="plot"
        role="img"
        aria-label={`Plot of the Grundy values g(n) for n = 0 to ${values.length - 1}`}
      />
      <p class="row plot-controls" role="group" aria-label="Zoom and pan">
        <button type="button" class="secondary" id="plot-left" aria-label="Pan left" onClick={() => pan(-1)}>
          ◀
        </button>
        <button type="button" class="secondary" id="plot-zoom-in" aria-label="Zoom in" onClick={() => zoom(0.5)}>
          +
        </button>
        <button type="button" class="secondary" id="plot-zoom-out" aria-label="Zoom out" onClick={() => zoom(2)}>
          −
        </button>
        <button type="button" class="secondary" id="plot-right" aria-label="Pan right" onClick={() => pan(1)}>
          ▶
        </button>
        <button
          type="button"
          class="secondary"
          id="plot-reset"
          onClick={() => plotRef.current?.setScale('x', { min: 0, max: values.length - 1 })}
        >
          all
        </button>
        <span class="note">or drag across the plot to zoom</span>
      </p>
    </>
  );
}

/** The plot's downloads: the drawn canvas as PNG, and the same points as an SVG document. */
export function PlotDownloads({
  stem,
  title,
  plotBox,
  svg,
}: {
  stem: string;
  /** The plot's title, on the PNG as on the SVG. */
  title: string;
  plotBox: { readonly current: HTMLDivElement | null };
  svg: () => string;
}) {
  return (
    <>
      <button
        type="button"
        class="secondary"
        id="download-png"
        onClick={() => {
          const c = plotBox.current?.querySelector('canvas');
          if (c) downloadCanvasPng(`${stem}-plot.png`, c, title);
        }}
      >
        plot PNG
      </button>
      <button
        type="button"
        class="secondary"
        id="download-svg"
        onClick={() => downloadText(`${stem}-plot.svg`, svg(), 'image/svg+xml')}
      >
        plot SVG
      </button>
    </>
  );
}
