/**
 * Cram boards: a rectangle of cells, each empty or filled, with the moves, components and
 * canonical key of Cram. Rows are bit masks (bit c: column c is empty), so a board of up to 30
 * columns is a short array of small integers.
 */
import { InputError } from '../../errors.ts';
import { popcount, reverseBits, transpose } from '../../solve/grid/shape.ts';

/** A Cram position: `rows[r]` has bit c set when the cell in row r, column c is empty. */
export interface Board {
  readonly width: number;
  readonly rows: readonly number[];
}

/**
 * Largest board accepted (far beyond what any search finishes, so only hostile input hits it): rows
 * are 32-bit masks, so at most 30 columns; rows up to MAX_BOARD_ROWS (a long strip stands upright).
 */
export const MAX_BOARD_SIDE = 30;
export const MAX_BOARD_ROWS = 256;
export const MAX_BOARD_CELLS = 400;

export const BOARD_FORMAT = "rows of '.' (empty) and '#' (filled), separated by newlines or '/'";

/**
 * The board, when it is rows x cols: a game whose spec names a size (`cram:4x5`) reads only boards of
 * that size, so a reply's title never names another board than the one analysed.
 */
export function boardOfSize(board: Board, rows: number, cols: number, spec: string, family: string): Board {
  if (board.rows.length !== rows || board.width !== cols)
    throw new InputError(
      `the board is ${board.rows.length} x ${board.width}, but ${spec} is played on a ${rows} x ${cols} board; give the spec ${family} for a board of any size`,
    );
  return board;
}

/** The empty R x C board; one wider than MAX_BOARD_SIDE columns stands on its side (the same game). */
export function emptyBoard(rows: number, cols: number): Board {
  if (cols > MAX_BOARD_SIDE && rows <= MAX_BOARD_SIDE) [rows, cols] = [cols, rows];
  checkSize(rows, cols);
  return { width: cols, rows: new Array<number>(rows).fill(cols === 0 ? 0 : 2 ** cols - 1) };
}

function checkSize(rows: number, cols: number): void {
  if (rows > MAX_BOARD_ROWS || cols > MAX_BOARD_SIDE || rows * cols > MAX_BOARD_CELLS) {
    throw new InputError(
      `a board of ${rows} x ${cols} is above the maximum (${MAX_BOARD_ROWS} rows, ${MAX_BOARD_SIDE} columns, ${MAX_BOARD_CELLS} cells)`,
      'too-large',
    );
  }
}

/** Reads board text; errors name the line (row) and column. A literal backslash-n separates rows too. */
export function parseBoard(text: string): Board {
  const lines = text
    .trim()
    .replace(/\\n/g, '\n')
    .split(/\n|\//)
    .map((l) => l.replace(/\r$/, ''));
  if (lines.length === 1 && lines[0].trim() === '') throw new InputError(`empty board; expected ${BOARD_FORMAT}`);
  const rows: number[] = [];
  let width = -1;
  lines.forEach((raw, i) => {
    const line = raw.trimEnd();
    const indent = line.length - line.trimStart().length;
    const cells = line.trimStart();
    if (cells === '') throw new InputError(`line ${i + 1}: empty row; expected ${BOARD_FORMAT}`);
    if (width < 0) width = cells.length;
    else if (cells.length !== width)
      throw new InputError(
        `line ${i + 1}, column ${indent + Math.min(cells.length, width) + 1}: rows differ in length (this row has ${cells.length} cells, the first ${width})`,
      );
    if (cells.length > MAX_BOARD_SIDE)
      throw new InputError(
        `line ${i + 1}: ${cells.length} columns is above the maximum of ${MAX_BOARD_SIDE}`,
        'too-large',
      );
    let mask = 0;
    for (let c = 0; c < cells.length; c++) {
      const ch = cells[c];
      if (ch === '.') mask |= 1 << c;
      else if (ch !== '#')
        throw new InputError(
          `line ${i + 1}, column ${indent + c + 1}: unexpected '${ch}'; expected '.' (empty) or '#' (filled)`,
        );
    }
    rows.push(mask >>> 0);
  });
  checkSize(rows.length, width);
  return { width, rows };
}

export function formatBoard(board: Board): string {
  return board.rows.map((mask) => rowText(mask, board.width)).join('/');
}

function rowText(mask: number, width: number): string {
  let s = '';
  for (let c = 0; c < width; c++) s += mask & (1 << c) ? '.' : '#';
  return s;
}

/** How many moves cramMoves makes. */
export function cramMoveCount(board: Board): number {
  return dominoCount(board.rows, board.rows.length);
}

/** The dominoes that fit in the first h rows: adjacent empty pairs in each row, and between each two rows. */
export function dominoCount(rows: readonly number[], h: number): number {
  let n = 0;
  for (let r = 0; r < h; r++) {
    n += popcount(rows[r] & (rows[r] >>> 1));
    if (r + 1 < h) n += popcount(rows[r] & rows[r + 1]);
  }
  return n;
}

/** Every board after one domino, horizontal ones first, row by row. */
export function* cramMoves(board: Board): Generator<Board> {
  const { rows, width } = board;
  for (let r = 0; r < rows.length; r++) {
    const m = rows[r];
    const pairs = m & (m >>> 1);
    for (let c = 0; c + 1 < width; c++) {
      if (pairs & (1 << c)) {
        const next = rows.slice();
        next[r] = (m & ~(3 << c)) >>> 0;
        yield { width, rows: next };
      }
    }
  }
  for (let r = 0; r + 1 < rows.length; r++) {
    const both = rows[r] & rows[r + 1];
    for (let c = 0; c < width; c++) {
      if (both & (1 << c)) {
        const next = rows.slice();
        next[r] = (rows[r] & ~(1 << c)) >>> 0;
        next[r + 1] = (rows[r + 1] & ~(1 << c)) >>> 0;
        yield { width, rows: next };
      }
    }
  }
}

/** The connected regions of empty cells that can hold a domino (single cells are dead), each trimmed to its bounding box. */
export function cramComponents(board: Board): Board[] {
  const { rows, width } = board;
  const left = rows.slice();
  const out: Board[] = [];
  for (let r = 0; r < left.length; r++) {
    while (left[r] !== 0) {
      const c = 31 - Math.clz32(left[r] & -left[r]);
      // flood fill from (r, c): sweep down then up, closing each row sideways, until nothing changes
      const region = new Array<number>(left.length).fill(0);
      region[r] = 1 << c;
      let changed = true;
      while (changed) {
        changed = false;
        for (let pass = 0; pass < 2; pass++) {
          for (let step = 0; step < left.length; step++) {
            const i = pass === 0 ? step : left.length - 1 - step;
            let grown = region[i];
            if (i > 0) grown |= region[i - 1];
            if (i + 1 < left.length) grown |= region[i + 1];
            grown &= left[i];
            if (grown === 0) continue;
            let before;
            do {
              before = grown;
              grown = (grown | (grown << 1) | (grown >>> 1)) & left[i];
            } while (grown !== before);
            if (grown !== region[i]) {
              region[i] = grown;
              changed = true;
            }
          }
        }
      }
      for (let i = 0; i < left.length; i++) left[i] &= ~region[i];
      let cells = 0;
      for (const m of region) cells += popcount(m);
      if (cells >= 2) out.push(trim({ width, rows: region }));
    }
  }
  return out;
}

/** The board cut to the bounding box of its empty cells (no empty cell: the 0 x 0 board). */
export function trim(board: Board): Board {
  let top = 0;
  let bottom = board.rows.length;
  while (top < bottom && board.rows[top] === 0) top++;
  while (bottom > top && board.rows[bottom - 1] === 0) bottom--;
  if (top === bottom) return { width: 0, rows: [] };
  let all = 0;
  for (let r = top; r < bottom; r++) all |= board.rows[r];
  const low = 31 - Math.clz32(all & -all);
  const high = 31 - Math.clz32(all);
  return { width: high - low + 1, rows: board.rows.slice(top, bottom).map((m) => m >>> low) };
}

/** Orders boards of equal height by their rows (any fixed order serves a canonical key). */
function lessRows(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** The least of a board's 4 reflections that keep its orientation: itself, mirrored, upside down, both. */
function leastReflection(rows: readonly number[], width: number): number[] {
  const h = rows.length;
  let best = rows as number[];
  const mirrored = rows.map((m) => reverseBits(m, width));
  if (lessRows(mirrored, best)) best = mirrored;
  const flipped = new Array<number>(h);
  const both = new Array<number>(h);
  for (let i = 0; i < h; i++) {
    flipped[i] = rows[h - 1 - i];
    both[i] = mirrored[h - 1 - i];
  }
  if (lessRows(flipped, best)) best = flipped;
  if (lessRows(both, best)) best = both;
  return best;
}

/** Compact text of a board: its width, then each row in one character (two beyond 15 columns). */
function encode(rows: readonly number[], width: number): string {
  if (width <= 15) return String.fromCharCode(width, ...rows);
  const codes = [width];
  for (const m of rows) codes.push(m & 0x7fff, m >>> 15);
  return String.fromCharCode(...codes);
}

function isTrimmed(board: Board): boolean {
  const { rows, width } = board;
  if (rows.length === 0 || rows[0] === 0 || rows[rows.length - 1] === 0) return false;
  let all = 0;
  for (const m of rows) all |= m;
  return (all & 1) !== 0 && (all & (1 << (width - 1))) !== 0;
}

/**
 * Canonical key: the board trimmed to its empty cells, then the least of its 8 symmetries (4
 * rotations, each mirrored; the orientation with fewer columns first), so congruent boards share one
 * table entry. Compact (one character per row) because the table hashes it on every probe.
 */
export function cramKey(board: Board): string {
  const t = isTrimmed(board) ? board : trim(board);
  const h = t.rows.length;
  const w = t.width;
  if (h === 0) return '';
  const upright = leastReflection(t.rows, w);
  // a board taller than a row mask holds has no representable transpose, nor has any board congruent to it
  if (h > MAX_BOARD_SIDE || w < h) return encode(upright, w);
  const turned = leastReflection(transpose(t.rows, h, w) as number[], h);
  if (h < w) return encode(turned, h);
  return encode(lessRows(turned, upright) ? turned : upright, w);
}

/** The move from → to in words: "horizontal domino on row 2, columns 1-2". */
export function describeCramMove(from: Board, to: Board): string {
  const cells: [number, number][] = [];
  from.rows.forEach((m, r) => {
    const gone = m & ~(to.rows[r] ?? 0);
    for (let c = 0; c < from.width; c++) if (gone & (1 << c)) cells.push([r + 1, c + 1]);
  });
  if (cells.length !== 2) return `move to ${formatBoard(to)}`;
  const [[r1, c1], [r2, c2]] = cells;
  return r1 === r2
    ? `horizontal domino on row ${r1}, columns ${c1}-${c2}`
    : `vertical domino on column ${c1}, rows ${r1}-${r2}`;
}
