/**
 * The default census budget is work, not time (issue 28, item 8): where a game stops is a function of
 * the game alone, so a slow machine (a clock that runs fast) gives the same rows as a fast one.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENSUS_BUDGET, DEFAULT_MAX_WORK } from '../../src/service/census/budget.ts';
import {
  CHECKS_PER_WORK,
  type CheckedStep,
  computeCensusRow,
  predictChecks,
  stepWork,
} from '../../src/service/census/game.ts';
import { parseTakeBreak } from '../../src/engine/families/takebreak/index.ts';
import { wasmTakeBreakComputation } from '../../src/engine/families/takebreak/wasm.ts';
import { stillAnswers } from '../../src/service/census/run.ts';
import type { CensusBudget, CensusRow } from '../../src/service/census/types.ts';
import { censusJobOf, checkJobData, checkRow, defaultTimeoutMs } from '../../src/adapters/queue/jobs.ts';

/** A clock on which each reading is `ms` later than the last: a machine that much slower per step. */
const slowClock = (ms: number) => {
  let t = 0;
  return () => (t += ms);
};

/** A row without its computing time (the one field that depends on the machine). */
const facts = ({ ms: _ms, ...rest }: CensusRow) => rest;

describe('census: a work budget the same on every machine', () => {
  it('the default budget stops a game by heaps and work only; its seconds are a safety net far above a game', () => {
    expect(DEFAULT_CENSUS_BUDGET).toEqual({ maxHeaps: 2 ** 25, maxWork: 1e10, seconds: 900 });
  });

  it('a published game reached by default is reached as well when every step takes seconds (Czajka: .56 has preperiod 326,640, period 144)', () => {
    const fast = computeCensusRow({ code: '0.56', budget: DEFAULT_CENSUS_BUDGET });
    // about 2 s a step on the slow clock: the old default (20 s a game) stopped it unsolved
    const slow = computeCensusRow({ code: '0.56', budget: DEFAULT_CENSUS_BUDGET }, { now: slowClock(2000) });
    expect(fast).toMatchObject({ status: 'solved', preperiod: 326640, period: 144 });
    expect(facts(slow)).toEqual(facts(fast));
    const timed = computeCensusRow(
      { code: '0.56', budget: { maxHeaps: 2 ** 25, seconds: 20 } },
      { now: slowClock(2000) },
    );
    expect(timed).toMatchObject({ status: 'unsolved', stopped: 'seconds' });
  });

  it('an unsolved game stops at the same heap, by its work, whatever the clock', () => {
    const budget: CensusBudget = { maxHeaps: 2 ** 25, maxWork: 3e8, seconds: 900 };
    const rows = [undefined, slowClock(1), slowClock(5000)].map((now) =>
      computeCensusRow({ code: '0.74', budget }, now ? { now } : {}),
    );
    expect(rows[0]).toMatchObject({ status: 'unsolved', stopped: 'work' });
    for (const row of rows) expect(facts(row)).toEqual(facts(rows[0]));
    // a larger work budget goes further; the stored row is recomputed only then
    const further = computeCensusRow({ code: '0.74', budget: { ...budget, maxWork: 12e8 } });
    expect(further.heaps).toBeGreaterThan(rows[0].heaps);
    expect(stillAnswers(rows[0], budget)).toBe(true);
    expect(stillAnswers(rows[0], { ...budget, maxWork: 12e8 })).toBe(false);
    expect(stillAnswers(rows[0], { ...budget, seconds: 9000 })).toBe(true);
  });

  it('work is priced from the values: linear without splits, by the rare heaps when sparse, half the heap when dense', () => {
    const values = Uint32Array.from({ length: 1 << 12 }, (_, n) => n % 7);
    expect(stepWork(values, 1024, 2048, 0, false)).toBe(1024);
    const dense = stepWork(values, 1024, 2048, 2, true);
    expect(dense).toBe(1024 * (1 + 2 * 512 * 1.5));
    expect(stepWork(values, 1024, 2048, 2, false)).toBeLessThan(dense);
    expect(DEFAULT_MAX_WORK).toBeGreaterThan(0);
  });

  it("the queue's jobs carry the work budget to every worker, and rows stopped by work pass its checks", () => {
    const sent = { code: '0.74', budget: DEFAULT_CENSUS_BUDGET, timeoutMs: defaultTimeoutMs(DEFAULT_CENSUS_BUDGET) };
    expect(censusJobOf(checkJobData(JSON.parse(JSON.stringify(sent))))).toEqual({
      code: '0.74',
      budget: DEFAULT_CENSUS_BUDGET,
    });
    expect(() => checkJobData({ ...sent, budget: { ...DEFAULT_CENSUS_BUDGET, maxWork: -1 } })).toThrow(/malformed/);
    const row = computeCensusRow({ code: '0.74', budget: { maxHeaps: 2 ** 25, maxWork: 3e8, seconds: 900 } });
    expect(checkRow(JSON.parse(JSON.stringify(row)), '0.74')).toMatchObject({ stopped: 'work' });
  });
});

describe('census: the pair checks the kernel counts (issue 39, item 7)', () => {
  it('a step is predicted from the checks per heap of the last step, grown as they grew from the step before', () => {
    // flat per heap (.64: about 3,100 checks a heap at every length): the next doubling costs as many again
    const flat = predictChecks(
      { from: 2048, to: 4096, checks: 2048 * 3100 },
      { from: 1024, to: 2048, checks: 1024 * 3100 },
      8192,
    );
    expect(flat).toBe(4096 * 3100);
    // falling (.376 once its values settle): a quarter per heap at most, never a negative count
    const falling = predictChecks(
      { from: 2048, to: 4096, checks: 2048 * 10 },
      { from: 1024, to: 2048, checks: 1024 * 1000 },
      8192,
    );
    expect(falling).toBe(4096 * 10 * 0.25);
    // no step before: linear growth with the heap; nothing past the end
    expect(predictChecks({ from: 1024, to: 2048, checks: 1024 }, null, 4096)).toBe(2048 * (6144 / 3072));
    expect(predictChecks({ from: 1024, to: 2048, checks: 1024 }, null, 2048)).toBe(0);
  });

  it('.64 stops where its counted checks (5 × the work budget) would pass, far below where the predicted work would', () => {
    const maxWork = 1e8;
    const row = computeCensusRow({ code: '0.64', budget: { maxHeaps: 2 ** 25, maxWork, seconds: 900 } });
    expect(row).toMatchObject({ status: 'unsolved', stopped: 'work' });
    expect(CHECKS_PER_WORK).toBe(5);
    // the same walk on the kernel alone (its count is the TypeScript kernel's: work-count.test.ts),
    // doubling from 1024 (.64 shows no period to jump to)
    const ruleset = parseTakeBreak('0.64');
    const computation = wasmTakeBreakComputation(ruleset, 1024);
    let previous: CheckedStep | null = null;
    let length = 1024;
    for (;;) {
      const from = computation.length;
      const before = computation.work;
      computation.extendTo(length);
      const step: CheckedStep = { from, to: length, checks: computation.work - before };
      if (computation.work + predictChecks(step, previous, 2 * length) > CHECKS_PER_WORK * maxWork) break;
      previous = step;
      length *= 2;
    }
    expect(row.heaps).toBe(length);
    // the predicted work alone (stepWork) would have gone on: it does not see the class-q search
    const values = computation.values();
    const pairMoves = ruleset.digits.filter((d) => (d & 12) !== 0).length;
    expect(stepWork(values, length, 2 * length, pairMoves, false) * 2).toBeLessThan(maxWork);
  });
});
