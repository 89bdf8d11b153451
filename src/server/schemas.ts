/** How a JSON body is read before its operation's schema sees it: HTTP concerns only (the schemas are the service's). */
import type { z } from 'zod';

export { MAX_INPUT_CHARS, MAX_LIST, MAX_SPEC_CHARS } from '../service/request-schemas.ts';

/** Deepest nesting of arrays and objects in a JSON body. */
export const MAX_JSON_DEPTH = 64;
/** Most issues named in one error message; the rest are counted. */
const MAX_ISSUES_NAMED = 5;

/** A failed parse as the status code and one line naming its first problems, e.g. "heaps.2: expected a non-negative integer". */
export function describeIssues(error: z.ZodError): { status: 413 | 422; message: string } {
  // A size beyond a documented maximum is 413 (the API's table of limits); anything else invalid is 422.
  const status = error.issues.some((i) => i.code === 'too_big') ? 413 : 422;
  const named = error.issues
    .slice(0, MAX_ISSUES_NAMED)
    .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ` : '') + i.message);
  const more = error.issues.length - named.length;
  return { status, message: named.join('; ') + (more > 0 ? `; and ${more} more` : '') };
}

/**
 * What a scan of JSON text finds wrong before JSON.parse builds it: nesting deeper than `maxDepth`
 * ('deep': a 1 MiB body nested 500,000 deep held about 200 MB once parsed), an array of more than
 * `maxItems` elements ('long': no field of a body takes more, and 100,000 elements cost their parse),
 * or a number JSON.parse would round to an integer it does not say ('unsafe': 9007199254740993 reads as
 * ...992, 1.0000000000000001 as 1; such values travel as decimal strings). One pass over the
 * characters; brackets, commas and digits inside strings do not count; the text need not be valid JSON
 * (JSON.parse judges the rest).
 */
export function scanJsonText(text: string, maxDepth: number, maxItems: number): 'deep' | 'long' | 'unsafe' | null {
  let depth = 0;
  let inString = false;
  // per open bracket: -1 for an object, else the commas seen so far in that array
  const commas: number[] = [];
  let empty = true; // nothing but white space since the last open bracket
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'deep';
      commas[depth] = c === 0x5b ? 0 : -1;
      empty = true;
      continue;
    }
    if (c === 0x5d || c === 0x7d) {
      if (depth > 0 && commas[depth] >= 0 && commas[depth] + (empty ? 0 : 1) > maxItems) return 'long';
      depth--;
    } else if (c === 0x2c && depth > 0 && commas[depth] >= 0) {
      if (++commas[depth] + 1 > maxItems) return 'long';
    } else if (c === 0x22) inString = true;
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let end = i + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end])) end++;
      if (roundsToInteger(text.slice(i, end))) return 'unsafe';
      i = end - 1;
    }
    empty = false;
  }
  return null;
}

/** Significant digits a double keeps exactly (every integer literal of 15 digits reads back as written). */
const EXACT_DIGITS = 15;

/**
 * True when JSON.parse would read this number literal as an integer other than the one it writes:
 * an integer beyond 2^53 - 1, or a literal with more significant digits than a double keeps whose
 * value rounds to an integer.
 */
function roundsToInteger(literal: string): boolean {
  const mantissa = literal.replace(/^-/, '').split(/[eE]/)[0];
  const significant = mantissa.replace('.', '').replace(/^0+/, '').length;
  if (significant <= EXACT_DIGITS) return false;
  const value = Number(literal);
  if (!Number.isInteger(value)) return false;
  return /^-?\d+$/.test(literal) ? BigInt(literal) !== BigInt(value) : true;
}
