/**
 * Nim arithmetic, the field of nimbers on bigints of any size: sum, product, square, square root,
 * inverse, division and power; 64-bit products in batches (WebAssembly where the runtime has it);
 * the operations by name with their limits, and one product worked out step by step.
 * @module
 */
export {
  nimSum,
  nimProduct,
  nimProductSmall,
  nimProductArray,
  nimSquare,
  nimSqrt,
  nimInverse,
  nimDivide,
  nimPower,
  fieldBits,
} from '../engine/kernels/nim-arithmetic.ts';
export {
  nimArithmetic,
  explainProduct,
  nimProductTable,
  NIM_OPERATIONS,
  MAX_NIM_BITS,
  MAX_NIM_POWER_BITS,
} from '../service/nim-arithmetic.ts';
export type { NimRequest, NimReply, ProductExplanation, ProductStep } from '../service/nim-arithmetic.ts';
