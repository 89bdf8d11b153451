/**
 * The page in a real browser: playwright-core drives the system's chromium against a server on a free
 * loopback port. In CI (CI set) a missing chromium fails; locally the tests are skipped with a note.
 */
import { accessSync, constants, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIASES } from '../../src/engine/spec.ts';
import { serve, type RunningServer } from '../../src/server/serve.ts';

/** The chromium binary: $CHROMIUM_PATH when set (and only it), else the first chromium on PATH. */
function findChromium(): string | null {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : [];
  if (candidates.length === 0) {
    for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
      for (const name of ['chromium', 'chromium-browser']) candidates.push(join(dir, name));
    }
  }
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there: try the next one
    }
  }
  return null;
}

const CHROMIUM = findChromium();
const IN_CI = Boolean(process.env.CI);

if (!CHROMIUM && !IN_CI) {
  console.warn('tests/web: chromium not found (install it, e.g. `apt-get install -y chromium`, or set CHROMIUM_PATH); browser tests skipped');
}

describe.runIf(!CHROMIUM && IN_CI)('browser tests in CI', () => {
  it('need chromium', () => {
    expect.fail('chromium is not installed: .ci/run installs it with apt-get; or set CHROMIUM_PATH');
  });
});

const KAYLES_0_39 = '0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3';
const SQUARES_0_29 = '0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5';

describe.runIf(CHROMIUM)('the web page in chromium', () => {
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let outDir: string;
  const temp: string[] = [];

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'nimber-web-'));
    const profile = mkdtempSync(join(tmpdir(), 'nimber-chromium-'));
    temp.push(outDir, profile);
    await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await serve({ port: 0, host: '127.0.0.1', staticDir: outDir, timeLimitMs: 10_000 });
    await server.ready;
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM!,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1100, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
    for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh Explore tab (a goto that changes only the hash would keep the last result). */
  async function openExplore(): Promise<void> {
    await page.goto(server.url + '#explore');
    await page.reload();
    await page.locator('#explore-table').waitFor(); // the default ruleset
  }

  it('loads the page with its three tabs and the time limit', async () => {
    await page.goto(server.url);
    await expect.poll(() => page.locator('[role=tab]').allTextContents()).toEqual(['Solve', 'Explore', 'Play']);
    expect(await page.locator('#solve-limit').textContent()).toContain('10 s');
  });

  it('solves Nim Square for 29: 1160', async () => {
    await page.goto(server.url + '#solve');
    await page.locator('#solve-problem').selectOption('nim-square');
    await page.locator('#solve-input').fill('29');
    await page.locator('#solve-run').click();
    await page.locator('#solve-time').waitFor();
    expect((await page.locator('#solve-output').textContent())?.trim()).toBe('1160');
  });

  it('shows API errors in words', async () => {
    await page.locator('#solve-input').fill('twenty-nine');
    await page.locator('#solve-run').click();
    await expect.poll(() => page.locator('[role=alert]').textContent()).toMatch(/^Invalid input: N must be a non-negative integer/);
  });

  it(`explores ${ALIASES.has('kayles') ? 'kayles' : 'subtract:squares'}: plot, table, P-positions and period`, async () => {
    const kayles = ALIASES.has('kayles');
    const spec = kayles ? 'kayles' : 'subtract:squares';
    const expected = kayles ? KAYLES_0_39 : SQUARES_0_29;
    const to = expected.split(' ').length - 1;
    await page.goto(server.url + '#explore');
    await page.locator('#explore-table').waitFor(); // the default ruleset
    await page.locator('#explore-spec').fill(spec);
    await page.locator('#explore-to').fill(String(to));
    await page.locator('#explore-run').click();
    await expect.poll(() => page.locator('#explore-table td').allTextContents().then((t) => t.join(' '))).toBe(expected);
    expect(await page.locator('#explore-source').getAttribute('data-source')).toBe('browser'); // cheap: the engine in a worker
    expect(await page.locator('#explore-plot canvas').count()).toBeGreaterThan(0);
    const pPositions = expected.split(' ').flatMap((g, n) => (g === '0' ? [String(n)] : []));
    expect((await page.locator('#explore-p').textContent())?.trim()).toBe(pPositions.join(' '));
    const period = kayles ? /^Period 12, preperiod 71: g\(n \+ 12\) = g\(n\) for every n ≥ 71 — proved/ : /^No period shows in the first \d+ values/;
    await expect.poll(() => page.locator('#explore-period').textContent()).toMatch(period);
  });

  it('explores wythoff (piles moved together): its P-positions instead of Grundy values', async () => {
    await page.goto(server.url + '#explore');
    await page.locator('#explore-table').waitFor();
    await page.locator('#explore-spec').fill('wythoff');
    await page.locator('#explore-to').fill('20');
    await page.locator('#explore-run').click();
    await expect.poll(() => page.locator('#explore-p').textContent()).toBe('(0, 0) (1, 2) (3, 5) (4, 7) (6, 10) (8, 13) (9, 15) (11, 18) (12, 20)');
    await expect.poll(() => page.locator('#explore-plot canvas').count()).toBeGreaterThan(0); // drawn in an effect, after the text
  });

  it('explores subtract:squares to 1000 in this browser (WebAssembly), with the values of /api/grundy', async () => {
    const server_ = (await (await fetch(new URL('/api/grundy?ruleset=subtract:squares&to=1000', server.url))).json()) as { values: number[]; pPositions: number[] };
    await openExplore();
    await page.locator('#explore-spec').fill('subtract:squares');
    await page.locator('#explore-to').fill('1000');
    await page.locator('#explore-run').click();
    await expect.poll(() => page.locator('#explore-table td').count()).toBe(400); // the table's first 400 of 1001
    await expect.poll(() => page.locator('#explore-source').getAttribute('data-source')).toBe('browser');
    expect(await page.locator('#explore-source').textContent()).toMatch(/^Computed in this browser by the WebAssembly subtraction kernel in [\d.]+ ms\.$/);
    expect(await page.locator('#explore-table td').allTextContents()).toEqual(server_.values.slice(0, 400).map(String));
    const shown = server_.pPositions.slice(0, 200).join(' ') + (server_.pPositions.length > 200 ? ` … (${server_.pPositions.length} in all)` : '');
    expect((await page.locator('#explore-p').textContent())?.trim()).toBe(shown);
    // Every value: the page's own worker (the built asset) asked directly, against the server's reply.
    const workerFile = readdirSync(join(outDir, 'assets')).find((f) => f.startsWith('explore-worker'));
    expect(workerFile).toBeDefined();
    const local = await page.evaluate(
      (url) =>
        new Promise<number[]>((resolve, reject) => {
          const w = new Worker(url, { type: 'module' });
          w.onmessage = (e) => (e.data.ok ? resolve(Array.from(e.data.values as Uint32Array)) : reject(new Error(JSON.stringify(e.data))));
          w.onerror = (e) => reject(new Error(e.message));
          w.postMessage({ id: 0, spec: 'subtract:squares', to: 1000 });
        }),
      `/assets/${workerFile}`,
    );
    expect(local).toEqual(server_.values);
  });

  it('leaves split:distinct and rulesets beyond the browser budget to the server', async () => {
    await openExplore();
    for (const [spec, to, reason] of [
      ['split:distinct', '30', /the server computes split:distinct/],
      ['takebreak:0.77', '20000', /above the 50 million this page computes itself/], // dense cost ≈ 0.75·N² steps
    ] as const) {
      await page.locator('#explore-spec').fill(spec);
      await page.locator('#explore-to').fill(to);
      await page.locator('#explore-run').click();
      await expect.poll(() => page.locator('#explore-source').getAttribute('data-source')).toBe('server');
      await expect.poll(() => page.locator('#explore-source').textContent()).toMatch(reason);
      expect(await page.locator('#explore-source').textContent()).toMatch(/^Computed by the server in [\d.]+ ms \(round trip\): /);
      await expect.poll(() => page.locator('#explore-table td').count()).toBe(Math.min(Number(to) + 1, 400));
      await expect.poll(() => page.locator('#explore-period').textContent(), { timeout: 15_000 }).not.toBe('Looking for a period…');
    }
  });

  it('falls back to the server when the browser cannot start the worker', async () => {
    const bare = await context.newPage();
    try {
      await bare.addInitScript(() => {
        (globalThis as { Worker: unknown }).Worker = class {
          constructor() {
            throw new Error('workers are disabled here');
          }
        };
      });
      await bare.goto(server.url + '#explore');
      await bare.locator('#explore-table').waitFor({ timeout: 15_000 });
      expect(await bare.locator('#explore-source').getAttribute('data-source')).toBe('server');
      expect(await bare.locator('#explore-source').textContent()).toMatch(/this browser could not compute it \(workers are disabled here\)\.$/);
      expect((await bare.locator('#explore-table td').allTextContents()).slice(0, 30).join(' ')).toBe(SQUARES_0_29);
    } finally {
      await bare.close();
    }
  });

  it('words a spec error found in the browser as the API does', async () => {
    const reply = await fetch(new URL('/api/grundy?ruleset=subtract:0&to=10', server.url));
    expect(reply.status).toBe(422);
    const { error } = (await reply.json()) as { error: string };
    await openExplore();
    await page.locator('#explore-spec').fill('subtract:0');
    await page.locator('#explore-run').click();
    await expect.poll(() => page.locator('[role=alert]').textContent()).toBe(`Invalid input: ${error}.`);
  });

  it('a bad ruleset in Play is reported in words before any game starts', async () => {
    await page.goto(server.url + '#play');
    await page.locator('#play-spec').fill('subtract:0');
    await page.locator('#play-start').click();
    await expect.poll(() => page.locator('[role=alert]').textContent()).toMatch(/^Invalid input: subtract: '0' is not a positive integer/);
    expect(await page.locator('#play').getAttribute('data-state')).toBe('setup');
  });

  it('plays a full game of Nim: from an N-position the engine wins', async () => {
    await page.goto(server.url + '#play');
    await page.locator('#play-spec').fill('nim');
    await page.locator('#play-heaps').fill('1 2 4'); // nim-sum 7: the first player wins
    await page.locator('#play-engine-first').check();
    await page.locator('#play-hints').check();
    await page.locator('#play-start').click();
    for (let turn = 0; turn < 20; turn++) {
      await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
      if ((await page.locator('#play').getAttribute('data-state')) === 'over') break;
      // The engine moved to a P-position: the hints show a nim-sum of 0 and no winning move.
      expect(await page.locator('#play-hints-box').textContent()).toContain('nim-sum 0');
      expect(await page.locator('.token.winning').count()).toBe(0);
      await page.locator('.token').last().click(); // take one token from the last heap
    }
    expect(await page.locator('#play-result').textContent()).toBe('You have no move left: the engine wins.');
    const log = await page.locator('#play-log li').allTextContents();
    expect(log[0]).toMatch(/^Engine: take .* \(a winning move\)$/);
    expect(log.filter((l) => l.startsWith('You: ')).length).toBeGreaterThan(0);
  });

  it("explores Lasker's Nim in this browser, with its proved period", async () => {
    await openExplore();
    await page.locator('#explore-spec').fill('lasker');
    await page.locator('#explore-to').fill('20');
    await page.locator('#explore-run').click();
    // Winning Ways, ch. 4: g swaps 4k+3 and 4k+4.
    await expect.poll(() => page.locator('#explore-table td').allTextContents().then((t) => t.join(' '))).toBe('0 1 2 4 3 5 6 8 7 9 10 12 11 13 14 16 15 17 18 20 19');
    expect(await page.locator('#explore-source').textContent()).toMatch(/^Computed in this browser by the closed form of Lasker's Nim in [\d.]+ ms\.$/);
    await expect.poll(() => page.locator('#explore-period').textContent()).toMatch(/^Period 4, preperiod 1/);
  });

  it("plays Lasker's Nim: the engine's winning move from a heap of 2 is the split 1 + 1", async () => {
    await page.goto(server.url + '#play');
    await page.locator('#play-spec').fill('lasker');
    await page.locator('#play-heaps').fill('2');
    await page.locator('#play-engine-first').check();
    await page.locator('#play-start').click();
    await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
    const log = await page.locator('#play-log li').allTextContents();
    expect(log[0]).toBe('Engine: split heap 1 (2) into 1 + 1: 1 1 (a winning move)');
  });

  it('plays misère Nim 1 1 2: the engine leaves three 1s and we must take the last token', async () => {
    await page.goto(server.url + '#play');
    await page.locator('#play-spec').fill('nim');
    await page.locator('#play-heaps').fill('1 1 2');
    await page.locator('#play-engine-first').check();
    await page.locator('#play-misere').check();
    await page.locator('#play-hints').check();
    await page.locator('#play-start').click();
    for (let turn = 0; turn < 5; turn++) {
      await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
      if ((await page.locator('#play').getAttribute('data-state')) === 'over') break;
      expect(await page.locator('#play-hints-box').textContent()).toContain('misère play (');
      await page.locator('.token').last().click();
    }
    const log = await page.locator('#play-log li').allTextContents();
    expect(log[0]).toBe('Engine: take 1 from heap 3 (2 -> 1): 1 1 1 (a winning move)');
    expect(await page.locator('#play-result').textContent()).toBe('The engine has no move: you made the last move, so the engine wins.');
  });

  it('opens the misère quotient of 0.75 under Explore: R8, 8 elements', async () => {
    await openExplore();
    await page.locator('#explore-spec').fill('takebreak:0.75');
    await page.locator('#explore-to').fill('20');
    await page.locator('#explore-run').click();
    await page.locator('#explore-misere summary').click();
    await expect.poll(() => page.locator('#explore-misere-size').textContent()).toMatch(/^8 elements, P-portion a, b\^2; generators a = heap 1 \(a\^2 = 1\)/);
  });
});
