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
 * Parses a non-negative safe integer written in plain decimal; `what` names the value in the message.
 * Accepts underscores and a scientific shorthand like 1e6 for readability.
 */
export function parseNatural(text: string, what: string, max = Number.MAX_SAFE_INTEGER): number {
  const t = text.trim().replace(/_/g, '');
  let value: number;
  if (/^\d+$/.test(t)) value = Number(t);
  else if (/^\d+(\.\d+)?e\d+$/i.test(t)) value = Number(t);
  else throw new InputError(`${what} must be a non-negative integer, got '${text.trim()}'`);
  if (!Number.isSafeInteger(value)) throw new InputError(`${what} must be a non-negative integer, got '${text.trim()}'`);
  return checkMax(value, what, max);
}

/** Throws a 'too-large' InputError when value exceeds the documented maximum. */
export function checkMax(value: number, what: string, max: number): number {
  if (value > max) throw new InputError(`${what} = ${value} is above the maximum of ${max}`, 'too-large');
  return value;
}
