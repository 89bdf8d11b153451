/**
 * The library's public surface (src/index.ts): a small top level named here one by one, so that a
 * new top-level export is a decision made in this list, and everything else in namespaces.
 */
import { describe, expect, it } from 'vitest';
import * as nimber from '../../src/index.ts';

/** The functions and classes of the top level (types are erased and not listed). */
const TOP_LEVEL = [
  'parseRuleset',
  'tryParseRuleset',
  'parseHeapSpec',
  'parseTupleSpec',
  'parseGameSpec',
  'grundySequence',
  'analyze',
  'count',
  'periodicity',
  'chooseMove',
  'legalMoves',
  'explain',
  'formatExplanation',
  'analyzeMisere',
  'misereQuotient',
  'analyzeGameRules',
  'perfectMove',
  'defineGame',
  'verifyCertificate',
  'InputError',
  'isInputError',
];

const NAMESPACES = [
  'families',
  'kernels',
  'normal',
  'misere',
  'search',
  'oracle',
  'nimbers',
  'service',
  'formats',
  'problems',
  'types',
];

describe('the library', () => {
  it('names a small top level and namespaces for the rest', () => {
    const library = new Map<string, unknown>(Object.entries(nimber));
    expect([...library.keys()].sort()).toEqual([...TOP_LEVEL, ...NAMESPACES].sort());
    for (const name of TOP_LEVEL) expect(typeof library.get(name), name).toBe('function');
    for (const name of NAMESPACES) {
      const namespace = library.get(name) as object;
      expect(typeof namespace, name).toBe('object');
      expect(Object.keys(namespace).length, name).toBeGreaterThan(0);
    }
  });

  it('reaches the families, the kernels and nim arithmetic through their namespaces', () => {
    // Wythoff's game: the P-positions are (floor(k phi), floor(k phi^2)); k = 3 gives (4, 7).
    expect(nimber.families.wythoffPair(3)).toEqual([4, 7]);
    // Subtraction {1, 2} by the generic mex kernel: g(n) = n mod 3.
    const subtract12 = nimber.parseHeapSpec('subtract:1,2');
    expect(Array.from(nimber.kernels.mexSequence(subtract12, 8))).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    // 2 is the nimber whose square is 3: {0, 1, 2, 3} is the field of order 4 (Conway, ONAG ch. 6).
    expect(nimber.nimbers.nimProduct(2n, 2n)).toBe(3n);
    expect(nimber.types.CONVENTIONS).toEqual(['normal', 'misere']);
  });

  it("runs the service's operations by name on the HTTP API's fields", async () => {
    const reply = await nimber.service.request('grundy', { ruleset: 'subtract:1,2', to: 8 });
    expect(reply.values).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    await expect(nimber.service.request('grundy', { ruleset: 'nim', to: -1 })).rejects.toSatisfy(
      (e: unknown) => nimber.isInputError(e) && /^to: /.test(e.message),
    );
  });
});
