/** The one error type for invalid user input; faces turn it into exit code 2 / HTTP 4xx. */

export type InputErrorKind = 'invalid' | 'too-large';

export class InputError extends Error {
  override readonly name = 'InputError';
  /** 'too-large' marks sizes beyond a documented maximum (HTTP 413); everything else is 'invalid'. */
  readonly kind: InputErrorKind;
  constructor(message: string, kind: InputErrorKind = 'invalid') {
    super(message);
    this.kind = kind;
  }
}

export function isInputError(e: unknown): e is InputError {
  return e instanceof InputError;
}

/**
 * The number forms every face accepts (CLI, API strings, page): plain decimal digits, with underscores
 * for readability (1_000_000), a scientific shorthand with an integer value (1e6, 2.5e3), and a power
 * (2^20, 10^18), as the documents write maxima.
 */
const DIGITS = /^\d+$/;
const SCIENTIFIC = /^\d+(\.\d+)?e\d+$/i;
const POWER = /^(\d{1,4})\^(\d{1,4})$/;

/** base^exponent exactly, refused (too-large, naming `what`) past maxDigits digits before it is computed. */
function power(base: string, exponent: string, what: string, maxDigits = MAX_HEAP_DIGITS): bigint {
  const b = BigInt(base);
  const e = BigInt(exponent);
  if (b > 1n && Number(e) * Math.log10(Number(b)) > maxDigits)
    throw new InputError(`${what}: ${base}^${exponent} has more than ${maxDigits} digits`, 'too-large');
  return b ** e;
}

/** The text as the parsers see it: trimmed, underscores dropped. */
function numberText(text: string): string {
  return text.trim().replace(/_/g, '');
}

/** The message for text that is not a non-negative integer (the faces clip long messages: clipMessage). */
function notNatural(text: string, what: string): InputError {
  return new InputError(`${what} must be a non-negative integer, got '${text.trim()}'`);
}

/**
 * Parses a non-negative safe integer (the forms above); `what` names the value in the message.
 */
export function parseNatural(text: string, what: string, max = Number.MAX_SAFE_INTEGER): number {
  const t = numberText(text);
  const raised = POWER.exec(t.replace(/\s+/g, ''));
  if (!DIGITS.test(t) && !SCIENTIFIC.test(t) && !raised) throw notNatural(text, what);
  const value = raised ? Number(power(raised[1], raised[2], what)) : Number(t);
  if (!Number.isInteger(value)) throw notNatural(text, what);
  if (!Number.isSafeInteger(value))
    throw new InputError(`${what} is above the maximum of ${Math.min(max, Number.MAX_SAFE_INTEGER)}`, 'too-large');
  return checkMax(value, what, max);
}

/** The largest number of decimal digits of a heap size any request may name (sizes beyond 2^53 - 1 are bigints). */
export const MAX_HEAP_DIGITS = 100;

/**
 * Parses a non-negative integer of any size up to maxDigits decimal digits (default MAX_HEAP_DIGITS;
 * the forms above); `what` names it in the message.
 */
export function parseBigNatural(text: string, what: string, maxDigits = MAX_HEAP_DIGITS): bigint {
  const t = numberText(text);
  const raised = POWER.exec(t.replace(/\s+/g, ''));
  if (raised) return power(raised[1], raised[2], what, maxDigits);
  if (DIGITS.test(t)) {
    checkMax(t.replace(/^0+(?=\d)/, '').length, `${what}: number of digits`, maxDigits);
    return BigInt(t);
  }
  if (SCIENTIFIC.test(t)) {
    const value = Number(t);
    if (Number.isSafeInteger(value)) return BigInt(value);
    // 1e18 and the like: exact, as a short mantissa times a power of ten
    const [mantissa, exponent] = t.toLowerCase().split('e');
    const [whole, fraction = ''] = mantissa.split('.');
    const shift = Number(exponent) - fraction.length;
    if (shift >= 0) {
      const digits = (whole + fraction).replace(/^0+(?=\d)/, '');
      if (digits !== '0') checkMax(digits.length + shift, `${what}: number of digits`, maxDigits);
      return BigInt(whole + fraction) * 10n ** BigInt(digits === '0' ? 0 : shift);
    }
    // a fraction left over (1.5e0): not an integer unless its trailing digits are zeros
    if (/^0*$/.test(fraction.slice(fraction.length + shift)))
      return BigInt(whole + fraction.slice(0, fraction.length + shift));
  }
  throw notNatural(text, what);
}

/** Throws a 'too-large' InputError when value exceeds the documented maximum. */
export function checkMax(value: number, what: string, max: number): number {
  if (value > max) throw new InputError(`${what} = ${value} is above the maximum of ${max}`, 'too-large');
  return value;
}

/** Longest error message a face shows (characters): messages quote the text they reject, which can be a 512 K line. */
export const MAX_ERROR_CHARS = 500;

/** The message clipped to MAX_ERROR_CHARS, saying how much was left out. */
export function clipMessage(message: string): string {
  return message.length <= MAX_ERROR_CHARS
    ? message
    : `${message.slice(0, MAX_ERROR_CHARS)}… (${message.length - MAX_ERROR_CHARS} more characters)`;
}
