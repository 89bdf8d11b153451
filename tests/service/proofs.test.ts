/**
 * Proved periods kept between commands (issue 28, item 11a): a later request far beyond the maximum
 * answers from the kept proof without the budget a new proof needs, and a kept proof that fails its
 * checks is dropped, never believed.
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/engine/errors.ts';
import { grundySequence } from '../../src/engine/solve/normal/grundy.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import { heapValuesUpTo } from '../../src/service/heap-values.ts';
import { grundyWindow } from '../../src/service/large-heaps.ts';
import { period } from '../../src/service/operations.ts';
import { type ProofStore, type StoredProof, proofProblem } from '../../src/service/proofs.ts';
import { engineSequences } from '../../src/service/sequences.ts';
import { ENGINE_ENV, type ServiceEnv } from '../../src/service/env.ts';

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;

/** A store in memory that records what it was told. */
function memoryStore(): ProofStore & { kept: Map<string, StoredProof>; rejected: string[] } {
  const kept = new Map<string, StoredProof>();
  const rejected: string[] = [];
  return {
    kept,
    rejected,
    read: (spec) => kept.get(spec) ?? null,
    write: (spec, proof) => void kept.set(spec, proof),
    reject: (spec, reason) => {
      kept.delete(spec);
      rejected.push(`${spec}: ${reason}`);
    },
  };
}

const withStore = (store: ProofStore): ServiceEnv => ({ sequences: engineSequences, proofs: store });

/** A clock on which every step of a proof search overruns any budget (a machine far too slow). */
function stoppedClock(): () => number {
  let t = 0;
  return () => (t += 1e9);
}

// takebreak:0.356: preperiod 7315, period 142, proved from 14,917 heaps (Czajka's SolvedGames.md lists 0.356 with period 142)
const SPEC = 'takebreak:0.356';
const FAR = 10n ** 18n;

describe('kept proofs', () => {
  it('period keeps the proof it finds, and a far window then answers from it on a clock that allows no search', async () => {
    const store = memoryStore();
    const found = period(SPEC, undefined, 60_000, 'length - 1', store);
    expect(found).toMatchObject({ period: 142, preperiod: 7315, saltus: 0, certified: true, computed: 14917 });
    expect(store.kept.get(SPEC)).toMatchObject({ preperiod: 7315, period: 142, computed: 14917 });

    const tooSlow = { budgetMs: 1000, now: stoppedClock() };
    // without the kept proof this clock leaves no time to prove it again
    await expect(grundyWindow(heap(SPEC), FAR, FAR + 5n, ENGINE_ENV, tooSlow)).rejects.toThrow(InputError);
    const window = await grundyWindow(heap(SPEC), FAR, FAR + 5n, withStore(store), tooSlow);
    expect(window.period).toEqual({ preperiod: 7315, period: 142, saltus: 0 });
    // the same values as a proof found afresh
    const fresh = await grundyWindow(heap(SPEC), FAR, FAR + 5n, ENGINE_ENV, { budgetMs: 60_000 });
    expect(Array.from(window.values)).toEqual(Array.from(fresh.values));
  });

  it('a proof found by a far request is kept, and period answers from it', async () => {
    const store = memoryStore();
    await heapValuesUpTo(heap(SPEC), FAR, withStore(store), { budgetMs: 60_000 });
    expect(store.kept.get(SPEC)?.values).toHaveLength(7315 + 142);
    const again = period(SPEC, undefined, 1, 'length - 1', store);
    expect(again).toMatchObject({
      period: 142,
      preperiod: 7315,
      certified: true,
      computed: store.kept.get(SPEC)?.computed,
    });
    // a --to below the length the proof needed is a bounded computation: the kept proof is not used
    expect(period(SPEC, 1000, undefined, 'length - 1', store)).toMatchObject({ certified: false, computed: 1000 });
  });

  it('heaps below the proof length are computed as before (the kept proof changes no reply)', async () => {
    const store = memoryStore();
    period(SPEC, undefined, 60_000, 'length - 1', store);
    const near = await heapValuesUpTo(heap(SPEC), 100n, withStore(store));
    expect(near.certificate).toBeNull();
    expect(Array.from(near.window(0n, 100n))).toEqual(Array.from(grundySequence(heap(SPEC), 100)));
  });

  it('a kept proof that fails its checks is rejected and proved again, never believed', async () => {
    const store = memoryStore();
    period(SPEC, undefined, 60_000, 'length - 1', store);
    const good = store.kept.get(SPEC)!;
    const wrong = good.values.slice();
    wrong[7315 + 3] ^= 1; // a value of the periodic part: recomputing the first values does not see it…
    const cases: [StoredProof, RegExp][] = [
      [
        {
          ...good,
          values: (() => {
            const v = good.values.slice();
            v[5] += 1;
            return v;
          })(),
        },
        /g\(5\) is stored as/,
      ],
      [{ ...good, computed: 14916 }, /the theorem needs 14917 heaps, not 14916/],
      [{ ...good, values: good.values.subarray(1) }, /7456 values stored where 7457 are needed/],
      [{ ...good, computed: 2 ** 40 }, /beyond the maximum/],
    ];
    for (const [proof, reason] of cases) {
      expect(proofProblem(heap(SPEC), proof)).toMatch(reason);
      store.kept.set(SPEC, proof);
      const values = await heapValuesUpTo(heap(SPEC), FAR, withStore(store), { budgetMs: 60_000 });
      expect(store.rejected.at(-1)).toMatch(reason);
      expect(values.certificate).toEqual({ preperiod: 7315, period: 142, saltus: 0 });
      expect(values.at(FAR)).toBe(good.values[7315 + Number((FAR - 7315n) % 142n)]);
    }
    // …which is why the disk cache also keeps a digest of the whole entry (tests/adapters/proof-cache.test.ts)
    expect(proofProblem(heap(SPEC), { ...good, values: wrong })).toBeNull();
    // a proof kept for one ruleset is checked against the ruleset asking
    expect(proofProblem(heap('takebreak:0.354'), good)).not.toBeNull();
  });
});
