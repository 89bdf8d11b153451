/**
 * Games on boards in the page, in a real browser (same setup as page.test.ts): the value table in
 * Explore, Play on a Cram board, a Chomp bar, a Node Kayles grid and rows of coins against the perfect opponent,
 * misère Cram, and a Play picker that offers every family of the registry.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openAddress, openPage } from '../helpers/page.ts';
import { FAMILIES } from '../../src/engine/registry.ts';
import type { RunningServer } from '../../src/server/serve.ts';

const CHROMIUM = requireChromium();

describe('games on boards in chromium', () => {
  let opened: OpenPage;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    opened = await openPage(CHROMIUM);
    ({ server, page } = opened);
  });

  afterAll(() => opened?.close());

  /**
   * Play's form, which comes with the catalog, on a fresh load of the page at `#play`. A hash-only
   * `goto` from the previous test's address followed by a reload once left the page on `#explore`
   * (a CI run on Node 24), so each attempt leaves for a blank page first: nothing of the previous
   * test's page is left to write its address. A second miss fails with what the page showed.
   */
  async function playForm(): Promise<void> {
    const shown: string[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.goto('about:blank');
      await page.goto(server.url + '#play');
      try {
        await page.locator('#play-spec').waitFor({ timeout: 120_000 });
        return;
      } catch {
        shown.push(`${page.url()}: ${((await page.locator('body').textContent()) ?? '').slice(0, 300)}`);
      }
    }
    throw new Error(`Play's form did not come; the page showed:\n${shown.join('\n')}`);
  }

  async function openPlay(
    spec: string,
    { hints = false, convention = 'normal', engineFirst = false, board = '' } = {},
  ): Promise<void> {
    await playForm();
    await page.locator('#play-spec').fill(spec);
    await page.locator('#play-heaps').fill(board);
    await page.locator('#play-convention').selectOption(convention);
    if (hints) await page.locator('#play-hints').check();
    if (engineFirst) await page.locator('#play-engine-first').check();
    await page.locator('#play-start').click();
    await page.locator('#game-board').waitFor();
  }

  it('Explore: the value table of Cram boards (1 x n is 0.07; 2 x even is P by symmetry)', async () => {
    await openAddress(page, server.url + '#explore');
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

  it('Explore: a game searched position by position shows the analysis of its start', async () => {
    await openAddress(page, server.url + '#explore?ruleset=node-kayles:path:3');
    await expect
      .poll(() => page.locator('#game-analysis-outcome').textContent())
      .toMatch(
        /^N-position under normal play \(answered by grid core\), Grundy value \d+: a winning move \(the first the search found\):$/,
      );
    expect(await page.locator('#game-analysis-moves li').count()).toBe(1);
  });

  it('Explore: the first winning move found, and every one on request', async () => {
    await openAddress(page, server.url + '#explore?ruleset=cram:2x3');
    await expect.poll(() => page.locator('#game-analysis-moves li').count()).toBe(1);
    const first = await page.locator('#game-analysis-moves li').first().textContent();
    await page.locator('#game-analysis-every').click();
    await expect
      .poll(() => page.locator('#game-analysis-outcome').textContent())
      .toMatch(/Grundy value \d+: winning moves:$/);
    const every = await page.locator('#game-analysis-moves li').allTextContents();
    // the central vertical domino wins by symmetry, and so do others; the first found is still first
    expect(every.length).toBeGreaterThan(1);
    expect(every).toContain('vertical domino on column 2, rows 1-2');
    expect(every[0]).toBe(first);
    expect(await page.locator('#game-analysis-every').count()).toBe(0);
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
    // each domino in a colour of its own: the two cells of a move share one, moves differ (issue 28, item 9)
    const cells = await page
      .locator('#game-board button')
      .evaluateAll((buttons) =>
        buttons.map((b) => [b.id, b.getAttribute('data-piece'), getComputedStyle(b).backgroundColor]),
      );
    const colourOf = new Map<string, Set<string>>();
    for (const [, piece, colour] of cells) colourOf.set(piece!, (colourOf.get(piece!) ?? new Set()).add(colour!));
    expect([...colourOf.keys()].sort()).toEqual(['0', '1', '2']);
    expect([...colourOf.values()].every((c) => c.size === 1)).toBe(true);
    expect(new Set([...colourOf.values()].map((c) => [...c][0])).size).toBe(3);
  });

  it('Play: Chomp with hints names the winning move; the poisoned square is never clickable', async () => {
    await openPlay('chomp:2x2', { hints: true });
    await expect
      .poll(() => page.locator('#board-hints-text li').allTextContents())
      .toEqual(['take the square in column 2, row 2 (and every square above and to its right) show it']);
    // the hint's list marks its move on the board, as heaps' hints do
    await page.locator('#board-hints-text li button').click();
    expect(await page.locator('#game-board .winning').evaluateAll((cells) => cells.map((c) => c.id))).toEqual([
      'board-cell-0-1',
    ]);
    expect(await page.locator('#board-cell-1-0').isDisabled()).toBe(true);
    await page.locator('#board-cell-0-1').click(); // top right: the winning move
    await expect.poll(() => page.locator('#board-log li').count()).toBe(2);
  });

  it('Play: Node Kayles on a 1 x 3 grid, the centre vertex takes all', async () => {
    await openPlay('node-kayles:grid:1x3');
    await page.locator('#board-cell-0-1').click();
    await expect.poll(() => page.locator('#board-result').textContent()).toBe('The engine has no move left: you win!');
  });

  it('Play: coins show heads and tails; a head that could take more coins is played as it stands with the button', async () => {
    await openPlay('coins:mock-turtles', { board: 'TH' });
    expect(await page.locator('#board-cell-0-1').textContent()).toBe('H');
    await page.locator('#board-cell-0-1').click();
    await expect.poll(() => page.locator('#board-complete').textContent()).toBe('Play: turn coin 2');
    await page.locator('#board-complete').click();
    await expect.poll(() => page.locator('#board-result').textContent()).toBe('The engine has no move left: you win!');
  });

  it('Play: Twins turns exactly two coins, so the second click makes the move', async () => {
    await openPlay('coins:twins', { board: 'HH' });
    await page.locator('#board-cell-0-0').click();
    expect(await page.locator('#board-complete').count()).toBe(0);
    await page.locator('#board-cell-0-1').click();
    await expect.poll(() => page.locator('#board-result').textContent()).toBe('The engine has no move left: you win!');
    expect(await page.locator('#board-log li').allTextContents()).toEqual(['You: turn coins 1 and 2']);
  });

  it('Play: misère Cram on 1 x 4, the engine moving first takes an end pair (under normal play, the centre)', async () => {
    const cells = () => Promise.all([0, 1, 2, 3].map((c) => page.locator(`#board-cell-0-${c}`).getAttribute('class')));
    const taken = async () => (await cells()).map((c) => (c?.includes('taken') ? 'x' : '.')).join('');

    await openPlay('cram:1x4', { engineFirst: true });
    await expect.poll(taken).toBe('.xx.');
    await expect
      .poll(() => page.locator('#board-result').textContent())
      .toBe('You have no move left: the engine wins.');

    await openPlay('cram:1x4', { convention: 'misere', engineFirst: true });
    await expect.poll(taken).toMatch(/^(xx\.\.|\.\.xx)$/);
    const free = (await taken()).startsWith('xx') ? [2, 3] : [0, 1];
    for (const c of free) await page.locator(`#board-cell-0-${c}`).click();
    await expect
      .poll(() => page.locator('#board-result').textContent())
      .toBe('The engine has no move left: you made the last move, so the engine wins.');
  });

  it('Play: a Start that fails clears the game before it: no old board, no "Your move.", no old hint (issue 28, item 1)', async () => {
    await openPlay('cram:2x2', { hints: true });
    await expect.poll(() => page.locator('#board-hints-text').textContent()).toMatch(/Grundy value 0/);
    await page.locator('#play-spec').fill('cram:99x99');
    await page.locator('#play-start').click();
    await expect.poll(() => page.locator('#play .error').first().textContent()).toMatch(/above the maximum/);
    expect(await page.locator('#game-board').count()).toBe(0);
    expect(await page.locator('#board-hints-text').count()).toBe(0);
    expect(await page.locator('#board-status').count()).toBe(0);
    // the same for a game on heaps: a refused position leaves no board of the last game
    await page.locator('#play-spec').fill('kayles');
    await page.locator('#play-heaps').fill('5 3');
    await page.locator('#play-start').click();
    await page.locator('#play[data-state="your-turn"]').waitFor();
    await page.locator('#play-heaps').fill('5 x');
    await page.locator('#play-start').click();
    await expect.poll(() => page.locator('#play .error').first().textContent()).toMatch(/heap/);
    expect(await page.locator('#play[data-state="your-turn"]').count()).toBe(0);
    expect(await page.locator('#play-log li').count()).toBe(0);
  });

  it('Play: a game on a board is kept in the address, and the link opens the same position (issue 28, item 9)', async () => {
    await openPlay('cram:2x3');
    await page.locator('#board-cell-0-1').click();
    await page.locator('#board-cell-1-1').click();
    await expect.poll(() => page.locator('#board-log li').count()).toBe(2); // our move and the engine's
    await page.locator('#play[data-state="setup"] #board-status:has-text("Your move.")').waitFor();
    // the board and the address read in one step: the address is written with the drawing, never after it
    const { taken, hash } = await page.evaluate(() => ({
      taken: [...document.querySelectorAll('#game-board button')].map((c) => c.className.includes('taken')),
      hash: location.hash,
    }));
    const params = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
    expect([...(params.get('board') ?? '')].filter((c) => c === '#').length).toBe(taken.filter(Boolean).length);
    expect(hash.startsWith('#play?')).toBe(true);
    expect(params.get('ruleset')).toBe('cram:2x3');
    await page.goto(server.url + '#solve');
    await openAddress(page, server.url + hash);
    await page.locator('#board-status:has-text("Your move.")').waitFor();
    expect(
      await page.locator('#game-board button').evaluateAll((cells) => cells.map((c) => c.className.includes('taken'))),
    ).toEqual(taken);
  });

  it('Explore: the outcome table of Sprouts over spots, both conventions (normal P, P, N; misère N, P, P)', async () => {
    await openAddress(page, server.url + '#explore');
    await page.locator('#size-table-game').waitFor({ timeout: 120_000 });
    await page.locator('#size-table-game').selectOption('sprouts');
    await page.locator('#size-table-to').fill('3');
    await page.locator('#size-table-run').click();
    await expect
      .poll(() => page.locator('#size-table tbody tr').allTextContents(), { timeout: 120_000 })
      .toEqual(['1PN', '2PP', '3NP']);
  });

  it('Play: Sprouts from 2 spots drawn as regions and boundaries, a move picked from the words', async () => {
    await playForm();
    await page.locator('#play-spec').fill('sprouts:2');
    await page.locator('#play-heaps').fill('');
    await page.locator('#play-convention').selectOption('normal');
    await page.locator('#play-start').click();
    await page.locator('#board-outline').waitFor();
    expect(await page.locator('#board-outline .outline-item').allTextContents()).toEqual(['1: 3', '2: 3']);
    await page.locator('#board-moves button').first().click();
    await expect.poll(() => page.locator('#board-log li').count(), { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
    expect((await page.locator('#board-log li').first().textContent()) ?? '').toMatch(/^You: (loop|curve) from spot 1/);
  });

  it("Play: the picker offers every family of the registry by its example, and starts each one's game", async () => {
    await page.goto('about:blank');
    await page.goto(server.url + '#play');
    const offered = () =>
      page
        .locator('#play-game option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    // the picker fills once the catalog has come
    await expect.poll(offered, { timeout: 60_000 }).toEqual(FAMILIES.map((f) => f.name));
    for (const family of FAMILIES) {
      await page.locator('#play-game').selectOption(family.name);
      expect(await page.locator('#play-spec').inputValue()).toBe(family.example.spec);
      await page.locator('#play-start').click();
      await page.locator('#play .heap, #board-play #board-status, #place-play #place-status').first().waitFor();
      expect(await page.locator('#play [role=alert]').count()).toBe(0);
    }
  });
});
