/** GET /api/grundy windows answered by closed forms past a family's maximum: values as strings from 2^53 on. */
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/api.ts';

const { get } = useTestApi({ timeLimitMs: 300_000, threads: 1 });

describe('GET /api/grundy with closed forms', () => {
  it("Lasker's Nim at 10^18: values as decimal strings", async () => {
    const r = await get('/api/grundy?ruleset=lasker&from=1e18&to=1000000000000000003');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ruleset: 'lasker',
      title: "Lasker's Nim",
      from: '1000000000000000000',
      to: '1000000000000000003',
      values: ['999999999999999999', '1000000000000000001', '1000000000000000002', '1000000000000000004'],
      pPositions: [],
    });
  });

  it('Nim at 2^64, and small windows keep numbers', async () => {
    const r = await get('/api/grundy?ruleset=nim&from=18446744073709551616&to=18446744073709551617');
    expect(r.status).toBe(200);
    expect(r.body.values).toEqual(['18446744073709551616', '18446744073709551617']);
    const small = await get('/api/grundy?ruleset=lasker&from=0&to=4');
    expect(small.body).toMatchObject({ values: [0, 1, 2, 4, 3], pPositions: ['0'] });
  });
});
