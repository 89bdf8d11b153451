/** Nim multiplication against its defining recursion and the Fermat 2-power rule (Conway, ONAG ch. 6). */
import { describe, expect, it } from 'vitest';
import { nimProduct, nimProductSmall } from '../../../src/engine/kernels/nim-arithmetic.ts';

/** a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }, by brute force. */
function definingTable(size: number): number[][] {
  const table: number[][] = [];
  for (let a = 0; a < size; a++) {
    table.push([]);
    for (let b = 0; b < size; b++) {
      const seen = new Set<number>();
      for (let x = 0; x < a; x++) for (let y = 0; y < b; y++) seen.add(table[x][b] ^ table[a][y] ^ table[x][y]);
      let mex = 0;
      while (seen.has(mex)) mex++;
      table[a].push(mex);
    }
  }
  return table;
}

describe('nim multiplication', () => {
  it('agrees with the defining recursion on every pair below 64', () => {
    const table = definingTable(64);
    for (let a = 0; a < 64; a++)
      for (let b = 0; b < 64; b++) {
        expect(nimProductSmall(a, b)).toBe(table[a][b]);
        expect(nimProduct(BigInt(a), BigInt(b))).toBe(BigInt(table[a][b]));
      }
  });

  it('squares a Fermat 2-power F = 2^(2^k) to 3F/2', () => {
    for (let k = 0n; k <= 9n; k++) {
      const fermat = 1n << (1n << k);
      expect(nimProduct(fermat, fermat)).toBe(fermat + fermat / 2n);
    }
  });
});
