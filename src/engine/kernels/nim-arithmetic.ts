/**
 * Nim arithmetic (the field of nimbers, Conway's On Numbers and Games ch. 6; Lenstra, "Nim
 * multiplication", 1978), as the other kernels and families import it; the algorithms live in
 * ../nimbers/ (word kernels with GF(2^16) logarithm tables, the word-array recursion for any size,
 * the WebAssembly batch kernel).
 */
export {
  bitLength,
  fieldBits,
  nimDivide,
  nimInverse,
  nimPower,
  nimProduct,
  nimSqrt,
  nimSquare,
  nimSum,
} from '../nimbers/arithmetic.ts';
export { nimProductArray } from '../nimbers/batch.ts';
export { nimProductSmall } from '../nimbers/word.ts';
