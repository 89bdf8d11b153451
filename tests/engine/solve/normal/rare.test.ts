/** Rare and common values: the split found from the values alone, against the take-and-break kernel's own sparse split. */
import { describe, expect, it } from 'vitest';
import { takeBreakRun } from '../../../../src/engine/families/takebreak/sparse.ts';
import type { TakeBreakRuleset } from '../../../../src/engine/families/takebreak/index.ts';
import { grundySequence } from '../../../../src/engine/solve/normal/grundy.ts';
import { rareAndCommon } from '../../../../src/engine/solve/normal/rare.ts';
import { parseTupleSpec } from '../../../../src/engine/spec.ts';

describe('rare and common values', () => {
  it.each(['grundys-game', 'takebreak:0.16', 'takebreak:0.56'])(
    "%s to 2^14: no more rare heaps than under the kernel's split, and the rare class is the small one",
    (spec) => {
      const ruleset = parseTupleSpec(spec) as TakeBreakRuleset;
      const run = takeBreakRun(ruleset, 1 << 14);
      expect(run.split).not.toBeNull();
      const split = rareAndCommon(run.values)!;
      expect(split).not.toBeNull();
      expect(split.rareCount).toBeLessThanOrEqual(run.rareHeaps);
      let rare = 0;
      for (let n = 1; n <= 1 << 14; n++) if (split.classOf(n) === split.rareClass) rare++;
      expect(rare).toBe(split.rareCount);
      expect(rare * 8).toBeLessThanOrEqual(1 << 14);
    },
  );

  it("Grundy's game: the kernel's mask 254 leaves 1149 rare heaps to 2^14; the split found here is at least as sparse", () => {
    const values = grundySequence(parseTupleSpec('grundys-game'), 1 << 14);
    expect(rareAndCommon(values)!.rareCount).toBeLessThanOrEqual(1149);
  });

  it('no picture for Nim (values spread evenly) or short sequences', () => {
    expect(rareAndCommon(grundySequence(parseTupleSpec('nim'), 1000))).toBeNull();
    expect(rareAndCommon([0, 1, 2])).toBeNull();
  });
});
