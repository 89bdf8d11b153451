/**
 * The page at a phone's width (390 px) in chromium: no tab and no example game makes the page wider
 * than the screen (document.documentElement.scrollWidth <= 390); what is wide wraps or scrolls inside
 * its own box. Each family's example is played and explored from the registry, plus the two cases
 * that once widened the page: a long row of coins (683 px) and the longest census name (401 px).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openAddress, openPage } from '../helpers/page.ts';
import { CensusStore } from '../../src/adapters/census-store.ts';
import { enumerateCodes, foldCodes } from '../../src/engine/families/takebreak/codes.ts';
import { FAMILIES } from '../../src/engine/registry.ts';
import { computeCensusRow } from '../../src/service/census/game.ts';
import { computeMisereCensusRow } from '../../src/service/census/misere-game.ts';
import type { RunningServer } from '../../src/server/serve.ts';

const CHROMIUM = requireChromium();
const WIDTH = 390;

describe('the page at 390 px', () => {
  let opened: OpenPage;
  let server: RunningServer;
  let page: Page;
  let censusDir: string;

  beforeAll(async () => {
    censusDir = mkdtempSync(join(tmpdir(), 'nimber-layout-census-'));
    const normal = new CensusStore(join(censusDir, 'takebreak-octal-1.jsonl'));
    for (const g of foldCodes(enumerateCodes({ digits: 1 })))
      normal.put(computeCensusRow({ code: g.code, budget: { maxHeaps: 512, seconds: 5 } }));
    // the longest entry the census list shows: "takebreak-octal-2-misere (128 games)" (small budgets: rows stop at once)
    const misere = new CensusStore(join(censusDir, 'takebreak-octal-2-misere.jsonl'));
    const codes = [...enumerateCodes({ digits: 2, prefix: '4.' }), ...enumerateCodes({ digits: 2, prefix: '0.' })];
    for (const code of codes.slice(0, 128))
      misere.put(computeMisereCensusRow({ code, budget: { maxHeaps: 40, maxWork: 1e5, seconds: 1 } }));
    // several threads: an Explore's search for a period may hold one up to the time limit. No test
    // here is about the limit: a long one keeps a hint's search on a busy machine from a 504.
    opened = await openPage(CHROMIUM, { serve: { censusDir, timeLimitMs: 120_000 } });
    ({ server, page } = opened);
    await page.setViewportSize({ width: WIDTH, height: 844 });
  });

  afterAll(async () => {
    await opened?.close();
    if (censusDir) rmSync(censusDir, { recursive: true, force: true });
  });

  /** The page's width, and the widest elements when it is too wide (to say what overflows). */
  async function width(): Promise<{ width: number; widest: string[] }> {
    return page.evaluate((limit) => {
      const widest: string[] = [];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const right = el.getBoundingClientRect().right;
        if (right > limit + 0.5 && widest.length < 5)
          widest.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} (right ${right})`);
      }
      return { width: document.documentElement.scrollWidth, widest };
    }, WIDTH);
  }

  async function expectFits(what: string): Promise<void> {
    const w = await width();
    expect(w.width, `${what} is ${w.width} px wide: ${w.widest.join('; ')}`).toBeLessThanOrEqual(WIDTH);
  }

  async function open(hash: string, ready: string): Promise<void> {
    await openAddress(page, `${server.url}#${hash}`);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
  }

  it('every tab fits', async () => {
    for (const [hash, ready] of [
      ['solve', '#solve-run'],
      ['explore', '#explore-table'],
      ['play', '#play-start'],
      ['census', '#census-table'],
    ] as const) {
      await open(hash, ready);
      await expectFits(`the ${hash} tab`);
    }
  });

  it('the Census list with its longest name fits', async () => {
    await open('census', '#census-table');
    const names = await page.locator('#census-play option').allTextContents();
    if (names.length > 0) await page.locator('#census-play').selectOption({ label: 'misère play' });
    await expect.poll(() => page.locator('#census-name').inputValue()).toBe('takebreak-octal-2-misere');
    expect(await page.locator('#census-name option:checked').textContent()).toBe(
      'takebreak-octal-2-misere (128 games)',
    );
    await expectFits('the census list of takebreak-octal-2-misere');
  });

  it('a long row of coins in Play fits: THHTTHTHTHHTTHTHHH', async () => {
    await open('play', '#play-start');
    await page.locator('#play-spec').fill('coins:mock-turtles');
    await page.locator('#play-heaps').fill('THHTTHTHTHHTTHTHHH');
    await page.locator('#play-hints').check();
    await page.locator('#play-start').click();
    await page.locator('#game-board').waitFor();
    await page.locator('#board-hints-text').waitFor({ timeout: 60_000 });
    await expectFits('Play of coins:mock-turtles');
  });

  for (const family of FAMILIES) {
    it(`Play and Explore of ${family.example.spec} fit`, async () => {
      await open('play', '#play-start');
      await page.locator('#play-game').selectOption(family.name);
      await page.locator('#play-hints').check();
      await page.locator('#play-start').click();
      await page.locator('#play-hints-box, #board-hints-text, #place-hints').first().waitFor({ timeout: 150_000 });
      await expectFits(`Play of ${family.example.spec}`);
      await open(`explore?ruleset=${encodeURIComponent(family.example.spec)}`, '#explore-result, [role=alert]');
      await expectFits(`Explore of ${family.example.spec}`);
    }); // the config's limit: a board's first search on a busy machine has taken most of a minute
  }
});
