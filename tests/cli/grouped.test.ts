/** Digits grouped by thousands without ICU: the help text is built at every start (issue 35). */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { grouped } from '../../src/cli/io.ts';
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
