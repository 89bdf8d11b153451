/** `explain` for heaps far beyond any sequence: values from a proved period or a closed form, winning moves that analyze confirms. */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { explain } from '../../src/engine/solve/normal/explain.ts';
import { type FarExplanation, explainFarPeriod } from '../../src/engine/solve/normal/explain-far.ts';
import { grundySequence } from '../../src/engine/solve/normal/grundy.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import { formatExplanation } from '../../src/engine/wording/explanation.ts';
import { explainPosition } from '../../src/service/explain.ts';
import { heapValuesUpTo } from '../../src/service/heap-values.ts';
import { analyzeLargeHeaps } from '../../src/service/large-heaps.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;
const E18 = 10n ** 18n;

async function farExplain(spec: string, heaps: (string | number)[]): Promise<FarExplanation> {
  const e = await explainPosition({ ruleset: spec, position: { heaps } }, ENGINE_ENV);
  if (!('kind' in e) || e.kind !== 'far')
    throw new Error(
      `expected a far explanation of ${spec} ${heaps.join(' ')}, got ${'kind' in e ? e.kind : 'another'}`,
    );
  return e;
}

/** The explained move is a winning move: analyze lists it (when its list is complete) and says the position it reaches is P. */
async function expectWinningMove(spec: string, e: FarExplanation): Promise<void> {
  const analysis = await analyzeLargeHeaps(heap(spec), e.position, ENGINE_ENV);
  expect(e.outcome).toBe(analysis.outcome);
  expect(e.nimSum.nimSum).toEqual(analysis.nimSum);
  expect(e.nimSum.rows.map((r) => r.grundy)).toEqual(analysis.grundy);
  if (e.outcome === 'P') return expect(e.winningMove).toBeNull();
  if (!e.winningMove) throw new Error('an N-position without a winning move');
  expect((await analyzeLargeHeaps(heap(spec), e.winningMove, ENGINE_ENV)).outcome).toBe('P');
  const listed = analysis.winningMoves.map((m) => m.to.map(String).join(' '));
  if (!('truncated' in analysis && analysis.truncated)) expect(listed).toContain(e.winningMove.join(' '));
}

describe('explain for heaps of any size', () => {
  it('kayles 10^18: g from the residue mod 12 (g(76) = 1, OEIS A002186), the mex of the far options agrees, a winning move', async () => {
    const e = await farExplain('kayles', ['1e18']);
    const [h] = e.farHeaps;
    expect(h.step).toMatchObject({ kind: 'period', preperiod: 71, period: 12, saltus: 0, residue: 5, base: 76 });
    expect(h.grundy).toBe(1);
    expect(h.mex).toBe(1);
    expect(h.options.length).toBeGreaterThan(0);
    expect(e.outcome).toBe('N');
    await expectWinningMove('kayles', e);
    expect(formatExplanation(e)).toContain(
      '1000000000000000000 − 71 ≡ 5 (mod 12), so g(1000000000000000000) = g(76) = 1',
    );
  });

  it('kayles 10^18 5: the small heap option by option, the move on the heap with the highest bit (5 -> 4)', async () => {
    const e = await farExplain('kayles', ['1000000000000000000', 5]);
    expect(e.heaps.map((h) => [h.heap, h.mex])).toEqual([[5, 4]]);
    expect(e.nimSum.nimSum).toBe(5);
    expect(e.winningMove).toEqual([E18, 4n]);
    await expectWinningMove('kayles', e);
    expect(formatExplanation(e).split('\n').at(-1)).toBe(
      'So 1000000000000000000 5 is an N-position: the player to move wins, e.g. by moving to 1000000000000000000 4.',
    );
  });

  it("the far path on small heaps agrees with the explanation option by option (Kayles, Dawson's Kayles, 0.137)", async () => {
    for (const spec of ['kayles', 'dawsons-kayles', 'takebreak:0.137']) {
      const ruleset = heap(spec);
      const values = await heapValuesUpTo(ruleset, 10n ** 12n, ENGINE_ENV);
      const g = grundySequence(ruleset, 400);
      for (const position of [[200], [150, 7], [301, 302, 9], [250, 250]]) {
        const far = explainFarPeriod(ruleset, position.map(BigInt), values, 10);
        const near = explain(ruleset, position);
        expect(far.outcome).toBe(near.outcome);
        expect(far.nimSum.nimSum).toBe(near.nimSum?.nimSum);
        for (const h of far.farHeaps) expect([h.grundy, h.mex]).toEqual([g[Number(h.heap)], g[Number(h.heap)]]);
        // brute force: the move reaches a position whose values XOR to 0
        if (far.winningMove) expect(far.winningMove.reduce((x, p) => x ^ g[Number(p)], 0)).toBe(0);
        else expect(far.outcome).toBe('P');
      }
    }
  });

  it("closed forms: Lasker's Nim at 10^18 and Nim at 2^64, values as exact bigints", async () => {
    const lasker = await farExplain('lasker', ['1e18', 5]);
    expect(lasker.farHeaps[0]).toMatchObject({ grundy: E18 - 1n, step: { kind: 'closed form' } });
    await expectWinningMove('lasker', lasker);
    const nim = await farExplain('nim', ['18446744073709551616', 5]);
    expect(nim.winningMove).toEqual([5n, 5n]);
    await expectWinningMove('nim', nim);
  });

  it('a P-position of two equal far heaps, and misère play refused in one line naming analyze --misere', async () => {
    const e = await farExplain('kayles', ['1e18', '1e18']);
    expect(e.outcome).toBe('P');
    expect(e.winningMove).toBeNull();
    const misere = explainPosition(
      { ruleset: 'kayles', position: { heaps: ['1e18', 5] }, convention: 'misere' },
      ENGINE_ENV,
    );
    await expect(misere).rejects.toThrow(InputError);
    await expect(misere).rejects.toThrow(/`analyze --misere` answers larger heaps/);
  });
});
