/**
 * One nim-product worked out as a person would on paper (Conway, On Numbers and Games ch. 6): split
 * both factors at the largest Fermat 2-power F = 2^(2^k) they reach, a = a1·F ⊕ a0, multiply out,
 * and use F ⊗ x = F·x for x < F and F ⊗ F = F ⊕ F/2 (= 3F/2):
 *   a ⊗ b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ a0⊗b0 ⊕ (a1⊗b1) ⊗ F/2.
 * Every smaller product met on the way is worked out the same way, once, before the step using it.
 * For small factors the defining mex is shown as well: a ⊗ b is the least value not among
 * a'⊗b ⊕ a⊗b' ⊕ a'⊗b' over a' < a, b' < b.
 */
import { InputError } from '../errors.ts';
import { nimProductSmall } from './word.ts';

/** Largest factor a worked product takes (the steps stay a page long). */
export const MAX_EXPLAINED_FACTOR = 255;
/** Largest factors whose defining mex is listed too (their options fit on a screen). */
export const MAX_MEX_FACTOR = 15;

/** One product a ⊗ b split at F. */
export interface ProductStep {
  readonly a: number;
  readonly b: number;
  readonly fermat: number;
  readonly a1: number;
  readonly a0: number;
  readonly b1: number;
  readonly b0: number;
  /** a1⊗b1, a1⊗b0, a0⊗b1, a0⊗b0. */
  readonly highHigh: number;
  readonly highLow: number;
  readonly lowHigh: number;
  readonly lowLow: number;
  /** (a1⊗b1) ⊗ F/2: what F ⊗ F leaves below F. */
  readonly highHalf: number;
  readonly result: number;
}

export interface ProductExplanation {
  readonly a: number;
  readonly b: number;
  readonly result: number;
  /** Every product met on the way, smaller ones first; a ⊗ b is the last (none when a factor is below 2). */
  readonly steps: readonly ProductStep[];
  /** The defining mex, for factors up to MAX_MEX_FACTOR. */
  readonly definition?: { readonly options: readonly number[]; readonly mex: number };
}

/** The largest Fermat 2-power 2^(2^k) not above x (x >= 2). */
function fermatBelow(x: number): number {
  let f = 2;
  while (f * f <= x) f *= f;
  return f;
}

/** A product is worth a step unless a factor is 0 or 1, or both lie below 2 (ordinary products). */
const trivial = (a: number, b: number) => a < 2 || b < 2;

function work(a: number, b: number, steps: ProductStep[], done: Set<number>): void {
  const [x, y] = a <= b ? [a, b] : [b, a];
  const key = x * 65_536 + y;
  if (trivial(x, y) || done.has(key)) return;
  done.add(key);
  const fermat = fermatBelow(y);
  const [a1, a0, b1, b0] = [Math.floor(x / fermat), x % fermat, Math.floor(y / fermat), y % fermat];
  const half = fermat / 2;
  for (const [p, q] of [
    [a1, b1],
    [a1, b0],
    [a0, b1],
    [a0, b0],
  ])
    work(p, q, steps, done);
  const highHigh = nimProductSmall(a1, b1);
  // The product by F/2 is worked out too unless it is trivial (F = 2: F/2 = 1) or F/2 itself.
  work(highHigh, half, steps, done);
  steps.push({
    a: x,
    b: y,
    fermat,
    a1,
    a0,
    b1,
    b0,
    highHigh,
    highLow: nimProductSmall(a1, b0),
    lowHigh: nimProductSmall(a0, b1),
    lowLow: nimProductSmall(a0, b0),
    highHalf: nimProductSmall(highHigh, half),
    result: nimProductSmall(x, y),
  });
}

/** The options of the defining mex and their mex (from the products of smaller factors). */
function definition(a: number, b: number): { options: number[]; mex: number } {
  const seen = new Set<number>();
  for (let x = 0; x < a; x++)
    for (let y = 0; y < b; y++) seen.add(nimProductSmall(x, b) ^ nimProductSmall(a, y) ^ nimProductSmall(x, y));
  let mex = 0;
  while (seen.has(mex)) mex++;
  return { options: [...seen].sort((p, q) => p - q), mex };
}

/** a ⊗ b worked out; an InputError past MAX_EXPLAINED_FACTOR. */
export function explainNimProduct(a: number, b: number): ProductExplanation {
  for (const [value, name] of [
    [a, 'first factor'],
    [b, 'second factor'],
  ] as const)
    if (!Number.isInteger(value) || value < 0 || value > MAX_EXPLAINED_FACTOR)
      throw new InputError(
        `${name}: a product is worked out step by step for factors 0..${MAX_EXPLAINED_FACTOR}, got ${value}`,
        value > MAX_EXPLAINED_FACTOR ? 'too-large' : 'invalid',
      );
  const steps: ProductStep[] = [];
  work(a, b, steps, new Set());
  return {
    a,
    b,
    result: nimProductSmall(a, b),
    steps,
    ...(a <= MAX_MEX_FACTOR && b <= MAX_MEX_FACTOR ? { definition: definition(a, b) } : {}),
  };
}

/** The explanation in plain text, one line per step. */
export function explanationLines(e: ProductExplanation): string[] {
  const lines: string[] = [];
  if (e.steps.length === 0) lines.push(`${e.a} ⊗ ${e.b} = ${e.result}: a factor below 2 multiplies ordinarily`);
  for (const s of e.steps) {
    const f = s.fermat;
    lines.push(
      `${s.a} ⊗ ${s.b}: F = ${f}, ${s.a} = ${s.a1}·${f} ⊕ ${s.a0}, ${s.b} = ${s.b1}·${f} ⊕ ${s.b0}`,
      `  = (${s.a1}⊗${s.b1} ⊕ ${s.a1}⊗${s.b0} ⊕ ${s.a0}⊗${s.b1})·${f} ⊕ ${s.a0}⊗${s.b0} ⊕ (${s.a1}⊗${s.b1})⊗${f / 2}   [${f}⊗${f} = ${f} ⊕ ${f / 2}]`,
      `  = (${s.highHigh} ⊕ ${s.highLow} ⊕ ${s.lowHigh})·${f} ⊕ ${s.lowLow} ⊕ ${s.highHalf}`,
      `  = ${s.highHigh ^ s.highLow ^ s.lowHigh}·${f} ⊕ ${s.lowLow ^ s.highHalf} = ${s.result}`,
    );
  }
  if (e.definition)
    lines.push(
      `check by the definition: ${e.a} ⊗ ${e.b} = mex{a'⊗${e.b} ⊕ ${e.a}⊗b' ⊕ a'⊗b' : a' < ${e.a}, b' < ${e.b}}` +
        ` = mex{${e.definition.options.join(', ')}} = ${e.definition.mex}`,
    );
  return lines;
}
