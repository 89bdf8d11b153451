/** Messages a new user meets, worded by what is wrong: no "Infinity", no list where a rule was broken. */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../src/engine/spec.ts';
import { analyzePosition, verifiedAnalysis } from '../../src/service/analyze.ts';
import { openPlay } from '../../src/service/play.ts';
import { analysisText } from '../../src/service/text.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

describe('messages', () => {
  it('a --verify the oracle cannot count says so with a bound, not "Infinity"', async () => {
    const refused = verifiedAnalysis({ ruleset: 'kayles', position: { heaps: [300, 400] } }, ENGINE_ENV);
    await expect(refused).rejects.toThrow(/\(more than 1e19 positions x \d+ moves each\)/);
    await expect(refused).rejects.not.toThrow(/Infinity/);
  });

  it('a named subtraction set combined with numbers names the rule it breaks', () => {
    expect(() => parseRuleset('subtract:squares,1')).toThrow(
      "subtract: a named set stands alone ('subtract:squares'); it cannot be combined with other members, got 'squares,1'",
    );
    expect(() => parseRuleset('subtract:1,x')).toThrow(/'x' is not a positive integer or a known set/);
  });

  it('a text analysis lists the first 100 winning moves and says how many more there are', async () => {
    const reply = await analyzePosition({ ruleset: 'grundys-game', position: { heaps: [5000] } }, ENGINE_ENV);
    expect('winningMoves' in reply && reply.winningMoves).toHaveLength(272);
    const lines = analysisText(reply).split('\n');
    expect(lines[1]).toBe('winning moves (272; the first 100):');
    expect(lines.filter((l) => l.startsWith('  split heap'))).toHaveLength(100);
    expect(lines.at(-1)).toBe('  … and 172 more (--all-moves lists them all)');
    expect(analysisText(reply, Number.POSITIVE_INFINITY).split('\n')).toHaveLength(274);
  });

  it('in play, "#N" picks move N of the list "moves" would print, printed or not', async () => {
    const game = await openPlay({ ruleset: 'nim', position: { heaps: [3, 4, 5] } }, ENGINE_ENV);
    const second = game.listMoves(60).moves[1].words;
    const fresh = await openPlay({ ruleset: 'nim', position: { heaps: [3, 4, 5] } }, ENGINE_ENV);
    expect(fresh.playTyped('#2')?.words).toBe(second);
    expect(() => fresh.playTyped('#999')).toThrow(/choose a move between #1 and #\d+/);
  });
});
