/** The progress of a run computed at doubling lengths: one bar over the whole run that never goes backwards (issue 28, item 5). */
import { expect, it } from 'vitest';
import { runProgress } from '../../src/cli/run-progress.ts';
import { heapValuesUpTo } from '../../src/service/heap-values.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import { grundySequence } from '../../src/engine/solve/normal/grundy.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';

it('the steps of a period proof far out report one run: the total stays the largest heap, the value never falls', async () => {
  const ruleset = parseRuleset('takebreak:0.56') as HeapRuleset;
  const progress = runProgress();
  const shown: { value: number; total: number; note?: string }[] = [];
  const steps: number[] = [];
  // a source like the CLI's: each step computes from heap 0 (no cache), reporting as it goes
  const values = await heapValuesUpTo(
    ruleset,
    10n ** 18n,
    {
      sequences: async (r, maxHeap, run) => {
        steps.push(maxHeap);
        for (const done of [Math.floor((maxHeap + 1) / 4), Math.floor((maxHeap + 1) / 2), maxHeap + 1])
          shown.push(progress.step(r.spec, maxHeap, run?.upTo, done, maxHeap + 1));
        progress.finish(r.spec, maxHeap);
        return grundySequence(r, maxHeap);
      },
    },
    { budgetMs: 600_000 },
  );
  expect(values.certificate).not.toBeNull();
  expect(steps.length).toBeGreaterThan(3); // doubling steps, each reported
  expect(new Set(shown.map((s) => s.total)).size).toBe(1);
  for (let i = 1; i < shown.length; i++) expect(shown[i].value).toBeGreaterThanOrEqual(shown[i - 1].value);
  expect(shown.at(-1)?.note).toMatch(/^to heap [\d,]+ of at most [\d,]+, until a period is proved$/);
});

it('a single computation (no run) reports its own heaps and total, as before', () => {
  const progress = runProgress();
  expect(progress.step('nim', 999, undefined, 500, 1000)).toEqual({ value: 500, total: 1000, note: undefined });
});
