/** Numbers typed into the page, parsed by the CLI's own parser (parseNatural) and worded as the API words input errors. */
import { InputError, parseNatural } from '../../src/engine/errors.ts';
import { inputErrorText } from './local.ts';

/** A non-negative integer from `text`; an Error in the page's words ("Invalid input: … must be a non-negative integer, got 'x'."). */
export function naturalField(text: string, what: string, max?: number): number {
  try {
    return parseNatural(text, what, max);
  } catch (e) {
    if (e instanceof InputError) throw new Error(inputErrorText(e));
    throw e;
  }
}

/** Heap sizes separated by spaces or commas, each parsed as `heap i` (the CLI's names and messages). */
export function heapsField(text: string, what = 'heap'): number[] {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) throw new Error(inputErrorText(new InputError(`give at least one ${what} size`)));
  return words.map((w, i) => naturalField(w, `${what} ${i + 1}`));
}
