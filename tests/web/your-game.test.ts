/**
 * "Your game" in a real browser (same setup as page.test.ts): a game typed into the editor is run in
 * the page's worker and played against the perfect opponent, its shared link opens the same game in a
 * fresh page, the examples give the built-in families' values, an endless loop is stopped after the
 * time limit (and the page still works), and a syntax error or a throw is one line. The server is
 * never sent the rules: every request the page makes is recorded and checked.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openPage } from '../helpers/page.ts';

const CHROMIUM = requireChromium();

/** Subtract 1 or 2: g(n) = n mod 3, so heap 5 has value 2 and the winning move takes 2. */
const TAKE_ONE_OR_TWO = `// a heap loses one or two tokens
export default {
  name: 'Take one or two',
  *heapOptions(n) {
    if (n >= 1) yield [n - 1];
    if (n >= 2) yield [n - 2];
  },
};
`;

const ENDLESS = `export default {
  name: 'Endless',
  heapOptions(n) {
    for (;;) {}
  },
};
`;

const THROWS = `export default {
  name: 'Broken',
  start: [3],
  moves(p) {
    throw new Error('boom');
  },
};
`;

describe('Your game in chromium', () => {
  let opened: OpenPage;
  let page: Page;
  const requests: string[] = [];

  beforeAll(async () => {
    opened = await openPage(CHROMIUM);
    page = opened.page;
    opened.context.on('request', (r: Request) => {
      if (r.url().includes('/api/')) requests.push(`${r.method()} ${r.url()} ${r.postData() ?? ''}`);
    });
  }, 600_000);

  afterAll(() => opened?.close());

  async function openTab(p: Page, hash = '#your-game'): Promise<void> {
    await p.goto('about:blank');
    await p.goto(opened.server.url + hash);
    await p.locator('#game-rules').waitFor();
  }

  async function typeRules(rules: string, position: string, limit = '5'): Promise<void> {
    await page.locator('#game-rules').fill(rules);
    await page.locator('#game-position').fill(position);
    await page.locator('#game-limit').fill(limit);
  }

  const errorLine = () => page.locator('main .error').textContent();

  it('runs a typed game, plays it against the engine, and shares it in a link that opens the same game', async () => {
    await openTab(page);
    await typeRules(TAKE_ONE_OR_TWO, '5');
    await page.locator('#game-run').click();
    await expect.poll(() => page.locator('#game-grundy').textContent()).toBe('2');
    expect(await page.locator('#game-title').textContent()).toBe('Take one or two');
    expect(await page.locator('#game-outcome').textContent()).toBe('N');
    const row = Array.from({ length: 41 }, (_, n) => n % 3).join(' ');
    expect(await page.locator('#game-sequence').textContent()).toBe(row);
    expect(await page.locator('#game-winning li').allTextContents()).toHaveLength(1);

    // Play: take 2 (to the P-position 3); the engine must take 1 or 2; we then take the rest
    await page.locator('#game-play').click();
    await page.locator('#game-moves button[data-to="3"]').click();
    await expect.poll(() => page.locator('#game-log li').count()).toBe(2);
    const engineTo = await page.locator('#game-play-position').textContent();
    expect(['1', '2']).toContain(engineTo);
    await page.locator('#game-moves button[data-to="0"]').click();
    await expect.poll(() => page.locator('#game-result').textContent()).toBe('The engine has no move: you win.');
    expect(await page.locator('#game-log li').count()).toBe(3);

    // Share: the link carries the rules; a fresh page shows the same text and the same values
    await page.locator('#game-share').click();
    const link = await page.locator('#game-link').inputValue();
    expect(link).toMatch(/#your-game\?rules=d\.[A-Za-z0-9_-]+&position=5$/);
    const fresh = await opened.context.newPage();
    try {
      await openTab(fresh, link.slice(link.indexOf('#')));
      // the rules from a link are shown, and run only when the person asks
      await expect.poll(() => fresh.locator('#game-rules').inputValue()).toBe(TAKE_ONE_OR_TWO);
      await fresh.locator('#game-from-link').waitFor();
      expect(await fresh.locator('#game-values').count()).toBe(0);
      await fresh.locator('#game-run').click();
      await expect.poll(() => fresh.locator('#game-grundy').textContent()).toBe('2');
      expect(await fresh.locator('#game-position').inputValue()).toBe('5');
      expect(await fresh.locator('#game-sequence').textContent()).toBe(row);
    } finally {
      await fresh.close();
    }
  });

  it("the examples: Dawson's chess gives takebreak:0.137's values; the chocolate bar's start is (3 xor 6) xor (2 xor 2)", async () => {
    await openTab(page);
    await page.locator('#game-example').selectOption('dawson');
    await page.locator('#game-run').click();
    const dawson = (parseRuleset('takebreak:0.137') as HeapRuleset).sequence(40);
    await expect.poll(() => page.locator('#game-sequence').textContent()).toBe(Array.from(dawson).join(' '));

    await page.locator('#game-example').selectOption('chocolate');
    await expect.poll(() => new URL(page.url()).hash, { timeout: 60_000 }).toBe('#your-game?example=chocolate');
    await page.locator('#game-run').click();
    await expect.poll(() => page.locator('#game-title').textContent()).toBe('Chocolate bar');
    expect(await page.locator('#game-grundy').textContent()).toBe(String(3 ^ 6 ^ (2 ^ 2)));
    // the example's link opens it
    await openTab(page, '#your-game?example=dawson');
    expect(await page.locator('#game-example').inputValue()).toBe('dawson');
    expect(await page.locator('#game-rules').inputValue()).toContain('name: "Dawson\'s chess"');
  });

  it('an endless loop is stopped after the time limit, and the page still runs the next game', async () => {
    await openTab(page);
    await typeRules(ENDLESS, '3', '1');
    await page.locator('#game-run').click();
    await expect.poll(errorLine).toBe('stopped after 1 s: the rules did not answer in time');
    // the page answers at once (it was never frozen) and a fresh worker runs the next rules (within the
    // default limit: starting a worker alone can take a second on a busy machine)
    await typeRules(TAKE_ONE_OR_TWO, '4');
    await page.locator('#game-run').click();
    await expect.poll(() => page.locator('#game-grundy').textContent()).toBe('1');
    expect(await page.locator('main .error').count()).toBe(0);
  });

  it('a syntax error, a throw and a malformed position are one line each', async () => {
    await openTab(page);
    await typeRules('export default { name: "x", moves( }', '');
    await page.locator('#game-run').click();
    await expect.poll(errorLine).toMatch(/^the rules module does not load: SyntaxError: [^\n]+$/);

    await typeRules(THROWS, '');
    await page.locator('#game-run').click();
    await expect.poll(errorLine).toBe("rules.moves threw on position '[3]': Error: boom");

    await typeRules(TAKE_ONE_OR_TWO, '3 x');
    await page.locator('#game-run').click();
    await expect.poll(errorLine).toMatch(/^[^\n]*heap 2[^\n]*$/);
  });

  it("fits a phone's width (390 px): the tab bar, the editor, the values, a game and the shared link", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await openTab(page);
      await page.locator('#game-example').selectOption('chocolate');
      await page.locator('#game-run').click();
      await page.locator('#game-grundy').waitFor();
      await page.locator('#game-play').click();
      await page.locator('#game-moves button').first().waitFor();
      await page.locator('#game-share').click();
      await page.locator('#game-link').waitFor();
      const wide = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        widest: Array.from(document.querySelectorAll('body *'))
          .filter((el) => el.getBoundingClientRect().right > 390.5)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`),
      }));
      expect(wide).toEqual({ width: 390, widest: [] });
    } finally {
      await page.setViewportSize({ width: 1100, height: 900 });
    }
  });

  it("answers the rules forge (they share the worker's scope) never reach the page", async () => {
    await openTab(page);
    const forger = `for (let id = 0; id < 50; id++)
  postMessage({ id, ok: true, answer: { title: 'forged', kind: 'game', position: 'x', grundy: 99, outcome: 'N', winning: [], sequence: [] } });
export default { name: 'Honest', *heapOptions(n) { if (n >= 1) yield [n - 1]; } };
`;
    await typeRules(forger, '3');
    await page.locator('#game-run').click();
    await expect.poll(() => page.locator('#game-title').textContent()).toBe('Honest');
    expect(await page.locator('#game-grundy').textContent()).toBe('1');
  });

  it('the server was never sent the rules', () => {
    for (const r of requests) expect(r).not.toMatch(/heapOptions|export default|rules=/);
  });
});
