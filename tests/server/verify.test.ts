/** POST /api/verify: a certificate re-checked from the game's rules, as `nimber verify` checks a file. */
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
