/**
 * The shared case suite of the Grundy-sequence kernels: every kernel (generic mex, subtraction TS /
 * WebAssembly / parallel, take-and-break TS / WebAssembly, split:distinct knapsack, the closed forms,
 * the dispatch and the adapter) runs these same cases, each against an independent reference:
 * published sequences (tests/engine/published.ts, OEIS), closed forms, the brute-force oracle, or the
 * generic mex kernel. A kernel declares the families of rulesets it takes, and the suite generates
 * exactly their cases: nothing is skipped. (The hono pattern: one case file; a kernel's own file is a
 * few lines.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mexSequence } from '../../../src/engine/kernels/mex.ts';
import { oracleFor } from '../../../src/engine/solve/oracle/normal.ts';
import { parseRuleset } from '../../../src/engine/spec.ts';
import type { HeapRuleset } from '../../../src/engine/types.ts';
import {
  DAWSONS_CHESS_GRUNDY,
  DAWSONS_KAYLES_PERIOD,
  GRUNDYS_GAME_GRUNDY,
  KAYLES_GRUNDY,
  KAYLES_PERIOD,
  SQUARES_GRUNDY,
  SQUARES_P_POSITIONS,
} from '../published.ts';
import { anyCode } from '../families/takebreak/arbitraries.ts';

/** A kernel under test: g(0..maxHeap) of a heap ruleset. */
export type GrundyKernel = (ruleset: HeapRuleset, maxHeap: number) => Uint32Array | Promise<Uint32Array>;

/** The families of rulesets the cases run kernels on. */
export const CASE_FAMILIES = ['subtraction', 'nim', 'takebreak', 'lasker', 'split'] as const;
export type CaseFamily = (typeof CASE_FAMILIES)[number];

export interface KernelUnderTest {
  readonly name: string;
  readonly kernel: GrundyKernel;
  /** The families whose rulesets the kernel takes: the suite generates every case of these, and no other. */
  readonly families: readonly CaseFamily[];
  /**
   * Set on the generic mex kernel only: the cases whose reference it is (againstMex) are not generated
   * for it, since against itself they could never fail.
   */
  readonly isMexReference?: boolean;
}

interface GrundyCase {
  /** A short name, first in the test's name. */
  readonly id: string;
  /** What it checks, against which reference. */
  readonly title: string;
  /** The family of the rulesets it runs the kernel on: kernels that take this family run the case. */
  readonly family: CaseFamily;
  /** The reference is the generic mex kernel (so the mex kernel itself does not run the case). */
  readonly againstMex?: boolean;
  run(sequence: (spec: string, maxHeap: number) => Promise<number[]>): Promise<void>;
}

const heap = (spec: string) => parseRuleset(spec) as HeapRuleset;
const list = (g: ArrayLike<number>) => Array.from(g);
const upTo = <T>(n: number, f: (n: number) => T): T[] => Array.from({ length: n + 1 }, (_, i) => f(i));

/** Random finite subtraction specs like 'subtract:2,5,7' (also used by the solver's tests). */
export const subtractionSpec = fc
  .uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 })
  .map((s) => `subtract:${s.join(',')}`);

/** The same with members up to 40: moves longer than the small heaps, and longer runs before a period. */
const widerSubtractionSpec = fc
  .uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 })
  .map((s) => `subtract:${s.join(',')}`);

const NAMED_SETS = ['squares', 'cubes', 'primes', 'powers-of-2', 'fibonacci', 'triangular'];

/**
 * Heaps a periodicity check runs to: past 1024, the first checkpoint where take-and-break kernels
 * with their default options choose a sparse split (smaller runs stay dense).
 */
const PERIOD_CHECK_TO = 1100;

/** g(n + period) = g(n) for every n >= preperiod that the sequence holds. */
function expectPeriodic(g: readonly number[], { preperiod, period }: { preperiod: number; period: number }) {
  const breaks = [];
  for (let n = preperiod; n + period < g.length; n++) if (g[n] !== g[n + period]) breaks.push(n);
  expect(breaks).toEqual([]);
}

/** For every pair a <= b <= max: g(a) = g(b) exactly when the oracle (no Sprague–Grundy theory) calls (a, b) a P-position. */
function expectPairsMatchOracle(spec: string, g: readonly number[], max: number) {
  const oracle = oracleFor(heap(spec));
  for (let a = 0; a <= max; a++)
    for (let b = a; b <= max; b++) expect(g[a] === g[b], `${spec} (${a}, ${b})`).toBe(oracle.isP([a, b]));
}

const CASES: readonly GrundyCase[] = [
  // Subtraction games
  {
    id: 'squares',
    title: 'subtract:squares, heaps 0..98 = OEIS A014586',
    family: 'subtraction',
    run: async (seq) => expect(await seq('subtract:squares', SQUARES_GRUNDY.length - 1)).toEqual(SQUARES_GRUNDY),
  },
  {
    id: 'squares-p-positions',
    title: 'subtract:squares, the P-positions up to 95 = OEIS A030193',
    family: 'subtraction',
    run: async (seq) => {
      const g = await seq('subtract:squares', 95);
      expect(g.flatMap((v, n) => (v === 0 ? [n] : []))).toEqual(SQUARES_P_POSITIONS);
    },
  },
  {
    id: 'squares-1e5',
    title: 'subtract:squares reaches 74 as its largest value up to 1e5 (PROBLEMS.md)',
    family: 'subtraction',
    run: async (seq) => {
      const g = await seq('subtract:squares', 100_000);
      expect(g.reduce((a, b) => Math.max(a, b), 0)).toBe(74);
    },
  },
  {
    id: 'one-two-three',
    title: 'subtract:1,2,3 is n mod 4 (the set 1..k gives n mod (k + 1)), heaps 0..40',
    family: 'subtraction',
    run: async (seq) => expect(await seq('subtract:1,2,3', 40)).toEqual(upTo(40, (n) => n % 4)),
  },
  {
    id: 'single-move-every-size',
    title: 'subtract:5 at every size 0..12 is floor(n/5) mod 2 (below 5 no move fits: an empty move list)',
    family: 'subtraction',
    run: async (seq) => {
      for (let max = 0; max <= 12; max++)
        expect(await seq('subtract:5', max), `to ${max}`).toEqual(upTo(max, (n) => Math.floor(n / 5) % 2));
    },
  },
  {
    id: 'named-sets-oracle',
    title: 'every named set: single heaps 0..60 are P exactly where the brute-force oracle says',
    family: 'subtraction',
    run: async (seq) => {
      for (const set of NAMED_SETS) {
        const g = await seq(`subtract:${set}`, 60);
        const oracle = oracleFor(heap(`subtract:${set}`));
        expect(
          g.map((v) => v === 0),
          set,
        ).toEqual(upTo(60, (n) => oracle.isP([n])));
      }
    },
  },
  {
    id: 'named-sets-mex',
    title: 'every named set equals the generic mex kernel to 1000',
    family: 'subtraction',
    againstMex: true,
    run: async (seq) => {
      for (const set of NAMED_SETS)
        expect(await seq(`subtract:${set}`, 1000), set).toEqual(list(mexSequence(heap(`subtract:${set}`), 1000)));
    },
  },
  {
    id: 'random-sets-mex',
    title: 'property: random finite sets equal the generic mex kernel to 120',
    family: 'subtraction',
    againstMex: true,
    run: async (seq) => {
      await fc.assert(
        fc.asyncProperty(widerSubtractionSpec, async (spec) => {
          expect(await seq(spec, 120)).toEqual(list(mexSequence(heap(spec), 120)));
        }),
        { numRuns: 40 },
      );
    },
  },
  {
    id: 'random-sets-oracle',
    title: 'property: random finite sets, g(a) = g(b) exactly when the oracle calls (a, b) a P-position, a, b <= 16',
    family: 'subtraction',
    run: async (seq) => {
      await fc.assert(
        fc.asyncProperty(widerSubtractionSpec, async (spec) => expectPairsMatchOracle(spec, await seq(spec, 16), 16)),
        { numRuns: 15 },
      );
    },
  },

  // Nim
  {
    id: 'nim',
    title: 'nim: g(n) = n (Bouton), at sizes 0, 1 and 50',
    family: 'nim',
    run: async (seq) => {
      for (const max of [0, 1, 50]) expect(await seq('nim', max)).toEqual(upTo(max, (n) => n));
    },
  },

  // Take-and-break codes
  {
    id: 'kayles',
    title: 'Kayles (takebreak:0.77), heaps 0..104 = OEIS A002186',
    family: 'takebreak',
    run: async (seq) => expect(await seq('kayles', KAYLES_GRUNDY.length - 1)).toEqual(KAYLES_GRUNDY),
  },
  {
    id: 'kayles-period',
    title: `Kayles has period 12 from heap 71 on (OEIS A002186; Guy 1949), checked to ${PERIOD_CHECK_TO}`,
    family: 'takebreak',
    run: async (seq) => expectPeriodic(await seq('kayles', PERIOD_CHECK_TO), KAYLES_PERIOD),
  },
  {
    id: 'kayles-every-size',
    title: 'Kayles at every size 0..12 is a prefix of OEIS A002186',
    family: 'takebreak',
    run: async (seq) => {
      for (let max = 0; max <= 12; max++)
        expect(await seq('kayles', max), `to ${max}`).toEqual(KAYLES_GRUNDY.slice(0, max + 1));
    },
  },
  {
    id: 'dawsons-kayles',
    title: "Dawson's Kayles (takebreak:0.07), heaps 0..132: g(n) = A002187(n - 1) (OEIS A002187, Dawson's chess)",
    family: 'takebreak',
    run: async (seq) =>
      expect(await seq('dawsons-kayles', DAWSONS_CHESS_GRUNDY.length)).toEqual([0, ...DAWSONS_CHESS_GRUNDY]),
  },
  {
    id: 'dawsons-kayles-period',
    title: `Dawson's Kayles has period 34 from heap 53 on (OEIS A002187), checked to ${PERIOD_CHECK_TO}`,
    family: 'takebreak',
    run: async (seq) => expectPeriodic(await seq('dawsons-kayles', PERIOD_CHECK_TO), DAWSONS_KAYLES_PERIOD),
  },
  {
    id: 'grundys-game',
    title: "Grundy's game (takebreak:4!.0), heaps 0..104 = OEIS A002188",
    family: 'takebreak',
    run: async (seq) => expect(await seq('grundys-game', GRUNDYS_GAME_GRUNDY.length - 1)).toEqual(GRUNDYS_GAME_GRUNDY),
  },
  {
    id: 'random-codes-mex',
    title: 'property: random octal and hex codes (with and without !) equal the generic mex kernel to 60',
    family: 'takebreak',
    againstMex: true,
    run: async (seq) => {
      await fc.assert(
        fc.asyncProperty(anyCode, async (code) => {
          const spec = `takebreak:${code}`;
          expect(await seq(spec, 60)).toEqual(list(mexSequence(heap(spec), 60)));
        }),
        { numRuns: 40 },
      );
    },
  },
  {
    id: 'random-codes-oracle',
    title: 'property: random codes, g(a) = g(b) exactly when the oracle calls (a, b) a P-position, a, b <= 9',
    family: 'takebreak',
    run: async (seq) => {
      await fc.assert(
        fc.asyncProperty(anyCode, async (code) =>
          expectPairsMatchOracle(`takebreak:${code}`, await seq(`takebreak:${code}`, 9), 9),
        ),
        { numRuns: 15 },
      );
    },
  },

  // Lasker's Nim
  {
    id: 'lasker',
    title:
      "Lasker's Nim: g(n) = n for n = 1, 2 mod 4, n + 1 for 3, n - 1 for 0 (Winning Ways ch. 4), at sizes 0, 1 and 200",
    family: 'lasker',
    run: async (seq) => {
      const winningWays = (n: number) => (n === 0 ? 0 : n % 4 === 3 ? n + 1 : n % 4 === 0 ? n - 1 : n);
      for (const max of [0, 1, 200]) expect(await seq('lasker', max)).toEqual(upTo(max, winningWays));
    },
  },
  {
    id: 'lasker-oracle',
    title: "Lasker's Nim: g(a) = g(b) exactly when the oracle calls (a, b) a P-position, a, b <= 12",
    family: 'lasker',
    run: async (seq) => expectPairsMatchOracle('lasker', await seq('lasker', 12), 12),
  },

  // split:distinct
  {
    id: 'split-distinct-every-size',
    title: 'split:distinct at every size 0..8 is a prefix of 0 0 0 1 0 2 3 4 0 (judge sample: 8 is a P-position)',
    family: 'split',
    run: async (seq) => {
      const sample = [0, 0, 0, 1, 0, 2, 3, 4, 0];
      for (let max = 0; max <= 8; max++)
        expect(await seq('split:distinct', max), `to ${max}`).toEqual(sample.slice(0, max + 1));
    },
  },
  {
    id: 'split-distinct-mex',
    title: 'split:distinct equals the generic mex kernel over the listed splits to 70',
    family: 'split',
    againstMex: true,
    run: async (seq) => expect(await seq('split:distinct', 70)).toEqual(list(mexSequence(heap('split:distinct'), 70))),
  },
  {
    id: 'split-distinct-oracle',
    title: 'split:distinct: g(a) = g(b) exactly when the oracle calls (a, b) a P-position, a, b <= 12',
    family: 'split',
    run: async (seq) => expectPairsMatchOracle('split:distinct', await seq('split:distinct', 12), 12),
  },
];

/** Runs every case of the kernel's families against it (the mex kernel leaves out the cases it is the reference of). */
export function runGrundyKernelCases({ name, kernel, families, isMexReference = false }: KernelUnderTest): void {
  const cases = CASES.filter((c) => families.includes(c.family) && !(isMexReference && c.againstMex));
  if (cases.length === 0) throw new Error(`${name}: its families (${families.join(', ')}) have no cases`);
  const sequence = async (spec: string, maxHeap: number) => {
    const g = await kernel(heap(spec), maxHeap);
    expect(g, `${spec} to ${maxHeap}: a Uint32Array`).toBeInstanceOf(Uint32Array);
    expect(g.length, `${spec} to ${maxHeap}: one value per heap 0..maxHeap`).toBe(maxHeap + 1);
    return list(g);
  };
  describe(`Grundy kernel: ${name}`, () => {
    for (const c of cases) it(`${c.id}: ${c.title}`, () => c.run(sequence));
  });
}
