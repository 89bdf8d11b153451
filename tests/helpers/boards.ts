/** Random Cram boards for the grid core's property tests: up to 5 x 6 cells, each cell filled at random. */
import fc from 'fast-check';
import type { Board } from '../../src/engine/families/cram/index.ts';

export const randomBoards: fc.Arbitrary<Board> = fc
  .tuple(
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 1, max: 6 }),
    fc.array(fc.integer({ min: 0, max: 63 }), { minLength: 5, maxLength: 5 }),
  )
  .map(([h, w, masks]): Board => ({ width: w, rows: masks.slice(0, h).map((m) => m & ((1 << w) - 1)) }));
