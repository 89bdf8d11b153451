/** The page's URL state: hashes round-trip (pure, no browser). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptHash, formatHash, hashVisit, parseHash, replaceHash } from '../../web/src/url-state.ts';

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
      adoptHash();
    }

    it('Explore updates its own address', () => {
      stubAddress('#explore?ruleset=nim');
      replaceHash('explore', { ruleset: 'kayles', to: '100' }, hashVisit());
      expect(parseHash(address.hash).params.get('ruleset')).toBe('kayles');
    });

    it("an answer that arrives after the user went to Play leaves Play's address alone", () => {
      stubAddress('#play');
      replaceHash('explore', { ruleset: 'node-kayles:path:3', to: '100' }, hashVisit());
      expect(address.hash).toBe('#play');
    });

    it('a state written late (after paint) does not undo a link just followed to another view of the same tab', () => {
      stubAddress('#explore?ruleset=tartan%3Atwins*twins');
      const tartan = hashVisit();
      const late = { ruleset: 'tartan:twins*twins', position: 'TTT/THT/TTH' };
      address.hash = '#explore?ruleset=sprouts'; // the link is followed; its hashchange has not run yet
      replaceHash('explore', late, tartan);
      expect(address.hash).toBe('#explore?ruleset=sprouts');
      adoptHash(); // the hashchange: the tab remounts on the new address
      replaceHash('explore', late, tartan); // the old mount's write, later still
      expect(address.hash).toBe('#explore?ruleset=sprouts');
      replaceHash('explore', { ruleset: 'sprouts', to: '100' }, hashVisit()); // the new mount's own
      expect(parseHash(address.hash).params.get('to')).toBe('100');
    });
  });
});
