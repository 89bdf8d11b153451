/** GET /api/census: stored census tables, served from the store files without trusting them. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CensusStore } from '../../src/adapters/census-store.ts';
import { computeCensusRow } from '../../src/service/census/game.ts';
import { computeMisereCensusRow } from '../../src/service/census/misere-game.ts';
import { createApp } from '../../src/server/app.ts';
import { API_MAX_CENSUS_CODES } from '../../src/server/tasks.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-census-api-'));
const store = new CensusStore(path.join(dir, 'takebreak-octal-1.jsonl'));
for (const code of ['0.1', '0.4', '4.0']) store.put(computeCensusRow({ code, budget: { maxHeaps: 4096, seconds: 5 } }));
const misere = new CensusStore(path.join(dir, 'takebreak-octal-1-misere.jsonl'));
for (const code of ['0.3', '4.3']) misere.put(computeMisereCensusRow({ code, budget: { maxHeaps: 100, seconds: 5 } }));
writeFileSync(path.join(dir, 'takebreak-octal-2.jsonl'), 'not a store\n');
writeFileSync(path.join(dir, 'takebreak-hex-3.jsonl'), '');
// a header-only store of a space of 67 million codes (it froze the server for minutes at 4.29 GB)
writeFileSync(path.join(dir, 'takebreak-hex-6.jsonl'), '{"nimber":"census-store","version":1}\n');

const app = createApp({ timeLimitMs: 5000, threads: 1, staticDir: null, censusDir: dir });
const bare = createApp({ timeLimitMs: 5000, threads: 1, staticDir: null });
// stores are read in the worker pool: its workers load first
beforeAll(() => Promise.all([app.pool.warmUp(), bare.pool.warmUp()]));
afterAll(async () => {
  await app.close();
  await bare.close();
});

describe('GET /api/census', () => {
  it('lists the stored censuses (foreign files left out)', async () => {
    const res = await app.request('/api/census');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      censuses: [
        { name: 'takebreak-hex-3', digits: 3, hex: true, convention: 'normal', rows: 0 },
        { name: 'takebreak-hex-6', digits: 6, hex: true, convention: 'normal', rows: 0 },
        { name: 'takebreak-octal-1', digits: 1, hex: false, convention: 'normal', rows: 3 },
        { name: 'takebreak-octal-1-misere', digits: 1, hex: false, convention: 'misere', rows: 2 },
      ],
    });
  });

  it('serves one table: the stored rows with their folded codes and reference column', async () => {
    const res = await app.request('/api/census?name=takebreak-octal-1');
    expect(res.status).toBe(200);
    const table = await res.json();
    expect(table.summary).toMatchObject({ games: 14, solved: 3, unsolved: 0, missing: 11 });
    expect(table.rows.map((r: { code: string }) => r.code)).toEqual(['0.1', '0.4', '4.0']);
    expect(table.rows[2]).toMatchObject({
      code: '4.0',
      members: ['4.0', '4.2'],
      preperiod: 1,
      period: 2,
      reference: 'agrees',
    });
  });

  it('serves a misère census: the quotients of the codes stored, none folded', async () => {
    const res = await app.request('/api/census?name=takebreak-octal-1-misere');
    expect(res.status).toBe(200);
    const table = await res.json();
    expect(table.census.convention).toBe('misere');
    expect(table.summary).toMatchObject({ games: 16, solved: 2, missing: 14, tame: 2 });
    expect(table.rows[1]).toMatchObject({ code: '4.3', status: 'solved', order: 6, pPortion: 2, members: ['4.3'] });
  });

  it('a bad name is 422, a missing store 404, a corrupt one 422; the server goes on', async () => {
    for (const [query, status] of [
      ['name=../../etc/passwd', 422],
      ['name=__proto__', 422],
      ['name=takebreak-octal-5', 404],
      ['name=takebreak-octal-2', 422],
    ] as const) {
      const res = await app.request(`/api/census?${query}`);
      expect(res.status, query).toBe(status);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await app.request('/api/census')).status).toBe(200);
  });

  it('a table of a space too large to enumerate is 413 before it is queued (issue 28, item 15)', async () => {
    const run = vi.spyOn(app.pool, 'run');
    const res = await app.request('/api/census?name=takebreak-hex-6');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: `the table of takebreak-hex-6 would have 67108864 codes, above the maximum of ${API_MAX_CENSUS_CODES} (nimber census --digits 6 --hex prints it)`,
    });
    expect(run).not.toHaveBeenCalled(); // refused before the worker that would read the store
    expect((await app.request('/api/census?name=takebreak-octal-6')).status).toBe(413);
    expect((await app.request('/api/census?name=takebreak-octal-5')).status).toBe(404); // 65,536 codes: allowed, not stored
    expect(run).toHaveBeenCalledTimes(1); // that one was asked of the worker
    run.mockRestore();
  });

  it('a server without a census directory lists none', async () => {
    expect(await (await bare.request('/api/census')).json()).toEqual({ censuses: [] });
    expect((await bare.request('/api/census?name=takebreak-octal-1')).status).toBe(404);
  });
});
