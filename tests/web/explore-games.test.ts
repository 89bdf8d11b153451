/**
 * Explore in chromium for games the hint once misled on (issue 39): a coin rule and a tartan product
 * are explored from a position typed in the page's position field (their specs name no start), Sprouts
 * without a number of spots says how to give one in its own grammar, and a heap rule whose period the
 * server cannot find within its time limit says how far it looked, with its OEIS entry.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openAddress, openPage } from '../helpers/page.ts';
import { type RunningServer, serve } from '../../src/server/serve.ts';

const CHROMIUM = requireChromium();

/** g of a lone head on coin n under Mock Turtles: the odious numbers (OEIS A000069), coin 1 first. */
const ODIOUS = [1, 2, 4, 7, 8, 11, 13, 14];

describe('Explore of games whose spec names no start, in chromium', () => {
  let opened: OpenPage;
  let server: RunningServer;
  let page: Page;
  let hasty: RunningServer;

  beforeAll(async () => {
    opened = await openPage(CHROMIUM);
    ({ server, page } = opened);
    // the same page with a short time limit: the search for a period of Mock Turtles over heaps 0..464 ends past it
    hasty = await serve({ port: 0, host: '127.0.0.1', staticDir: opened.outDir, timeLimitMs: 300 });
    await hasty.ready;
  });

  afterAll(async () => {
    await hasty?.close();
    await opened?.close();
  });

  async function explore(spec: string, position?: string): Promise<void> {
    await openAddress(page, `${server.url}#explore?ruleset=${encodeURIComponent(spec)}`);
    await page.locator('#explore-result, [role=alert]').first().waitFor({ timeout: 60_000 });
    if (position === undefined) return;
    await page.locator('#explore-position').fill(position);
    await page.locator('#explore-run').click();
    await expect
      .poll(() => page.locator('#game-analysis code').first().textContent(), { timeout: 60_000 })
      .toBe(position);
  }

  it('coins: the family example first, then a typed row, valued by the nim-sum of its heads', async () => {
    await explore('coins:mock-turtles');
    expect(await page.locator('#explore-position').inputValue()).toBe('THHTTHTH');
    expect(await page.locator('#explore-position-format').textContent()).toContain('H for heads');
    // heads on coins 2, 3 and 5: 2 xor 4 xor 8 = 14
    await explore('coins:mock-turtles', 'THHTH');
    expect(await page.locator('#game-analysis-outcome').textContent()).toContain(
      `Grundy value ${ODIOUS[1] ^ ODIOUS[2] ^ ODIOUS[4]}`,
    );
    // the address follows the field once the page has written its state (not at once on a busy machine)
    await expect.poll(() => page.url(), { timeout: 60_000 }).toContain('position=THHTH');
    // answered by the value the rules give, in the words the CLI prints (issue 39, item 10)
    expect(await page.locator('#game-analysis-outcome').textContent()).toContain(
      '(answered by the value its rules give, no position searched)',
    );
  });

  it('tartan: a typed grid (a lone head at row r, column c of Turning Corners is worth the nim-product (r-1)(c-1))', async () => {
    // heads at (2,2) and (3,3): 1 (x) 1 = 1 and 2 (x) 2 = 3, so 1 xor 3 = 2
    await explore('tartan:twins*twins', 'TTT/THT/TTH');
    expect(await page.locator('#game-analysis-outcome').textContent()).toContain('Grundy value 2');
  });

  it('sprouts without spots: the hint names its own form, sprouts:3, and never a board size', async () => {
    await explore('sprouts');
    // the wait ends on a result or an alert: a result here is a search of some position, so say where
    const shown = await page.locator('#explore-result').count();
    expect(shown, `a result instead of the hint, at ${page.url()}`).toBe(0);
    const alert = (await page.locator('[role=alert]').textContent()) ?? '';
    expect(alert).toContain('give a number of spots (e.g. sprouts:3) or a position');
    expect(alert).not.toMatch(/\dx\d/);
    expect(await page.locator('#explore-position').count()).toBe(1);
  });

  it('coin-heaps:mock-turtles: the period line says how far it looked, within the time limit or past it, and the OEIS entry shows', async () => {
    await openAddress(page, `${hasty.url}#explore?ruleset=coin-heaps:mock-turtles&to=60`);
    await expect
      .poll(() => page.locator('#explore-period').textContent(), { timeout: 60_000 })
      .toMatch(/^No period shows in the first \d+ values\.$/);
    // at least the values shown, at most every heap the CLI looks at: the search doubles its length
    // until the time limit, so how far it got depends on the machine's speed (256 on a busy one)
    const looked = Number((await page.locator('#explore-period').textContent())?.match(/\d+/)?.[0]);
    expect(looked).toBeGreaterThanOrEqual(61);
    expect(looked).toBeLessThanOrEqual(465);
    expect(await page.locator('#explore-oeis a').textContent()).toBe('A000069');
    const values = await page.locator('#explore-table td').allTextContents();
    expect(values.slice(1, 1 + ODIOUS.length).map(Number)).toEqual(ODIOUS);
  });
});
