/**
 * Explore tab: what a ruleset can do decides what it shows (its capabilities, never its kind). With
 * Grundy values of single heaps ('heap-values'): the values plotted as dots (uPlot: drag to zoom,
 * buttons to pan) and tabulated page by page, rows as wide as the period once one is known, the
 * preperiod marked on both; its P-positions, period, OEIS entry when it is a known sequence,
 * downloads, an explain panel, and the misère quotient ('quotient'). With a listing of P-positions
 * ('p-positions'): those. Otherwise the analysis of the spec's start position; and the value table of
 * R x C boards for the families played on rectangles. The values are computed in this browser when the
 * service finds it cheap, else by the server; a line says which. The ruleset, the range, the
 * explained position and the table's page live in the URL.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { BoardExplore, GameAnalysis, SizeExplore } from './Boards.tsx';
import type { Capability } from '../../src/engine/capabilities.ts';
import { observedEnough, smallestPeriod } from '../../src/service/local.ts';
import { type RareCommon, rareValues } from '../../src/service/local.ts';
import { knownSequence, oeisUrl } from '../../src/service/oeis.ts';
import {
  pPositionsCsv,
  pPositionsJson,
  pPositionsOf,
  sequenceBfile,
  sequenceCsv,
  sequenceJson,
} from '../../src/service/export.ts';
import {
  type AnalyzeReply,
  ApiError,
  api,
  errorText,
  type Catalog,
  type PeriodReply,
  type PPositionsReply,
} from './api.ts';
import { downloadCanvasPng, downloadText, fileStem } from './download.ts';
import { ExplainPanel } from './Explain.tsx';
import { LocalUnavailable, computeLocally, planLocally } from './local.ts';
import { heapsField, naturalField } from './numbers.ts';
import { plotSvg } from './plot-svg.ts';
import { paramsFor, replaceHash } from './url-state.ts';
import { MisereQuotient } from './MisereQuotient.tsx';
import { ErrorLine, NumberField, RunButton } from './controls.tsx';

/** A ruleset's Grundy values g(0..n), wherever they were computed, with the heaps where g = 0. */
interface Values {
  ruleset: string;
  title: string;
  values: number[];
  pPositions: number[];
}

const valuesOf = (reply: { ruleset: string; title: string; values: number[] }): Values => ({
  ruleset: reply.ruleset,
  title: reply.title,
  values: reply.values,
  pPositions: pPositionsOf(reply.values),
});

/** Where the values shown came from. */
type Source = { where: 'browser'; kernel: string; ms: number } | { where: 'server'; ms: number; reason: string };

/** Rows per page of the table; a row holds PER_ROW values, or one period when the period is at most MAX_PERIOD_ROW. */
const ROWS_PER_PAGE = 40;
const PER_ROW = 10;
const MAX_PERIOD_ROW = 36;

export function Explore({ catalog }: { catalog: Catalog }) {
  const initial = paramsFor('explore');
  // The first family with heap values opens the tab (the registry's order and examples).
  const first = catalog.families.find((f) => f.capabilities.includes('heap-values')) ?? catalog.families[0];
  const [spec, setSpec] = useState(initial.get('ruleset') ?? first?.example.spec ?? '');
  const [to, setTo] = useState(initial.get('to') ?? '100');
  const [explainText, setExplainText] = useState(initial.get('heap') ?? '13');
  /** The position of a game searched position by position (a board, a row of coins); empty: the spec's start. */
  const [position, setPosition] = useState(initial.get('position') ?? '');
  /** How the last game explored writes its positions: the position field shows while it is set. */
  const [positionFormat, setPositionFormat] = useState<string | null>(null);
  const [tablePage, setTablePage] = useState(Number(initial.get('page') ?? '0') || 0);
  const [data, setData] = useState<Values | null>(null);
  const [listing, setListing] = useState<PPositionsReply | null>(null);
  const [game, setGame] = useState<AnalyzeReply | null>(null);
  const [capabilities, setCapabilities] = useState<readonly Capability[]>([]);
  const [period, setPeriod] = useState<PeriodReply | string | null>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The spec and heaps of the explain panel, set when a result is shown. */
  const [shown, setShown] = useState<{ spec: string; to: string; position?: string } | null>(null);

  async function explore(e?: Event, keepPage = false) {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    setPeriod(null);
    if (!keepPage) setTablePage(0);
    try {
      const n = naturalField(to, '"up to"');
      const plan = planLocally(spec, n, catalog.limits.grundyValues ?? Infinity);
      const can = plan.capabilities ?? (await api.describe({ ruleset: spec })).capabilities;
      setCapabilities(can);
      setData(null);
      setListing(null);
      setGame(null);
      setPositionFormat(null);
      if (!can.includes('heap-values')) {
        const start = performance.now();
        if (can.includes('p-positions')) {
          const reply = await api.pPositions({ ruleset: spec, max: n });
          setListing(reply);
          // The explained position needs one size per pile: a small N-position when the text does not fit.
          if (
            explainText
              .trim()
              .split(/[\s,]+/)
              .filter(Boolean).length !== reply.piles
          )
            setExplainText(reply.piles === 2 ? '3 4' : Array.from({ length: reply.piles }, (_, i) => i + 1).join(' '));
          setSource({
            where: 'server',
            ms: performance.now() - start,
            reason: 'its piles move together, so the server lists its P-positions',
          });
        } else {
          // A game whose spec names no start (a coin rule, a bare cram) is explored from a position: the
          // one typed, else its family's example position, else none (the reply says how to give one).
          const info = await api.describe({ ruleset: spec });
          setPositionFormat(info.positionFormat);
          const example = catalog.families.find((f) => f.name === info.family)?.example.board;
          // a position typed for another spec is not this game's
          const typed = shown === null || shown.spec === spec ? position.trim() : '';
          const board = typed || (info.start === null ? example : undefined);
          setPosition(board ?? '');
          setGame(await api.analyze({ ruleset: spec, board }));
          setSource({ where: 'server', ms: performance.now() - start, reason: 'the server searches its positions' });
          setShown({ spec, to, position: board });
          return;
        }
        setShown({ spec, to });
        return;
      }
      // The period is a separate request: its error does not hide the values. Past the server's time
      // limit (null) the period is the one the values shown show, and the line says how far they go, as
      // the CLI says how far it looked.
      const periodReply = api.period({ ruleset: spec }).then(
        (p): PeriodReply | string | null => p,
        (e) => (e instanceof ApiError && e.status === 504 ? null : errorText(e)),
      );
      let shownValues: Values | null = null;
      let reason = plan.where === 'server' ? plan.reason : '';
      if (plan.where === 'browser') {
        try {
          const local = await computeLocally(plan, n);
          shownValues = valuesOf(local);
          setData(shownValues);
          setSource({ where: 'browser', kernel: local.kernel, ms: local.ms });
        } catch (err) {
          if (!(err instanceof LocalUnavailable)) throw err;
          reason = `this browser could not compute it (${err.message})`;
        }
      }
      if (reason) {
        const start = performance.now();
        // without `from` the values are numbers (only windows far out carry strings)
        const reply = await api.grundy({ ruleset: spec, to: n });
        shownValues = valuesOf({ ...reply, values: Array.from<number | string, number>(reply.values, Number) });
        setData(shownValues);
        setSource({ where: 'server', ms: performance.now() - start, reason });
      }
      setShown({ spec, to });
      const found = await periodReply;
      setPeriod(found ?? (shownValues && observedPeriod(shownValues)));
    } catch (err) {
      setData(null);
      setListing(null);
      setGame(null);
      setPeriod(null);
      setSource(null);
      setShown(null);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => void explore(undefined, true), []);
  // The view in the URL: what is shown (not what is being typed).
  useEffect(() => {
    if (shown)
      replaceHash('explore', {
        ruleset: shown.spec.trim(),
        to: shown.to.trim(),
        position: shown.position?.trim() || undefined,
        heap: explainText.trim(),
        page: tablePage > 0 ? String(tablePage) : undefined,
      });
  }, [shown, explainText, tablePage]);

  let explainPosition: number[] | null = null;
  let explainError: string | null = null;
  try {
    explainPosition = heapsField(explainText, listing ? 'pile' : 'heap');
  } catch (e) {
    explainError = errorText(e);
  }

  const suggestions = [
    ...catalog.families.map((f) => (f.args === 'none' ? f.name : `${f.name}:`)),
    ...Object.keys(catalog.aliases),
  ];
  return (
    <section class="explore">
      <form class="row" onSubmit={explore}>
        <label>
          Ruleset{' '}
          <input
            id="explore-spec"
            list="explore-specs"
            value={spec}
            onInput={(e) => setSpec(e.currentTarget.value)}
            size={24}
            spellcheck={false}
            autocapitalize="off"
          />
        </label>
        <datalist id="explore-specs">
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        {positionFormat === null ? (
          <NumberField id="explore-to" label="up to " value={to} set={setTo} size={8} />
        ) : (
          <label>
            Position{' '}
            <input
              id="explore-position"
              value={position}
              onInput={(e) => setPosition(e.currentTarget.value)}
              placeholder="the spec's start"
              title={positionFormat}
              size={16}
              spellcheck={false}
              autocapitalize="off"
            />
          </label>
        )}
        <RunButton id="explore-run" busy={busy} label="Explore" />
      </form>
      <ErrorLine error={error} />
      {positionFormat !== null && (
        <p class="note" id="explore-position-format">
          Position: {positionFormat}; empty for the spec's start.
        </p>
      )}
      {data && <Result data={data} period={period} source={source} page={tablePage} setPage={setTablePage} />}
      {listing && <PPositionsResult data={listing} source={source} />}
      {game && (
        <div id="explore-result">
          {source && <SourceLine source={source} />}
          <GameAnalysis reply={game} />
        </div>
      )}
      {shown && (data || listing) && (
        <ExplainPanel
          id="explore-explain"
          spec={(data ?? listing)!.ruleset}
          position={explainPosition}
          summary="Explain a position: options, mex, nim-sum"
        >
          <p class="row">
            <label>
              {listing ? 'Piles' : 'Heaps'}{' '}
              <input
                id="explore-explain-heaps"
                value={explainText}
                onInput={(e) => setExplainText(e.currentTarget.value)}
                size={12}
              />
            </label>
            {explainError && <span class="error">{explainError}</span>}
          </p>
        </ExplainPanel>
      )}
      {data && capabilities.includes('quotient') && (
        <MisereQuotient ruleset={data.ruleset} max={data.values.length - 1} />
      )}
      <details>
        <summary>The ruleset spec language</summary>
        <ul class="help">
          {catalog.families.map((f) => (
            <li key={f.name}>
              <code>{f.help}</code>
            </li>
          ))}
          {Object.entries(catalog.aliases).map(([alias, full]) => (
            <li key={alias}>
              <code>{alias}</code> = <code>{full}</code>
            </li>
          ))}
        </ul>
      </details>
      <BoardExplore catalog={catalog} />
      <SizeExplore catalog={catalog} />
    </section>
  );
}

/** The period the values show (observed, never proved): where the server's search ran past its time limit. */
function observedPeriod(data: Values): PeriodReply {
  const values = Uint32Array.from(data.values);
  const seen = smallestPeriod(values, (e, p) => observedEnough(values.length, e, p));
  return {
    ruleset: data.ruleset,
    title: data.title,
    period: seen?.period ?? null,
    preperiod: seen?.preperiod ?? null,
    saltus: seen?.saltus ?? null,
    certified: false,
    computed: values.length,
    provableFrom: null,
  };
}

/** The period once known: where it starts and how long it is (null: none, or not known yet). */
function periodOf(period: PeriodReply | string | null): { preperiod: number; period: number } | null {
  return period && typeof period !== 'string' && period.period !== null && period.preperiod !== null
    ? { preperiod: period.preperiod, period: period.period }
    : null;
}

function Result({
  data,
  period,
  source,
  page,
  setPage,
}: {
  data: Values;
  period: PeriodReply | string | null;
  source: Source | null;
  page: number;
  setPage: (p: number) => void;
}) {
  const { values, pPositions } = data;
  const known = periodOf(period);
  const perRow = known && known.period >= 2 && known.period <= MAX_PERIOD_ROW ? known.period : PER_ROW;
  const perPage = perRow * ROWS_PER_PAGE;
  const pages = Math.max(1, Math.ceil(values.length / perPage));
  const current = Math.min(page, pages - 1);
  const first = current * perPage;
  const rows: number[] = [];
  for (let i = first; i < Math.min(values.length, first + perPage); i += perRow) rows.push(i);
  const oeis = knownSequence(data.ruleset);
  const rare = useMemo(() => rareValues(values), [values]);
  const stem = fileStem(data.ruleset);
  const plotBox = useRef<HTMLDivElement>(null);
  return (
    <div id="explore-result">
      <h2>
        {data.title} <code>{data.ruleset}</code>
      </h2>
      {source && <SourceLine source={source} />}
      {oeis && (
        <p id="explore-oeis" class="note">
          This is OEIS{' '}
          <a href={oeisUrl(oeis.id)} rel="noopener" target="_blank">
            {oeis.id}
          </a>
          {oeis.firstHeap ? ` from heap ${oeis.firstHeap}` : ''}: {oeis.name}.
        </p>
      )}
      <div ref={plotBox}>
        <Plot values={values} preperiod={known?.preperiod ?? null} />
      </div>
      <div class="row downloads" role="group" aria-label="Downloads">
        <span>Download:</span>
        <button
          type="button"
          class="secondary"
          id="download-csv"
          onClick={() => downloadText(`${stem}-grundy.csv`, sequenceCsv(values), 'text/csv')}
        >
          values CSV
        </button>
        <button
          type="button"
          class="secondary"
          id="download-json"
          onClick={() => downloadText(`${stem}-grundy.json`, sequenceJson(data.ruleset, values), 'application/json')}
        >
          JSON
        </button>
        <button
          type="button"
          class="secondary"
          id="download-bfile"
          onClick={() => downloadText(`b-${stem}.txt`, sequenceBfile(data.ruleset, values))}
        >
          OEIS b-file
        </button>
        <button
          type="button"
          class="secondary"
          id="download-p-csv"
          onClick={() => downloadText(`${stem}-p-positions.csv`, pPositionsCsv(pPositions), 'text/csv')}
        >
          P-positions CSV
        </button>
        <PlotDownloads
          stem={stem}
          title={`Grundy values of ${data.ruleset}`}
          plotBox={plotBox}
          svg={() =>
            plotSvg(
              values.map((_, i) => i),
              values,
              {
                title: `Grundy values of ${data.ruleset}`,
                xLabel: 'heap size n',
                yLabel: 'Grundy value g(n)',
                preperiod: known?.preperiod,
              },
            )
          }
        />
      </div>
      <h3>Period</h3>
      <p id="explore-period">
        {period === null ? (
          'Looking for a period…'
        ) : typeof period === 'string' ? (
          <span class="error">{period}</span>
        ) : (
          describePeriod(period)
        )}
      </p>
      <h3>P-positions (Grundy value 0)</h3>
      <p id="explore-p" class="p-positions">
        {pPositions.slice(0, 200).join(' ')}
        {pPositions.length > 200 && ` … (${pPositions.length} in all)`}
      </p>
      {rare && <RareLine rare={rare} values={values} />}
      <h3>Grundy values</h3>
      {known && perRow === known.period && (
        <p class="note" id="explore-table-note">
          Rows are one period ({known.period}) wide, so each column repeats from the preperiod on; values before n ={' '}
          {known.preperiod} are shaded.
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard focus to scroll */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names the focusable region for screen readers */}
      <div class="scroll" tabIndex={0} aria-label="Table of Grundy values">
        <table id="explore-table" class="values">
          <thead>
            <tr>
              <th scope="col">n</th>
              {Array.from({ length: perRow }, (_, j) => (
                <th scope="col" key={j}>
                  +{j}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((start) => (
              <tr key={start}>
                <th scope="row">{start}</th>
                {values.slice(start, Math.min(start + perRow, values.length)).map((g, j) => {
                  const n = start + j;
                  const cls = [
                    g === 0 ? 'zero' : '',
                    known && n < known.preperiod ? 'pre' : '',
                    rare && n > 0 && rare.classOf(n) === rare.rareClass ? 'rare' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  return (
                    <td key={j} class={cls || undefined} title={`g(${n}) = ${g}`}>
                      {g}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <p class="row pager">
          <button
            type="button"
            class="secondary"
            id="table-prev"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            ← previous
          </button>
          <span id="table-page">
            n = {first}…{Math.min(values.length, first + perPage) - 1} (page {current + 1} of {pages})
          </span>
          <button
            type="button"
            class="secondary"
            id="table-next"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
          >
            next →
          </button>
        </p>
      )}
    </div>
  );
}

/** The rare/common split in words, with the first rare heaps. */
function RareLine({ rare, values }: { rare: RareCommon; values: number[] }) {
  const first: string[] = [];
  for (let n = 1; n < values.length && first.length < 40; n++)
    if (rare.classOf(n) === rare.rareClass) first.push(`${n} (${values[n]})`);
  const rule = `parity of the bits of g(n) in mask ${rare.mask} (${rare.mask.toString(2)}₂)${rare.twist ? ', flipped for odd n,' : ''} is ${rare.rareClass}`;
  return (
    <>
      <h3>Rare and common values</h3>
      <p id="explore-rare" class="note">
        Sparse space: heap n is <em>rare</em> when the {rule}; {rare.rareCount.toLocaleString('en')} of the{' '}
        {rare.heaps.toLocaleString('en')} heaps 1…{rare.heaps} are rare (outlined in the table), the others common. The
        first rare heaps, with their values: {first.join(', ')}
        {rare.rareCount > first.length ? ', …' : ''}.
      </p>
    </>
  );
}

/** A ruleset that lists its P-positions (piles moved together): no Grundy sequence of single heaps, so its sorted P-positions themselves. */
function PPositionsResult({ data, source }: { data: PPositionsReply; source: Source | null }) {
  const { positions, piles } = data;
  const stem = fileStem(data.ruleset);
  const plotBox = useRef<HTMLDivElement>(null);
  return (
    <div id="explore-result">
      <h2>
        {data.title} <code>{data.ruleset}</code>
      </h2>
      {source && <SourceLine source={source} />}
      <p class="note">
        Piles are moved together here, so the game is not a sum of heaps and has no Grundy values of single heaps. These
        are its P-positions on {piles} piles, sorted, with every pile at most {data.max}: {positions.length}
        {data.truncated ? ' (the first ones only)' : ''}.
      </p>
      <div ref={plotBox}>{piles === 2 && <PairPlot positions={positions} />}</div>
      <div class="row downloads" role="group" aria-label="Downloads">
        <span>Download:</span>
        <button
          type="button"
          class="secondary"
          id="download-p-csv"
          onClick={() => downloadText(`${stem}-p-positions.csv`, pPositionsCsv(positions), 'text/csv')}
        >
          P-positions CSV
        </button>
        <button
          type="button"
          class="secondary"
          id="download-json"
          onClick={() =>
            downloadText(`${stem}-p-positions.json`, pPositionsJson(data.ruleset, positions), 'application/json')
          }
        >
          JSON
        </button>
        {piles === 2 && (
          <PlotDownloads
            stem={stem}
            title={`P-positions of ${data.ruleset}`}
            plotBox={plotBox}
            svg={() =>
              plotSvg(
                positions.map((p) => p[0]),
                positions.map((p) => p[1]),
                { title: `P-positions of ${data.ruleset}`, xLabel: 'smaller pile x', yLabel: 'larger pile y' },
              )
            }
          />
        )}
      </div>
      <h3>P-positions</h3>
      <p id="explore-p" class="p-positions">
        {positions
          .slice(0, 300)
          .map((p) => `(${p.join(', ')})`)
          .join(' ')}
        {positions.length > 300 && ` … (${positions.length}${data.truncated ? '+' : ''} in all)`}
      </p>
    </div>
  );
}

/** The y axis's width from its longest tick label, so that no label is clipped (uPlot's default is fixed). */
const yAxisSize = (_u: uPlot, values: string[] | null) =>
  24 + 8 * Math.max(3, ...(values ?? []).map((v) => String(v).length));

/** The plot's width: the box's, at least 260 px (a phone's column). */
const plotWidth = (el: HTMLElement) => Math.max(260, el.clientWidth);

/** Two-pile P-positions (x, y), x <= y: the points of y against x. */
function PairPlot({ positions }: { positions: number[][] }) {
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
function Plot({ values, preperiod }: { values: number[]; preperiod: number | null }) {
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

/** Where the values came from, with the time: the kernel's own in the browser, the round trip for the server. */
function SourceLine({ source }: { source: Source }) {
  const ms = source.ms < 10 ? source.ms.toFixed(1) : Math.round(source.ms).toString();
  return (
    <p id="explore-source" class="note" data-source={source.where}>
      {source.where === 'browser'
        ? `Computed in this browser by ${source.kernel} in ${ms} ms.`
        : `Computed by the server in ${ms} ms (round trip): ${source.reason}.`}
    </p>
  );
}

/** The period in words: what repeats, from where, and whether a theorem proves it. */
function describePeriod(p: PeriodReply): string {
  if (p.period === null) return `No period shows in the first ${p.computed} values.`;
  const rule =
    p.saltus === 0
      ? `g(n + ${p.period}) = g(n) for every n ≥ ${p.preperiod}`
      : `g(n + ${p.period}) = g(n) + ${p.saltus} for every n ≥ ${p.preperiod} (arithmetic periodicity, saltus ${p.saltus})`;
  const pre = p.preperiod === 0 ? 'purely periodic' : `preperiod ${p.preperiod}`;
  const proof = p.certified
    ? p.computed > 0
      ? `proved: a periodicity theorem applies once ${p.computed} values are checked`
      : 'proved'
    : `observed in the first ${p.computed} values, not proved`;
  return `Period ${p.period}, ${pre}: ${rule} — ${proof}.`;
}

/** The plot's downloads: the drawn canvas as PNG, and the same points as an SVG document. */
function PlotDownloads({
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
