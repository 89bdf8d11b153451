/** Shared check: the general solver against the brute-force oracle, values included (g(X) = k iff X + *k is a P-position). */
import { expect } from 'vitest';
import { Oracle } from '../../../../src/engine/solve/oracle/normal.ts';
import { GameSolver, type SearchOptions } from '../../../../src/engine/solve/search/solver.ts';
import type { GameRules } from '../../../../src/engine/types.ts';

/** The game X + *k, over positions [X, k], straight from X's moves: the oracle knows no Sprague–Grundy theory. */
export function withNimHeap<P>(rules: GameRules<P>): GameRules<[P, number]> {
  return {
    *moves([p, k]) {
      for (const q of rules.moves(p)) yield [q, k];
      for (let j = 0; j < k; j++) yield [p, j];
    },
    // the plain key of the position as written: the oracle must not rely on the family's symmetries
    key: ([p, k]) => JSON.stringify(p) + '+' + k,
  };
}

/** Every solver setting the benchmarks compare. */
export const SETTINGS: readonly SearchOptions[] = [
  {},
  { prune: false },
  { decompose: false },
  { prune: false, decompose: false },
  { tableEntries: 16 },
  // options in rounds from a budget of one position, so nearly every search is stopped and resumed
  // (with the full table: with a tiny one too, the work of rounds can grow exponentially with depth)
  { rounds: 1 },
];

/** Asserts that each setting's value, outcome and winning moves of every position agree with the oracle. */
export function expectOracleAgreement<P>(rules: GameRules<P>, positions: Iterable<P>): void {
  const oracle = new Oracle(withNimHeap(rules));
  const plain = new Oracle<P>({ moves: (p) => rules.moves(p), key: (p) => JSON.stringify(p) });
  const solvers = SETTINGS.map((s) => new GameSolver(rules, s));
  for (const p of positions) {
    const values = solvers.map((s) => s.grundy(p));
    const g = values[0];
    expect(values, `settings disagree on ${JSON.stringify(p)}`).toEqual(values.map(() => g));
    expect(oracle.isP([p, g]), `g(${JSON.stringify(p)}) = ${g} but X + *${g} is not a P-position`).toBe(true);
    for (let j = 0; j < g; j++) expect(oracle.isP([p, j])).toBe(false);
    expect(solvers[0].isP(p)).toBe(plain.isP(p));
    expect(solvers[0].winningMoves(p).map((m) => JSON.stringify(m))).toEqual(
      plain.winningMoves(p).map((m) => JSON.stringify(m.to)),
    );
  }
}
