/** Windows of Grundy values answered by closed forms: Lasker's Nim and Nim at any heap size, checked against the mex of the options. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import { formatSequence, sequenceJson } from '../../src/service/export.ts';
import { MAX_BIG_WINDOW, closedFormValues, valuesWindow } from '../../src/service/grundy-window.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** g(0..max) by the mex over every option (no closed form, no kernel). */
function bruteForce(ruleset: HeapRuleset, max: number): number[] {
  const g: number[] = [];
  for (let n = 0; n <= max; n++) {
    const seen = new Set<number>();
    for (const parts of ruleset.heapOptions(n)) seen.add(parts.reduce((x, p) => x ^ g[p], 0));
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

/** Lasker's Nim as Winning Ways (ch. 4) states it: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3. */
function laskerStated(n: bigint): bigint {
  if (n === 0n) return 0n;
  const k = (n - 1n) / 4n;
  return [4n * k + 1n, 4n * k + 2n, 4n * k + 4n, 4n * k + 3n][Number((n - 1n) % 4n)];
}

describe('closed-form windows', () => {
  it("Lasker's Nim: the stated closed form agrees with the mex of the options, and answers 10^18..10^18+3", async () => {
    const brute = bruteForce(heap('lasker'), 80);
    expect(brute.map((_, n) => laskerStated(BigInt(n)))).toEqual(brute.map(BigInt));
    const small = await valuesWindow(heap('lasker'), 5n, 80n, ENGINE_ENV);
    expect(small.values).toBeInstanceOf(Uint32Array);
    expect(Array.from(small.values as Uint32Array)).toEqual(brute.slice(5));
    const far = await valuesWindow(heap('lasker'), 10n ** 18n, 10n ** 18n + 3n, ENGINE_ENV);
    const expected = [0n, 1n, 2n, 3n].map((i) => laskerStated(10n ** 18n + i));
    expect(far.values).toEqual(expected);
    expect(expected).toEqual([10n ** 18n - 1n, 10n ** 18n + 1n, 10n ** 18n + 2n, 10n ** 18n + 4n]);
  });

  it('Nim at 2^64: g(n) = n as bigint, JSON strings past 2^53, decimal in text, CSV and b-file', async () => {
    const from = 2n ** 64n;
    const w = await valuesWindow(heap('nim'), from, from + 3n, ENGINE_ENV);
    expect(w.values).toEqual([from, from + 1n, from + 2n, from + 3n]);
    expect(JSON.parse(sequenceJson('nim', w.values, from))).toEqual({
      ruleset: 'nim',
      from: String(from),
      to: String(from + 3n),
      values: [0n, 1n, 2n, 3n].map((i) => String(from + i)),
      pPositions: [],
    });
    expect(formatSequence('text', 'nim', w.values, from)).toBe(
      '18446744073709551616 18446744073709551617 18446744073709551618 18446744073709551619\n',
    );
    expect(formatSequence('csv', 'nim', w.values, from).split('\n')[1]).toBe(
      '18446744073709551616,18446744073709551616',
    );
    expect(formatSequence('bfile', 'nim', w.values, from).split('\n')[1]).toBe(
      '18446744073709551616 18446744073709551616',
    );
  });

  it('a window across the family maximum, values below 2^53 stay JSON numbers; heap 0 is a P-position', async () => {
    const lasker = heap('lasker');
    const w = await valuesWindow(lasker, BigInt(lasker.maxHeap) - 1n, BigInt(lasker.maxHeap) + 2n, ENGINE_ENV);
    const json = JSON.parse(sequenceJson('lasker', w.values, BigInt(lasker.maxHeap) - 1n));
    expect(json.values).toEqual([-1, 0, 1, 2].map((i) => Number(laskerStated(BigInt(lasker.maxHeap + i)))));
    expect(JSON.parse(sequenceJson('nim', (await valuesWindow(heap('nim'), 0n, 2n, ENGINE_ENV)).values))).toEqual({
      ruleset: 'nim',
      values: [0, 1, 2],
      pPositions: [0],
    });
  });

  it('refuses windows too long for bigints in one line, and leaves families without closed forms to the sequence', () => {
    const from = 2n ** 64n;
    expect(() => closedFormValues(heap('nim'), from, from + BigInt(MAX_BIG_WINDOW))).toThrow(InputError);
    expect(() => closedFormValues(heap('nim'), from + 1n, from)).toThrow(InputError);
    expect(closedFormValues(heap('kayles'), 0n, 10n)).toBeNull();
  });
});
