/** Random take-and-break codes for property tests: octal and hex digits, with and without '!'. */
import fc from 'fast-check';

const digit = (max: number) => fc.integer({ min: 0, max });
const bang = fc.boolean().map((b) => (b ? '!' : ''));

/** A code text d0.d1… : d0 in {0, 4, 8, C} (removing nothing must split), 1..4 digits after the point. */
export function codeText(options: { hex: boolean; maxDigits?: number }) {
  const max = options.hex ? 15 : 7;
  const d0 = fc.constantFrom(...(options.hex ? [0, 0, 0, 4, 8, 12] : [0, 0, 0, 4]));
  return fc
    .tuple(d0, bang, fc.array(fc.tuple(digit(max), bang), { minLength: 1, maxLength: options.maxDigits ?? 4 }))
    .map(
      ([d, b, rest]) =>
        `${d.toString(16).toUpperCase()}${b}.${rest.map(([x, y]) => x.toString(16).toUpperCase() + y).join('')}`,
    );
}

/** Octal or hex codes, half each. */
export const anyCode = fc.oneof(codeText({ hex: false }), codeText({ hex: true, maxDigits: 3 }));
