/** The Census tab's reducer and selectors without a browser: the address it opens, filters, sort, play switch. */
import { describe, expect, it } from 'vitest';
import type { CensusTableRow } from '../../src/service/census/table.ts';
import { censusesByPlay, censusHash, censusReducer, initialCensusState, keptRows } from '../../web/src/census-state.ts';

const row = (code: string, status: string, period: number | null): CensusTableRow =>
  ({ code, status, period, members: [code], reference: 'agrees' }) as unknown as CensusTableRow;
const ROWS = [
  row('0.6', 'unsolved', null),
  row('0.4', 'solved', 34),
  row('0.7', 'solved', 12),
  row('4.1', 'partial', null),
];

describe('the census state', () => {
  it('reads the address and writes it back', () => {
    const params = new URLSearchParams('name=takebreak-octal-1&status=unsolved&code=0.&sort=-period');
    const state = initialCensusState(params);
    expect(censusHash(state)).toEqual({
      name: 'takebreak-octal-1',
      status: 'unsolved',
      reference: undefined,
      code: '0.',
      sort: '-period',
    });
  });

  it("filters 'unsolved' as every row not solved, whichever word the row stores, and sorts", () => {
    let state = initialCensusState(new URLSearchParams());
    state = censusReducer(state, { type: 'status', status: 'unsolved' });
    expect(keptRows(ROWS, state).map((r) => r.code)).toEqual(['0.6', '4.1']);
    state = censusReducer(state, { type: 'status', status: '' });
    state = censusReducer(state, { type: 'sort', sort: { key: 'period', down: true } });
    expect(keptRows(ROWS, state)[0].code).toBe('0.4');
    state = censusReducer(state, { type: 'filter', filter: '0.' });
    expect(keptRows(ROWS, state)).toHaveLength(3);
  });

  it('the list picks the first census with rows; the play switch picks its first census', () => {
    const stored = [
      { name: 'a', rows: 0, convention: 'normal' },
      { name: 'b', rows: 5, convention: 'normal' },
      { name: 'c-misere', rows: 3, convention: 'misere' },
    ] as never;
    let state = censusReducer(initialCensusState(new URLSearchParams()), { type: 'listed', stored });
    expect(state.name).toBe('b');
    state = censusReducer(state, { type: 'play', play: 'misere' });
    expect(state.name).toBe('c-misere');
  });

  it("the play switch picks the first census of the list it offers for that play, in the server's order", () => {
    const stored = [
      { name: 'n1', rows: 1, convention: 'normal' },
      { name: 'm1', rows: 1, convention: 'misere' },
      { name: 'n2', rows: 1, convention: 'normal' },
      { name: 'm2', rows: 1, convention: 'misere' },
    ] as never;
    let state = censusReducer(initialCensusState(new URLSearchParams('name=n2')), { type: 'listed', stored });
    state = censusReducer(state, { type: 'play', play: 'misere' });
    expect(state.name).toBe(censusesByPlay(state.stored).get('misere')?.[0].name);
    expect(state.name).toBe('m1');
    state = censusReducer(state, { type: 'play', play: 'normal' });
    expect(state.name).toBe('n1');
    // a play with no census keeps the census shown
    expect(censusReducer(state, { type: 'play', play: 'other' }).name).toBe('n1');
  });
});
