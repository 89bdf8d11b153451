/** The page's URL state: hashes round-trip (pure, no browser). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatHash, parseHash, replaceHash } from '../../web/src/url-state.ts';

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

  describe('a tab writes its state only while the address shows it', () => {
    const address = { hash: '' };
    afterEach(() => vi.unstubAllGlobals());
    function stubAddress(hash: string) {
      address.hash = hash;
      vi.stubGlobal('location', address);
      vi.stubGlobal('history', {
        replaceState: (_state: unknown, _title: string, url: string) => {
          address.hash = url;
        },
      });
    }

    it('Explore updates its own address', () => {
      stubAddress('#explore?ruleset=nim');
      replaceHash('explore', { ruleset: 'kayles', to: '100' });
      expect(parseHash(address.hash).params.get('ruleset')).toBe('kayles');
    });

    it("an answer that arrives after the user went to Play leaves Play's address alone", () => {
      stubAddress('#play');
      replaceHash('explore', { ruleset: 'node-kayles:path:3', to: '100' });
      expect(address.hash).toBe('#play');
    });
  });
});
