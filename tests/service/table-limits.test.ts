/**
 * The largest boards of a family's tables (GameRuleset.rectangleLimit), checked on the whole ranges
 * before any board is searched: Node Kayles takes 3 x 31..128 strips (the grid core's box), Cram and
 * the families that state no limit stop at sides of 30; a queued board is checked the same way.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';
import { checkTableBoard, tableRanges } from '../../src/service/games.ts';
import { checkOperation, readRequest } from '../../src/service/operation-table.ts';

const check = (game: string, rows: string, cols: string) =>
  checkOperation('table', readRequest('table', { game, rows, cols }), ENGINE_ENV);
const ruleset = (spec: string) => parseRuleset(spec) as GameRuleset;

describe('the largest boards of a table', () => {
  it("Node Kayles: strips past 30 columns up to the grid core's 128, and graphs of at most 256 vertices", () => {
    expect(() => check('node-kayles', '3', '31..40')).not.toThrow();
    expect(() => check('node-kayles', '2', '128')).not.toThrow();
    expect(() => check('node-kayles', '31..40', '1..3')).not.toThrow();
    expect(tableRanges(ruleset('node-kayles'), '3', '31..40')).toEqual({
      rows: { from: 3, to: 3 },
      cols: { from: 31, to: 40 },
    });
    const limit = 'one side up to 30, the other up to 128 and at most 256 cells';
    const cases: [string, string, string][] = [
      ['3', '129', '3 x 129'],
      ['1..3', '120..129', '3 x 129'],
      ['31', '31', '31 x 31'],
      ['3', '86', '3 x 86'],
    ];
    for (const [rows, cols, board] of cases) {
      const refusal = `a table of node-kayles takes boards with ${limit}: ${board} is beyond that`;
      expect(() => check('node-kayles', rows, cols), `${rows} x ${cols}`).toThrow(refusal);
      try {
        check('node-kayles', rows, cols);
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        expect((e as InputError).kind).toBe('too-large');
        expect((e as Error).message).toBe(refusal);
      }
    }
  });

  it("Cram: sides up to 30 and its board's 400 cells, so 21 x 20 is refused before 21 x 19 is searched", () => {
    expect(() => check('cram', '30', '1..13')).not.toThrow();
    expect(() => check('cram', '3', '31')).toThrow(
      /^a table of cram takes boards with sides up to 30 and at most 400 cells: 3 x 31 is beyond that$/,
    );
    expect(() => check('cram', '21', '19..20')).toThrow(/: 21 x 20 is beyond that$/);
  });

  it('a family that states no limit keeps sides up to 30, each range with its own message', () => {
    expect(() => check('chomp', '30', '30')).not.toThrow();
    expect(() => check('chomp', '1..31', '3')).toThrow(/^rows: 31 is above the maximum side of 30$/);
    expect(() => check('chomp', '3', '31')).toThrow(/^cols: 31 is above the maximum side of 30$/);
  });

  it("Arc Kayles: the grid core's sides within the graphs' 256 vertices; tromino Cram: Cram's boards", () => {
    expect(() => check('arc-kayles', '16', '1..16')).not.toThrow();
    expect(() => check('arc-kayles', '16', '16..17')).toThrow(
      /^a table of arc-kayles takes boards with sides up to 30 and at most 256 cells: 16 x 17 is beyond that$/,
    );
    expect(() => check('arc-kayles', '3', '31')).toThrow(/: 3 x 31 is beyond that$/);
    expect(() => check('tromino-cram', '20', '20')).not.toThrow();
    expect(() => check('tromino-cram', '21', '19..20')).toThrow(
      /^a table of tromino-cram takes boards with sides up to 30 and at most 400 cells: 21 x 20 is beyond that$/,
    );
  });

  it('a queued board is checked as a table is', () => {
    const job = (game: string, rows: number, cols: number) =>
      readRequest('table-board', { game, rows, cols, cellMs: 1000, certify: false });
    expect(() => checkOperation('table-board', job('node-kayles', 3, 31), ENGINE_ENV)).not.toThrow();
    expect(() => checkOperation('table-board', job('node-kayles', 3, 129), ENGINE_ENV)).toThrow(/3 x 129 is beyond/);
    expect(() => checkOperation('table-board', job('chomp', 31, 2), ENGINE_ENV)).toThrow(/rows: 31 is above/);
    expect(() => checkTableBoard(ruleset('cram'), 20, 20)).not.toThrow();
  });
});
