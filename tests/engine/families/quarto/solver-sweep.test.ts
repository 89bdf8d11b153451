/** The solver against plain alpha-beta on positions with 6 and 7 pieces placed (slow: a minute or more). */
import { describe, expect, it } from 'vitest';
import type { QuartoVariant } from '../../../../src/engine/families/quarto/rules.ts';
import { solveQuarto } from '../../../../src/engine/families/quarto/solve.ts';
import { QuartoSearch } from '../../../../src/engine/families/quarto/solver.ts';
import { oracleAlphaBeta, randomPosition, rng } from './oracle.ts';

describe('quarto solver against plain alpha-beta, 6 and 7 pieces placed', () => {
  for (const variant of ['standard', 'advanced'] as QuartoVariant[]) {
    it(`${variant}: 40 positions`, () => {
      const next = rng(variant === 'standard' ? 61 : 62);
      const search = new QuartoSearch(variant, { tableBits: 18 });
      for (let i = 0; i < 40; i++) {
        const { board, hand } = randomPosition(next, 6 + (i % 2), variant);
        const expected = oracleAlphaBeta(board.slice(), hand, variant);
        const r = solveQuarto({ variant, cells: board, hand }, { search });
        const placed = board.filter((p) => p >= 0).length;
        const got =
          r.outcome === 'draw' ? 0 : (r.outcome === 'win' ? 1 : -1) * (32 - (placed + (r.plies ?? Number.NaN)));
        expect(got, `${board.join(',')}+${hand}`).toBe(expected);
      }
    });
  }
});
