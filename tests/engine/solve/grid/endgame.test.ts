/**
 * The grid core's endgame database: the shapes it holds against the count of free polyominoes
 * (OEIS A000105), its values against the core without it and the general solver, searches with it
 * against searches without it, and damaged words refused with one line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { EndgameCache } from '../../../../src/adapters/endgame-cache.ts';
import { type Board, cram, formatBoard } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { nodeKaylesGridRules } from '../../../../src/engine/families/node-kayles/grid.ts';
import { EndgameDb, buildEndgame, connectedShapes, endgameFrom } from '../../../../src/engine/solve/grid/endgame.ts';
import { type GridRules, GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { randomBoards as boards } from '../../../helpers/boards.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function database(rules: GridRules, maxCells: number): { db: EndgameDb; words: Int32Array } {
  const builder = new GridSolver(rules, { tableBits: 16 });
  const words = buildEndgame(maxCells, (s) => builder.nimber(s), rules);
  return { db: new EndgameDb(words, 'test'), words };
}

describe('the endgame database', () => {
  it('holds one shape per free polyomino: 1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655 of 1..10 cells (OEIS A000105)', () => {
    const counts = new Array<number>(11).fill(0);
    for (const s of connectedShapes(1, 10)) counts[s.cells]++;
    expect(counts.slice(1)).toEqual([1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655]);
    expect(connectedShapes(2, 4).map((s) => s.cells)).toEqual([2, 3, 3, 4, 4, 4, 4, 4]);
  });

  it("Cram values agree with the general solver's on every shape of up to 8 cells", () => {
    const { db } = database(cramGridRules, 8);
    const general = new GameSolver(cram());
    const shapes = connectedShapes(2, 8);
    expect(db.size).toBe(shapes.length);
    for (const s of shapes) {
      const board: Board = { width: s.w, rows: s.rows.slice() };
      expect(db.get(s), formatBoard(board)).toBe(general.grundy(board));
    }
  });

  it('searches with it agree with searches without it on random Cram boards and Node Kayles subgrids', () => {
    const cramDb = database(cramGridRules, 9).db;
    const kaylesDb = database(nodeKaylesGridRules, 9).db;
    fc.assert(
      fc.property(boards, (board) => {
        for (const [rules, db] of [
          [cramGridRules, cramDb],
          [nodeKaylesGridRules, kaylesDb],
        ] as const) {
          const plain = new GridSolver(rules, { tableBits: 12 }).grundy(board.rows);
          const withDb = new GridSolver(rules, { tableBits: 12, database: db });
          expect(withDb.grundy(board.rows), formatBoard(board)).toBe(plain);
          for (const k of [0, 1, 2]) expect(withDb.hasValue(board.rows, k)).toBe(k === plain);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('damaged words are refused with one line naming the source, never read as values', () => {
    const { words } = database(cramGridRules, 6);
    const flipped = words.slice();
    flipped[words.length - 1] ^= 1 << 16; // one entry's nimber
    expect(() => new EndgameDb(flipped, 'db.edb')).toThrow(
      /^the endgame database db\.edb is damaged \(checksum mismatch\): delete it$/,
    );
    expect(() => new EndgameDb(words.subarray(0, words.length - 1), 'db.edb')).toThrow(/\(wrong length\)/);
    expect(() => new EndgameDb(new Int32Array([1, 2, 3]), 'db.edb')).toThrow(/\(not an endgame database\)/);
  });

  it('is built once, kept in the cache directory, read back, and a damaged file is an error naming it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-endgame-'));
    dirs.push(dir);
    let built = 0;
    const value = (s: Parameters<GridSolver['nimber']>[0]) => {
      built++;
      return new GridSolver(cramGridRules, { tableBits: 12 }).nimber(s);
    };
    const first = endgameFrom(new EndgameCache(dir), cramGridRules, value, 7);
    expect(built).toBe(first.size);
    const again = endgameFrom(new EndgameCache(dir), cramGridRules, value, 7);
    expect(built).toBe(first.size);
    for (const s of connectedShapes(2, 7)) expect(again.get(s)).toBe(first.get(s));
    const file = new EndgameCache(dir).describe('cram-7');
    const bytes = readFileSync(file);
    bytes[bytes.length - 2] ^= 1;
    writeFileSync(file, bytes);
    expect(() => endgameFrom(new EndgameCache(dir), cramGridRules, value, 7)).toThrow(
      new RegExp(`^the endgame database ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged`),
    );
    writeFileSync(file, bytes.subarray(0, bytes.length - 3));
    expect(() => endgameFrom(new EndgameCache(dir), cramGridRules, value, 7)).toThrow(/wrong length/);
  });
});
