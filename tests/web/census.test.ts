/**
 * The Census tab in chromium (the pattern of page.test.ts: playwright-core, the system's chromium,
 * failing without one): a stored census served by the API, filters, sorting, links to
 * Explore, a JSON table opened from a file, and a server with none stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openAddress, openPage } from '../helpers/page.ts';
import { CensusStore } from '../../src/adapters/census-store.ts';
import { enumerateCodes, foldCodes } from '../../src/engine/families/takebreak/codes.ts';
import { computeCensusRow } from '../../src/service/census/game.ts';
import { computeMisereCensusRow } from '../../src/service/census/misere-game.ts';
import { valuesOf } from '../../src/service/census/run.ts';
import { buildTable, formatTable } from '../../src/service/census/table.ts';
import { serve, type RunningServer } from '../../src/server/serve.ts';

const CHROMIUM = requireChromium();
const budget = { maxHeaps: 4096, seconds: 5 };

describe('the Census tab in chromium', () => {
  let opened: OpenPage;
  let server: RunningServer;
  let empty: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let censusDir: string;

  beforeAll(async () => {
    censusDir = mkdtempSync(join(tmpdir(), 'nimber-census-store-'));
    const store = new CensusStore(join(censusDir, 'takebreak-octal-1.jsonl'));
    for (const g of foldCodes(enumerateCodes({ digits: 1 }))) store.put(computeCensusRow({ code: g.code, budget }));
    // a misère census of the 4.x codes (small budgets: the wild ones stop at once)
    const misere = new CensusStore(join(censusDir, 'takebreak-octal-1-misere.jsonl'));
    for (const code of enumerateCodes({ digits: 1, prefix: '4.' }))
      misere.put(computeMisereCensusRow({ code, budget: { maxHeaps: 200, maxWork: 2e6, seconds: 5 } }));
    opened = await openPage(CHROMIUM, { serve: { threads: 1, censusDir } });
    ({ server, context, page } = opened);
    // the same page served with no census stored
    empty = await serve({
      port: 0,
      host: '127.0.0.1',
      staticDir: opened.outDir,
      timeLimitMs: 10_000,
      threads: 1,
      censusDir: join(censusDir, 'none'),
    });
  });

  afterAll(async () => {
    await empty?.close();
    await opened?.close();
    if (censusDir) rmSync(censusDir, { recursive: true, force: true });
  });

  const codes = () =>
    page.locator('#census-table tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));

  it('the Play switch shows the misère census: quotients of unfolded codes, tame or wild', async () => {
    await page.goto(server.url + '#census?name=takebreak-octal-1');
    await expect.poll(() => page.locator('#census-summary').textContent()).toMatch(/14 games \(16 codes\)/);
    await page.locator('#census-play').selectOption('misere');
    await expect
      .poll(() => page.locator('#census-summary').textContent())
      .toMatch(
        /stored census takebreak-octal-1-misere: misère quotients of 16 games, 5 solved, 3 unsolved, 8 not computed yet; 5 tame, 3 wild/,
      );
    expect(await codes()).toEqual(['4.0', '4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7']);
    const row = page.locator('#census-table tr[data-code="4.3"] td');
    expect(await row.allTextContents()).toEqual(expect.arrayContaining(['solved', 'tame', '6']));
    await page.locator('#census-play').selectOption('normal');
    await expect.poll(() => page.locator('#census-summary').textContent()).toMatch(/14 games \(16 codes\)/);
  });

  it('shows the stored census: 14 games of 16 codes, the reference column, codes linked to Explore', async () => {
    await page.goto(server.url + '#census');
    await expect
      .poll(() => page.locator('#census-summary').textContent())
      .toMatch(/stored census takebreak-octal-1: 14 games \(16 codes\), 13 solved, 1 unsolved/);
    expect(await codes()).toHaveLength(14);
    const row = page.locator('#census-table tr[data-code="4.0"]');
    expect(await row.locator('td').allTextContents()).toEqual([
      '4.0',
      '4.2',
      'solved',
      '1',
      '2',
      '1 (2)',
      '',
      '1024',
      expect.stringMatching(/^\d+\.\d\d$/),
      'agrees',
    ]);
    const href = await row.locator('a').getAttribute('href');
    expect(decodeURIComponent(href!)).toMatch(/^#explore\?ruleset=takebreak:4\.0&to=\d+$/);
    // the page writes its address after paint: wait for it
    await expect.poll(() => page.url(), { timeout: 60_000 }).toContain('#census?name=takebreak-octal-1');
  });

  it('filters by status and sorts by a column', async () => {
    await page.locator('#census-status').selectOption('unsolved');
    await expect.poll(codes).toEqual(['0.6']);
    // the CLI's word for a row not solved (issue 39, item 8)
    expect(await page.locator('#census-table tr[data-code="0.6"] td.status').textContent()).toMatch(/^unsolved/);
    expect(await page.locator('#census-table tr[data-code="0.6"] td.reference').textContent()).toBe('agrees *');
    await page.locator('#census-status').selectOption('');
    await page.locator('#census-table th button[data-sort="period"]').click();
    await page.locator('#census-table th button[data-sort="period"]').click(); // descending
    await expect.poll(async () => (await codes())[0]).toBe('0.4'); // period 34
  });

  it('keeps the filters and the sort in the address, and a link with them shows the same view (issue 28, item 9)', async () => {
    await openAddress(page, server.url + '#census');
    await expect.poll(codes).toHaveLength(14);
    await page.locator('#census-reference').selectOption('agrees');
    await page.locator('#census-filter').fill('4.');
    await page.locator('#census-table th button[data-sort="period"]').click();
    await page.locator('#census-table th button[data-sort="period"]').click(); // descending
    await expect
      .poll(() => decodeURIComponent(new URL(page.url()).hash))
      .toBe('#census?name=takebreak-octal-1&reference=agrees&code=4.&sort=-period');
    const shown = await codes();
    await page.goto(server.url + '#solve');
    await openAddress(page, server.url + '#census?name=takebreak-octal-1&reference=agrees&code=4.&sort=-period');
    await expect.poll(codes).toEqual(shown);
    expect(await page.locator('#census-reference').inputValue()).toBe('agrees');
    expect(await page.locator('#census-filter').inputValue()).toBe('4.');
    expect(await page.locator('#census-table th button[data-sort="period"]').textContent()).toContain('▼');
  });

  it('fits a 390 px phone: no part of the tab is wider than the screen (issue 28, item 9)', async () => {
    const phone = await context.newPage();
    try {
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.goto(server.url + '#census');
      await expect.poll(() => phone.locator('#census-table tbody tr').count()).toBe(14);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const file = await phone.locator('#census-file').boundingBox();
      expect(file!.x + file!.width).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });

  it('opens a JSON table the CLI wrote, and words a file that is not one', async () => {
    const groups = foldCodes(enumerateCodes({ digits: 1, prefix: '4.' }));
    const rows = new Map(groups.map((g) => [g.code, computeCensusRow({ code: g.code, budget })] as const));
    const json = formatTable(buildTable({ digits: 1, prefix: '4.' }, budget, groups, rows, valuesOf), 'json');
    await page
      .locator('#census-file')
      .setInputFiles({ name: 'four.json', mimeType: 'application/json', buffer: Buffer.from(json) });
    await expect
      .poll(() => page.locator('#census-summary').textContent())
      .toMatch(/^file four\.json: 6 games \(8 codes\), 6 solved/);
    await page
      .locator('#census-file')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"rows": 5}') });
    await expect.poll(() => page.locator('[role=alert]').textContent()).toMatch(/not a census table/);
  });

  it('a server with no census stored says how to make one', async () => {
    await page.goto(empty.url + '#census');
    await expect.poll(() => page.locator('#census-none').textContent()).toMatch(/nimber census takebreak --digits 3/);
  });
});
