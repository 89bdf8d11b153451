/** The take-and-break kernel says when it runs the dense O(n^2) scan, and the sequence source passes it to the progress line. */
import { describe, expect, it } from 'vitest';
import { takeBreakComputation } from '../../../../src/engine/families/takebreak/sparse.ts';
import type { TakeBreakRuleset } from '../../../../src/engine/families/takebreak/index.ts';
import { parseRuleset } from '../../../../src/engine/spec.ts';
import { computeSequence } from '../../../../src/adapters/sequence-source.ts';

const code = (spec: string) => parseRuleset(spec) as TakeBreakRuleset;

describe('dense fallback note', () => {
  it("names the dense scan past the first checkpoint when no sparse split pays (Dawson's Kayles), and nothing when sparse (Kayles)", () => {
    const dawson = takeBreakComputation(code('dawsons-kayles'), 8192);
    dawson.extendTo(512);
    expect(dawson.note).toBeNull(); // the first stretch is dense by design
    dawson.extendTo(8192);
    expect(dawson.split).toBeNull();
    expect(dawson.note).toMatch(/dense O\(n²\) scan/);
    const kayles = takeBreakComputation(code('kayles'), 8192);
    kayles.extendTo(8192);
    expect(kayles.split).not.toBeNull();
    expect(kayles.note).toBeNull();
  });

  it('the sequence source reports the note with its progress', async () => {
    const notes = new Set<string | undefined>();
    await computeSequence(code('dawsons-kayles'), 20_000, {
      threads: 1,
      onProgress: (_d, _t, note) => notes.add(note),
    });
    expect([...notes].some((n) => n?.includes('dense'))).toBe(true);
  });
});
