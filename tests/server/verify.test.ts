/** POST /api/verify: a certificate re-checked from the game's rules, as `nimber verify` checks a file. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { certifiedAnalysis, verifyCertificate } from '../../src/service/certificates.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

// the limit is not under test: generous, as is the wait for the worker to load (a busy machine is slow)
const app = createApp({ timeLimitMs: 120_000, threads: 1, staticDir: null });
beforeAll(() => app.pool.warmUp(), 600_000);
afterAll(() => app.close());

const post = (body: unknown) =>
  app.request('/api/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// Cram on 3 x 3 is a second-player win, value 0 (Winning Ways, the table of Cram values on small boards)
const { lines } = certifiedAnalysis({ ruleset: 'cram:3x3', position: {} }, ENGINE_ENV);

it('says what a certificate proves, as the service does', async () => {
  const res = await post({ certificate: lines.join('\n') });
  expect(res.status).toBe(200);
  const reply = await res.json();
  const { elapsedMs: _, ...service } = verifyCertificate(lines);
  expect(reply).toMatchObject({ ...service, game: 'cram', grundy: 0, outcome: 'P' });
});

it('refuses a certificate whose value is wrong (422 naming the line), an empty one, and a body over the limit', async () => {
  const tampered = lines.map((line) => (line === 'value 0' ? 'value 1' : line));
  expect(tampered).not.toEqual(lines);
  const res = await post({ certificate: tampered.join('\n') });
  expect(res.status).toBe(422);
  expect((await res.json()).error).toMatch(/line/);
  expect((await post({ certificate: '' })).status).toBe(422);
  expect((await post({ certificate: 'x'.repeat(2 * 1024 * 1024) })).status).toBe(413);
});

const certify = (body: unknown) =>
  app.request('/api/certificate', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('POST /api/certificate writes what POST /api/verify checks: the same game, position and value', async () => {
  const res = await certify({ ruleset: 'cram', board: '.../.../..#' });
  expect(res.status).toBe(200);
  const { analysis, certificate, lines } = await res.json();
  expect(certificate).toMatchObject({ game: 'cram', format: 2 });
  expect(certificate.facts).toBeGreaterThan(0);
  const checked = await (await post({ certificate: lines.join('\n') })).json();
  expect(checked).toMatchObject({ position: '.../.../..#', grundy: analysis.grundy, format: 2 });
});

it('POST /api/certificate claims what the analysis finds: the outcome for Sprouts, the value when asked', async () => {
  // 4 spots: an N-position (4 mod 6 = 4: Applegate, Jacobson and Sleator 1991) of nimber 1
  const byOutcome = await (await certify({ ruleset: 'sprouts:4' })).json();
  expect(byOutcome.certificate).toMatchObject({ game: 'sprouts', format: 2, claim: 'outcome' });
  expect(await (await post({ certificate: byOutcome.lines.join('\n') })).json()).toMatchObject({
    grundy: null,
    outcome: 'N',
  });
  const byValue = await (await certify({ ruleset: 'sprouts:4', claim: 'value' })).json();
  expect(byValue.certificate).toMatchObject({ claim: 'value' });
  expect(await (await post({ certificate: byValue.lines.join('\n') })).json()).toMatchObject({ grundy: 1 });
});

it('POST /api/certificate refuses misère play, a heap game and an unknown format or claim before any worker runs (422)', async () => {
  for (const body of [
    { ruleset: 'cram:3x3', convention: 'misere' },
    { ruleset: 'nim', heaps: [1, 2] },
    { ruleset: 'cram:3x3', format: 3 },
    { ruleset: 'cram:3x3', claim: 'nimber' },
  ]) {
    const res = await certify(body);
    expect(res.status, JSON.stringify(body)).toBe(422);
    expect((await res.json()).error).toBeTruthy();
  }
});

it("takes a Quarto proof file's text: the opening proof's draw, and a damaged copy as 422", async () => {
  const text = readFileSync('src/engine/families/quarto/opening-proof.generated.json', 'utf8');
  const res = await post({ certificate: text });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ proof: 'quarto', value: [0, 0], nodes: 158, trustedLeaves: 27 });
  const damaged = await post({ certificate: text.replace('"value":[0,0]', '"value":[-1,-1]') });
  expect(damaged.status).toBe(422);
  expect((await damaged.json()).error).toContain("the root's value derives as [0,0]");
});
