/**
 * The Explore tab's reducer without a browser: the address it opens and writes back, each kind of
 * result (Grundy values and their period, a listing of P-positions, a game's analysis), errors, the
 * answers of an earlier exploration dropped, and the table's pages.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeReply, PeriodReply, PPositionsReply } from '../../web/src/api.ts';
import {
  type ExploreAction,
  type ExploreState,
  describePeriod,
  explainedPosition,
  exploreHash,
  exploreReducer,
  initialExploreState,
  observedPeriod,
  positionToExplore,
  tablePage,
  valuesOf,
} from '../../web/src/explore-state.ts';

/** Kayles g(0..39) (Guy and Smith; OEIS A002186). */
const KAYLES = [
  0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2,
  3,
];
/** Subtraction {1, 2}: g(n) = n mod 3, period 3 from 0. */
const mod3 = (count: number) => Array.from({ length: count }, (_, n) => n % 3);

const run = (state: ExploreState, ...actions: ExploreAction[]) => actions.reduce(exploreReducer, state);
const fresh = (address = '') => initialExploreState(new URLSearchParams(address), 'subtract:1,2');

const PROVED: PeriodReply = {
  ruleset: 'kayles',
  title: 'Kayles',
  period: 12,
  preperiod: 71,
  saltus: 0,
  certified: true,
  computed: 0,
  provableFrom: null,
};

describe('the explore state', () => {
  it('reads the address, and writes back only what is shown', () => {
    const state = fresh('ruleset=kayles&to=39&heap=5%207&page=2');
    expect([state.spec, state.to, state.explainText, state.page]).toEqual(['kayles', '39', '5 7', 2]);
    expect(exploreHash(state)).toBeNull(); // nothing shown yet
    expect(fresh().spec).toBe('subtract:1,2');
    const shown = run(
      state,
      { type: 'exploring', run: 1, keepPage: true },
      {
        type: 'values',
        run: 1,
        values: valuesOf({ ruleset: 'kayles', title: 'Kayles', values: KAYLES }),
        source: { where: 'browser', kernel: 'wasm', ms: 1 },
        shown: { spec: ' kayles ', to: '39' },
      },
      { type: 'spec', spec: 'being typed' },
    );
    expect(exploreHash(shown)).toEqual({ ruleset: 'kayles', to: '39', position: undefined, heap: '5 7', page: '2' });
  });

  it('Grundy values: the P-positions, then the period; busy until the period came', () => {
    let state = run(fresh(), { type: 'exploring', run: 1, keepPage: false });
    expect(state.busy).toBe(true);
    state = run(
      state,
      { type: 'capabilities', run: 1, capabilities: ['heap-values'] },
      {
        type: 'values',
        run: 1,
        values: valuesOf({ ruleset: 'kayles', title: 'Kayles', values: KAYLES }),
        source: { where: 'server', ms: 3, reason: 'too big' },
        shown: { spec: 'kayles', to: '39' },
      },
    );
    expect(state.data?.pPositions).toEqual([0]);
    expect(state.busy).toBe(true);
    state = run(state, { type: 'period', run: 1, period: PROVED });
    expect(state.period).toBe(PROVED);
    expect(state.busy).toBe(false);
    expect(describePeriod(PROVED)).toBe('Period 12, preperiod 71: g(n + 12) = g(n) for every n ≥ 71 — proved.');
  });

  it("past the server's time limit the period is the one the values show, said to be observed", () => {
    const values = valuesOf({ ruleset: 'subtract:1,2', title: 'Subtraction', values: mod3(120) });
    const state = run(
      fresh(),
      { type: 'exploring', run: 1, keepPage: false },
      {
        type: 'values',
        run: 1,
        values,
        source: { where: 'browser', kernel: 'ts', ms: 1 },
        shown: { spec: 's', to: '119' },
      },
      { type: 'period', run: 1, period: null },
    );
    expect(state.period).toEqual(observedPeriod(values));
    expect(state.period).toMatchObject({ period: 3, preperiod: 0, certified: false, computed: 120 });
    expect(describePeriod(state.period as PeriodReply)).toBe(
      'Period 3, purely periodic: g(n + 3) = g(n) for every n ≥ 0 — observed in the first 120 values, not proved.',
    );
  });

  it('a listing of P-positions fits the explained position to its piles, and explains piles', () => {
    const reply = {
      ruleset: 'wythoff',
      title: 'Wythoff',
      piles: 2,
      max: 20,
      positions: [
        [0, 0],
        [1, 2],
      ],
      truncated: false,
    };
    const state = run(
      fresh('heap=13'),
      { type: 'exploring', run: 1, keepPage: false },
      { type: 'capabilities', run: 1, capabilities: ['p-positions'] },
      { type: 'listing', run: 1, reply: reply as PPositionsReply, ms: 2, shown: { spec: 'wythoff', to: '20' } },
    );
    expect(state.explainText).toBe('3 4');
    expect(state.busy).toBe(false);
    expect(explainedPosition(state)).toEqual({ position: [3, 4], error: null });
    const three = run(
      state,
      { type: 'exploring', run: 2, keepPage: false },
      {
        type: 'listing',
        run: 2,
        reply: { ...reply, piles: 3 } as PPositionsReply,
        ms: 2,
        shown: { spec: 'x', to: '20' },
      },
    );
    expect(three.explainText).toBe('1 2 3');
    expect(explainedPosition(run(three, { type: 'explain', text: '1 x' })).error).toMatch(/pile 2/);
  });

  it('a game explored from a position: the field shows, the typed position is kept for its own spec only', () => {
    let state = run(
      fresh('ruleset=coins:1&position=HTH'),
      { type: 'exploring', run: 1, keepPage: false },
      { type: 'capabilities', run: 1, capabilities: [] },
    );
    expect(positionToExplore(state, 'coins:1', false, 'HHH')).toBe('HTH'); // nothing shown yet: the link's
    state = run(state, { type: 'position-format', run: 1, positionFormat: 'H and T', board: 'HTH' });
    expect(state.positionFormat).toBe('H and T');
    const reply = { outcome: 'N' } as unknown as AnalyzeReply;
    state = run(state, {
      type: 'analysis',
      run: 1,
      reply,
      ms: 4,
      shown: { spec: 'coins:1', to: '100', position: 'HTH' },
    });
    expect(state.game).toBe(reply);
    expect(exploreHash(state)?.position).toBe('HTH');
    // another spec: its example when it has no start, the spec's start when it has one
    expect(positionToExplore(state, 'coins:2', false, 'HHT')).toBe('HHT');
    expect(positionToExplore(state, 'cram:3x3', true, '...')).toBeUndefined();
    // a failure keeps the position field, so that the position can be corrected
    const failed = run(state, { type: 'exploring', run: 2, keepPage: false }, { type: 'failed', run: 2, error: 'bad' });
    expect(failed).toMatchObject({ game: null, shown: null, error: 'bad', busy: false, positionFormat: 'H and T' });
  });

  it('the answers of an earlier exploration are dropped; a new one starts the table at its first page', () => {
    const state = run(fresh('page=3'), { type: 'exploring', run: 1, keepPage: true });
    expect(state.page).toBe(3);
    const second = run(state, { type: 'exploring', run: 2, keepPage: false });
    expect(second.page).toBe(0);
    expect(run(second, { type: 'failed', run: 1, error: 'old' })).toBe(second);
    expect(run(second, { type: 'capabilities', run: 1, capabilities: [] })).toBe(second);
  });

  it("pages the table: 10 a row, or one period's width when it is 2 to 36; the page kept in range", () => {
    expect(tablePage(1001, null, 0)).toMatchObject({ perRow: 10, periodRows: false, pages: 3, first: 0, end: 400 });
    expect(tablePage(1001, null, 0).rows.slice(0, 3)).toEqual([0, 10, 20]);
    expect(tablePage(1001, null, 9)).toMatchObject({ current: 2, first: 800, end: 1001 });
    const twelve = tablePage(1001, PROVED, 1);
    expect(twelve).toMatchObject({ perRow: 12, periodRows: true, pages: 3, first: 480, end: 960 });
    expect(tablePage(100, { ...PROVED, period: 1 }, 0)).toMatchObject({ perRow: 10, periodRows: false });
    expect(tablePage(100, { ...PROVED, period: 40 }, 0)).toMatchObject({ perRow: 10, periodRows: false });
    expect(tablePage(100, 'the server failed', 0).perRow).toBe(10);
  });
});
