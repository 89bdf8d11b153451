/**
 * `npm run screenshots`: builds the page, serves it on a free loopback port and saves a screenshot
 * of each tab (and the theory page) at 1280 and 390 px wide into docs/screenshots/. Needs chromium
 * ($CHROMIUM_PATH, else the first `chromium` or `chromium-browser` on PATH).
 */
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { CensusStore } from '../src/adapters/census-store.ts';
import { enumerateCodes, foldCodes } from '../src/engine/families/takebreak/codes.ts';
import { computeCensusRow } from '../src/service/census/game.ts';
import { serve } from '../src/server/serve.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'docs', 'screenshots');

/** Each view: its URL hash and what to do before the picture (wait for the answer, open a panel). */
const VIEWS: { name: string; hash: string; prepare: (page: Page) => Promise<void> }[] = [
  {
    name: 'solve',
    hash: '#solve',
    prepare: async (page) => {
      await page.locator('#solve-problem').selectOption('nim-square');
      await page.locator('#solve-input').fill('29');
      await page.locator('#solve-run').click();
      await page.locator('#solve-time').waitFor();
    },
  },
  {
    name: 'explore',
    hash: '#explore?ruleset=kayles&to=300&heap=13',
    prepare: async (page) => {
      await page.locator('#explore-period').getByText('Period 12').waitFor();
      await page.locator('#explore-explain summary').click();
      await page.locator('#explore-explain .mex-value').waitFor();
    },
  },
  {
    name: 'play',
    hash: '#play?ruleset=nim&position=13,12,8',
    prepare: async (page) => {
      await page.locator('#play[data-state="your-turn"]').waitFor();
      await page.locator('#play-hints').check();
      await page.locator('#play-hints-box').waitFor();
      await page.locator('#play-explain summary').click();
      await page.locator('#play-explain .nim-sum-value').waitFor();
    },
  },
  {
    name: 'census',
    hash: '#census?name=takebreak-octal-2',
    prepare: async (page) => void (await page.locator('#census-table tbody tr').first().waitFor()),
  },
  { name: 'theory', hash: '#theory', prepare: async (page) => void (await page.locator('#theory').waitFor()) },
];

function findChromium(): string {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : (process.env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .flatMap((d) => [join(d, 'chromium'), join(d, 'chromium-browser')]);
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there: try the next one
    }
  }
  console.error('screenshots: chromium not found (install it, or set CHROMIUM_PATH)');
  process.exit(2);
}

const executablePath = findChromium();
const webDir = mkdtempSync(join(tmpdir(), 'nimber-shots-'));
await build({
  configFile: join(root, 'web/vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: webDir, emptyOutDir: true },
});
// the Census tab shows a stored table: the 2-digit census under a small budget (a few seconds)
const censusDir = mkdtempSync(join(tmpdir(), 'nimber-shots-census-'));
const store = new CensusStore(join(censusDir, 'takebreak-octal-2.jsonl'));
for (const g of foldCodes(enumerateCodes({ digits: 2 })))
  store.put(computeCensusRow({ code: g.code, budget: { maxHeaps: 1 << 16, seconds: 1 } }));
const server = await serve({ port: 0, host: '127.0.0.1', staticDir: webDir, timeLimitMs: 10_000, censusDir });
await server.ready;
const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
mkdirSync(outDir, { recursive: true });
try {
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
    page.setDefaultTimeout(20_000);
    for (const view of VIEWS) {
      await page.goto(server.url + view.hash);
      await page.reload();
      await view.prepare(page);
      const file = join(outDir, `${view.name}-${width}.png`);
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: file, fullPage: width === 390 });
      console.log(`wrote ${join('docs', 'screenshots', `${view.name}-${width}.png`)}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(webDir, { recursive: true, force: true });
  rmSync(censusDir, { recursive: true, force: true });
}
