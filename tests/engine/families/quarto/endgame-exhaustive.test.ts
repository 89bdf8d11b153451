/**
 * Whole endgames solved exhaustively: from a random position with 9 pieces placed, every position
 * reachable is listed and valued by plain negamax over the rules (each exact position once, no
 * symmetry, no pruning, no move order), from the last placements back; the solver must give every one
 * of them the same result and length. Both variants. Beside the sampled sweeps (solver-sweep.test.ts),
 * this holds the solver to a whole game tree, every branch of it, not one line per position.
 */
import { describe, expect, it } from 'vitest';
import {
  NONE,
  playQuarto,
  type QuartoPosition,
  type QuartoVariant,
  quartoMoves,
} from '../../../../src/engine/families/quarto/rules.ts';
import { solveQuarto } from '../../../../src/engine/families/quarto/solve.ts';
import { QuartoSearch } from '../../../../src/engine/families/quarto/solver.ts';
import { oracleAnyLine, randomPosition, rng } from './oracle.ts';

const keyOf = (p: QuartoPosition) => `${p.cells.join(',')}+${p.hand}`;
const placedIn = (p: QuartoPosition) => p.cells.filter((c) => c !== NONE).length;

/**
 * Every position reachable from `start` where a player holds a piece, with its value to that player
 * on the solver's scale (+(32 - N) for a win ending with N pieces placed, the negative for a loss, 0
 * for a draw): plain negamax, each exact position valued once.
 */
function solveEndgame(start: QuartoPosition): Map<string, { position: QuartoPosition; value: number }> {
  const values = new Map<string, { position: QuartoPosition; value: number }>();
  const value = (p: QuartoPosition): number => {
    const key = keyOf(p);
    const known = values.get(key);
    if (known) return known.value;
    let best = Number.NEGATIVE_INFINITY;
    for (const move of quartoMoves(p)) {
      const step = playQuarto(p, move);
      const v = step.won ? 32 - placedIn(step.position) : step.over ? 0 : -value(step.position);
      if (v > best) best = v;
    }
    values.set(key, { position: p, value: best + 0 });
    return best + 0;
  };
  value(start);
  return values;
}

describe('Quarto endgames solved exhaustively, every position against the solver', () => {
  for (const [variant, seed] of [
    ['standard', 91],
    ['advanced', 92],
  ] as [QuartoVariant, number][]) {
    it(`${variant}: every position reachable from 9 pieces placed`, () => {
      const { board, hand } = randomPosition(rng(seed), 9, variant);
      expect(oracleAnyLine(board, variant)).toBe(false);
      const endgame = solveEndgame({ variant, cells: board, hand });
      const search = new QuartoSearch(variant, { tableBits: 16 });
      const outcomes = { win: 0, draw: 0, loss: 0 };
      for (const [key, { position, value }] of endgame) {
        const r = solveQuarto(position, { search });
        if (!r.proved || r.outcome === undefined) throw new Error(`not proved: ${key}`);
        outcomes[r.outcome]++;
        const got =
          r.outcome === 'draw'
            ? 0
            : (r.outcome === 'win' ? 1 : -1) * (32 - (placedIn(position) + (r.plies ?? Number.NaN)));
        expect(got, key).toBe(value);
      }
      // a tree, not a line: tens of thousands of positions (46,633 and 15,667 here), every result among them
      expect(endgame.size).toBeGreaterThan(10_000);
      expect(Math.min(outcomes.win, outcomes.draw, outcomes.loss)).toBeGreaterThan(0);
    });
  }
});
