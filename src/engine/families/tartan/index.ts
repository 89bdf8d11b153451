/**
 * Two-dimensional coin-turning games: the product of two coin-turning rules (Winning Ways ch. 14;
 * Conway, On Numbers and Games ch. 6). A move picks a move of the first rule along the columns and
 * one of the second down the rows and turns every coin where they cross; the bottom-right coin
 * turned goes from heads to tails. The Tartan theorem: a lone head at (row r, column c) has value
 * g_across(c) ⊗ g_down(r), the nim-product of the two rules' values, and a grid's value is the
 * nim-sum over its heads. Turning Corners is Twins × Twins, Rugs is Ruler × Ruler.
 */
import { InputError } from '../../errors.ts';
import { defineGame } from '../../define.ts';
import { nimProductSmall } from '../../kernels/nim-arithmetic.ts';
import type { Family, GameNotation, GameRuleset } from '../../types.ts';
import { parseCoins } from '../coins/row.ts';
import { type CoinRule, describeRule, parseCoinRule, turnSetCount, turnSets } from '../coins/rules.ts';
import { coinHeapRuleset, headValues } from '../coins/values.ts';

/** A grid of coins: its size and the coins showing heads as [row, column] (from 0), in reading order. */
export interface CoinGrid {
  readonly rows: number;
  readonly cols: number;
  readonly heads: readonly (readonly [number, number])[];
}

export type TartanRuleset = GameRuleset<CoinGrid> & { readonly across: CoinRule; readonly down: CoinRule };

/** Largest side of a grid. */
export const MAX_SIDE = 64;
/** Moves of lone heads summed over a grid's cells that a grid may need. */
export const GRID_WORK = 4_000_000;

const FORMAT =
  'rows of coins top to bottom separated by \'/\' or new lines, each left to right, H for heads and T for tails (or 1 and 0), e.g. "HTH/THH"; coin 1 is the leftmost';

/** Reads a grid; every row as long as the first. Errors name the line (row) and column. */
export function parseGrid(text: string, fits: (rows: number, cols: number) => void): CoinGrid {
  const lines = text
    .trim()
    .split(/\/|\r?\n/)
    .map((l) => l.trim());
  const heads: [number, number][] = [];
  let cols = -1;
  lines.forEach((line, r) => {
    const row = parseCoins(line, MAX_SIDE, `row ${r + 1}`);
    if (cols >= 0 && row.length !== cols)
      throw new InputError(`row ${r + 1} has ${row.length} coins, row 1 has ${cols}: a grid's rows are equally long`);
    cols = row.length;
    for (const c of row.heads) heads.push([r, c]);
  });
  if (lines.length > MAX_SIDE)
    throw new InputError(`${lines.length} rows is above the maximum of ${MAX_SIDE}`, 'too-large');
  fits(lines.length, cols);
  return { rows: lines.length, cols, heads };
}

export function formatGrid(grid: CoinGrid): string {
  const cells = Array.from({ length: grid.rows }, () => new Array<string>(grid.cols).fill('T'));
  for (const [r, c] of grid.heads) cells[r][c] = 'H';
  return cells.map((row) => row.join('')).join('/');
}

/** The grid's heads after turning every coin of rows × cols (a coin turned twice is not turned). */
export function turnProduct(grid: CoinGrid, rows: readonly number[], cols: readonly number[]): CoinGrid {
  const heads = new Set(grid.heads.map(([r, c]) => r * grid.cols + c));
  for (const r of rows)
    for (const c of cols) {
      const cell = r * grid.cols + c;
      if (heads.has(cell)) heads.delete(cell);
      else heads.add(cell);
    }
  return {
    rows: grid.rows,
    cols: grid.cols,
    heads: [...heads].sort((a, b) => a - b).map((cell) => [Math.floor(cell / grid.cols), cell % grid.cols] as const),
  };
}

/** Every grid after one move: a head (r, c) with a move of `down` ending at r and one of `across` ending at c. */
export function* tartanMoves(across: CoinRule, down: CoinRule, grid: CoinGrid): Generator<CoinGrid> {
  for (let k = grid.heads.length - 1; k >= 0; k--) {
    const [r, c] = grid.heads[k];
    const colSets = [...turnSets(across, c)];
    for (const rowSet of turnSets(down, r))
      for (const colSet of colSets) yield turnProduct(grid, [...rowSet, r], [...colSet, c]);
  }
}

function numbers(items: readonly number[]): string {
  const names = items.map((i) => String(i + 1));
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The coins a move turned, as rows × columns when they form a product (a move's always do). */
function describeTartanMove(from: CoinGrid, to: CoinGrid): string {
  const key = (g: CoinGrid) => new Set(g.heads.map(([r, c]) => r * from.cols + c));
  const a = key(from);
  const b = key(to);
  const turned = [...a].filter((x) => !b.has(x)).concat([...b].filter((x) => !a.has(x)));
  const rows = [...new Set(turned.map((x) => Math.floor(x / from.cols)))].sort((x, y) => x - y);
  const cols = [...new Set(turned.map((x) => x % from.cols))].sort((x, y) => x - y);
  if (turned.length === 1) return `turn the coin at row ${rows[0] + 1}, column ${cols[0] + 1}`;
  return `turn the coins at row${rows.length > 1 ? 's' : ''} ${numbers(rows)} × column${cols.length > 1 ? 's' : ''} ${numbers(cols)}`;
}

/** Work of the moves of lone heads over every cell of a rows x cols grid. */
function gridWork(across: CoinRule, down: CoinRule, rows: number, cols: number): number {
  let a = 0;
  let b = 0;
  for (let c = 0; c < cols; c++) a += turnSetCount(across, c);
  for (let r = 0; r < rows; r++) b += turnSetCount(down, r);
  return a * b;
}

/** The product game of two coin-turning rules: `across` along each row, `down` along each column. */
export function tartan(across: CoinRule, down: CoinRule, spec: string, title: string): TartanRuleset {
  const acrossValues = headValues(coinHeapRuleset(across, 'tartan', spec));
  const downValues = headValues(coinHeapRuleset(down, 'tartan', spec));
  const fits = (rows: number, cols: number) => {
    const work = gridWork(across, down, rows, cols);
    if (!(work <= GRID_WORK))
      throw new InputError(
        `a ${rows} x ${cols} grid has too many moves under ${spec} (about ${work.toPrecision(2)} moves of lone heads; at most ${GRID_WORK}); give a smaller grid`,
        'too-large',
      );
  };
  const notation: GameNotation<CoinGrid> = {
    positionFormat: FORMAT,
    parsePosition: (text) => parseGrid(text, fits),
    formatPosition: formatGrid,
    describeMove: describeTartanMove,
  };
  const game = defineGame<CoinGrid>({
    family: 'tartan',
    what: 'a two-dimensional coin-turning game on a grid of coins',
    spec,
    title,
    moves: (g) => tartanMoves(across, down, g),
    components: (g) => g.heads.map((h) => ({ rows: h[0] + 1, cols: h[1] + 1, heads: [h] })),
    key: (g) => g.heads.map(([r, c]) => `${r}.${c}`).join(' '),
    value(g) {
      let x = 0;
      for (const [r, c] of g.heads) x ^= nimProductSmall(acrossValues(c + 1)[c + 1], downValues(r + 1)[r + 1]);
      return x;
    },
    notation,
  });
  return { ...game, across, down };
}

/** Named products of the literature: name, spec, title. */
const NAMED_PRODUCTS: readonly (readonly [name: string, spec: string, title: string])[] = [
  ['turning-corners', 'tartan:twins*twins', 'Turning Corners'],
  ['rugs', 'tartan:ruler*ruler', 'Rugs'],
];

function parseTartan(args: string): TartanRuleset {
  const factors = args.split('*');
  if (factors.length !== 2)
    throw new InputError(
      `'tartan:${args}' needs two coin-turning rules joined by '*': the rule along the rows, then the rule down the columns`,
    );
  const across = parseCoinRule(factors[0]);
  const down = parseCoinRule(factors[1]);
  const spec = `tartan:${across.text}*${down.text}`;
  const named = NAMED_PRODUCTS.find(([, s]) => s === spec);
  const title = `${named ? `${named[2]}: ` : ''}${across.title ?? describeRule(across)} × ${down.title ?? describeRule(down)}, the bottom-right coin from heads to tails`;
  return tartan(across, down, spec, title);
}

export const tartanFamily: Family = {
  name: 'tartan',
  help: 'tartan:<rule>*<rule> — the product of two coin-turning rules (rows × columns): a move turns the coins where a move of each crosses, the bottom-right from heads to tails; values are nim-products (the Tartan theorem); positions are grids like HT/TH',
  args: 'required',
  aliases: NAMED_PRODUCTS.map(([name, spec]) => [name, spec] as const),
  example: { spec: 'tartan:twins*twins', board: 'HTH/THH/HHT' },
  parse: parseTartan,
};
