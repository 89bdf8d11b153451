/**
 * Explore tab: a heap ruleset's Grundy values plotted (uPlot) and tabulated, with its P-positions
 * and period; a coupled ruleset (piles moved together) shows its P-positions instead. The values
 * are computed in this browser when local.ts finds it cheap, else by the server; a line says which.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { api, errorText, type Catalog, type GrundyReply, type PeriodReply, type PPositionsReply } from './api.ts';
import { LocalUnavailable, computeLocally, planExplore } from './local.ts';
import { MisereQuotient } from './MisereQuotient.tsx';

/** Where the values shown came from. */
type Source = { where: 'browser'; kernel: string; ms: number } | { where: 'server'; ms: number; reason: string };

/** Values shown in the table (the plot shows them all). */
const TABLE_MAX = 400;
const PER_ROW = 10;

export function Explore({ catalog }: { catalog: Catalog }) {
  const [spec, setSpec] = useState('subtract:squares');
  const [to, setTo] = useState('100');
  const [data, setData] = useState<GrundyReply | null>(null);
  const [coupled, setCoupled] = useState<PPositionsReply | null>(null);
  const [period, setPeriod] = useState<PeriodReply | string | null>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function explore(e?: Event) {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    setPeriod(null);
    try {
      if (!/^\d+$/.test(to.trim())) throw new Error(`Invalid input: "up to" must be a whole number, got "${to}".`);
      const n = Number(to);
      const plan = planExplore(spec, n, catalog.limits.grundyValues ?? Infinity);
      const kind = plan.where === 'server' && plan.kind === null ? (await api.describe(spec)).kind : plan.where === 'server' ? plan.kind : 'heap';
      if (kind === 'coupled') {
        setData(null);
        const start = performance.now();
        setCoupled(await api.pPositions(spec, n));
        setSource({ where: 'server', ms: performance.now() - start, reason: 'its piles move together, so the server lists its P-positions' });
        return;
      }
      setCoupled(null);
      // The period is a separate request: its error (say, a time limit) does not hide the values.
      const periodReply = api.period(spec).then(
        (p) => p,
        (e) => errorText(e),
      );
      let reason = plan.where === 'server' ? plan.reason : '';
      if (plan.where === 'browser') {
        try {
          const local = await computeLocally(plan, n);
          setData(local);
          setSource({ where: 'browser', kernel: local.kernel, ms: local.ms });
        } catch (err) {
          if (!(err instanceof LocalUnavailable)) throw err;
          reason = `this browser could not compute it (${err.message})`;
        }
      }
      if (reason) {
        const start = performance.now();
        setData(await api.grundy(spec, n));
        setSource({ where: 'server', ms: performance.now() - start, reason });
      }
      setPeriod(await periodReply);
    } catch (err) {
      setData(null);
      setCoupled(null);
      setPeriod(null);
      setSource(null);
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => void explore(), []);

  const suggestions = [...catalog.families.map((f) => (f.args === 'none' ? f.name : `${f.name}:`)), ...Object.keys(catalog.aliases)];
  return (
    <section class="explore">
      <form class="row" onSubmit={explore}>
        <label>
          Ruleset <input id="explore-spec" list="explore-specs" value={spec} onInput={(e) => setSpec(e.currentTarget.value)} size={28} spellcheck={false} />
        </label>
        <datalist id="explore-specs">
          {suggestions.map((s) => <option key={s} value={s} />)}
        </datalist>
        <label>
          up to <input id="explore-to" value={to} onInput={(e) => setTo(e.currentTarget.value)} size={8} inputMode="numeric" />
        </label>
        <button id="explore-run" type="submit" disabled={busy}>{busy ? 'Computing…' : 'Explore'}</button>
      </form>
      {error && <p class="error" role="alert">{error}</p>}
      {data && <Result data={data} period={period} source={source} />}
      {coupled && <CoupledResult data={coupled} source={source} />}
      {data && <MisereQuotient ruleset={data.ruleset} max={data.values.length - 1} />}
      <details>
        <summary>The ruleset spec language</summary>
        <ul class="help">
          {catalog.families.map((f) => <li key={f.name}><code>{f.help}</code></li>)}
          {Object.entries(catalog.aliases).map(([alias, full]) => <li key={alias}><code>{alias}</code> = <code>{full}</code></li>)}
        </ul>
      </details>
    </section>
  );
}

function Result({ data, period, source }: { data: GrundyReply; period: PeriodReply | string | null; source: Source | null }) {
  const { values, pPositions } = data;
  const rows: number[][] = [];
  for (let i = 0; i < Math.min(values.length, TABLE_MAX); i += PER_ROW) rows.push(values.slice(i, Math.min(i + PER_ROW, values.length, TABLE_MAX)));
  return (
    <div id="explore-result">
      <h2>{data.title} <code>{data.ruleset}</code></h2>
      {source && <SourceLine source={source} />}
      <Plot values={values} />
      <h3>Period</h3>
      <p id="explore-period">{period === null ? 'Looking for a period…' : typeof period === 'string' ? <span class="error">{period}</span> : describePeriod(period)}</p>
      <h3>P-positions (Grundy value 0)</h3>
      <p id="explore-p" class="p-positions">
        {pPositions.slice(0, 200).join(' ')}
        {pPositions.length > 200 && ` … (${pPositions.length} in all)`}
      </p>
      <h3>Grundy values</h3>
      <table id="explore-table" class="values">
        <thead>
          <tr><th>n</th>{Array.from({ length: PER_ROW }, (_, j) => <th key={j}>+{j}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              <th>{r * PER_ROW}</th>
              {row.map((g, j) => <td key={j} class={g === 0 ? 'zero' : undefined} title={`g(${r * PER_ROW + j}) = ${g}`}>{g}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
      {values.length > TABLE_MAX && <p class="note">The table shows the first {TABLE_MAX} of {values.length} values; the plot shows them all.</p>}
    </div>
  );
}

/** A coupled ruleset: no Grundy sequence of single heaps, so its sorted P-positions themselves. */
function CoupledResult({ data, source }: { data: PPositionsReply; source: Source | null }) {
  const { positions, piles } = data;
  return (
    <div id="explore-result">
      <h2>{data.title} <code>{data.ruleset}</code></h2>
      {source && <SourceLine source={source} />}
      <p class="note">
        Piles are moved together here, so the game is not a sum of heaps and has no Grundy values of single heaps. These are
        its P-positions on {piles} piles, sorted, with every pile at most {data.max}: {positions.length}
        {data.truncated ? ' (the first ones only)' : ''}.
      </p>
      {piles === 2 && <PairPlot positions={positions} />}
      <h3>P-positions</h3>
      <p id="explore-p" class="p-positions">
        {positions.slice(0, 300).map((p) => `(${p.join(', ')})`).join(' ')}
        {positions.length > 300 && ` … (${positions.length}${data.truncated ? '+' : ''} in all)`}
      </p>
    </div>
  );
}

/** Two-pile P-positions (x, y), x <= y: the points of y against x. */
function PairPlot({ positions }: { positions: number[][] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current!;
    const plot = new uPlot(
      {
        width: Math.max(300, el.clientWidth),
        height: 260,
        scales: { x: { time: false } },
        axes: [{ label: 'smaller pile x' }, { label: 'larger pile y' }],
        series: [{ label: 'x' }, { label: 'y', stroke: '#3559c7', paths: () => null, points: { show: true, size: 6, fill: '#3559c7' } }],
      },
      [positions.map((p) => p[0]), positions.map((p) => p[1])],
      el,
    );
    return () => plot.destroy();
  }, [positions]);
  return <div ref={box} id="explore-plot" class="plot" />;
}

function Plot({ values }: { values: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current!;
    const xs = values.map((_, i) => i);
    const plot = new uPlot(
      {
        width: Math.max(300, el.clientWidth),
        height: 260,
        scales: { x: { time: false } },
        axes: [{ label: 'heap size n' }, { label: 'Grundy value' }],
        series: [{ label: 'n' }, { label: 'g(n)', stroke: '#3559c7', width: 1.5, points: { show: values.length <= 300, size: 5 } }],
        legend: { show: true },
      },
      [xs, values],
      el,
    );
    return () => plot.destroy();
  }, [values]);
  return <div ref={box} id="explore-plot" class="plot" />;
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
  const rule = p.saltus === 0
    ? `g(n + ${p.period}) = g(n) for every n ≥ ${p.preperiod}`
    : `g(n + ${p.period}) = g(n) + ${p.saltus} for every n ≥ ${p.preperiod} (arithmetic periodicity, saltus ${p.saltus})`;
  const pre = p.preperiod === 0 ? 'purely periodic' : `preperiod ${p.preperiod}`;
  const proof = p.certified
    ? p.computed > 0 ? `proved: a periodicity theorem applies once ${p.computed} values are checked` : 'proved'
    : `observed in the first ${p.computed} values, not proved`;
  return `Period ${p.period}, ${pre}: ${rule} — ${proof}.`;
}
