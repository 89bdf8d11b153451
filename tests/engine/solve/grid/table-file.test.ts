/**
 * The grid core's table as words and back (table-file.ts): a round trip keeps every fact, a search
 * stopped part-way and resumed from its saved table finds the published value with fewer positions,
 * and every kind of damaged or foreign file is refused in one line naming it.
 */
import { describe, expect, it } from 'vitest';
import { cram } from '../../../../src/engine/families/cram/index.ts';
import { cramGridRules } from '../../../../src/engine/families/cram/grid.ts';
import { nodeKaylesGridRules } from '../../../../src/engine/families/node-kayles/grid.ts';
import { InputError } from '../../../../src/engine/errors.ts';
import { checksum } from '../../../../src/engine/solve/grid/endgame.ts';
import { type GridRules, GridSolver } from '../../../../src/engine/solve/grid/search.ts';
import { loadTableWords, tableToWords } from '../../../../src/engine/solve/grid/table-file.ts';
import { type GridTable, NimberTable } from '../../../../src/engine/solve/grid/table.ts';
import { GameSolver, SearchStopped } from '../../../../src/engine/solve/search/solver.ts';
import { abortAfter } from '../../../helpers/abort-after.ts';

/** Every entry of a table, as text, sorted. */
function entriesOf(table: GridTable): string[] {
  const out: string[] = [];
  table.forEachEntry((...words) => out.push(words.join(',')));
  return out.sort();
}

const full = (rows: number, cols: number) => new Array<number>(rows).fill(2 ** cols - 1);

let saved: { table: GridTable; words: Int32Array } | undefined;

/** The table of a search of Cram 4 x 7 (value 3), and its words (searched once; callers change copies only). */
function savedCram(): { table: GridTable; words: Int32Array } {
  if (saved) return saved;
  const solver = new GridSolver(cramGridRules, { tableBits: 14 });
  expect(solver.grundy(full(4, 7))).toBe(3);
  saved = { table: solver.table, words: tableToWords(solver.table, cramGridRules) };
  return saved;
}

/** The InputError loading `words` raises (and that it is one line naming the file). */
function refusal(words: Int32Array, rules: GridRules = cramGridRules): string {
  try {
    loadTableWords(words, rules, new NimberTable(14), 'saved.tbl');
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const message = (e as Error).message;
    expect(message).toContain('saved.tbl');
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('the words were loaded');
}

describe('the grid core table in a file', () => {
  it('round trip: every entry (nimbers, bounds, not-value masks) comes back, in a table of the same size', () => {
    const { table, words } = savedCram();
    expect(table.size).toBeGreaterThan(1000);
    const back = new NimberTable(14);
    expect(loadTableWords(words, cramGridRules, back, 'saved.tbl')).toBe(table.size);
    expect(back.size).toBe(table.size);
    expect(entriesOf(back)).toEqual(entriesOf(table));
    // a bound or not-value entry is among them (the Beling–Rogalski questions leave such facts)
    expect(entriesOf(table).some((e) => Number(e.split(',')[5]) >= 256)).toBe(true);
  });

  it('a table of another size takes the facts: a larger one all of them, a smaller one as many as fit', () => {
    const { table, words } = savedCram();
    const larger = new NimberTable(16);
    loadTableWords(words, cramGridRules, larger, 'saved.tbl');
    expect(entriesOf(larger)).toEqual(entriesOf(table));
    const smaller = new NimberTable(8);
    loadTableWords(words, cramGridRules, smaller, 'saved.tbl');
    expect(smaller.size).toBe(smaller.capacity);
    const facts = new Set(entriesOf(table));
    for (const e of entriesOf(smaller)) expect(facts.has(e), e).toBe(true);
  });

  // [game, rows, cols, value (-1: the general solver's), where the value comes from]
  const boards: [string, number, number, number, string][] = [
    ['cram', 4, 7, 3, 'Beling & Rogalski 2020, Cram table'],
    ['cram', 3, 9, -1, 'the general solver'],
    ['node-kayles', 3, 12, 5, 'OEIS A316632'],
    ['node-kayles', 3, 14, 4, 'OEIS A316632'],
    ['node-kayles', 3, 16, 3, 'OEIS A316632'],
  ];
  it.each(boards)(
    'a stopped search resumed from its saved table: %s %i x %i, the same value with fewer positions',
    (game, r, c, published) => {
      const rules = game === 'cram' ? cramGridRules : nodeKaylesGridRules;
      const expected = published >= 0 ? published : new GameSolver(cram()).grundy({ width: c, rows: full(r, c) });
      const fresh = new GridSolver(rules, { tableBits: 16 });
      expect(fresh.grundy(full(r, c))).toBe(expected);
      // stopped about half-way (the core looks at its signal every 1,024 positions)
      const stopped = new GridSolver(rules, {
        tableBits: 16,
        signal: abortAfter(Math.max(0, Math.floor(fresh.stats.nodes / 2048) - 1)),
      });
      expect(() => stopped.grundy(full(r, c))).toThrow(SearchStopped);
      const words = tableToWords(stopped.table, rules);
      const resumed = new GridSolver(rules, { tableBits: 16 });
      expect(loadTableWords(words, rules, resumed.table, 'saved.tbl')).toBe(stopped.table.size);
      expect(resumed.grundy(full(r, c))).toBe(expected);
      expect(resumed.stats.nodes).toBeLessThan(fresh.stats.nodes);
    },
  );

  it('refuses a file of another game, naming both games', () => {
    expect(refusal(savedCram().words, nodeKaylesGridRules)).toMatch(/holds facts of 'cram', not of 'node-kayles'/);
  });

  it('refuses a truncated file, a cut inside a word too, and one with bytes past its end', () => {
    const { words } = savedCram();
    expect(refusal(words.subarray(0, words.length - 6))).toMatch(/damaged \(truncated: .* of .* entries\)/);
    expect(refusal(words.subarray(0, 5))).toMatch(/not a search table|damaged/);
    expect(refusal(new Int32Array([...words, 0]))).toMatch(/damaged \(wrong length\)/);
    expect(refusal(new Int32Array(0))).toMatch(/is not a search table of nimber/);
  });

  it('refuses a flipped bit anywhere in the body (checksum), another format, another version of the keys', () => {
    const { words } = savedCram();
    for (const at of [8, 20, words.length - 1]) {
      const bad = words.slice();
      bad[at] ^= 1 << 7;
      expect(refusal(bad)).toMatch(/damaged \(checksum mismatch\)/);
    }
    const magic = words.slice();
    magic[0] = 0x12345678;
    expect(refusal(magic)).toMatch(/is not a search table of nimber/);
    const version = words.slice();
    version[1] = 2;
    expect(refusal(version)).toMatch(/another format \(version 2\)/);
    const keys = words.slice();
    keys[3] ^= 1;
    expect(refusal(keys)).toMatch(/other shape keys/);
  });

  it('re-checks every entry: a key that is not a canonical shape, or a value out of range, is refused even with a good checksum', () => {
    const { words } = savedCram();
    const body = words.length - 6 * words[5];
    const resealed = (change: (w: Int32Array) => void) => {
      const bad = words.slice();
      change(bad);
      bad[6] = checksum(bad, 8);
      return bad;
    };
    // a stray bit beyond the shape's cells
    expect(refusal(resealed((w) => (w[body + 2] |= 1 << 30)))).toMatch(
      /damaged \(entry 1 is not a fact the search keeps\)/,
    );
    // a cell count that disagrees with the key
    expect(refusal(resealed((w) => (w[body + 3] += 1 << 10)))).toMatch(/entry 1 /);
    // a nimber beyond any value, and an exact value with a not-value mask
    expect(refusal(resealed((w) => (w[body + 6 + 4] = 1000)))).toMatch(/entry 2 /);
    expect(
      refusal(
        resealed((w) => {
          w[body + 4] = 1;
          w[body + 5] = 2;
        }),
      ),
    ).toMatch(/entry 1 /);
    // the same key turned: h > w is never canonical
    expect(
      refusal(
        resealed((w) => {
          const dims = w[body + 3] & 1023;
          w[body + 3] = (w[body + 3] & ~1023) | (dims >>> 5) | ((dims & 31) << 5);
        }),
      ),
    ).toMatch(/entry 1 /);
  });
});
