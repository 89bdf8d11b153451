/**
 * Games on boards in the page, in a real browser (same setup as page.test.ts): the value table in
 * Explore, and Play on a Cram board, a Chomp bar and a Node Kayles grid against the perfect opponent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, requireChromium } from '../helpers/chromium.ts';
import { serve, type RunningServer } from '../../src/server/serve.ts';

const CHROMIUM = requireChromium();

describe('games on boards in chromium', () => {
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  const temp: string[] = [];

  beforeAll(async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'nimber-web-boards-'));
    const profile = mkdtempSync(join(tmpdir(), 'nimber-chromium-boards-'));
    temp.push(outDir, profile);
    await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await serve({ port: 0, host: '127.0.0.1', staticDir: outDir, timeLimitMs: 10_000 });
    await server.ready;
    context = await launchBrowser(CHROMIUM, profile);
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(15_000);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  });

  async function openPlay(spec: string, hints = false): Promise<void> {
    await page.goto(server.url + '#play');
    await page.reload();
    await page.locator('#board-spec').fill(spec);
    if (hints) await page.locator('#board-hints').check();
    await page.locator('#board-start').click();
    await page.locator('#game-board').waitFor();
  }

  it('Explore: the value table of Cram boards (1 x n is 0.07; 2 x even is P by symmetry)', async () => {
    await page.goto(server.url + '#explore');
    await page.reload();
    await page.locator('#board-table-game').selectOption('cram');
    await page.locator('#board-table-rows').fill('2');
    await page.locator('#board-table-cols').fill('4');
    await page.locator('#board-table-run').click();
    await expect
      .poll(() =>
        page
          .locator('#board-table td')
          .allTextContents()
          .then((t) => t.join(' ')),
      )
      .toBe('0 1 1 2 1 0 1 0');
  });

  it('Play: Cram on 2 x 3, the central domino wins against the perfect opponent', async () => {
    await openPlay('cram:2x3');
    await page.locator('#board-cell-0-1').click();
    await page.locator('#board-cell-1-1').click();
    // the engine, in a P-position, covers the first column; the last column is ours
    await expect.poll(() => page.locator('#board-cell-0-0').getAttribute('class')).toContain('taken');
    await page.locator('#board-cell-0-2').click();
    await page.locator('#board-cell-1-2').click();
    await expect.poll(() => page.locator('#board-result').textContent()).toBe('The engine has no move left: you win!');
    expect(await page.locator('#board-log li').allTextContents()).toEqual([
      'You: vertical domino on column 2, rows 1-2',
      'Engine: vertical domino on column 1, rows 1-2',
      'You: vertical domino on column 3, rows 1-2',
    ]);
  });

  it('Play: Chomp with hints names the winning move; the poisoned square is never clickable', async () => {
    await openPlay('chomp:2x2', true);
    await expect
      .poll(() => page.locator('#board-hints-text').textContent())
      .toMatch(/winning moves: take the square in column 2, row 2/);
    expect(await page.locator('#board-cell-1-0').isDisabled()).toBe(true);
    await page.locator('#board-cell-0-1').click(); // top right: the winning move
    await expect.poll(() => page.locator('#board-log li').count()).toBe(2);
  });

  it('Play: Node Kayles on a 1 x 3 grid, the centre vertex takes all', async () => {
    await openPlay('node-kayles:grid:1x3');
    await page.locator('#board-cell-0-1').click();
    await expect.poll(() => page.locator('#board-result').textContent()).toBe('The engine has no move left: you win!');
  });
});
