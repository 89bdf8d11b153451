/**
 * The WebAssembly kernel of the solver's node (kernel.as.ts) against the TypeScript core in
 * solver.ts, which it ports line for line: the same values, node counts, probes and table hits on
 * random positions of both variants, with a table reused across searches (its stored moves and
 * bounds then steer both alike) and after the generations wrap; a stop by the signal leaves it
 * usable.
 */
import { describe, expect, it } from 'vitest';
import type { QuartoVariant } from '../../../../src/engine/families/quarto/rules.ts';
import { QuartoSearch, SearchStopped } from '../../../../src/engine/families/quarto/solver.ts';
import { randomPosition, rng } from './oracle.ts';

function availOf(board: readonly number[], hand: number): number {
  let avail = 0xffff & ~(1 << hand);
  for (const p of board) if (p >= 0) avail &= ~(1 << p);
  return avail;
}

describe('quarto search: the WebAssembly kernel against the TypeScript core', () => {
  it('runs the kernel by default where WebAssembly exists', () => {
    expect(new QuartoSearch('standard', { tableBits: 4 }).core).toBe('wasm');
    expect(new QuartoSearch('standard', { tableBits: 4, core: 'typescript' }).core).toBe('typescript');
  });

  for (const variant of ['standard', 'advanced'] as QuartoVariant[]) {
    it(`${variant}: 300 positions with 6 to 12 pieces placed, same values and counters`, () => {
      const next = rng(variant === 'standard' ? 91 : 92);
      const options = { tableBits: 14, tableMinEmpty: 5 };
      const kernel = new QuartoSearch(variant, { ...options, core: 'wasm' });
      const core = new QuartoSearch(variant, { ...options, core: 'typescript' });
      const seen = new Set<number>();
      let hits = 0;
      for (let i = 0; i < 300; i++) {
        const placed = i % 30 === 0 ? 6 : 7 + (i % 6);
        const { board, hand } = randomPosition(next, placed, variant);
        const avail = availOf(board, hand);
        const [alpha, beta] = i % 3 === 0 ? [-1, 1] : [-64, 64];
        // the table and history kept across searches half of the time
        if (i % 2 === 0) {
          kernel.clear();
          core.clear();
        }
        kernel.setBoard(board);
        core.setBoard(board);
        const a = kernel.search(hand, avail, alpha, beta);
        const b = core.search(hand, avail, alpha, beta);
        const where = `${board.join(',')}+${hand} in (${alpha}, ${beta})`;
        // + 0: a negated draw is -0 in the TypeScript core, 0 in the kernel's integers
        expect(a, where).toBe(b + 0);
        expect([kernel.nodes, kernel.tableProbes, kernel.tableHits], where).toEqual([
          core.nodes,
          core.tableProbes,
          core.tableHits,
        ]);
        seen.add(Math.sign(a));
        hits += kernel.tableHits;
      }
      expect(seen.size).toBe(3);
      expect(hits).toBeGreaterThan(0);
    });
  }

  it('keeps its values across many clears (the table generations wrap at 128)', () => {
    const next = rng(93);
    const kernel = new QuartoSearch('standard', { tableBits: 6, tableMinEmpty: 5, core: 'wasm' });
    const core = new QuartoSearch('standard', { tableBits: 6, tableMinEmpty: 5, core: 'typescript' });
    for (let i = 0; i < 300; i++) {
      const { board, hand } = randomPosition(next, 9, 'standard');
      const avail = availOf(board, hand);
      kernel.clear();
      core.clear();
      kernel.setBoard(board);
      core.setBoard(board);
      expect(kernel.search(hand, avail, -64, 64)).toBe(core.search(hand, avail, -64, 64) + 0);
      expect(kernel.nodes).toBe(core.nodes);
    }
  });

  it('stops on an aborted signal and searches again afterwards', () => {
    const next = rng(94);
    const { board, hand } = randomPosition(next, 4, 'standard');
    const avail = availOf(board, hand);
    const kernel = new QuartoSearch('standard', { tableBits: 12, core: 'wasm' });
    const controller = new AbortController();
    controller.abort();
    kernel.setLimits(undefined, controller.signal);
    kernel.setBoard(board);
    expect(() => kernel.search(hand, avail, -1, 1)).toThrow(SearchStopped);
    expect(kernel.nodes).toBeGreaterThanOrEqual(65536);
    // the board is whole again: a later search of a small position agrees with the TypeScript core
    kernel.setLimits(undefined, undefined);
    const small = randomPosition(next, 10, 'standard');
    const core = new QuartoSearch('standard', { tableBits: 12, core: 'typescript' });
    kernel.clear();
    kernel.setBoard(small.board);
    core.setBoard(small.board);
    const smallAvail = availOf(small.board, small.hand);
    expect(kernel.search(small.hand, smallAvail, -64, 64)).toBe(core.search(small.hand, smallAvail, -64, 64) + 0);
  });

  it('refuses a table size outside 2^1 to 2^27 entries', () => {
    expect(() => new QuartoSearch('standard', { tableBits: 40 })).toThrow(/tableBits/);
  });
});
