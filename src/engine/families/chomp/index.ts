/**
 * Chomp (Gale 1974; Schuh's poisoned-chocolate game): an R x C bar with a poisoned square in the
 * bottom-left corner; a move takes a square and every square above it and to its right. As in
 * the literature, the player who must take the poisoned square loses; equivalently (the normal-play
 * form solved here) the poisoned square is out of play and the player who cannot move loses, so
 * the poisoned square alone is a P-position. Positions are column heights, left to right, never
 * increasing (a Young diagram); the first column holds the poisoned square. Strategy stealing shows
 * every rectangle larger than 1 x 1 is an N-position.
 */
import { InputError } from '../../errors.ts';
import { defineGame, rectangleArgs } from '../../define.ts';
import type { Family, GameAccelerators, GameNotation, GameRuleset } from '../../types.ts';
import { type ChompTableCache, chompCoreSearch, conjugateHeights } from './search.ts';

/** Column heights, left to right, non-increasing, without trailing zeros; [1] is the poisoned square alone. */
export type ChompPosition = readonly number[];

export const MAX_CHOMP_SIDE = 100;

const FORMAT =
  'column heights left to right, never increasing, e.g. "3 3 2 1" (the first column holds the poisoned square)';

export function chompRectangle(rows: number, cols: number): ChompPosition {
  if (rows > MAX_CHOMP_SIDE || cols > MAX_CHOMP_SIDE)
    throw new InputError(
      `a Chomp board of ${rows} x ${cols} is above the maximum side of ${MAX_CHOMP_SIDE}`,
      'too-large',
    );
  return new Array<number>(cols).fill(rows);
}

/** Reads column heights separated by spaces or commas; errors name the column of the text. */
export function parseChomp(text: string): ChompPosition {
  const heights: number[] = [];
  const re = /[^\s,]+/g;
  let m: RegExpExecArray | null;
  if (/\n/.test(text.trim())) throw new InputError(`line 2: a Chomp position is one line: ${FORMAT}`);
  while ((m = re.exec(text)) !== null) {
    const at = `column ${m.index + 1}`;
    if (!/^\d{1,4}$/.test(m[0]))
      throw new InputError(`line 1, ${at}: '${m[0]}' is not a column height; expected ${FORMAT}`);
    const h = Number(m[0]);
    if (h > MAX_CHOMP_SIDE)
      throw new InputError(`line 1, ${at}: height ${h} is above the maximum of ${MAX_CHOMP_SIDE}`, 'too-large');
    if (heights.length > 0 && h > heights[heights.length - 1])
      throw new InputError(
        `line 1, ${at}: height ${h} is taller than the column before it; heights never increase left to right`,
      );
    heights.push(h);
  }
  if (heights.length > MAX_CHOMP_SIDE)
    throw new InputError(`${heights.length} columns is above the maximum of ${MAX_CHOMP_SIDE}`, 'too-large');
  while (heights.length > 0 && heights[heights.length - 1] === 0) heights.pop();
  if (heights.length === 0)
    throw new InputError(
      `a Chomp position keeps the poisoned square: the first column's height is at least 1; expected ${FORMAT}`,
    );
  return heights;
}

/** Every position after taking the square in column c, row r (not the poisoned one, at column 0 row 0). */
export function* chompMoves(heights: ChompPosition): Generator<ChompPosition> {
  for (let c = 0; c < heights.length; c++) {
    for (let r = c === 0 ? 1 : 0; r < heights[c]; r++) {
      const next = heights.slice(0, c);
      for (let i = c; i < heights.length && r > 0; i++) next.push(Math.min(heights[i], r));
      yield next;
    }
  }
}

/** Canonical key: the lesser of the heights and their transpose (Chomp is symmetric about the diagonal). */
export function chompKey(heights: ChompPosition): string {
  const a = heights.join(',');
  const b = conjugateHeights(heights).join(',');
  return a < b ? a : b;
}

export function describeChompMove(from: ChompPosition, to: ChompPosition): string {
  const c = from.findIndex((h, i) => (to[i] ?? 0) < h);
  if (c < 0) return `move to ${to.join(' ')}`;
  const r = to[c] ?? 0;
  return `take the square in column ${c + 1}, row ${r + 1} (and every square above and to its right)`;
}

export type ChompRuleset = GameRuleset<ChompPosition>;

/**
 * Chomp, starting on the full rows x cols bar when both are given (then it reads positions inside
 * that bar only). Normal play goes to the table core (core.ts) for diagrams whose frame it holds;
 * the ruleset keeps the last table built, so later positions and boards reuse it.
 */
export function chomp(rows?: number, cols?: number): ChompRuleset {
  const sized = rows !== undefined && cols !== undefined;
  const tables: ChompTableCache = { table: null };
  const notation: GameNotation<ChompPosition> = {
    positionFormat: FORMAT,
    startHint: 'the size of the bar (e.g. chomp:4x5)',
    parsePosition: sized ? (text) => insideBar(parseChomp(text), rows, cols) : parseChomp,
    formatPosition: (p) => p.join(' '),
    describeMove: describeChompMove,
  };
  const accelerators: GameAccelerators<ChompPosition> = {
    fastSearch: (limits) => chompCoreSearch(chompMoves, tables, limits),
  };
  return defineGame<ChompPosition>({
    family: 'chomp',
    what: 'a game on a board',
    spec: sized ? `chomp:${rows}x${cols}` : 'chomp',
    title: sized ? `Chomp on a ${rows} x ${cols} bar` : 'Chomp',
    start: sized ? chompRectangle(rows, cols) : null,
    moves: chompMoves,
    key: chompKey,
    rectangle: chompRectangle,
    notation,
    accelerators,
  });
}

/** The position, when it lies inside the spec's bar (every position of a game on that bar does). */
function insideBar(position: ChompPosition, rows: number, cols: number): ChompPosition {
  if (position.length > cols || position[0] > rows)
    throw new InputError(
      `the position is ${position[0]} x ${position.length}, larger than the ${rows} x ${cols} bar of chomp:${rows}x${cols}; give the spec chomp for a bar of any size`,
    );
  return position;
}

export const chompFamily: Family = {
  name: 'chomp',
  help: 'chomp[:<rows>x<cols>] — Chomp: take a square and every square above and right of it; whoever must take the poisoned corner loses; positions are column heights',
  args: 'optional',
  example: { spec: 'chomp:3x3' },
  parse: rectangleArgs('chomp', chomp),
};
