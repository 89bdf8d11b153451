/** Rows of coins: reading and writing "THHTH", and the coins a move turned, in words. */
import { InputError } from '../../errors.ts';

/** A row of coins: its length and the coins showing heads (indices from 0, ascending). */
export interface CoinRow {
  readonly length: number;
  readonly heads: readonly number[];
}

export const ROW_FORMAT =
  'a row of coins, left to right, H for heads and T for tails (or 1 and 0), e.g. "THHTH"; coin 1 is the leftmost';

/** Reads one row of coins (spaces and commas between coins are allowed); errors name the column. */
export function parseCoins(text: string, maxLength: number, where = 'line 1'): CoinRow {
  const heads: number[] = [];
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (/[\s,]/.test(ch)) continue;
    if (ch === 'H' || ch === 'h' || ch === '1') heads.push(length);
    else if (!(ch === 'T' || ch === 't' || ch === '0'))
      throw new InputError(`${where}, column ${i + 1}: '${ch}' is not a coin; expected ${ROW_FORMAT}`);
    length++;
  }
  if (length === 0) throw new InputError(`${where}: no coins; expected ${ROW_FORMAT}`);
  if (length > maxLength)
    throw new InputError(
      `${where}: ${length} coins is above this rule's maximum of ${maxLength} (the moves of a longer row are too many to search)`,
      'too-large',
    );
  return { length, heads };
}

export function formatCoins(row: CoinRow): string {
  const coins = new Array<string>(row.length).fill('T');
  for (const h of row.heads) coins[h] = 'H';
  return coins.join('');
}

/** The heads after turning `turned` over (a coin turned twice is not turned). */
export function turnOver(heads: readonly number[], turned: readonly number[]): number[] {
  const after = new Set(heads);
  for (const i of turned) {
    if (after.has(i)) after.delete(i);
    else after.add(i);
  }
  return [...after].sort((a, b) => a - b);
}

/** The coins whose faces differ between two rows, ascending. */
export function turnedCoins(from: readonly number[], to: readonly number[]): number[] {
  return turnOver(from, to);
}

/** "coin 5", "coins 3 and 7", "coins 2, 3 and 7". */
export function listCoins(names: readonly string[]): string {
  if (names.length === 1) return `coin ${names[0]}`;
  return `coins ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
