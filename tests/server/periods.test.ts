/** Heaps of any size over the HTTP API (app.request(), no port): decimal strings in, proved periods behind them. */
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/api.ts';
import { countLargeHeaps } from '../../src/service/large-heaps.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

const { post, app } = useTestApi({ timeLimitMs: 300_000, threads: 1 });

describe('the API on heaps of any size', () => {
  it("analyze: Lasker's Nim past its maximum, values from the closed form as strings", async () => {
    const r = await post('/api/analyze', { ruleset: 'lasker', heaps: ['1e18', 3] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      heaps: ['1000000000000000000', '3'],
      grundy: ['999999999999999999', '4'],
      nimSum: '999999999999999995',
      outcome: 'N',
    });
    expect((r.body.winningMoves as unknown[])[0]).toEqual({ to: ['3', '3'] });
  });

  it('analyze: heaps as decimal strings, answered from the period', async () => {
    const r = await post('/api/analyze', { ruleset: 'subtract:1,3,4', heaps: ['1000000000000000001', 5] });
    expect(r.status).toBe(200);
    // period 7 (0 1 0 1 2 3 2): 10^18 + 1 = 2 (mod 7) has value 0, heap 5 has value 3
    expect(r.body).toEqual({
      ruleset: 'subtract:1,3,4',
      convention: 'normal',
      method: 'proved period',
      heaps: ['1000000000000000001', '5'],
      grundy: [0, 3],
      nimSum: 3,
      outcome: 'N',
      winningMoves: [{ to: ['999999999999999997', '5'] }, { to: ['1000000000000000001', '2'] }],
      truncated: false,
    });
  });

  it('grundy: a window far out (from, to as decimal strings), P-positions as decimal strings', async () => {
    const res = await app().request(
      '/api/grundy?ruleset=subtract:1,3,4&from=1000000000000000000&to=1000000000000000006',
    );
    expect(res.status).toBe(200);
    // period 7 (0 1 0 1 2 3 2) and 10^18 = 1 (mod 7)
    expect(await res.json()).toEqual({
      ruleset: 'subtract:1,3,4',
      title: 'subtraction game {1,3,4}',
      from: '1000000000000000000',
      to: '1000000000000000006',
      values: [1, 0, 1, 2, 3, 2, 0],
      pPositions: ['1000000000000000001', '1000000000000000006'],
    });
    expect((await app().request('/api/grundy?ruleset=kayles&from=0&to=1000000')).status).toBe(413);
    expect((await app().request('/api/grundy?ruleset=kayles&to=1000000000000000000')).status).toBe(413);
    expect(
      (await app().request('/api/grundy?ruleset=subtract:squares&from=1000000000000&to=1000000000000')).status,
    ).toBe(413);
  });

  it('count: max, min and mod of any size', async () => {
    const expected = await countLargeHeaps(
      parseRuleset('kayles') as HeapRuleset,
      { heapCount: 4, min: 1n, max: 10n ** 18n, order: 'sorted', modulus: 998_244_353n },
      ENGINE_ENV,
    );
    const r = await post('/api/count', {
      ruleset: 'kayles',
      heaps: 4,
      min: 1,
      max: '1000000000000000000',
      mod: 998244353,
    });
    expect(r).toEqual({ status: 200, body: { count: String(expected) } });
    const exact = await post('/api/count', {
      ruleset: 'kayles',
      heaps: 2,
      max: '1000000000000000000',
      order: 'ordered',
    });
    expect(BigInt(exact.body.count as string) > 10n ** 35n).toBe(true);
  });

  it('refusals: no proved period (413 naming the maximum and the reason), unsafe numbers, min/mod on coupled games', async () => {
    const squares = await post('/api/analyze', { ruleset: 'subtract:squares', heaps: ['1000000000000000000'] });
    expect(squares.status).toBe(413);
    expect(squares.body.error).toMatch(
      /above the maximum of 100000000 for subtract:squares \(no periodicity theorem applies/,
    );
    expect((await post('/api/analyze', { ruleset: 'kayles', heaps: [1e300] })).status).toBe(422);
    expect((await post('/api/analyze', { ruleset: 'kayles', heaps: ['1'.repeat(101)] })).status).toBe(422);
    expect((await post('/api/count', { ruleset: 'stone-game', heaps: 3, max: 10, min: 1 })).status).toBe(422);
    expect((await post('/api/count', { ruleset: 'kayles', heaps: 3, max: 10, mod: 1 })).status).toBe(422);
    expect((await post('/api/count', { ruleset: 'nim', heaps: 3, max: 100_000_000 })).status).toBe(413);
  });
});
