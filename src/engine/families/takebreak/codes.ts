/**
 * The codes of a take-and-break census and their standard forms: which codes d0.d1…dK exist with
 * K digits, and which of them are the same game because some bit of a digit only ever adds an
 * option whose value another move already gives (docs/census.md states and proves each rule).
 */
import { InputError } from '../../errors.ts';
import { parseTakeBreak, takeBreak } from './index.ts';

/** The family whose codes a census enumerates (the name `nimber census <family>` takes). */
export const CENSUS_FAMILY = 'takebreak';

/** Most digits after the point a census enumerates (8^6 or 16^6 codes). */
export const MAX_CENSUS_DIGITS = 6;

export interface CodeSpace {
  /** Digits after the point: every code d0.d1…dK with dK possibly 0 (so shorter codes are included once). */
  readonly digits: number;
  /** Hex digits 0–F (three-heap splits, d0 in {0, 4, 8, C}) instead of octal 0–7 (d0 in {0, 4}). */
  readonly hex?: boolean;
  /** Only codes starting so: '4.', '0.3', '.3', '4.05'. */
  readonly prefix?: string;
}

/** A code's digits and '!' flags, as `takeBreak` takes them. */
export interface CodeDigits {
  digits: number[];
  unequal: boolean[];
}

/**
 * Most codes one census enumerates. Enumerating and folding costs about 15 µs and 200 bytes a code
 * (16^5 codes: tens of seconds, a few hundred MB); 16^6 hex codes would hold gigabytes before the
 * first game starts, so a space past this is narrowed with a prefix.
 */
export const MAX_CENSUS_CODES = 2 ** 20;

/** The digits of a space that its codes choose: the first digit's choices, then base per free digit. */
function spaceShape(space: CodeSpace): { base: number; firsts: number[]; fixed: number[] } {
  const { digits: k, hex = false } = space;
  if (!Number.isInteger(k) || k < 1 || k > MAX_CENSUS_DIGITS)
    throw new InputError(`--digits must be 1..${MAX_CENSUS_DIGITS}, got ${k}`);
  const fixed = space.prefix === undefined ? [] : parsePrefix(space.prefix, hex);
  if (fixed.length > k + 1)
    throw new InputError(`prefix '${space.prefix}' has more than the ${k} digits after the point of this census`);
  return { base: hex ? 16 : 8, firsts: hex ? [0, 4, 8, 12] : [0, 4], fixed };
}

/** How many codes the space has, counted without listing them. Throws InputError for a bad digit count or prefix. */
export function countCodes(space: CodeSpace): number {
  const { base, firsts, fixed } = spaceShape(space);
  return (fixed.length > 0 ? 1 : firsts.length) * base ** (space.digits + 1 - Math.max(1, fixed.length));
}

/** The command line that names a space ('takebreak --digits 6 --hex --prefix 4.'), for messages. */
export function spaceText(space: CodeSpace): string {
  return `${CENSUS_FAMILY} --digits ${space.digits}${space.hex ? ' --hex' : ''}${space.prefix === undefined ? '' : ` --prefix ${space.prefix}`}`;
}

/**
 * Refuses a space with more than `maxCodes` codes (at most MAX_CENSUS_CODES) in one line: its size,
 * and how to narrow it (each digit a prefix fixes divides it by the base) or, below the hard
 * maximum, the option that accepts it. Returns the number of codes.
 */
export function checkCodeSpace(space: CodeSpace, maxCodes = MAX_CENSUS_CODES, option = '--max-codes'): number {
  const count = countCodes(space);
  const limit = Math.min(maxCodes, MAX_CENSUS_CODES);
  if (count <= limit) return count;
  const divisor = space.hex ? 16 : 8;
  const narrow = `narrow it with --prefix (each digit it fixes divides the codes by ${divisor})`;
  const n = (x: number) => x.toLocaleString('en-US');
  throw new InputError(
    count > MAX_CENSUS_CODES
      ? `census ${spaceText(space)} has ${n(count)} codes, more than one census enumerates (${n(MAX_CENSUS_CODES)}): ${narrow}`
      : `census ${spaceText(space)} has ${n(count)} codes, more than ${option} ${n(limit)} allows: give ${option} ${count} to run it, or ${narrow}`,
    'too-large',
  );
}

/**
 * Every code of the space, in canonical text ('0.77', '4.0'), each once, in enumeration order
 * (d0, then d1, … as numbers). Throws InputError for a bad digit count or prefix, or a space
 * over MAX_CENSUS_CODES.
 */
export function enumerateCodes(space: CodeSpace): string[] {
  checkCodeSpace(space);
  const { base, firsts, fixed } = spaceShape(space);
  const k = space.digits;
  const out: string[] = [];
  const digits = new Array<number>(k + 1).fill(0);
  const visit = (i: number) => {
    if (i > k) {
      out.push(takeBreak(digits, []).code);
      return;
    }
    const choices = i === 0 ? firsts : Array.from({ length: base }, (_, d) => d);
    for (const d of choices) {
      if (i < fixed.length && fixed[i] !== d) continue;
      digits[i] = d;
      visit(i + 1);
    }
  };
  visit(0);
  return out;
}

/** The digits a prefix fixes: d0 (0 when left out), then d1, d2, … */
function parsePrefix(prefix: string, hex: boolean): number[] {
  const text = prefix.trim();
  const shape = hex ? /^[0-9a-fA-F]?\.[0-9a-fA-F]*$/ : /^[0-7]?\.[0-7]*$/;
  if (!shape.test(text)) {
    throw new InputError(
      `--prefix '${prefix}' is not the start of a code: d0.d1… with ${hex ? 'hex' : 'octal'} digits, e.g. '4.' or '0.3'`,
    );
  }
  const [before, after] = text.split('.');
  const d0 = before === '' ? 0 : parseInt(before, 16);
  if (d0 & 3)
    throw new InputError(
      `--prefix '${prefix}': d0 must be 0, 4${hex ? ', 8 or C' : ''} (removing nothing only splits a heap)`,
    );
  return [d0, ...[...after].map((c) => parseInt(c, 16))];
}

function readCode(text: string): CodeDigits {
  const r = parseTakeBreak(text);
  return { digits: [...r.digits], unequal: [...r.unequal] };
}

function formatCode(code: CodeDigits): string {
  return takeBreak(code.digits, code.unequal).code;
}

const get = (c: CodeDigits, k: number) => (k >= 0 ? (c.digits[k] ?? 0) : 0);
/** The '!' flag of a digit that splits (a flag on a digit without splits means nothing). */
const flag = (c: CodeDigits, k: number) => (get(c, k) & 12) !== 0 && Boolean(c.unequal[k]);

/**
 * Whether bit `bit` (1, 2 or 4) of d_k only adds options whose values another move of the same
 * code already gives at the same heap, whatever the code's values (the rules R1–R6 of
 * docs/census.md). The witnesses are always other bits, so the answer does not depend on `bit`
 * being set, and it is monotone: setting other bits never turns it false.
 */
export function redundantBit(c: CodeDigits, k: number, bit: 1 | 2 | 4): boolean {
  // z: heap 1 has no move (only d1's bit 1 moves there), so g(1) = 0
  const z = (get(c, 1) & 1) === 0;
  if (bit === 1) {
    if (k < 2) return false;
    return (
      (z && (get(c, k - 1) & 2) !== 0) || // R1: leave a heap of 1 from heap k (value g(1) = 0)
      ((get(c, k - 2) & 4) !== 0 && !flag(c, k - 2)) || // R2: split heap 2 into 1 + 1 (value 0)
      (z && (get(c, k - 3) & 8) !== 0 && !flag(c, k - 3))
    ); // R3: split heap 3 into 1 + 1 + 1 (value g(1) = 0)
  }
  if (bit === 2) {
    if (k < 1) return false;
    // R4: leaving m >= 1 equals splitting m + 1 into 1 + m (value g(m)) when g(1) = 0; with '!' the
    // split 1 + 1 is missing, and leaving nothing (d_{k+1} bit 1) gives its value 0 at that heap
    const r4 = z && (get(c, k - 1) & 4) !== 0 && (!flag(c, k - 1) || (get(c, k + 1) & 1) !== 0);
    // R5: leaving m >= 1 equals splitting m + 2 into 1 + 1 + m (value g(m))
    const r5 = (get(c, k - 2) & 8) !== 0 && !flag(c, k - 2);
    return r4 || r5;
  }
  // R6: a split a + b equals the three-way split 1 + a + b of one more token (value g(a) ^ g(b)) when g(1) = 0
  if (k < 1) return false;
  return z && (get(c, k - 1) & 8) !== 0 && !flag(c, k - 1);
}

const BITS = [1, 2, 4] as const;

/** Sets every redundant bit until none is left: the largest code of the class (unique: the rules are monotone). */
function closure(code: CodeDigits): CodeDigits {
  const c: CodeDigits = { digits: [...code.digits], unequal: code.digits.map((_, k) => flag(code, k)) };
  for (let changed = true; changed; ) {
    changed = false;
    // each rule reaches at most three digits beyond its witness
    for (let k = 1; k <= c.digits.length + 3; k++) {
      for (const bit of BITS) {
        if ((get(c, k) & bit) === 0 && redundantBit(c, k, bit)) {
          while (c.digits.length <= k) {
            c.digits.push(0);
            c.unequal.push(false);
          }
          c.digits[k] |= bit;
          changed = true;
        }
      }
    }
  }
  return c;
}

/** Clears redundant bits, last digit first, until none is left: the standard form's digits. */
function reduce(code: CodeDigits): CodeDigits {
  const c: CodeDigits = { digits: [...code.digits], unequal: [...code.unequal] };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = c.digits.length - 1; k >= 1 && !changed; k--) {
      for (const bit of [4, 2, 1] as const) {
        if ((c.digits[k] & bit) !== 0 && redundantBit(c, k, bit)) {
          c.digits[k] &= ~bit;
          if ((c.digits[k] & 12) === 0) c.unequal[k] = false;
          changed = true;
          break;
        }
      }
    }
  }
  return c;
}

/**
 * The standard form of a code: every redundant bit set (the class's largest code, the same for all
 * codes the rules connect), then cleared again last digit first (a deterministic choice from that
 * largest code). Codes with the same standard form have the same Grundy value at every heap.
 */
export function standardForm(code: string): string {
  return formatCode(reduce(closure(readCode(code))));
}

/** One standard form and the codes of a census folded into it (in their enumeration order). */
export interface FoldedCode {
  readonly code: string;
  readonly members: readonly string[];
}

/** Groups codes by standard form, in the order each standard form first appears. */
export function foldCodes(codes: readonly string[]): FoldedCode[] {
  const groups = new Map<string, string[]>();
  for (const code of codes) {
    const form = standardForm(code);
    const members = groups.get(form);
    if (members) members.push(code);
    else groups.set(form, [code]);
  }
  return [...groups].map(([code, members]) => ({ code, members }));
}
