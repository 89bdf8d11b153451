/**
 * Sprouts' land search (outcome of land + *n, nimbers from it, a database of land facts) and the
 * outcome-first analysis against the brute force (no canonical form, no lands) and the published
 * outcomes of the small starts. The exhaustive runs over 3 spots and the larger starts are in
 * search-published.test.ts (slow).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeSprouts } from '../../../../src/engine/families/sprouts/analysis.ts';
import {
  formatSprouts,
  parseSprouts,
  sprouts,
  sproutsOutcomeFirst,
} from '../../../../src/engine/families/sprouts/index.ts';
import {
  LANDS_PER_SECOND,
  MAX_LANDS,
  SproutsSearch,
  landBound,
} from '../../../../src/engine/families/sprouts/search.ts';
import { landLives } from '../../../../src/engine/families/sprouts/moves.ts';
import { SearchStopped } from '../../../../src/engine/solve/search/budgeted.ts';
import { SproutsBruteForce, randomlyPlayed, reachable } from './oracle.ts';

describe('sprouts land search against the brute force', () => {
  it('gives every position reachable from 1 and 2 spots its nimber and outcome', () => {
    const brute = new SproutsBruteForce();
    for (const n of [1, 2]) {
      const search = new SproutsSearch();
      // outcomes first, in a search of their own: they leave partial facts that the nimbers then read
      const outcomes = new SproutsSearch();
      for (const p of reachable(sprouts(n).start!)) {
        const text = formatSprouts(p);
        expect(outcomes.isP(p), text).toBe(brute.grundy(p) === 0);
        expect(search.nimber(p), text).toBe(brute.grundy(p));
      }
    }
  });

  it('agrees on random positions of games of 4 and 5 spots, with rounds of one position and without rounds', () => {
    const brute = new SproutsBruteForce();
    const shared = new SproutsSearch({ rounds: 1 });
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const text = formatSprouts(p);
        const g = brute.grundy(p);
        expect(shared.isP(p), text).toBe(g === 0);
        expect(new SproutsSearch({ rounds: 0 }).nimber(p), text).toBe(g);
        expect(shared.nimber(p), text).toBe(g);
      }),
      { numRuns: 40 },
    );
  });

  it('agrees when its database is held to a few lands (a timed search drops the unvalued ones past its bound)', () => {
    const brute = new SproutsBruteForce();
    // a shared search keeps dropping lands that positions still being searched hold (their facts stay
    // with them), and meets dropped lands again as new entries
    const small = new SproutsSearch({ maxLands: 12, cachedOptions: 20 });
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const text = formatSprouts(p);
        const g = brute.grundy(p);
        expect(small.isP(p), text).toBe(g === 0);
        expect(small.nimber(p), text).toBe(g);
        expect(small.stats.lands, text).toBeLessThanOrEqual(12);
      }),
      { numRuns: 40 },
    );
    expect(small.stats.evicted).toBeGreaterThan(0);
    // the published outcome of 6 spots (P: Applegate, Jacobson and Sleator 1991) under the same bound
    const bounded = new SproutsSearch({ maxLands: 64 });
    expect(bounded.isP(sprouts(6).start!)).toBe(true);
    expect(bounded.stats.lands).toBeLessThanOrEqual(64);
  });

  it('keeps what dropped entries proved: a land met again starts from its facts, also one proved while its entry was gone', () => {
    // 6 spots is P (Applegate, Jacobson and Sleator 1991); 64 entries are dropped many times over
    const start = sprouts(6).start!;
    const s = new SproutsSearch({ maxLands: 64 });
    expect(s.isP(start)).toBe(true);
    expect(s.stats.evicted).toBeGreaterThan(0);
    expect(s.stats.spilled).toBeGreaterThan(0);
    // the start's own entry went while it was searched: its nimber, proved on the dropped entry, is
    // kept, so the question is not asked again (before spilled facts it was searched anew)
    const asked = s.stats.nodes;
    expect(s.isP(start)).toBe(true);
    expect(s.stats.nodes).toBe(asked);
    const [key] = s.landsOf(start).map((l) => l.key);
    const facts = new Map(s.landFacts());
    expect(facts.get(key)).toEqual({ value: 0, atLeast: 0, notValues: 0 });
    // every fact of a land small enough for the brute force is one it confirms
    const brute = new SproutsBruteForce();
    let checked = 0;
    for (const [text, fact] of facts) {
      const land = parseSprouts(text);
      if (landLives(land) > 8) continue;
      checked++;
      const g = brute.grundy(land);
      if (fact.value >= 0) expect(g, text).toBe(fact.value);
      else {
        expect(g, text).toBeGreaterThanOrEqual(fact.atLeast);
        expect(g < 31 && (fact.notValues & (1 << g)) !== 0, text).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('sheds its spilled facts past their bound, the heaps proved wins first, and still answers right', () => {
    const brute = new SproutsBruteForce();
    // 8 entries keep at most 64 spilled facts; 5 spots is N and 6 spots P (Applegate, Jacobson and Sleator 1991)
    const tiny = new SproutsSearch({ maxLands: 8 });
    for (const n of [5, 6]) {
      const start = sprouts(n).start!;
      expect(tiny.isP(start), `${n} spots`).toBe(n % 6 <= 2);
      expect(tiny.stats.spilled).toBeLessThanOrEqual(64);
    }
    expect(tiny.stats.factsLost).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        expect(tiny.nimber(p), formatSprouts(p)).toBe(brute.grundy(p));
      }),
      { numRuns: 20 },
    );
  });

  it('bounds its database whatever the time limit: a long search drops lands rather than run out of memory', () => {
    // the 12-spot start under a 90-minute limit died out of heap (4 GB) when the bound grew with the limit
    expect(landBound(undefined)).toBe(MAX_LANDS);
    expect(landBound(90 * 60_000)).toBe(MAX_LANDS);
    expect(landBound(2_000)).toBe(2 * LANDS_PER_SECOND);
    expect(landBound(undefined, 12)).toBe(12);
  });

  it('agrees when each land lists its options only as far as its questions need, and the cache drops them midway', () => {
    const brute = new SproutsBruteForce();
    // a cache of one option drops every land's listing at the next expansion: questions then list on
    // with their own, and a land asked again generates its moves anew
    const dropping = new SproutsSearch({ cachedOptions: 1 });
    const kept = new SproutsSearch();
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const text = formatSprouts(p);
        const g = brute.grundy(p);
        expect(dropping.nimber(p), text).toBe(g);
        expect(kept.isP(p), text).toBe(g === 0);
        expect(kept.nimber(p), text).toBe(g);
      }),
      { numRuns: 40 },
    );
    // the dropped listings were generated again
    expect(dropping.stats.expansions).toBeGreaterThan(kept.stats.expansions);
  });

  it('sizes its database for its time limit: a 1 s search keeps 4,096 lands at most', () => {
    const timed = new SproutsSearch({ timeLimitMs: 1000 });
    try {
      timed.isP(sprouts(17).start!);
    } catch (e) {
      if (!(e instanceof SearchStopped)) throw e;
    }
    expect(timed.stats.lands).toBeLessThanOrEqual(4096);
  });
});

describe('sprouts outcome-first analysis', () => {
  it('answers the outcome and a move to a P-position, the nimber only when asked', () => {
    const brute = new SproutsBruteForce();
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 5 }), fc.array(fc.nat(), { maxLength: 12 }), (n, choices) => {
        const p = randomlyPlayed(n, choices);
        const text = formatSprouts(p);
        const g = brute.grundy(p);
        const quick = analyzeSprouts(p);
        expect(quick.outcome, text).toBe(g === 0 ? 'P' : 'N');
        // a P-position's nimber is 0 for free; an N-position's is not computed unless asked
        expect(quick.nimber).toBe(g === 0 ? 0 : null);
        const cheap = analyzeSprouts(p, { nimber: 'cheap' }).nimber;
        if (cheap !== null) expect(cheap, text).toBe(g);
        expect(quick.winningMoves).toBeNull();
        if (g === 0) expect(quick.winningMove).toBeNull();
        else expect(brute.grundy(quick.winningMove!.result), text).toBe(0);
        const full = analyzeSprouts(p, { nimber: true, allMoves: true });
        expect(full.nimber, text).toBe(g);
        // every move to a P-position, by the brute force (moves that only swap twin boundaries listed once)
        const expected = full.winningMoves!.length;
        expect(expected > 0, text).toBe(g !== 0);
        for (const m of full.winningMoves!) expect(brute.grundy(m.result), text).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('answers a sum of lands: {3} + {3} is a P-position (two equal lands), {3} + {2A2A} an N-position', () => {
    // g({3}) = 0 (its one move, a loop, leaves two spots of one life that may still be joined once)
    expect(analyzeSprouts(parseSprouts('{3}{3}'), { nimber: true })).toMatchObject({ outcome: 'P', nimber: 0 });
    const n = analyzeSprouts(parseSprouts('{3.3}'), { nimber: true });
    expect(n.outcome).toBe('P');
    expect(n.nimber).toBe(0);
  });

  it("asks for the cheap nimber at most a tenth more than the outcome's questions (200 for a small one)", () => {
    // 9 spots: the outcome and a winning move take 560 questions; the nimber (1) some 50,000 more
    const outcome = analyzeSprouts(sprouts(9).start!);
    const cheap = analyzeSprouts(sprouts(9).start!, { nimber: 'cheap' });
    expect(cheap.nimber).toBeNull();
    expect(cheap.positions).toBeLessThanOrEqual(Math.floor(outcome.positions * 1.1) + 1);
    // 4 spots: 88 questions, then the nimber in 148 more, within the floor of 200
    expect(analyzeSprouts(sprouts(4).start!, { nimber: 'cheap' }).nimber).toBe(1);
  });

  it('tells its progress as it goes: every 64th question when asked with no interval, the counts growing', () => {
    const heard: { nodes: number; tableEntries: number }[] = [];
    const search = new SproutsSearch({ onProgress: (s) => heard.push(s), progressEveryMs: 0 });
    const a = analyzeSprouts(sprouts(8).start!, { search });
    expect(a.outcome).toBe('P');
    // the clock is read at questions 1, 65, 129, ... (not at one that ends a round's budget): a report at each reading
    expect(heard.length).toBeGreaterThan(a.positions / 64 - 10);
    expect(heard.at(-1)!.nodes).toBeLessThanOrEqual(a.positions);
    for (let i = 0; i < heard.length; i++) {
      expect(heard[i].nodes % 64).toBe(1);
      if (i > 0) expect(heard[i].nodes).toBeGreaterThan(heard[i - 1].nodes);
    }
  });

  it('stops at its time limit with the typed error', () => {
    expect(() => analyzeSprouts(sprouts(9).start!, { timeLimitMs: 0 })).toThrow(SearchStopped);
  });
});

describe('sprouts land search: the small starts against the published outcomes', () => {
  // Normal play: P exactly when n mod 6 is 0, 1 or 2 (Applegate, Jacobson and Sleator, "Computer
  // analysis of Sprouts", CMU-CS-91-144, 1991; Lemoine and Viennot, "Computer analysis of Sprouts
  // with nimbers", Games of No Chance 4, 2015, up to 44 spots).
  it('1..5 spots: P exactly when n mod 6 is 0, 1 or 2, and the first move found wins', () => {
    const brute = new SproutsBruteForce();
    for (let n = 1; n <= 5; n++) {
      const analysis = analyzeSprouts(sprouts(n).start!);
      expect(analysis.outcome, `${n} spots`).toBe([0, 1, 2].includes(n % 6) ? 'P' : 'N');
      if (n <= 3 && analysis.winningMove) expect(brute.grundy(analysis.winningMove.result)).toBe(0);
    }
  });
});

describe('sprouts outcome-first analysis as the service asks it (GameAccelerators.outcomeFirst)', () => {
  it('is the ruleset capability; one winning move by default, every one when asked', () => {
    expect(sprouts(4).accelerators.outcomeFirst).toBe(sproutsOutcomeFirst);
    const brute = new SproutsBruteForce();
    // N-positions of the 4- and 5-spot games small enough for the brute force
    let checked = 0;
    for (let i = 0; i < 40 && checked < 5; i++) {
      const p = randomlyPlayed(4 + (i % 2), [i, 2 * i + 1, 3 * i + 2]);
      const g = brute.grundy(p);
      if (g === 0) continue;
      checked++;
      const text = formatSprouts(p);
      const first = sproutsOutcomeFirst(p, {});
      expect(first.outcome, text).toBe('N');
      expect(first.allMoves).toBe(false);
      expect(first.winningMoves.length, text).toBe(1);
      expect(brute.grundy(first.winningMoves[0]), text).toBe(0);
      const all = sproutsOutcomeFirst(p, { allMoves: true, grundy: true });
      expect(all.allMoves).toBe(true);
      expect(all.grundy, text).toBe(g);
      expect(all.winningMoves.length, text).toBeGreaterThan(0);
      for (const to of all.winningMoves) expect(brute.grundy(to), text).toBe(0);
    }
    expect(checked).toBe(5);
  });
});
