import { describe, expect, it } from 'vitest';
import { parseQuartoBoard } from '../../../../src/engine/families/quarto/notation.ts';
import { playQuarto, quartoMoves, type QuartoVariant } from '../../../../src/engine/families/quarto/rules.ts';
import { solveQuarto } from '../../../../src/engine/families/quarto/solve.ts';
import { QuartoSearch } from '../../../../src/engine/families/quarto/solver.ts';
import { oracleAlphaBeta, oracleValue, randomPosition, rng } from './oracle.ts';

/** The solution on the oracle's scale: +(32 - N) for a win ending with N pieces placed, - for a loss, 0 a draw. */
function score(board: number[], outcome: string | undefined, plies: number | undefined): number {
  const placed = board.filter((p) => p >= 0).length;
  if (outcome === 'draw') return 0;
  const end = placed + (plies ?? Number.NaN);
  return outcome === 'win' ? 32 - end : -(32 - end);
}

/** Solver against oracle on `count` random positions with `placed(i)` pieces placed. */
function agree(
  variant: QuartoVariant,
  seed: number,
  count: number,
  placed: (i: number) => number,
  oracle: typeof oracleValue,
): Record<string, number> {
  const next = rng(seed);
  const search = new QuartoSearch(variant, { tableBits: 16 });
  const outcomes: Record<string, number> = { win: 0, draw: 0, loss: 0 };
  for (let i = 0; i < count; i++) {
    const { board, hand } = randomPosition(next, placed(i), variant);
    const expected = oracle(board.slice(), hand, variant);
    const r = solveQuarto({ variant, cells: board, hand }, { search });
    expect(r.proved).toBe(true);
    outcomes[r.outcome!]++;
    if (score(board, r.outcome, r.plies) !== expected)
      throw new Error(`${variant} ${board.join(',')}+${hand}: solver ${r.outcome} in ${r.plies}, oracle ${expected}`);
    // the best move keeps the value: the position after it is worth the opposite to the opponent
    const best = r.bestMoves[0];
    const step = playQuarto({ variant, cells: board, hand }, best);
    if (!step.over) {
      const after = oracle(step.position.cells.slice(), step.position.hand, variant);
      expect(0 - after).toBe(expected); // 0 - 0 is +0, as the oracle returns
    } else expect(step.won ? 32 - (board.filter((p) => p >= 0).length + 1) : 0).toBe(expected);
  }
  return outcomes;
}

describe('quarto solver against plain minimax', () => {
  for (const variant of ['standard', 'advanced'] as QuartoVariant[]) {
    it(`${variant}: 1,000 positions with 10 to 14 pieces placed (plain negamax)`, () => {
      const seen = agree(variant, 21, 1000, (i) => 10 + (i % 5), oracleValue);
      expect(seen.win).toBeGreaterThan(0);
      expect(seen.draw).toBeGreaterThan(0);
      expect(seen.loss).toBeGreaterThan(0);
    });
    it(`${variant}: 60 positions with 8 and 9 pieces placed (plain alpha-beta)`, () => {
      agree(variant, 22, 60, (i) => 8 + (i % 2), oracleAlphaBeta);
    });
  }

  it('every best move is listed when asked, each keeping the value', () => {
    const next = rng(23);
    for (let i = 0; i < 20; i++) {
      const { board, hand } = randomPosition(next, 10, 'standard');
      const position = { variant: 'standard' as const, cells: board, hand };
      const r = solveQuarto(position, { allBestMoves: true, tableBits: 16 });
      const expected = oracleValue(board.slice(), hand, 'standard');
      const best = new Set(r.bestMoves.map((m) => `${m.cell}+${m.give}`));
      for (const m of quartoMoves(position)) {
        const step = playQuarto(position, m);
        const v = step.over
          ? step.won
            ? 32 - 11
            : 0
          : -oracleValue(step.position.cells.slice(), step.position.hand, 'standard');
        // a winning placement is listed once, with nothing given
        const listed = best.has(`${m.cell}+${step.won ? -1 : m.give}`);
        expect(listed).toBe(v === expected);
      }
    }
  });

  it('reports a stopped search as unproved with a move', () => {
    const controller = new AbortController();
    controller.abort();
    const r = solveQuarto(parseQuartoBoard('0...5..a........+3'), { signal: controller.signal, tableBits: 16 });
    // the signal is read every 65,536 nodes: a search this size is stopped before it ends
    expect(r.proved).toBe(false);
    expect(r.outcome).toBeUndefined();
    expect(r.bestMoves).toHaveLength(1);
  });

  it('the game over: a line made is a loss for the player to move, a full board a draw', () => {
    const next = rng(24);
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const { board, hand } = randomPosition(next, 15, 'standard');
      const step = playQuarto({ variant: 'standard', cells: board, hand }, { cell: board.indexOf(-1), give: -1 });
      const r = solveQuarto(step.position);
      expect(r.outcome).toBe(step.won ? 'loss' : 'draw');
      seen.add(r.outcome!);
    }
    expect(seen.size).toBe(2);
  });
});
