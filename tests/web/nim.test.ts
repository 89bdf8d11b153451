/**
 * The theory page's nim-multiplication panel in chromium (the pattern of page.test.ts: playwright-core,
 * the system's chromium, failing without one): the 16 x 16 table, a product worked out when a cell is
 * clicked, the calculator answered in the browser for small operands and by the server for large ones.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openPage } from '../helpers/page.ts';
import { nimProduct, nimProductSmall } from '../../src/engine/kernels/nim-arithmetic.ts';
import type { RunningServer } from '../../src/server/serve.ts';

const CHROMIUM = requireChromium();

describe('nim multiplication on the theory page', () => {
  let opened: OpenPage;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    opened = await openPage(CHROMIUM, { serve: { threads: 1 } });
    ({ server, page } = opened);
  });

  afterAll(() => opened?.close());

  it('shows the 16 x 16 table of nim-products and works a clicked product out', async () => {
    await page.goto(server.url + '#theory');
    const cells = page.locator('table.nim-table tbody td button');
    await expect.poll(() => cells.count()).toBe(256);
    const values = (await cells.allTextContents()).map(Number);
    expect(values).toEqual(Array.from({ length: 256 }, (_, i) => nimProductSmall(i >> 4, i & 15)));
    await page.locator('table.nim-table button[data-a="8"][data-b="8"]').click();
    await expect.poll(() => page.locator('#nim-steps').textContent()).toContain('8 ⊗ 8: F = 4, 8 = 2·4 ⊕ 0');
    expect(await page.locator('#nim-steps').textContent()).toContain(
      'mex{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15} = 13',
    );
    await page.locator('#nim-explain-a').fill('300');
    await expect.poll(() => page.locator('.nim-arithmetic p.error').textContent()).toMatch(/0\.\.255/);
  });

  it('computes 2^400 ⊗ 2^400 in the browser, a 2000-bit product on the server, and words a zero inverse', async () => {
    await page.goto(server.url + '#theory');
    await page.locator('#nim-op').selectOption('mul');
    await page.locator('#nim-a').fill('2^400');
    await page.locator('#nim-b').fill('2^400');
    await page.locator('#nim-calculator button[type="submit"]').click();
    const square = nimProduct(1n << 400n, 1n << 400n);
    await expect.poll(() => page.locator('#nim-result').textContent()).toContain(`= ${square}`);
    expect(await page.locator('#nim-result').textContent()).toContain('computed in this browser');
    const big = (1n << 2000n) + 7n;
    await page.locator('#nim-op').selectOption('mul');
    await page.locator('#nim-a').fill(big.toString());
    await page.locator('#nim-b').fill('3');
    await page.locator('#nim-calculator button[type="submit"]').click();
    await expect.poll(() => page.locator('#nim-result').textContent()).toContain('computed by the server');
    expect(await page.locator('#nim-result').textContent()).toContain(`= ${nimProduct(big, 3n)}`);
    // a power with a five-digit exponent is an operand too (2 and 2^20000 are products of distinct
    // Fermat 2-powers, so they multiply as integers); 2^65536 is past the largest operand
    await page.locator('#nim-a').fill('2^20000');
    await page.locator('#nim-b').fill('2');
    await page.locator('#nim-calculator button[type="submit"]').click();
    await expect.poll(() => page.locator('#nim-result').textContent()).toContain(`= ${1n << 20001n}`);
    await page.locator('#nim-a').fill('2^65536');
    await page.locator('#nim-calculator button[type="submit"]').click();
    await expect
      .poll(() => page.locator('#nim-calculator p.error').textContent())
      .toMatch(/a has 65537 bits, above the maximum of 65536/);
    await page.locator('#nim-op').selectOption('inv');
    await page.locator('#nim-a').fill('0');
    await page.locator('#nim-calculator button[type="submit"]').click();
    await expect.poll(() => page.locator('#nim-calculator p.error').textContent()).toMatch(/0 has no nim-inverse/);
  });
});
