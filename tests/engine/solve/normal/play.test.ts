/** The perfect opponent (engine/play.ts) against the brute-force oracle, for every registered ruleset. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../../src/engine/errors.ts';
import { oracleFor } from '../../../../src/engine/solve/oracle/normal.ts';
import { chooseMove, findMove, legalMoves } from '../../../../src/engine/solve/normal/play.ts';
import { hasCapability } from '../../../../src/engine/capabilities.ts';
import { ALIASES, FAMILIES, parseRuleset, parseTupleSpec } from '../../../../src/engine/spec.ts';
import type { TupleRuleset } from '../../../../src/engine/types.ts';

const heapSpec = fc.oneof(
  fc.constant('nim'),
  fc.constantFrom('subtract:squares', 'subtract:primes', 'subtract:fibonacci'),
  fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 4 }).map((s) => `subtract:${s.join(',')}`),
);
const smallPosition = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 4 });

/** Every ruleset of the registries we can name without arguments, plus a few with them. */
/** Every registered family without arguments and every alias whose positions are heap or pile sizes. */
function registeredRulesets(): TupleRuleset[] {
  const specs = [
    ...FAMILIES.filter((f) => f.args !== 'required').map((f) => f.name),
    ...ALIASES.keys(),
    'subtract:1,3,4',
  ];
  return specs.map((s) => parseRuleset(s)).filter((r): r is TupleRuleset => hasCapability(r, 'count'));
}

/** A small starting position for a ruleset: its fixed pile count when it has one. */
function smallPositions(r: TupleRuleset): number[][] {
  const piles = r.kind === 'coupled' ? (r.piles ?? 3) : 3;
  const out: number[][] = [];
  for (let seed = 1; seed <= 6; seed++) out.push(Array.from({ length: piles }, (_, i) => (seed * (i + 2) + i) % 7));
  return out;
}

describe('chooseMove: the perfect opponent', () => {
  it('from an N-position plays a move to a P-position; from a P-position a legal move (heap rulesets, random)', () => {
    fc.assert(
      fc.property(heapSpec, smallPosition, (spec, position) => {
        const r = parseTupleSpec(spec);
        const oracle = oracleFor(r);
        const reply = chooseMove(r, position);
        expect(reply.outcome).toBe(oracle.outcome(position));
        const legal = legalMoves(r, position).moves.map((m) => m.join(','));
        if (reply.to === null) {
          expect(legal).toEqual([]);
          return;
        }
        expect(legal).toContain(reply.to.join(','));
        if (reply.outcome === 'N') expect(oracle.isP(reply.to)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it.each(registeredRulesets().map((r) => [r.spec, r] as const))(
    '%s: wins every game it starts from an N-position against a random opponent',
    (_spec, r) => {
      const oracle = oracleFor(r);
      let games = 0;
      for (const start of smallPositions(r)) {
        if (oracle.outcome(start) !== 'N') continue;
        games++;
        let position = start;
        let random = 12345 + games;
        for (let turn = 0; turn < 500; turn++) {
          const reply = chooseMove(r, position);
          expect(reply.outcome).toBe('N');
          position = reply.to!;
          const options = legalMoves(r, position).moves;
          if (options.length === 0) break; // the opponent cannot move: the engine won
          random = (random * 1103515245 + 12345) % 2 ** 31;
          position = options[random % options.length];
        }
        expect(legalMoves(r, position).moves).toEqual([]);
      }
    },
  );

  it('Nim: from (1, 2, 3) it takes a single token; from (13, 12, 8) the first winning move removing fewest tokens (7)', () => {
    const nim = parseTupleSpec('nim');
    const p = chooseMove(nim, [1, 2, 3]);
    expect(p.outcome).toBe('P');
    expect(p.to!.reduce((a, b) => a + b, 0)).toBe(5);
    expect(chooseMove(nim, [13, 12, 8])).toEqual({ from: [13, 12, 8], to: [13, 5, 8], outcome: 'N' });
    expect(chooseMove(nim, [0, 0])).toEqual({ from: [0, 0], to: null, outcome: 'P' });
  });

  it('huge Nim heaps: answers without listing options', () => {
    const nim = parseTupleSpec('nim');
    expect(chooseMove(nim, [4_000_000_000, 4_000_000_000]).to).toEqual([3_999_999_999, 4_000_000_000]);
    expect(findMove(nim, [4_000_000_000, 5], [1, 5])).toEqual([1, 5]);
    expect(findMove(nim, [4_000_000_000, 5], [4_000_000_001, 5])).toBeNull();
  });

  it('rejects bad positions with an InputError', () => {
    expect(() => chooseMove(parseTupleSpec('nim'), [])).toThrow(InputError);
    expect(() => chooseMove(parseTupleSpec('subtract:1,2'), [-1])).toThrow(InputError);
  });
});

describe('findMove: checking a typed move', () => {
  it('accepts exactly the legal moves (heap rulesets, random; heap order ignored)', () => {
    fc.assert(
      fc.property(heapSpec, smallPosition, smallPosition, (spec, from, to) => {
        const r = parseTupleSpec(spec);
        const legal = legalMoves(r, from).moves;
        for (const m of legal) expect(findMove(r, from, m)).not.toBeNull();
        for (const m of legal) expect(findMove(r, from, [...m].reverse())).not.toBeNull();
        const key = (p: number[]) =>
          p
            .filter((h) => h > 0)
            .sort((a, b) => a - b)
            .join(',');
        const isLegal = legal.some((m) => key(m) === key(to));
        expect(findMove(r, from, to) !== null).toBe(isLegal);
      }),
      { numRuns: 150 },
    );
  });

  it('legalMoves lists subtract:1,2 from (3) and truncates at the limit', () => {
    const r = parseTupleSpec('subtract:1,2');
    expect(legalMoves(r, [3])).toEqual({ moves: [[2], [1]], truncated: false });
    expect(legalMoves(parseTupleSpec('nim'), [10, 10], 5)).toMatchObject({ truncated: true });
  });
});
