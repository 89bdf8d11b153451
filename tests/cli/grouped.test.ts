/** Digits grouped by thousands without ICU: the help text is built at every start (issue 35). */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { exponential, grouped } from '../../src/cli/io.ts';
import { buildProgram } from '../../src/cli/program.ts';

describe('grouped', () => {
  it('writes what toLocaleString("en-US") writes for every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(grouped(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
    for (const n of [0, 7, 999, 1000, -1000, 4_000_000, 100_000_000, -12_345_678]) {
      expect(grouped(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('is what the commands use while they are built: no number is formatted by ICU at start', () => {
    const locale = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      buildProgram();
      expect(locale).not.toHaveBeenCalled();
    } finally {
      locale.mockRestore();
    }
  });
});

describe('exponential', () => {
  it('writes a default as the options read it back', () => {
    expect(exponential(1e10)).toBe('1e10');
    expect(exponential(3e7)).toBe('3e7');
    expect(exponential(1500)).toBe('1.5e3');
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (n) => Number(exponential(n)) === n));
  });
});
