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
 *
 * The state and its transitions are explore-state.ts; this file asks what the state needs (in this
 * browser or of the server) and draws it; the plots are explore-plots.tsx.
 */
import { useEffect, useMemo, useReducer, useRef } from 'preact/hooks';
import { BoardExplore, GameAnalysis, SizeExplore } from './Boards.tsx';
import { type RareCommon, rareValues } from '../../src/service/local.ts';
import { knownSequence, oeisUrl } from '../../src/service/oeis.ts';
import { pPositionsCsv, pPositionsJson, sequenceBfile, sequenceCsv, sequenceJson } from '../../src/service/export.ts';
import {
  ApiError,
  api,
  errorText,
  type Catalog,
  lastMoveAnalysis,
  type PPositionsReply,
  specSuggestions,
} from './api.ts';
import { downloadText, fileStem } from './download.ts';
import { ExplainPanel } from './Explain.tsx';
import { LocalUnavailable, computeLocally, planLocally } from './local.ts';
import { naturalField } from './numbers.ts';
import { plotSvg } from './plot-svg.ts';
import { hashVisit, paramsFor, replaceHash } from './url-state.ts';
import { MisereQuotient } from './MisereQuotient.tsx';
import { ErrorLine, NumberField, RunButton } from './controls.tsx';
import { PairPlot, Plot, PlotDownloads } from './explore-plots.tsx';
import {
  type ExploreAction,
  type ExploreState,
  type PeriodShown,
  type Source,
  type Values,
  describePeriod,
  explainedPosition,
  exploreHash,
  exploreReducer,
  initialExploreState,
  periodOf,
  positionToExplore,
  tablePage,
  valuesOf,
} from './explore-state.ts';

type Dispatch = (action: ExploreAction) => void;

export function Explore({ catalog }: { catalog: Catalog }) {
  // The first family with heap values opens the tab (the registry's order and examples).
  const first = catalog.families.find((f) => f.capabilities.includes('heap-values')) ?? catalog.families[0];
  const [state, dispatch] = useReducer(exploreReducer, paramsFor('explore'), (params) =>
    initialExploreState(params, first?.example.spec ?? ''),
  );
  const runs = useRef(0);
  const visit = useMemo(hashVisit, []);

  /** Explores the spec and range in the form: each step's answer goes to the reducer under this run's number. */
  async function explore(keepPage: boolean) {
    const run = ++runs.current;
    const { spec, to } = state;
    dispatch({ type: 'exploring', run, keepPage });
    try {
      const n = naturalField(to, '"up to"');
      const plan = planLocally(spec, n, catalog.limits.grundyValues ?? Infinity);
      const can = plan.capabilities ?? (await api.describe({ ruleset: spec })).capabilities;
      dispatch({ type: 'capabilities', run, capabilities: can });
      const started = performance.now();
      const ms = () => performance.now() - started;
      if (can.includes('p-positions') && !can.includes('heap-values')) {
        const reply = await api.pPositions({ ruleset: spec, max: n });
        dispatch({ type: 'listing', run, reply, ms: ms(), shown: { spec, to } });
        return;
      }
      if (!can.includes('heap-values')) {
        // A game whose spec names no start (a coin rule, a bare cram) is explored from a position.
        const info = await api.describe({ ruleset: spec });
        const example = catalog.families.find((f) => f.name === info.family)?.example.board;
        const board = positionToExplore(state, spec, info.start !== null, example);
        dispatch({ type: 'position-format', run, positionFormat: info.positionFormat, board });
        const reply = lastMoveAnalysis(await api.analyze({ ruleset: spec, board }));
        dispatch({ type: 'analysis', run, reply, ms: ms(), shown: { spec, to, position: board } });
        return;
      }
      // The period is a separate request: its error does not hide the values. Past the server's time
      // limit (null) the period is the one the values shown show, and the line says how far they go, as
      // the CLI says how far it looked.
      const period = api.period({ ruleset: spec }).then(
        (p): PeriodShown => p,
        (e) => (e instanceof ApiError && e.status === 504 ? null : errorText(e)),
      );
      let reason = plan.where === 'server' ? plan.reason : '';
      if (plan.where === 'browser') {
        try {
          const local = await computeLocally(plan, n);
          const source: Source = { where: 'browser', kernel: local.kernel, ms: local.ms };
          dispatch({ type: 'values', run, values: valuesOf(local), source, shown: { spec, to } });
        } catch (err) {
          if (!(err instanceof LocalUnavailable)) throw err;
          reason = `this browser could not compute it (${err.message})`;
        }
      }
      if (reason) {
        const fromServer = performance.now();
        // without `from` the values are numbers (only windows far out carry strings)
        const reply = await api.grundy({ ruleset: spec, to: n });
        const values = valuesOf({ ...reply, values: Array.from<number | string, number>(reply.values, Number) });
        const source: Source = { where: 'server', ms: performance.now() - fromServer, reason };
        dispatch({ type: 'values', run, values, source, shown: { spec, to } });
      }
      dispatch({ type: 'period', run, period: await period });
    } catch (err) {
      dispatch({ type: 'failed', run, error: errorText(err) });
    }
  }

  useEffect(() => void explore(true), []);
  // The view in the URL: what is shown (not what is being typed).
  useEffect(() => {
    const hash = exploreHash(state);
    if (hash) replaceHash('explore', hash, visit);
  }, [state.shown, state.explainText, state.page]);

  const { data, listing, game, source } = state;
  return (
    <section class="explore">
      <ExploreForm catalog={catalog} state={state} dispatch={dispatch} explore={() => explore(false)} />
      <ErrorLine error={state.error} />
      {state.positionFormat !== null && (
        <p class="note" id="explore-position-format">
          Position: {state.positionFormat}; empty for the spec's start.
        </p>
      )}
      {data && (
        <Result
          data={data}
          period={state.period}
          source={source}
          page={state.page}
          setPage={(page) => dispatch({ type: 'page', page })}
        />
      )}
      {listing && <PPositionsResult data={listing} source={source} />}
      {game && (
        <div id="explore-result">
          {source && <SourceLine source={source} />}
          <GameAnalysis reply={game} />
        </div>
      )}
      {state.shown && (data || listing) && <ExplainBox state={state} dispatch={dispatch} />}
      {data && state.capabilities.includes('quotient') && (
        <MisereQuotient ruleset={data.ruleset} max={data.values.length - 1} />
      )}
      <SpecHelp catalog={catalog} />
      <BoardExplore catalog={catalog} />
      <SizeExplore catalog={catalog} />
    </section>
  );
}

/** The ruleset, and the range of heaps (or, for a game searched position by position, its position). */
function ExploreForm({
  catalog,
  state,
  dispatch,
  explore,
}: {
  catalog: Catalog;
  state: ExploreState;
  dispatch: Dispatch;
  explore: () => void;
}) {
  const suggestions = specSuggestions(catalog);
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        explore();
      }}
    >
      <label>
        Ruleset{' '}
        <input
          id="explore-spec"
          list="explore-specs"
          value={state.spec}
          onInput={(e) => dispatch({ type: 'spec', spec: e.currentTarget.value })}
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
      {state.positionFormat === null ? (
        <NumberField
          id="explore-to"
          label="up to "
          value={state.to}
          set={(to) => dispatch({ type: 'to', to })}
          size={8}
        />
      ) : (
        <label>
          Position{' '}
          <input
            id="explore-position"
            value={state.position}
            onInput={(e) => dispatch({ type: 'position', position: e.currentTarget.value })}
            placeholder="the spec's start"
            title={state.positionFormat}
            size={16}
            spellcheck={false}
            autocapitalize="off"
          />
        </label>
      )}
      <RunButton id="explore-run" busy={state.busy} label="Explore" />
    </form>
  );
}

/** The explain panel of the result shown, with its heaps (or piles) field. */
function ExplainBox({ state, dispatch }: { state: ExploreState; dispatch: Dispatch }) {
  const { position, error } = explainedPosition(state);
  const { listing } = state;
  return (
    <ExplainPanel
      id="explore-explain"
      spec={(state.data ?? listing)!.ruleset}
      position={position}
      summary="Explain a position: options, mex, nim-sum"
    >
      <p class="row">
        <label>
          {listing ? 'Piles' : 'Heaps'}{' '}
          <input
            id="explore-explain-heaps"
            value={state.explainText}
            onInput={(e) => dispatch({ type: 'explain', text: e.currentTarget.value })}
            size={12}
          />
        </label>
        {error && <span class="error">{error}</span>}
      </p>
    </ExplainPanel>
  );
}

/** Every family's spec syntax and the aliases. */
function SpecHelp({ catalog }: { catalog: Catalog }) {
  return (
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
  );
}

function Result({
  data,
  period,
  source,
  page,
  setPage,
}: {
  data: Values;
  period: PeriodShown;
  source: Source | null;
  page: number;
  setPage: (p: number) => void;
}) {
  const { values, pPositions } = data;
  const known = periodOf(period);
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
      <ValueTable values={values} period={period} rare={rare} page={page} setPage={setPage} />
    </div>
  );
}

/** The values page by page, rows one period wide once the period is known, the preperiod shaded, rare values outlined. */
function ValueTable({
  values,
  period,
  rare,
  page,
  setPage,
}: {
  values: number[];
  period: PeriodShown;
  rare: RareCommon | null;
  page: number;
  setPage: (p: number) => void;
}) {
  const known = periodOf(period);
  const layout = tablePage(values.length, period, page);
  const { perRow, pages, current, first, end, rows } = layout;
  return (
    <>
      {known && layout.periodRows && (
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
            n = {first}…{end - 1} (page {current + 1} of {pages})
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
    </>
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
