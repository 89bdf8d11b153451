/**
 * The page's views of the families (src/views/): which rulesets are drawn as a grid or an outline,
 * the size of the grid their spec names, clicks turned into moves, and Sprouts' schematic.
 */
import { describe, expect, it } from 'vitest';
import { chomp } from '../../src/engine/families/chomp/index.ts';
import { cram, formatBoard, parseBoard } from '../../src/engine/families/cram/index.ts';
import { FAMILIES } from '../../src/engine/registry.ts';
import { parseGameSpec, parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { VIEWS, viewOf } from '../../src/views/registry.ts';

/** The position a spec names, or the one given. */
const positionOf = (ruleset: GameRuleset, text?: string) =>
  text === undefined ? ruleset.start : ruleset.notation.parsePosition(text);

describe('viewOf', () => {
  it.each([
    ['cram:2x3', undefined, 2, 3],
    ['chomp:3x4', undefined, 3, 4],
    // no bar in the spec: the frame is the position's own
    ['chomp', '2 1', 2, 2],
    ['node-kayles:grid:2x3', undefined, 2, 3],
    ['arc-kayles:grid:3x2', undefined, 3, 2],
    ['tromino-cram:3x4', undefined, 3, 4],
    ['coins:mock-turtles', 'THHTH', 1, 5],
    ['tartan:twins*twins', 'HTH/THH', 2, 3],
  ])('%s %s: a grid of %i x %i cells, no outline', (spec, text, rows, cols) => {
    const ruleset = parseGameSpec(spec);
    const view = viewOf(ruleset);
    expect(view.grid?.size(positionOf(ruleset, text))).toEqual({ rows, cols });
    expect(view.outline).toBeUndefined();
  });

  it('a ruleset whose family has no view, or whose start has no grid, is drawn as its text: {}', () => {
    const withView = new Set(VIEWS.map((v) => v.family));
    const others = FAMILIES.filter((f) => !withView.has(f))
      .map((f) => parseRuleset(f.example.spec))
      .filter((r): r is GameRuleset => r.kind === 'game');
    expect(others.length).toBeGreaterThan(0);
    for (const ruleset of others) expect(viewOf(ruleset), ruleset.spec).toEqual({});
    expect(viewOf(parseGameSpec('arc-kayles:cycle:5'))).toEqual({});
    expect(viewOf(parseGameSpec('node-kayles'))).toEqual({});
  });

  it("the graph games' grid follows the spec's grid graph (vertex r * cols + c)", () => {
    const ruleset = parseGameSpec('node-kayles:grid:2x3');
    const grid = viewOf(ruleset).grid!;
    const after = grid.pick(ruleset.start, [[1, 2]]);
    // vertex 5 goes with its neighbours 2 and 4
    expect(ruleset.notation.formatPosition(after)).toBe('0-1 0-3');
    expect(grid.cell(after, 1, 1)).toBe('taken');
    expect(grid.cell(after, 0, 1)).toBe('free');
  });
});

describe('sprouts: an outline, no grid', () => {
  it('a box per region with its land, a row per boundary, spots numbered in writing order', () => {
    const ruleset = parseGameSpec('sprouts');
    const view = viewOf(ruleset);
    expect(view.grid).toBeUndefined();
    expect(view.outline!(ruleset.notation.parsePosition('{AB}{AB.3}{2}'))).toEqual([
      { label: 'region 1 (land 1)', rows: [{ label: 'boundary 1', items: ['1: A', '2: B'] }] },
      {
        label: 'region 2 (land 1)',
        rows: [
          { label: 'boundary 1', items: ['3: A', '4: B'] },
          { label: 'boundary 2', items: ['5: 3'] },
        ],
      },
      { label: 'region 3 (land 2)', rows: [{ label: 'boundary 1', items: ['6: 2'] }] },
    ]);
  });

  it('one land: no land in the labels', () => {
    const ruleset = parseGameSpec('sprouts:2');
    expect(viewOf(ruleset).outline!(ruleset.start)).toEqual([
      {
        label: 'region 1',
        rows: [
          { label: 'boundary 1', items: ['1: 3'] },
          { label: 'boundary 2', items: ['2: 3'] },
        ],
      },
    ]);
  });
});

describe('grid views: clicks become moves', () => {
  it('cram: two adjacent empty cells make a domino; anything else is no move', () => {
    const view = viewOf(cram()).grid!;
    const b = parseBoard('..#/...');
    expect(view.pick(b, [[0, 0]])).toBe('more');
    expect(
      formatBoard(
        view.pick(b, [
          [0, 0],
          [1, 0],
        ]) as never,
      ),
    ).toBe('#.#/#..');
    expect(
      view.pick(b, [
        [0, 0],
        [1, 1],
      ]),
    ).toBeNull();
    expect(view.pick(b, [[0, 2]])).toBeNull();
    expect(view.cell(b, 0, 2)).toBe('taken');
  });

  it('chomp: the poisoned square (bottom left) is fixed; a click takes everything above and right', () => {
    const ruleset = chomp(3, 3);
    const view = viewOf(ruleset).grid!;
    expect(view.cell([3, 3, 3], 2, 0)).toBe('fixed');
    expect(view.pick([3, 3, 3], [[2, 0]])).toBeNull();
    expect(view.pick([3, 3, 3], [[1, 1]])).toEqual([3, 1, 1]);
    expect(view.pick([3, 3, 3], [[2, 1]])).toEqual([3]);
  });

  it('node-kayles: grid graphs are drawn; other graphs are not', () => {
    const grid = parseGameSpec('node-kayles:grid:2x2');
    const after = viewOf(grid).grid!.pick(grid.start, [[0, 0]]);
    expect(grid.notation.formatPosition(after)).toBe('3');
    expect(viewOf(parseGameSpec('node-kayles:path:4'))).toEqual({});
  });
});
