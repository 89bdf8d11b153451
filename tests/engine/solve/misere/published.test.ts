/** Published facts of misère play reproduced by the misère layers (sources cited per test). */
import { describe, expect, it } from 'vitest';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import {
  analyzeMisere,
  genusBySearch,
  heapGenera,
  MisereGrundySearch,
  misereQuotient,
  misereOracleFor,
} from '../../../../src/engine/solve/misere/index.ts';
import { genusText } from '../../../../src/engine/solve/misere/genus.ts';
import type { HeapRuleset } from '../../../../src/engine/types.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

describe('misère Nim (Bouton, "Nim, a game with a complete mathematical theory", Ann. of Math. 3 (1901))', () => {
  it('a position is P iff (some heap >= 2 and nim-sum 0) or (every heap <= 1 and nim-sum 1), for heaps of any size', () => {
    const nim = heap('nim');
    const oracle = misereOracleFor(nim);
    for (let a = 0; a <= 7; a++)
      for (let b = a; b <= 7; b++)
        for (let c = b; c <= 7; c++) {
          const big = Math.max(a, b, c) >= 2;
          const bouton = big ? (a ^ b ^ c) === 0 : (a ^ b ^ c) === 1;
          const got = analyzeMisere(nim, [a, b, c]);
          expect(got.method).toBe('genus');
          expect(got.outcome === 'P', `${a} ${b} ${c}`).toBe(bouton);
          expect(oracle.isP([a, b, c])).toBe(bouton);
        }
    // huge heaps: Bouton's rule needs no search
    expect(analyzeMisere(nim, [2 ** 31, 2 ** 31]).outcome).toBe('P');
    expect(analyzeMisere(nim, [1, 2 ** 31 + 1, 2 ** 31]).outcome).toBe('P');
    expect(analyzeMisere(nim, [2 ** 31 + 1, 2 ** 31]).winningMoves).toEqual([{ to: [2 ** 31, 2 ** 31] }]);
  });

  it('misère Nim 1 1 2: the one winning move leaves three heaps of 1 (normal play takes the whole 2 instead)', () => {
    const got = analyzeMisere(heap('nim'), [1, 1, 2]);
    expect(got.outcome).toBe('N');
    expect(got.winningMoves).toEqual([{ to: [1, 1, 1] }]);
  });

  it('genus of Nim heaps: 0^120, 1^031, 2^20, 3^31 (Winning Ways, 2nd ed., vol. 2, ch. 13)', () => {
    expect(analyzeMisere(heap('nim'), [0, 1, 2, 3]).genus).toEqual(['0^120', '1^031', '2^20', '3^31']);
    // the same from the definition, by search over heaps and Nim heaps
    const search = new MisereGrundySearch(heap('nim'));
    expect(
      [0, 1, 2, 3].map((n) => {
        const g = genusBySearch(search, n, n);
        return genusText(g.grundy, g.misere!);
      }),
    ).toEqual(['0^120', '1^031', '2^20', '3^31']);
  });
});

describe('genus of Kayles heaps (Winning Ways, 2nd ed., vol. 2, ch. 13, misère Kayles)', () => {
  it('heaps 0..4 are tame like Nim heaps 0, 1, 2, 3, 1; heap 5 is the first wild one, genus 4^146', () => {
    const genera = heapGenera(heap('kayles'), 5);
    expect(genera.slice(0, 5).map((g) => genusText(g.grundy, g.misere!))).toEqual([
      '0^120',
      '1^031',
      '2^20',
      '3^31',
      '1^031',
    ]);
    expect(genera.slice(0, 5).every((g) => g.tame)).toBe(true);
    expect(genusText(genera[5].grundy, genera[5].misere!)).toBe('4^146');
    expect(genera[5].tame).toBeNull();
    // the induction on options agrees with the definition (search)
    const search = new MisereGrundySearch(heap('kayles'));
    for (const g of genera) expect(genusBySearch(search, g.heap, g.grundy).misere).toEqual(g.misere);
  });

  it("the genus from the induction equals the definition for Dawson's Kayles heaps while they are tame", () => {
    const search = new MisereGrundySearch(heap('dawsons-kayles'));
    for (const g of heapGenera(heap('dawsons-kayles'), 10, undefined, true)) {
      expect(genusBySearch(search, g.heap, g.grundy).misere).toEqual(g.misere);
    }
  });
});

describe('sizes of misère quotients', () => {
  it('misère Nim with heaps < 2^k: 2^k + 2 elements, P-portion of 2 (Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008), the quotient of Nim)', () => {
    for (const [max, size] of [
      [1, 2],
      [3, 6],
      [7, 10],
      [15, 18],
    ] as const) {
      const q = misereQuotient(heap('nim'), max);
      expect(q.size).toBe(size);
      expect(q.pPortion.reduce((a, b) => a + b, 0)).toBe(max === 1 ? 1 : 2);
    }
  });

  it('0.75: the quotient R8 of order 8 with P-portion {a, b²} (Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005) #G05; Siegel, "The structure and classification of misère quotients", arXiv math/0703070: the only quotient of order 8)', () => {
    const q = misereQuotient(heap('takebreak:0.75'), 40);
    expect(q.size).toBe(8);
    const p = [...q.pPortion.keys()]
      .filter((u) => q.pPortion[u])
      .map((u) => q.words[u])
      .sort();
    expect(p).toEqual(['a', 'b^2']);
    expect(q.generators.map((g) => g.heap)).toEqual([1, 2, 5]);
    expect(q.sizeByHeap.slice(5).every((s) => s === 8)).toBe(true);
  });

  it('every quotient has even order (Plambeck & Siegel 2008)', () => {
    for (const spec of ['kayles', 'dawsons-kayles', 'grundys-game', 'lasker', 'subtract:1,3,4', 'takebreak:0.137']) {
      expect(misereQuotient(heap(spec), 16).size % 2, spec).toBe(0);
    }
  });
});
