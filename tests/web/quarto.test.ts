/**
 * Quarto in the page's Play tab, in a real browser (same setup as boards.test.ts): the board and the
 * tray drawn with the pieces' names; a give from the empty board; a placement by click and by keyboard and a give by click and by
 * typing, answered by the engine with a legal move and its proved verdict; a bad board refused in one
 * line; a position the engine wins at once, its line drawn.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quarto } from '../../src/engine/families/quarto/index.ts';
import type { RunningServer } from '../../src/server/serve.ts';
import { requireChromium } from '../helpers/chromium.ts';
import { type OpenPage, openPage } from '../helpers/page.ts';

const CHROMIUM = requireChromium();

/** Ten pieces placed, 4 in hand: a1+a and c1+e are safe moves, after which the engine wins in 3 placements. */
const TEN_PLACED = '.6.15..03.fc9.87+4';
/** a1 b1 c1 hold 1 3 5 (all solid); 0 (solid) in hand: d1 wins at once. */
const NEAR_WIN = '135.............+0';

describe('Quarto in chromium', () => {
  let opened: OpenPage;
  let server: RunningServer;
  let page: Page;

  beforeAll(async () => {
    // no test here is about the time limit: the engine's searches from ten pieces placed took seconds
    // at load 18 on 2 cores, and a busy CI machine must not turn them into a 504
    opened = await openPage(CHROMIUM, { serve: { timeLimitMs: 120_000 } });
    ({ server, page } = opened);
  });

  afterAll(() => opened?.close());

  /** Play's form on a fresh load of the page (a blank page first, as boards.test.ts does). */
  async function playForm(): Promise<void> {
    await page.goto('about:blank');
    await page.goto(server.url + '#play');
    await page.locator('#play-spec').waitFor();
  }

  async function start(board: string, { engineFirst = false, hints = false } = {}): Promise<void> {
    await playForm();
    await page.locator('#play-spec').fill('quarto');
    await page.locator('#play-heaps').fill(board);
    if (engineFirst) await page.locator('#play-engine-first').check();
    if (hints) await page.locator('#play-hints').check();
    await page.locator('#play-start').click();
  }

  const positionText = () => page.locator('#place-position').textContent();
  const status = () => page.locator('#place-status').textContent();

  /** The position after the engine answered the player's move: it must follow from `before` by one legal move. */
  async function engineAnswered(before: string): Promise<string> {
    await expect.poll(status, { timeout: 120_000 }).toMatch(/^Your move|The engine wins|draw|Ask the engine again/);
    // a failed request shows its line: the test says it rather than waiting on
    expect(await page.locator('#place-play .error').allTextContents()).toEqual([]);
    const lines = await page.locator('#place-moves li').allTextContents();
    const engineLine = lines[lines.length - 1];
    expect(engineLine).toMatch(/^Engine: /);
    const move = /^Engine: (\S+)/.exec(engineLine)![1];
    const ruleset = quarto();
    const from = ruleset.notation.parsePosition(before);
    const parsed = ruleset.notation.parseMove(from, move)!;
    expect(ruleset.moves(from)).toContainEqual(parsed);
    const after = ruleset.notation.formatPosition(ruleset.play(from, parsed).position);
    expect(await positionText()).toBe(after);
    return after;
  }

  it('the picker offers Quarto; from the empty board the player gives first', async () => {
    await playForm();
    await page.locator('#play-game').selectOption('quarto');
    expect(await page.locator('#play-spec').inputValue()).toBe('quarto');
    await start('');
    await page.locator('#place-board').waitFor();
    expect(await page.locator('#place-tray button').count()).toBe(16);
    expect(await page.locator('#place-tray [data-piece="f"]').getAttribute('aria-label')).toBe(
      'give tall dark square hollow (f)',
    );
    expect(await page.locator('#place-cell-a1').getAttribute('aria-label')).toBe('a1: empty');
    expect(await status()).toBe('Your move: give the engine a piece to place.');
    await page.locator('#place-tray [data-piece="5"]').click();
    expect(await page.locator('#place-moves li').first().textContent()).toBe('You: +5 — give tall light square solid');
    expect(await page.locator('#place-tray [data-piece="5"]').count()).toBe(0);
    // the opening proof answers the empty board with a piece in hand at once: a draw, proved
    const after = await engineAnswered('................+5');
    // the address follows the game; it may have passed the give already, so only its end is checked
    await expect.poll(() => page.url(), { timeout: 60_000 }).toContain(`board=${encodeURIComponent(after)}`);
    expect(await page.locator('#place-verdict').textContent()).toBe(
      "The engine's move is proved perfect: a draw with perfect play.",
    );
  });

  it('place by click, give by click: the engine answers with a legal move, proved, and the tray shrinks', async () => {
    await start(TEN_PLACED);
    expect(await page.locator('#place-hand [role="img"]').getAttribute('aria-label')).toBe('short light square solid');
    expect(await page.locator('#place-cell-b1').getAttribute('aria-label')).toBe('b1: short dark square solid');
    expect(await page.locator('#place-tray button').count()).toBe(5);
    await page.locator('#place-cell-a1').click();
    expect(await status()).toBe('Placed on a1: now give the engine a piece.');
    await page.locator('#place-tray [data-piece="a"]').click();
    await engineAnswered('46.15..03.fc9.87+a');
    expect(await page.locator('#place-tray button').count()).toBe(3);
    expect(await page.locator('#place-verdict').textContent()).toBe(
      "The engine's move is proved perfect: you will lose in 2 placements with perfect play.",
    );
    expect(await page.locator('#place-moves li').first().textContent()).toBe(
      'You: a1+a — place short light square solid on a1, give short dark round hollow',
    );
    // undo goes back to the player's turn before the move
    await page.locator('#place-undo').click();
    expect(await positionText()).toBe(TEN_PLACED);
  });

  it('place with the arrow keys and Enter, give by typing its digit', async () => {
    await start(TEN_PLACED);
    await page.locator('#place-cell-a1').focus();
    await page.keyboard.press('ArrowRight'); // b1 holds a piece: nothing happens on Enter there
    await page.keyboard.press('Enter');
    expect(await status()).toBe('Your move: place the piece in hand on an empty square.');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await status()).toBe('Placed on c1: now give the engine a piece.');
    // the focus goes on to the tray (an effect moves it, after paint)
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('#place-tray') != null)).toBe(true);
    await page.locator('#place-typed').fill('e');
    await page.locator('#place-typed').press('Enter');
    await engineAnswered('.6415..03.fc9.87+e');
  });

  it('hints: the result with perfect play and the best moves, each a legal move', async () => {
    await start(TEN_PLACED, { hints: true });
    await expect
      .poll(() => page.locator('#place-hints p').first().textContent(), { timeout: 120_000 })
      .toBe('With perfect play the player to move wins in 5 placements.');
    const moves = await page.locator('#place-hints li code').allTextContents();
    expect(moves.length).toBeGreaterThan(0);
    const ruleset = quarto();
    const position = ruleset.notation.parsePosition(TEN_PLACED);
    for (const move of moves)
      expect(ruleset.moves(position)).toContainEqual(ruleset.notation.parseMove(position, move));
  });

  it('a bad board is refused in one line', async () => {
    await start('0...5..a........+5');
    await expect
      .poll(() => page.locator('.error').textContent())
      .toBe('Invalid input: quarto board: the piece in hand, 5, is already on a2.');
    expect(await page.locator('#place-board').count()).toBe(0);
  });

  it('a position with a win at once: the engine takes it, and the line is drawn', async () => {
    await start(NEAR_WIN, { engineFirst: true });
    await expect
      .poll(() => page.locator('#place-result').textContent(), { timeout: 120_000 })
      .toBe('The engine wins: its placement made a line.');
    expect(await page.locator('.place-cell.line').count()).toBe(4);
    expect(await page.locator('#place-cell-d1').getAttribute('aria-label')).toBe(
      'd1: short light round solid, in the winning line',
    );
    expect(await page.locator('#place-tray button').count()).toBe(0);
  });
});
