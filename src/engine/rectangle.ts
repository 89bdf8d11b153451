/** Board sizes in specs: `RxC`. */
import { InputError } from './errors.ts';

/** Reads `RxC` (e.g. 4x5) into [rows, cols]; `what` names the game in the message. */
export function parseRectangle(text: string, what: string): [number, number] {
  const m = /^\s*(\d{1,4})\s*[xX×]\s*(\d{1,4})\s*$/.exec(text);
  if (!m) throw new InputError(`${what} takes a board size <rows>x<cols>, e.g. ${what}:4x5, got '${text.trim()}'`);
  const rows = Number(m[1]);
  const cols = Number(m[2]);
  if (rows < 1 || cols < 1)
    throw new InputError(`${what}: a board needs at least 1 row and 1 column, got ${rows}x${cols}`);
  return [rows, cols];
}
