/**
 * The solver's core (mask tables, packed table, the last placement's shortcut) against the
 * line-by-line reference core it replaced: the same values on random positions, both variants, with
 * the full window and the win/draw/loss window, and after the table's generations wrap.
 */
import { describe, expect, it } from 'vitest';
import type { QuartoVariant } from '../../../../src/engine/families/quarto/rules.ts';
import { QuartoSearch } from '../../../../src/engine/families/quarto/solver.ts';
import { QuartoSearchReference } from '../../../../src/engine/families/quarto/solver-reference.ts';
import { randomPosition, rng } from './oracle.ts';

function availOf(board: readonly number[], hand: number): number {
  let avail = 0xffff & ~(1 << hand);
  for (const p of board) if (p >= 0) avail &= ~(1 << p);
  return avail;
}

describe('quarto search core against the reference core', () => {
  for (const variant of ['standard', 'advanced'] as QuartoVariant[]) {
    it(`${variant}: 600 positions with 7 to 14 pieces placed, two windows`, () => {
      const next = rng(variant === 'standard' ? 71 : 72);
      // the table probed from 4 empty cells (the default, 8, would leave it out of most of these)
      const fast = new QuartoSearch(variant, { tableBits: 12, tableMinEmpty: 4 });
      const reference = new QuartoSearchReference(variant, { tableBits: 12, tableMinEmpty: 4 });
      const seen = new Set<number>();
      for (let i = 0; i < 600; i++) {
        const placed = i % 10 === 0 ? 7 : 8 + (i % 7);
        const { board, hand } = randomPosition(next, placed, variant);
        const avail = availOf(board, hand);
        for (const [alpha, beta] of [
          [-64, 64],
          [-1, 1],
        ]) {
          // a fresh table each time for one of the two, a shared one for the other
          if (i % 2 === 0) fast.clear();
          reference.clear();
          fast.setBoard(board);
          reference.setBoard(board);
          const a = fast.search(hand, avail, alpha, beta);
          const b = reference.search(hand, avail, alpha, beta);
          // outside the window a value is a bound (fail-soft), which the table's state may move: clamp
          // it; + 0 as a negated draw is -0 in either core
          const clamp = (v: number) => Math.max(alpha, Math.min(beta, v)) + 0;
          expect(clamp(a), `${board.join(',')}+${hand} in (${alpha}, ${beta})`).toBe(clamp(b));
          seen.add(Math.sign(a));
        }
      }
      expect(seen.size).toBe(3);
    });
  }

  it('keeps its values across many clears (the table generations wrap at 128)', () => {
    const next = rng(73);
    const fast = new QuartoSearch('standard', { tableBits: 8, tableMinEmpty: 5 });
    const reference = new QuartoSearchReference('standard', { tableBits: 8, tableMinEmpty: 5 });
    for (let i = 0; i < 300; i++) {
      const { board, hand } = randomPosition(next, 9, 'standard');
      const avail = availOf(board, hand);
      fast.clear();
      reference.clear();
      fast.setBoard(board);
      reference.setBoard(board);
      expect(fast.search(hand, avail, -64, 64) + 0).toBe(reference.search(hand, avail, -64, 64) + 0);
    }
  });
});
