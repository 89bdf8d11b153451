/**
 * Nim arithmetic as every face asks for it: an operation name and its operands as text (the one
 * number syntax, powers like 2^400 included) -> the value, with the size limits that keep a request
 * short. The operations are the engine's (src/engine/nimbers/); this file validates and names them.
 */
import { InputError, parseBigNatural } from '../engine/errors.ts';
import {
  bitLength,
  fieldBits,
  nimDivide,
  nimInverse,
  nimPower,
  nimProduct,
  nimSqrt,
  nimSquare,
  nimSum,
} from '../engine/kernels/nim-arithmetic.ts';
import {
  explainNimProduct,
  explanationLines,
  MAX_EXPLAINED_FACTOR,
  type ProductExplanation,
} from '../engine/nimbers/explain.ts';
import { nimProductSmall } from '../engine/nimbers/word.ts';

export type { ProductExplanation, ProductStep } from '../engine/nimbers/explain.ts';
export { MAX_EXPLAINED_FACTOR } from '../engine/nimbers/explain.ts';

/** Largest operand, in bits (below 2^65536): a product of two such takes a few hundred milliseconds. */
export const MAX_NIM_BITS = 65_536;
/** Largest base of a power, in bits: a power costs up to twice that many products of its size (about 0.1 s here). */
export const MAX_NIM_POWER_BITS = 1024;
/** Decimal digits of a number below 2^MAX_NIM_BITS (what the parser lets through before the bit check). */
const MAX_NIM_DIGITS = Math.ceil(MAX_NIM_BITS * Math.log10(2));

interface Operation {
  /** The operands' names, in order (one or two). */
  readonly operands: readonly string[];
  /** The expression as the reply writes it, e.g. 'a ⊗ b'. */
  readonly symbol: (a: string, b: string) => string;
  readonly help: string;
  readonly run: (a: bigint, b: bigint) => bigint;
  /** A power: its base is held to MAX_NIM_POWER_BITS and names the field; the exponent is a count. */
  readonly power?: true;
}

/** The operations by name (the CLI's `nimber nim <op>`, the API's `op`, the page's menu). */
const OPERATIONS = new Map<string, Operation>([
  ['sum', { operands: ['a', 'b'], symbol: (a, b) => `${a} ⊕ ${b}`, help: 'nim-sum a ⊕ b (bitwise XOR)', run: nimSum }],
  ['mul', { operands: ['a', 'b'], symbol: (a, b) => `${a} ⊗ ${b}`, help: 'nim-product a ⊗ b', run: nimProduct }],
  [
    'div',
    {
      operands: ['a', 'b'],
      symbol: (a, b) => `${a} ⊘ ${b}`,
      help: 'nim-quotient a ⊗ inv(b) (b ≠ 0)',
      run: nimDivide,
    },
  ],
  [
    'inv',
    { operands: ['a'], symbol: (a) => `inv(${a})`, help: 'nim-inverse: the x with a ⊗ x = 1 (a ≠ 0)', run: nimInverse },
  ],
  ['square', { operands: ['a'], symbol: (a) => `${a} ⊗ ${a}`, help: 'nim-square a ⊗ a', run: nimSquare }],
  [
    'sqrt',
    { operands: ['a'], symbol: (a) => `sqrt(${a})`, help: 'nim-square root: the x with x ⊗ x = a', run: nimSqrt },
  ],
  [
    'pow',
    {
      operands: ['a', 'e'],
      symbol: (a, e) => `${a}^⊗${e}`,
      help: 'nim-power a ⊗ a ⊗ … (e factors; a^0 = 1)',
      run: nimPower,
      power: true,
    },
  ],
]);

/** The operation names, in menu order. */
export const NIM_OPERATIONS: readonly string[] = [...OPERATIONS.keys()];

/** The operand names of an operation ('a', 'b' or 'e'); an InputError for an unknown one. */
export function nimOperandNames(op: string): readonly string[] {
  return operation(op).operands;
}

/** One line per operation: `name operands  what it computes` (for help texts). */
export function nimOperationsHelp(): string[] {
  return [...OPERATIONS].map(([name, op]) => `${`${name} ${op.operands.join(' ')}`.padEnd(10)} ${op.help}`);
}

export interface NimRequest {
  readonly op: string;
  /** The operands as text (or numbers and bigints from library callers), one or two as the operation takes. */
  readonly operands: readonly (string | number | bigint)[];
}

export interface NimReply {
  readonly op: string;
  readonly operands: readonly bigint[];
  /** The expression, e.g. '8 ⊗ 8'. */
  readonly expression: string;
  readonly result: bigint;
  /** 2^k of the smallest field of nimbers (those below 2^(2^k)) holding the operands (the exponent of a power aside). */
  readonly fieldBits: number;
}

function operation(name: string): Operation {
  const op = OPERATIONS.get(name);
  if (!op) throw new InputError(`unknown nim operation '${name}'; known: ${NIM_OPERATIONS.join(', ')}`);
  return op;
}

/** An operand parsed and checked against MAX_NIM_BITS. */
function operand(value: string | number | bigint, what: string): bigint {
  const n =
    typeof value === 'bigint'
      ? value
      : typeof value === 'number' && Number.isSafeInteger(value)
        ? BigInt(value)
        : parseBigNatural(String(value), what, MAX_NIM_DIGITS);
  if (n < 0n) throw new InputError(`${what} must be a non-negative integer, got ${n}`);
  if (bitLength(n) > MAX_NIM_BITS)
    throw new InputError(`${what} has ${bitLength(n)} bits, above the maximum of ${MAX_NIM_BITS}`, 'too-large');
  return n;
}

/**
 * An operation's operands parsed and checked, and every refusal its computation would make (a size
 * beyond a maximum, a division by 0, the inverse of 0), without computing: cheap enough for a face to
 * run before it queues the request.
 */
export function checkNimArithmetic(request: NimRequest): { op: Operation; values: bigint[] } {
  const op = operation(request.op);
  if (request.operands.length !== op.operands.length)
    throw new InputError(
      `nim ${request.op} takes ${op.operands.length === 1 ? 'one value' : 'two values'} (${op.operands.join(', ')}), got ${request.operands.length}`,
    );
  const values = request.operands.map((v, i) => operand(v, op.operands[i]));
  const [a, b = 0n] = values;
  if (op.power && bitLength(a) > MAX_NIM_POWER_BITS)
    throw new InputError(
      `a power's base has ${bitLength(a)} bits, above the maximum of ${MAX_NIM_POWER_BITS}`,
      'too-large',
    );
  if (request.op === 'div' && b === 0n) throw new InputError('nim-division by 0');
  if (request.op === 'inv' && a === 0n) throw new InputError('0 has no nim-inverse (division by zero)');
  return { op, values };
}

/** Runs one operation of nim arithmetic. */
export function nimArithmetic(request: NimRequest): NimReply {
  const { op, values } = checkNimArithmetic(request);
  const [a, b = 0n] = values;
  const result = op.run(a, b);
  const inField = op.power ? [a] : values;
  return {
    op: request.op,
    operands: values,
    expression: op.symbol(a.toString(), b.toString()),
    result,
    fieldBits: Math.max(...inField.map(fieldBits)),
  };
}

/** A reply as one line: `8 ⊗ 8 = 13`. */
export function nimReplyText(reply: NimReply): string {
  return `${reply.expression} = ${reply.result}`;
}

/** The nim-multiplication table of 0..size-1 (the page's grid; size at most 256). */
export function nimProductTable(size: number): number[][] {
  if (!Number.isInteger(size) || size < 1 || size > 256)
    throw new InputError(`a nim-multiplication table has 1..256 rows, got ${size}`);
  return Array.from({ length: size }, (_, a) => Array.from({ length: size }, (_, b) => nimProductSmall(a, b)));
}

/** One product worked out step by step (factors up to MAX_EXPLAINED_FACTOR), with its text lines. */
export function explainProduct(a: string | number, b: string | number): ProductExplanation & { lines: string[] } {
  const [x, y] = [a, b].map((v, i) => {
    const n = typeof v === 'number' ? v : Number(parseBigNatural(v, i === 0 ? 'a' : 'b'));
    if (!Number.isSafeInteger(n) || n > MAX_EXPLAINED_FACTOR)
      throw new InputError(
        `${i === 0 ? 'a' : 'b'}: products are worked out step by step for 0..${MAX_EXPLAINED_FACTOR}, got ${v}`,
        'too-large',
      );
    return n;
  });
  const explanation = explainNimProduct(x, y);
  return { ...explanation, lines: explanationLines(explanation) };
}

/**
 * Largest operand the page computes itself, in bits: a product of two takes well under a millisecond,
 * a power of such a base about a tenth of a second. Larger requests go to the server (POST /api/nim).
 */
export const LOCAL_NIM_BITS = 1024;

/**
 * Whether the page answers this request itself: every operand is at most LOCAL_NIM_BITS bits. Text
 * that does not parse is answered here too (the same InputError as the server's, without a request).
 */
export function nimInBrowser(values: readonly string[]): boolean {
  return values.every((v) => {
    try {
      return bitLength(parseBigNatural(v, 'value', MAX_NIM_DIGITS)) <= LOCAL_NIM_BITS;
    } catch {
      return true;
    }
  });
}
