/** Messages a new user meets, worded by what is wrong: no "Infinity", no list where a rule was broken. */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../src/engine/spec.ts';
import { verifiedAnalysis } from '../../src/service/analyze.ts';
import { engineSequences } from '../../src/service/sequences.ts';

describe('messages', () => {
  it('a --verify the oracle cannot count says so with a bound, not "Infinity"', async () => {
    const refused = verifiedAnalysis({ ruleset: 'kayles', position: { heaps: [300, 400] } }, engineSequences);
    await expect(refused).rejects.toThrow(/\(more than 1e19 positions x \d+ moves each\)/);
    await expect(refused).rejects.not.toThrow(/Infinity/);
  });

  it('a named subtraction set combined with numbers names the rule it breaks', () => {
    expect(() => parseRuleset('subtract:squares,1')).toThrow(
      "subtract: a named set stands alone ('subtract:squares'); it cannot be combined with other members, got 'squares,1'",
    );
    expect(() => parseRuleset('subtract:1,x')).toThrow(/'x' is not a positive integer or a known set/);
  });
});
