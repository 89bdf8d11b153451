/** The search's status line in words: positions, table entries, rate and time, grouped by thousands. */
import { describe, expect, it } from 'vitest';
import { searchProgressText } from '../../src/cli/progress.ts';

describe('search progress text', () => {
  it('says positions, table entries, the rate and the seconds', () => {
    expect(searchProgressText({ nodes: 1_245_184, tableEntries: 998_911, elapsedMs: 12_929 })).toBe(
      'search: 1,245,184 positions | 998,911 in the table | 96,309/s | 13 s',
    );
  });

  it('never divides by a zero time', () => {
    expect(searchProgressText({ nodes: 1024, tableEntries: 3, elapsedMs: 0 })).toBe(
      'search: 1,024 positions | 3 in the table | 1,024,000/s | 0 s',
    );
  });
});
