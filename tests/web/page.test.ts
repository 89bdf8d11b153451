/**
 * The page in a real browser: playwright-core drives the system's chromium against a server on a free
 * loopback port. Without chromium the file fails, saying so (requireChromium).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openAddress, openPage } from '../helpers/page.ts';
import { ALIASES } from '../../src/engine/spec.ts';
import { rareAndCommon } from '../../src/engine/solve/normal/rare.ts';
import { marksFor } from '../../web/src/board.ts';
import type { RunningServer } from '../../src/server/serve.ts';

/** The chromium binary: $CHROMIUM_PATH when set (and only it), else the first chromium on PATH. */
const CHROMIUM = requireChromium();

const KAYLES_0_39 = '0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8 5 4 7 2 1 8 6 7 4 1 2 3';
const SQUARES_0_29 = '0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 0 1 0 1 2 3 2 3 4 5';

describe('the web page in chromium', () => {
  let opened: OpenPage;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let outDir: string;

  beforeAll(async () => {
    opened = await openPage(CHROMIUM, { acceptDownloads: true });
    ({ server, context, page, outDir } = opened);
  });

  afterAll(() => opened?.close());

  /** A fresh Explore tab (a goto that changes only the hash would keep the last result). */
  async function openExplore(): Promise<void> {
    await openAddress(page, server.url + '#explore');
    await page.locator('#explore-table').waitFor(); // the default ruleset
  }

  it('loads the page with its five tabs and the time limit, and asks for no /favicon.ico (its icon is inline)', async () => {
    const asked: string[] = [];
    const record = (r: { url(): string }) => asked.push(new URL(r.url()).pathname);
    page.on('request', record);
    await page.goto(server.url);
    await expect
      .poll(() => page.locator('[role=tab]').allTextContents())
      .toEqual(['Solve', 'Explore', 'Play', 'Census', 'Your game']);
    expect(await page.locator('#solve-limit').textContent()).toContain('10 s');
    page.off('request', record);
    expect(asked).not.toContain('/favicon.ico');
    expect(await page.locator('link[rel=icon]').getAttribute('href')).toMatch(/^data:image\/svg\+xml,/);
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
    await expect
      .poll(() => page.locator('[role=alert]').textContent())
      .toMatch(/^Invalid input: N must be a non-negative integer/);
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
    await expect
      .poll(() =>
        page
          .locator('#explore-table td')
          .allTextContents()
          .then((t) => t.join(' ')),
      )
      .toBe(expected);
    expect(await page.locator('#explore-source').getAttribute('data-source')).toBe('browser'); // cheap: the engine in a worker
    await expect.poll(() => page.locator('#explore-plot canvas').count()).toBeGreaterThan(0); // drawn in an effect, after the text
    const pPositions = expected.split(' ').flatMap((g, n) => (g === '0' ? [String(n)] : []));
    expect((await page.locator('#explore-p').textContent())?.trim()).toBe(pPositions.join(' '));
    const period = kayles
      ? /^Period 12, preperiod 71: g\(n \+ 12\) = g\(n\) for every n ≥ 71 — proved/
      : /^No period shows in the first \d+ values/;
    await expect.poll(() => page.locator('#explore-period').textContent()).toMatch(period);
  });

  it('explores wythoff (piles moved together): its P-positions instead of Grundy values', async () => {
    await page.goto(server.url + '#explore');
    await page.locator('#explore-table').waitFor();
    await page.locator('#explore-spec').fill('wythoff');
    await page.locator('#explore-to').fill('20');
    await page.locator('#explore-run').click();
    await expect
      .poll(() => page.locator('#explore-p').textContent())
      .toBe('(0, 0) (1, 2) (3, 5) (4, 7) (6, 10) (8, 13) (9, 15) (11, 18) (12, 20)');
    await expect.poll(() => page.locator('#explore-plot canvas').count()).toBeGreaterThan(0); // drawn in an effect, after the text
    // its explain panel: backward induction over piles up to 4, from the position 3 4
    expect(await page.locator('#explore-explain-heaps').inputValue()).toBe('3 4');
    await page.locator('#explore-explain summary').click();
    await page.locator('#explore-explain table.region').waitFor();
    expect(await page.locator('#explore-explain table.region td.zero').count()).toBe(3); // (0,0), (1,2), (2,1)
    expect(await page.locator('#explore-explain .verdict').textContent()).toBe(
      'So 3 4 is an N-position: the player to move wins, e.g. by moving to 1 2.',
    );
  });

  it('explores subtract:squares to 1000 in this browser (WebAssembly), with the values of /api/grundy', async () => {
    const server_ = (await (
      await fetch(new URL('/api/grundy?ruleset=subtract:squares&to=1000', server.url))
    ).json()) as { values: number[]; pPositions: number[] };
    await openExplore();
    await page.locator('#explore-spec').fill('subtract:squares');
    await page.locator('#explore-to').fill('1000');
    await page.locator('#explore-run').click();
    await expect.poll(() => page.locator('#explore-table td').count()).toBe(400); // the table's first 400 of 1001
    await expect.poll(() => page.locator('#explore-source').getAttribute('data-source')).toBe('browser');
    expect(await page.locator('#explore-source').textContent()).toMatch(
      /^Computed in this browser by the WebAssembly subtraction kernel in [\d.]+ ms\.$/,
    );
    expect(await page.locator('#explore-table td').allTextContents()).toEqual(server_.values.slice(0, 400).map(String));
    const shown =
      server_.pPositions.slice(0, 200).join(' ') +
      (server_.pPositions.length > 200 ? ` … (${server_.pPositions.length} in all)` : '');
    expect((await page.locator('#explore-p').textContent())?.trim()).toBe(shown);
    // Every value: the page's own worker (the built asset) asked directly, against the server's reply.
    const workerFile = readdirSync(join(outDir, 'assets')).find((f) => f.startsWith('explore-worker'));
    expect(workerFile).toBeDefined();
    const local = await page.evaluate(
      (url) =>
        new Promise<number[]>((resolve, reject) => {
          const w = new Worker(url, { type: 'module' });
          w.onmessage = (e) =>
            e.data.ok ? resolve(Array.from(e.data.values as Uint32Array)) : reject(new Error(JSON.stringify(e.data)));
          w.onerror = (e) => reject(new Error(e.message));
          w.postMessage({ id: 0, spec: 'subtract:squares', to: 1000 });
        }),
      `/assets/${workerFile}`,
    );
    expect(local).toEqual(server_.values);
  });

  it('leaves split:distinct and rulesets beyond the browser budget to the server', async () => {
    await openExplore();
    // cells: all 31 values; 0.77 has period 12, so its first page is 40 rows one period wide
    for (const [spec, to, reason, cells] of [
      ['split:distinct', '30', /the server computes split:distinct/, 31],
      ['takebreak:0.77', '20000', /above the 50 million this page computes itself/, 40 * 12], // dense cost ≈ 0.75·N² steps
    ] as const) {
      await page.locator('#explore-spec').fill(spec);
      await page.locator('#explore-to').fill(to);
      await page.locator('#explore-run').click();
      await expect.poll(() => page.locator('#explore-source').getAttribute('data-source')).toBe('server');
      await expect.poll(() => page.locator('#explore-source').textContent()).toMatch(reason);
      expect(await page.locator('#explore-source').textContent()).toMatch(
        /^Computed by the server in [\d.]+ ms \(round trip\): /,
      );
      await expect
        .poll(() => page.locator('#explore-period').textContent(), { timeout: 120_000 })
        .not.toBe('Looking for a period…');
      await expect.poll(() => page.locator('#explore-table td').count()).toBe(cells);
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
      await bare.goto(server.url + '#explore?ruleset=subtract:squares&to=100');
      await bare.locator('#explore-table').waitFor({ timeout: 120_000 });
      expect(await bare.locator('#explore-source').getAttribute('data-source')).toBe('server');
      expect(await bare.locator('#explore-source').textContent()).toMatch(
        /this browser could not compute it \(workers are disabled here\)\.$/,
      );
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
    await expect
      .poll(() => page.locator('[role=alert]').textContent())
      .toMatch(/^Invalid input: subtract: '0' is not a positive integer/);
    expect(await page.locator('#play').getAttribute('data-state')).toBe('setup');
  });

  it('numbers are parsed as the CLI parses them, with its words', async () => {
    await openAddress(page, server.url + '#play');
    await page.locator('#play-heaps').fill('3 x');
    await page.locator('#play-start').click();
    await expect
      .poll(() => page.locator('[role=alert]').textContent())
      .toBe("Invalid input: heap 2 must be a non-negative integer, got 'x'.");
    expect(await page.locator('[role=alert]').count()).toBe(1);
    await openAddress(page, server.url + '#explore');
    await page.locator('#explore-table').waitFor();
    await page.locator('#explore-to').fill('1e3'); // the CLI's shorthand
    await page.locator('#explore-run').click();
    await expect.poll(() => page.locator('#table-page').textContent()).toBe('n = 0…399 (page 1 of 3)');
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
      await page.locator('.token').last().click(); // mark one token of the last heap
      await page.locator('#play-move').click(); // and take it
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
    await expect
      .poll(() =>
        page
          .locator('#explore-table td')
          .allTextContents()
          .then((t) => t.join(' ')),
      )
      .toBe('0 1 2 4 3 5 6 8 7 9 10 12 11 13 14 16 15 17 18 20 19');
    expect(await page.locator('#explore-source').textContent()).toMatch(
      /^Computed in this browser by the closed form of Lasker's Nim in [\d.]+ ms\.$/,
    );
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

  /** The position the Play tab shows (from its heaps' labels). */
  async function shownPosition(p: Page = page): Promise<number[]> {
    const labels = await p.locator('.heap-label').allTextContents();
    return labels.map((l) => Number(/: (\d+)/.exec(l)![1]));
  }

  /** Plays the move to `to` by clicking its tokens and gaps on the board, then Move (clicks only). */
  async function clickMove(from: number[], to: number[], unit: 'heap' | 'pile' = 'heap'): Promise<void> {
    const marks = marksFor(unit, from, to);
    expect(marks, `${from} -> ${to} can be clicked`).not.toBeNull();
    for (const [i, m] of marks!) {
      for (const t of m.taken) await page.locator(`.heap[data-heap="${i}"] .token[data-token="${t}"]`).click();
      for (const g of m.cuts) await page.locator(`.heap[data-heap="${i}"] .gap[data-gap="${g}"]`).click();
    }
    await page.locator('#play-move').click();
  }

  async function winningMove(ruleset: string, heaps: number[]): Promise<number[]> {
    const reply = await fetch(new URL('/api/analyze', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ruleset, heaps }),
    });
    const { winningMoves } = (await reply.json()) as { winningMoves: { to: number[] }[] };
    expect(winningMoves.length).toBeGreaterThan(0);
    return winningMoves[0].to;
  }

  it('the URL holds the view: a link opens it, a change updates it, a reload keeps it', async () => {
    await openAddress(page, server.url + '#explore?ruleset=kayles&to=39');
    await expect
      .poll(() =>
        page
          .locator('#explore-table td')
          .allTextContents()
          .then((t) => t.join(' ')),
      )
      .toBe(KAYLES_0_39);
    expect(await page.locator('#explore-spec').inputValue()).toBe('kayles');
    await page.locator('#explore-spec').fill('subtract:1,3,4');
    await page.locator('#explore-to').fill('30');
    await page.locator('#explore-run').click();
    await expect
      .poll(() => page.evaluate(() => decodeURIComponent(location.hash)))
      .toMatch(/^#explore\?ruleset=subtract:1,3,4&to=30/);
    await page.reload();
    await expect.poll(() => page.locator('#explore-table td').count()).toBe(31);
    expect(await page.locator('#explore-to').inputValue()).toBe('30');
    expect(await page.locator('#explore-result h2').textContent()).toContain('subtract:1,3,4');
    // Play: a link with a position starts that game; each move updates the link
    await openAddress(page, server.url + '#play?ruleset=nim&position=1,2');
    await page.locator('#play[data-state="your-turn"]').waitFor();
    expect(await shownPosition()).toEqual([1, 2]);
    await clickMove([1, 2], [1, 1]);
    await expect
      .poll(() => page.evaluate(() => decodeURIComponent(location.hash)))
      .toMatch(/^#play\?ruleset=nim&position=(0,1|1,0)$/);
  });

  it('downloads the values as CSV, JSON and b-file, the P-positions as CSV, and the plot as PNG and SVG', async () => {
    await openAddress(page, server.url + '#explore?ruleset=kayles&to=39');
    await page.locator('#explore-table td').first().waitFor();
    await expect.poll(() => page.locator('#explore-period').textContent()).toMatch(/^Period 12/);
    const values = KAYLES_0_39.split(' ').map(Number);
    const get = async (button: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(button).click()]);
      return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
    };
    const csv = await get('#download-csv');
    expect(csv.name).toBe('takebreak-0-77-grundy.csv');
    expect(csv.bytes.toString()).toBe(['n,grundy', ...values.map((g, n) => `${n},${g}`)].join('\n') + '\n');
    const json = JSON.parse((await get('#download-json')).bytes.toString());
    expect(json).toEqual({ ruleset: 'takebreak:0.77', values, pPositions: [0] });
    const bfile = (await get('#download-bfile')).bytes.toString().trimEnd().split('\n');
    expect(bfile.filter((l) => !l.startsWith('#'))).toEqual(values.map((g, n) => `${n} ${g}`));
    expect((await get('#download-p-csv')).bytes.toString()).toBe('n\n0\n');
    const png = await get('#download-png');
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // the PNG has the plot's title, as the SVG does: a PNG Title (tEXt chunk) and a band above the plot for it
    const chunks = new Map<string, Buffer>();
    for (let at = 8; at < png.bytes.length; ) {
      const length = png.bytes.readUInt32BE(at);
      chunks.set(png.bytes.subarray(at + 4, at + 8).toString('latin1'), png.bytes.subarray(at + 8, at + 8 + length));
      at += 12 + length;
    }
    expect(chunks.get('tEXt')?.toString('latin1')).toBe('Title\0Grundy values of takebreak:0.77');
    const canvasHeight = await page.locator('#explore-plot canvas').evaluate((c) => (c as HTMLCanvasElement).height);
    expect(chunks.get('IHDR')!.readUInt32BE(4)).toBeGreaterThan(canvasHeight);
    const svg = (await get('#download-svg')).bytes.toString();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<circle /g)).toHaveLength(values.length);
    expect(svg).toContain('heap size n');
  });

  it('Explore: the OEIS entry, rows one period wide, the preperiod shaded, paging through the table', async () => {
    await openAddress(page, server.url + '#explore?ruleset=kayles&to=1000');
    await expect.poll(() => page.locator('#explore-period').textContent()).toMatch(/^Period 12, preperiod 71/);
    expect(await page.locator('#explore-oeis a').getAttribute('href')).toBe('https://oeis.org/A002186');
    await expect.poll(() => page.locator('#explore-table thead th').count()).toBe(13); // n, +0 … +11
    expect(await page.locator('#explore-table td.pre').count()).toBe(71);
    expect(await page.locator('#table-page').textContent()).toBe('n = 0…479 (page 1 of 3)');
    await page.locator('#table-next').click();
    expect(await page.locator('#explore-table tbody th').first().textContent()).toBe('480');
    await expect.poll(() => page.evaluate(() => location.hash)).toContain('page=1');
    // dots, not a line; zoom in and pan, then back to everything
    await page.locator('#plot-zoom-in').click();
    await page.locator('#plot-right').click();
    await page.locator('#plot-reset').click();
    expect(await page.locator('#explore-plot canvas').count()).toBeGreaterThan(0);
  });

  it("Grundy's game: rare values outlined in the table, as the engine's rare/common split says", async () => {
    const { values } = (await (
      await fetch(new URL('/api/grundy?ruleset=grundys-game&to=2000', server.url))
    ).json()) as { values: number[] };
    const split = rareAndCommon(values)!;
    expect(split).not.toBeNull();
    await openAddress(page, server.url + '#explore?ruleset=grundys-game&to=2000');
    await page.locator('#explore-rare').waitFor();
    expect(await page.locator('#explore-rare').textContent()).toContain(`${split.rareCount} of the 2,000 heaps`);
    await expect.poll(() => page.locator('#explore-period').textContent()).not.toBe('Looking for a period…');
    const shown = await page.locator('#explore-table td').count();
    const expected = Array.from({ length: shown }, (_, n) => n)
      .filter((n) => n > 0 && split.classOf(n) === split.rareClass)
      .map((n) => `g(${n}) = ${values[n]}`);
    expect(
      await page.locator('#explore-table td.rare').evaluateAll((tds) => tds.map((td) => td.getAttribute('title'))),
    ).toEqual(expected);
  });

  it('explain panels: subtract-a-square heap 13 is mex {0, 2} = 1; Nim 13 12 8 has nim-sum 1001 = 9', async () => {
    await openAddress(page, server.url + '#explore?ruleset=subtract:squares&to=30&heap=13');
    await page.locator('#explore-table td').first().waitFor();
    await page.locator('#explore-explain summary').click();
    await page.locator('#explore-explain .mex-value').waitFor();
    expect(await page.locator('#explore-explain .explain-heap[data-heap="13"] tbody tr').allTextContents()).toEqual([
      '120',
      '92',
      '42',
    ]);
    expect(await page.locator('#explore-explain .seen').textContent()).toBe('{0, 2}');
    expect(await page.locator('#explore-explain .mex-value').textContent()).toBe('1');

    await openAddress(page, server.url + '#play?ruleset=nim&position=13,12,8');
    await page.locator('#play[data-state="your-turn"]').waitFor();
    await page.locator('#play-explain summary').click();
    await page.locator('#play-explain .nim-sum-value').waitFor();
    expect(await page.locator('#play-explain .nim-sum-value').textContent()).toBe('9');
    const rows = await page.locator('#play-explain table.bits tbody tr').allTextContents();
    expect(rows).toEqual(['13131101', '12121100', '881000', 'nim-sum91001']); // heap, g, its bits
    expect(await page.locator('#play-explain .explain-moves li').allTextContents()).toEqual([
      'heap 1: 13 ⊕ 9 = 4, move to 4 12 8',
      'heap 2: 12 ⊕ 9 = 5, move to 13 5 8',
      'heap 3: 8 ⊕ 9 = 1, move to 13 12 1',
    ]);
  });

  it('under misère play the explain panel explains misère play: Nim 1 1 2 moves to 1 1 1, never 1 1 0 (issue 28, item 2)', async () => {
    await openAddress(page, server.url + '#play?ruleset=nim&position=1,1,2&convention=misere');
    await page.locator('#play[data-state="your-turn"]').waitFor();
    await page.locator('#play-explain summary').click();
    await page.locator('#play-explain .explain-misere').waitFor();
    // Bouton's misère rule on the genera: heap 2 is restive, the nim-sum 2 is not 0, so N; 1 1 1 leaves nim-sum 1 and no restive heap
    expect(await page.locator('#play-explain table.genus tbody tr').allTextContents()).toEqual([
      '111^031no',
      '111^031no',
      '222^20yes',
    ]);
    expect(await page.locator('#play-explain .misere-nim-sum').textContent()).toBe('2');
    expect(await page.locator('#play-explain .explain-moves li').allTextContents()).toEqual(['move to 1 1 1']);
    expect(await page.locator('#play-explain .explain-nimsum').count()).toBe(0);
    expect(await page.locator('#play-explain').textContent()).not.toContain('1 1 0');
    expect(await page.locator('#play-explain .verdict').textContent()).toBe(
      'So 1 1 2 is an N-position under misère play: the player to move wins, e.g. by moving to 1 1 1.',
    );
  });

  it('wins a game of Kayles by clicks only: knocking pins from the middle splits the row', async () => {
    await openAddress(page, server.url + '#play');
    await page.locator('#play-spec').fill('kayles');
    await page.locator('#play-heaps').fill('5 3');
    await page.locator('#play-start').click();
    for (let turn = 0; turn < 20; turn++) {
      await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
      if ((await page.locator('#play').getAttribute('data-state')) === 'over') break;
      const from = await shownPosition();
      await clickMove(from, await winningMove('kayles', from));
    }
    expect(await page.locator('#play-result').textContent()).toBe('The engine has no move left: you win!');
    const mine = (await page.locator('#play-log li').allTextContents()).filter((l) => l.startsWith('You: '));
    expect(mine.some((l) => /split the rest into/.test(l))).toBe(true); // a move from the middle of a row
    expect(await page.locator('#play-record').inputValue()).toMatch(/^# takebreak:0\.77\nyou: 5 3 -> /);
  });

  it("Grundy's game: heaps split at a clicked gap; taking a token is refused in words; undo goes back", async () => {
    await openAddress(page, server.url + '#play');
    await page.locator('#play-spec').fill('grundys-game');
    await page.locator('#play-heaps').fill('8');
    await page.locator('#play-hints').check();
    await page.locator('#play-start').click();
    await page.locator('#play[data-state="your-turn"]').waitFor();
    await page.locator('.token').first().click();
    await page.locator('#play-move').click();
    await expect
      .poll(() => page.locator('[role=alert]').textContent())
      .toMatch(/^Not a legal move in takebreak:4!\.0: take 1 from heap 1/);
    expect(await page.locator('[role=alert]').count()).toBe(1); // each error once
    await page.locator('#play-clear').click();
    // the hint marks a gap, never a token: Grundy's game only splits
    await page.locator('#play-hints-box').waitFor();
    expect(await page.locator('.token.winning').count()).toBe(0);
    expect(await page.locator('.gap.winning').count()).toBe(1);
    // every gap is visible before it is hovered: a drawn border and a background (issue 28, item 9)
    const gapStyles = await page
      .locator('.gap:not(.winning)')
      .evaluateAll((gaps) =>
        gaps.map((g) => [getComputedStyle(g).borderTopColor, getComputedStyle(g).backgroundColor, g.clientWidth]),
      );
    expect(gapStyles.length).toBe(6);
    for (const [border, background, width] of gapStyles) {
      expect(border).not.toMatch(/rgba\(\d+, \d+, \d+, 0\)|transparent/);
      expect(background).not.toMatch(/rgba\(\d+, \d+, \d+, 0\)|transparent/);
      expect(width).toBeGreaterThan(0);
    }
    const to = await winningMove('grundys-game', [8]);
    await clickMove([8], to);
    await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
    const log = await page.locator('#play-log li').allTextContents();
    expect(log[0]).toBe(`You: split heap 1 (8) into ${to.join(' + ')}: ${to.join(' ')}`);
    if ((await page.locator('#play').getAttribute('data-state')) === 'your-turn') {
      await page.locator('#play-undo').click();
      await expect.poll(() => shownPosition()).toEqual([8]);
    }
  });

  it('Wythoff: both piles move together by marking tokens in each', async () => {
    await openAddress(page, server.url + '#play');
    await page.locator('#play-spec').fill('wythoff');
    await page.locator('#play-heaps').fill('4 8');
    await page.locator('#play-start').click();
    await page.locator('#play[data-state="your-turn"]').waitFor();
    await clickMove([4, 8], [2, 6], 'pile');
    await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
    expect((await page.locator('#play-log li').allTextContents())[0]).toBe('You: take 2 from each of piles 1, 2: 2 6');
  });

  it('plays by keyboard alone', async () => {
    await openAddress(page, server.url + '#play');
    await page.locator('#play-spec').waitFor();
    const focused = () =>
      page.evaluate(
        () =>
          (document.activeElement as HTMLElement | null)?.id ||
          (document.activeElement as HTMLElement | null)?.className ||
          '',
      );
    const tabTo = async (want: (f: string) => boolean) => {
      for (let i = 0; i < 40 && !want(await focused()); i++) await page.keyboard.press('Tab');
      expect(want(await focused())).toBe(true);
    };
    await tabTo((f) => f === 'play-spec');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('nim');
    await tabTo((f) => f === 'play-heaps');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1 3');
    await page.keyboard.press('Enter'); // submits the form: a new game
    await page.locator('#play[data-state="your-turn"]').waitFor();
    await tabTo((f) => f.startsWith('token'));
    await page.keyboard.press('Tab'); // heap 2, token 1
    await page.keyboard.press('Space'); // marked
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // heap 2, token 2
    await tabTo((f) => f === 'play-move');
    await page.keyboard.press('Enter');
    await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
    expect((await page.locator('#play-log li').allTextContents())[0]).toBe('You: take 2 from heap 2 (3 -> 1): 1 1');
    if ((await page.locator('#play').getAttribute('data-state')) === 'your-turn') {
      await expect.poll(focused).toMatch(/^token/); // back on the board for the next move
      await page.keyboard.press('Space');
      await expect.poll(() => page.locator('.token.taken').count()).toBe(1);
    }
  });

  it('phones: no sideways scroll at 390 px on any tab, tokens at least 32 px, the theory page linked', async () => {
    const phone = await context.newPage();
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      const overflow = () => phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await phone.goto(server.url + '#solve');
      await phone.locator('#solve-run').waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await phone.goto(server.url + '#explore?ruleset=kayles&to=1000');
      await phone.reload();
      await expect.poll(() => phone.locator('#explore-period').textContent()).toMatch(/^Period 12/);
      await phone.locator('#explore-explain summary').click();
      await phone.locator('#explore-explain .mex-value').waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await phone.goto(server.url + '#play?ruleset=wythoff&position=3,5');
      await phone.reload();
      await phone.locator('#play[data-state="your-turn"]').waitFor();
      await phone.locator('#play-explain summary').click();
      await phone.locator('#play-explain table.region').waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await phone.goto(server.url + '#play?ruleset=nim&position=13,12,8');
      await phone.reload();
      await phone.locator('#play[data-state="your-turn"]').waitFor();
      await phone.locator('#play-hints').check();
      await phone.locator('#play-hints-box').waitFor();
      expect(await overflow()).toBeLessThanOrEqual(0);
      const box = await phone.locator('.token').first().boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(32);
      expect(box!.height).toBeGreaterThanOrEqual(32);
      await phone.locator('#theory-link').click();
      await phone.locator('#theory').waitFor();
      expect(await phone.locator('#theory').textContent()).toContain('mex (minimum excludant');
      expect(await overflow()).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });

  it('plays misère Nim 1 1 2: the engine leaves three 1s and we must take the last token', async () => {
    await page.goto(server.url + '#play');
    await page.locator('#play-spec').fill('nim');
    await page.locator('#play-heaps').fill('1 1 2');
    await page.locator('#play-engine-first').check();
    await page.locator('#play-convention').selectOption('misere');
    await page.locator('#play-hints').check();
    await page.locator('#play-start').click();
    for (let turn = 0; turn < 5; turn++) {
      await page.locator('#play[data-state="your-turn"], #play[data-state="over"]').waitFor();
      if ((await page.locator('#play').getAttribute('data-state')) === 'over') break;
      expect(await page.locator('#play-hints-box').textContent()).toContain('misère play (');
      await page.locator('.token').last().click();
      await page.locator('#play-move').click();
    }
    const log = await page.locator('#play-log li').allTextContents();
    expect(log[0]).toBe('Engine: take 1 from heap 3 (2 -> 1): 1 1 1 (a winning move)');
    expect(await page.locator('#play-result').textContent()).toBe(
      'The engine has no move left: you made the last move, so the engine wins.',
    );
  });

  it('opens the misère quotient of 0.75 under Explore: R8, 8 elements', async () => {
    await openExplore();
    await page.locator('#explore-spec').fill('takebreak:0.75');
    await page.locator('#explore-to').fill('20');
    await page.locator('#explore-run').click();
    await page.locator('#explore-misere summary').click();
    await expect
      .poll(() => page.locator('#explore-misere-size').textContent())
      .toMatch(/^8 elements, P-portion a, b\^2; generators a = heap 1 \(a\^2 = 1\)/);
  });
});
