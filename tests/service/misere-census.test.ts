/** The misère census: each code's quotient solved or unsolved, checked against known quotients and the misère oracle; stores, plans and queue jobs of the misère convention. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CensusStore, readStore } from '../../src/adapters/census-store.ts';
import { censusJobOf, checkJobData, checkRow, jobIdOf } from '../../src/adapters/queue/jobs.ts';
import { DEFAULT_MISERE_CENSUS_BUDGET } from '../../src/service/census/budget.ts';
import { computeJob } from '../../src/service/census/compute.ts';
import { computeMisereCensusRow } from '../../src/service/census/misere-game.ts';
import { buildMisereTable, formatMisereTable, misereSummaryText } from '../../src/service/census/misere-table.ts';
import { describeCensusRow } from '../../src/service/census/describe.ts';
import { parseCensusRow } from '../../src/service/census/rows.ts';
import { censusGroups, planCensus } from '../../src/service/census/run.ts';
import type { CensusBudget, MisereCensusRow } from '../../src/service/census/types.ts';
import { checkSolvedFar, checkSolvedRow, ORACLE_PROOF_LIMIT } from './misere-census-check.ts';

const budget = DEFAULT_MISERE_CENSUS_BUDGET;
const row = (code: string, b: CensusBudget = budget): MisereCensusRow => computeMisereCensusRow({ code, budget: b });

/**
 * Order, |P|, preperiod and period of the quotient of every heap: 0.75 is Plambeck & Siegel's R8
 * (JCTA 115 (2008)); Kayles (0.77) as Siegel's MisereSolver computes it; the rest as in
 * tests/engine/solve/misere/solved.test.ts, there computed by rebuilding quotients at 60, 120, …
 * heaps, here by the census's single pass: the two must agree.
 */
const SOLVED: [string, number, number, number, number][] = [
  ['0.75', 8, 2, 8, 2],
  ['0.77', 40, 9, 71, 12],
  ['0.72', 24, 5, 16, 4],
  ['0.71', 36, 9, 3, 6],
  ['0.53', 16, 3, 21, 9],
  ['0.34', 12, 3, 7, 8],
];

describe('a misère census row', () => {
  it.each(SOLVED)('%s: solved, order %i, |P| %i, preperiod %i, period %i', (code, order, p, e, period) => {
    const r = row(code);
    expect(r).toMatchObject({ status: 'solved', order, pPortion: p, preperiod: e, period, stopped: null });
    expect(r.tame).toBe(false);
    expect(parseCensusRow(JSON.parse(JSON.stringify(r)))).toEqual(r);
  });

  it('tame codes: every heap has a misère Nim genus (0.33 is misère Nim on heaps 0..2: order 6)', () => {
    expect(row('0.33')).toMatchObject({ status: 'solved', tame: true, order: 6, pPortion: 2 });
    expect(row('0.1')).toMatchObject({ status: 'solved', tame: true, order: 2, pPortion: 1 });
  });

  it('solved rows whose proof is short agree with the misère oracle on sums with a heap past the proof', () => {
    for (const code of ['0.75', '0.71', '0.34', '0.33', '0.2', '4.3']) {
      const r = row(code);
      expect(r.status, code).toBe('solved');
      expect(r.heaps).toBeLessThanOrEqual(ORACLE_PROOF_LIMIT);
      expect(checkSolvedRow(r, 6)).toEqual({ checked: 6, wrong: null });
      expect(checkSolvedFar(r)).toBeNull();
    }
  });

  it('a wild code stops at its work budget, unsolved, with its order at the heap reached (Dawson’s Kayles)', () => {
    const r = row('0.07', { maxHeaps: 1001, maxWork: 2e6, seconds: 60 });
    expect(r).toMatchObject({ status: 'unsolved', stopped: 'work', tame: false, preperiod: null, period: null });
    expect(r.heaps).toBeGreaterThan(10);
    expect(r.order).toBeGreaterThan(10);
    // the heap budget stops a slow but tame code the same way on every machine
    expect(row('0.56', { maxHeaps: 30, maxWork: 1e9, seconds: 60 })).toMatchObject({ stopped: 'heaps', heaps: 30 });
  });

  it('the time budget is a safety net (a clock that runs fast stops the game)', () => {
    let t = 0;
    const r = computeMisereCensusRow({ code: '0.07', budget: { ...budget, seconds: 1 } }, { now: () => (t += 400) });
    expect(r.stopped).toBe('seconds');
  });

  it('a construction limit (quotient size) is reported with its line', () => {
    const r = row('0.6');
    expect(r.stopped).toBe('limit');
    expect(r.reason).toMatch(/limit on quotient size/);
  });
});

describe('stores, plans and queue jobs of a misère census', () => {
  it('misère codes are not folded (the folding rules are Grundy arithmetic); normal rows answer no misère job', () => {
    expect(censusGroups({ digits: 2 }, 'misere')).toHaveLength(128);
    expect(censusGroups({ digits: 2 }, 'normal')).toHaveLength(72);
    const solved = row('0.75');
    const plan = planCensus({ digits: 1 }, budget, new Map([['0.75', solved]]), 'misere');
    expect(plan.reused).toBe(0); // 0.75 is no 1-digit code
    const one = planCensus({ digits: 2, prefix: '0.7' }, budget, new Map([['0.75', solved]]), 'misere');
    expect(one.jobs.map((j) => j.code)).not.toContain('0.75');
    expect(one.jobs.every((j) => j.convention === 'misere')).toBe(true);
    expect(planCensus({ digits: 2, prefix: '0.7' }, budget, new Map([['0.75', solved]])).jobs.length).toBe(8);
  });

  it('a stored misère row reads back; a corrupt one (a solved row without its period) refuses the store in one line', () => {
    const file = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'nimber-misere-census-')),
      'takebreak-octal-2-misere.jsonl',
    );
    const store = new CensusStore(file);
    const r = row('0.75');
    store.put(r);
    expect(readStore(file).rows.get('0.75')).toEqual(r);
    writeFileSync(file, `{"nimber":"census-store","version":1}\n${JSON.stringify({ ...r, period: null })}\n`);
    expect(() => readStore(file)).toThrow(
      /^census store takebreak-octal-2-misere\.jsonl, line 2: not a valid census row/,
    );
    // an unsolved row claiming a period, or a P-portion larger than the quotient: corrupt too
    for (const bad of [
      { ...row('0.6'), period: 3 },
      { ...r, pPortion: 9 },
    ])
      expect(parseCensusRow(JSON.parse(JSON.stringify(bad)))).toBeNull();
  });

  it('queue jobs carry the convention; a misère job has its own id and row check', () => {
    expect(jobIdOf('0.07')).toBe('0.07');
    expect(jobIdOf('0.07', 'misere')).toBe('misere-0.07');
    const data = checkJobData(
      JSON.parse(JSON.stringify({ code: '0.75', budget, timeoutMs: 1000, convention: 'misere' })),
    );
    const job = censusJobOf(data);
    expect(job.convention).toBe('misere');
    const computed = computeJob(job);
    expect(checkRow(JSON.parse(JSON.stringify(computed)), '0.75', 'misere')).toEqual(computed);
    expect(() => checkRow(computed, '0.75')).toThrow(/malformed row/);
    expect(() => checkJobData({ code: '0.75', budget, timeoutMs: 1000, convention: 'other' })).toThrow(/malformed/);
  });

  it('the table checks known quotients and says how each unsolved game stopped', () => {
    const groups = censusGroups({ digits: 2, prefix: '0.7' }, 'misere');
    const rows = new Map(
      groups.map((g) => [g.code, row(g.code, { maxHeaps: 200, maxWork: 3e6, seconds: 60 })] as const),
    );
    const table = buildMisereTable({ digits: 2, prefix: '0.7' }, budget, groups, rows);
    expect(table.rows.find((r) => r.code === '0.75')).toMatchObject({ known: 'agrees' });
    // Kayles needs more work than this small budget: a known quotient not reached is no disagreement
    expect(table.rows.find((r) => r.code === '0.77')).toMatchObject({ known: 'not reached', status: 'unsolved' });
    expect(table.summary.known.disagrees).toBe(0);
    expect(table.summary.games).toBe(8);
    const md = formatMisereTable(table, 'md');
    expect(md).toMatch(/^# Misère take-and-break census/);
    expect(md).toMatch(/\| 0\.75 \| solved \| wild \| 8 \| 2 \| 8 \| 2 \|/);
    // one word for a game without a proved period: the status column, the summary and a worker's log line
    const unsolved = table.rows.filter((r) => r.status === 'unsolved').length;
    expect(unsolved).toBeGreaterThan(0);
    expect(misereSummaryText(table)).toContain(`${unsolved} unsolved`);
    expect(describeCensusRow(rows.get('0.77')!)).toMatch(/^0\.77 misère unsolved/);
    expect(`${md}\n${misereSummaryText(table)}`).not.toMatch(/partial/i);
  });
});
