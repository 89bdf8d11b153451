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
// Base and exponent of any length: the size is estimated before the power is computed (2^20000 is a
// nim operand; 2^65536 must be refused as too large, not as text that is no number).
const POWER = /^(\d+)\^(\d+)$/;

/** log10 of a number written in decimal digits, of any length (a close estimate; -Infinity for 0). */
function log10OfDigits(digits: string): number {
  const d = digits.replace(/^0+(?=\d)/, '');
  return Math.log10(Number(d.slice(0, 15))) + Math.max(0, d.length - 15);
}

/** base^exponent exactly, refused (too-large, naming `what`) past maxDigits digits before it is computed. */
function power(base: string, exponent: string, what: string, maxDigits = MAX_HEAP_DIGITS): bigint | InputError {
  const b = BigInt(base);
  const e = BigInt(exponent);
  // 0^e and 1^e are 0 or 1 at any exponent; otherwise e * log10(b) bounds the digits (an exponent of
  // many digits reads as Infinity, which is refused too)
  if (b > 1n && e > 0n && Number(e) * log10OfDigits(base) > maxDigits) {
    const shown = `${base.length > 20 ? `${base.slice(0, 20)}…` : base}^${exponent.length > 20 ? `${exponent.slice(0, 20)}…` : exponent}`;
    return new InputError(`${what}: ${shown} has more than ${maxDigits} digits`, 'too-large');
  }
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

/** The error checkMax would throw, or undefined. */
function aboveMax(value: number, what: string, max: number): InputError | undefined {
  return value > max ? new InputError(`${what} = ${value} is above the maximum of ${max}`, 'too-large') : undefined;
}

/**
 * Parses a non-negative safe integer (the forms above); `what` names the value in the message.
 */
export function parseNatural(text: string, what: string, max = Number.MAX_SAFE_INTEGER): number {
  const value = readNatural(text, what, max);
  if (value instanceof InputError) throw value;
  return value;
}

/**
 * parseNatural without throwing: the value, or the InputError parseNatural would throw. For lists read
 * element by element (an exception per element of a hostile 1,000-element list costs main-thread time).
 */
export function readNatural(text: string, what: string, max = Number.MAX_SAFE_INTEGER): number | InputError {
  const t = numberText(text);
  const raised = POWER.exec(t.replace(/\s+/g, ''));
  if (!DIGITS.test(t) && !SCIENTIFIC.test(t) && !raised) return notNatural(text, what);
  let value: number;
  if (raised) {
    const big = power(raised[1], raised[2], what);
    if (big instanceof InputError) return big;
    value = Number(big);
  } else value = Number(t);
  if (!Number.isInteger(value)) return notNatural(text, what);
  if (!Number.isSafeInteger(value))
    return new InputError(`${what} is above the maximum of ${Math.min(max, Number.MAX_SAFE_INTEGER)}`, 'too-large');
  return aboveMax(value, what, max) ?? value;
}

/** The largest number of decimal digits of a heap size any request may name (sizes beyond 2^53 - 1 are bigints). */
export const MAX_HEAP_DIGITS = 100;

/**
 * Parses a non-negative integer of any size up to maxDigits decimal digits (default MAX_HEAP_DIGITS;
 * the forms above); `what` names it in the message.
 */
export function parseBigNatural(text: string, what: string, maxDigits = MAX_HEAP_DIGITS): bigint {
  const value = readBigNatural(text, what, maxDigits);
  if (value instanceof InputError) throw value;
  return value;
}

/** parseBigNatural without throwing: the value, or the InputError parseBigNatural would throw (see readNatural). */
export function readBigNatural(text: string, what: string, maxDigits = MAX_HEAP_DIGITS): bigint | InputError {
  const t = numberText(text);
  const raised = POWER.exec(t.replace(/\s+/g, ''));
  if (raised) return power(raised[1], raised[2], what, maxDigits);
  if (DIGITS.test(t)) {
    const tooLong = aboveMax(t.replace(/^0+(?=\d)/, '').length, `${what}: number of digits`, maxDigits);
    return tooLong ?? BigInt(t);
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
      if (digits !== '0') {
        const tooLong = aboveMax(digits.length + shift, `${what}: number of digits`, maxDigits);
        if (tooLong) return tooLong;
      }
      return BigInt(whole + fraction) * 10n ** BigInt(digits === '0' ? 0 : shift);
    }
    // a fraction left over (1.5e0): not an integer unless its trailing digits are zeros
    if (/^0*$/.test(fraction.slice(fraction.length + shift)))
      return BigInt(whole + fraction.slice(0, fraction.length + shift));
  }
  return notNatural(text, what);
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
