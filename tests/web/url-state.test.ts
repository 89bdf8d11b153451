/** The page's URL state: hashes round-trip (pure, no browser). */
import { describe, expect, it } from 'vitest';
import { formatHash, parseHash } from '../../web/src/url-state.ts';

describe('URL state', () => {
  it('round-trips a tab and its parameters, including specs with ! , : and spaces', () => {
    const hash = formatHash('explore', {
      ruleset: 'takebreak:4!.0',
      to: '100',
      position: '3,4 5',
      convention: 'normal',
    });
    expect(hash.startsWith('#explore?')).toBe(true);
    const { tab, params } = parseHash(hash);
    expect(tab).toBe('explore');
    expect(Object.fromEntries(params)).toEqual({ ruleset: 'takebreak:4!.0', to: '100', position: '3,4 5' });
  });

  it('an unknown or empty tab is Solve', () => {
    expect(parseHash('').tab).toBe('solve');
    expect(parseHash('#nowhere?x=1').tab).toBe('solve');
    expect(parseHash('#play').tab).toBe('play');
  });
});
