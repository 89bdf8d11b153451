/**
 * The whole vocabulary of the engine (src/engine/types.ts): rulesets, positions, outcomes, the
 * families' shape, search limits and progress, and their as-const lists (OUTCOMES, CONVENTIONS ...);
 * and the kinds of InputError.
 * @module
 */
export * from '../engine/types.ts';
export type { InputErrorKind } from '../engine/errors.ts';
