/** The disk cache of proved periods: round trip, damage detected and dropped with a warning, clear. */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProofCache } from '../../src/adapters/proof-cache.ts';
import type { StoredProof } from '../../src/service/proofs.ts';

const proof: StoredProof = { preperiod: 3, period: 2, computed: 40, values: Uint32Array.from([0, 1, 2, 3, 70000]) };

function fresh(): { cache: ProofCache; dir: string; warnings: string[] } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-proofs-'));
  const warnings: string[] = [];
  return { cache: new ProofCache(dir, { onDamaged: (w) => warnings.push(w) }), dir, warnings };
}

describe('ProofCache', () => {
  it('reads back what it wrote, per spec, and lists it', () => {
    const { cache } = fresh();
    expect(cache.read('takebreak:0.356')).toBeNull();
    cache.write('takebreak:0.356', proof);
    expect(cache.read('takebreak:0.356')).toEqual(proof);
    expect(cache.read('takebreak:0.354')).toBeNull();
    expect(cache.list()).toMatchObject([{ spec: 'takebreak:0.356', preperiod: 3, period: 2, computed: 40, ok: true }]);
  });

  it.each([
    ['a flipped bit in a value', (b: Buffer) => (b[b.length - 1] ^= 1)],
    ['a flipped bit in the preperiod', (b: Buffer) => (b[12] ^= 1)],
    ['a flipped bit in the computed length', (b: Buffer) => (b[21] ^= 4)],
  ])('drops an entry with %s, saying so, and reads none', (_what, damage) => {
    const { cache, dir, warnings } = fresh();
    cache.write('takebreak:0.356', proof);
    const [file] = readdirSync(dir);
    const bytes = readFileSync(path.join(dir, file));
    damage(bytes);
    writeFileSync(path.join(dir, file), bytes);
    expect(cache.read('takebreak:0.356')).toBeNull();
    expect(warnings).toEqual([
      expect.stringMatching(
        /^ignored the cached proof of takebreak:0\.356 \((checksum mismatch|truncated)\); proving it again$/,
      ),
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('drops a truncated entry and one that is no proof file', () => {
    const { cache, dir, warnings } = fresh();
    cache.write('a', proof);
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file), readFileSync(path.join(dir, file)).subarray(0, 70));
    expect(cache.read('a')).toBeNull();
    cache.write('a', proof);
    writeFileSync(path.join(dir, file), 'hello');
    expect(cache.read('a')).toBeNull();
    expect(warnings).toEqual([
      expect.stringContaining('(truncated)'),
      expect.stringContaining('(not a nimber proof file)'),
    ]);
  });

  it('clear removes every proof and reports how many', () => {
    const { cache, dir } = fresh();
    cache.write('a', proof);
    cache.write('b', proof);
    expect(cache.clear()).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a directory that cannot be made is reported once; nothing is thrown', () => {
    const { dir } = fresh();
    writeFileSync(path.join(dir, 'file'), '');
    const told: string[] = [];
    const cache = new ProofCache(path.join(dir, 'file', 'sub'), { onUnusable: (w) => told.push(w) });
    cache.write('a', proof);
    cache.write('b', proof);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/the proof cache at .* is not usable/);
  });
});
