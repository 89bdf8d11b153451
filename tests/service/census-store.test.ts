/** The census store (append-only JSON lines, resumable) and the table's formats. */
import { mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CensusStore, listStores, readStore } from '../../src/adapters/census-store.ts';
import { StorageError } from '../../src/adapters/storage-error.ts';
import { foldCodes, enumerateCodes } from '../../src/engine/families/takebreak/codes.ts';
import { computeCensusRow } from '../../src/service/census/game.ts';
import { planCensus, runCensus, valuesOf } from '../../src/service/census/run.ts';
import { buildTable, formatTable } from '../../src/service/census/table.ts';
import type { CensusExecutor, CensusJob, CensusRow } from '../../src/service/census/types.ts';

const budget = { maxHeaps: 4096, seconds: 5 };
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'nimber-census-'));

/** Computes in this thread and counts what it was asked. */
function countingExecutor(): CensusExecutor & { asked: CensusJob[] } {
  const asked: CensusJob[] = [];
  return {
    asked,
    async run(jobs, onRow) {
      for (const job of jobs) {
        asked.push(job);
        onRow(computeCensusRow(job));
      }
    },
    async close() {},
  };
}

describe('census store', () => {
  it('a second run computes nothing: every row comes back from the store', async () => {
    const file = path.join(tmp(), 'deep', 'er', 'takebreak-octal-1.jsonl');
    const first = new CensusStore(file);
    const plan = planCensus({ digits: 1 }, budget, first.rows);
    const executor = countingExecutor();
    await runCensus(plan, executor, (row) => first.put(row));
    expect(executor.asked.length).toBe(14);
    const again = new CensusStore(file);
    expect(again.rows.size).toBe(14);
    const second = planCensus({ digits: 1 }, budget, again.rows);
    expect(second.jobs).toEqual([]);
    const other = countingExecutor();
    await runCensus(second, other, () => {});
    expect(other.asked).toEqual([]);
    // the unsolved .6 is recomputed under a larger heap budget only
    expect(planCensus({ digits: 1 }, { maxHeaps: 8192, seconds: 5 }, again.rows).jobs.map((j) => j.code)).toEqual([
      '0.6',
    ]);
    expect(listStores(path.dirname(file))).toEqual(['takebreak-octal-1']);
  });

  it('a torn last line (a crash mid-write) is skipped, finished rows stay; a whole malformed line is a corrupt store, refused in one line', () => {
    const file = path.join(tmp(), 's.jsonl');
    const store = new CensusStore(file);
    store.put(computeCensusRow({ code: '0.77', budget }));
    appendFileSync(file, '{"code":"0.07","status":"sol');
    const read = readStore(file);
    expect([...read.rows.keys()]).toEqual(['0.77']);
    expect(read.skipped).toBe(1);
    // appending after a torn line cuts it off first
    const reopened = new CensusStore(file);
    reopened.put(computeCensusRow({ code: '0.07', budget }));
    expect([...readStore(file).rows.keys()].sort()).toEqual(['0.07', '0.77']);
    appendFileSync(file, '{"code": 5}\n[1,2]\n');
    expect(() => readStore(file)).toThrow(/^census store s\.jsonl, line 4: not a valid census row/);
  });

  it('a file that is not a census store is refused with one line, and left alone', () => {
    const file = path.join(tmp(), 'notes.jsonl');
    writeFileSync(file, 'hello\n');
    expect(() => new CensusStore(file)).toThrow(/notes\.jsonl is not a nimber census store/);
    writeFileSync(file, '{"nimber":"census-store","version":99}\n');
    expect(() => readStore(file)).toThrow(/version 99/);
    expect(readFileSync(file, 'utf8')).toBe('{"nimber":"census-store","version":99}\n');
  });

  it('a later row replaces an earlier one only when it knows more', () => {
    const file = path.join(tmp(), 's.jsonl');
    const store = new CensusStore(file);
    const solved = computeCensusRow({ code: '0.45', budget });
    const unsolved: CensusRow = {
      ...solved,
      status: 'unsolved',
      preperiod: null,
      period: null,
      saltus: null,
      heaps: 100,
      stopped: 'heaps',
    };
    store.put(solved);
    store.put(unsolved);
    expect(readStore(file).rows.get('0.45')).toEqual(solved);
  });
});

describe('census table formats', () => {
  const groups = foldCodes(enumerateCodes({ digits: 1, prefix: '4.' }));
  const rows = new Map(groups.map((g) => [g.code, computeCensusRow({ code: g.code, budget })] as const));
  const table = buildTable({ digits: 1, prefix: '4.' }, budget, groups, rows, valuesOf);

  it('Markdown: a summary, then one table row per standard form with the codes folded into it', () => {
    const md = formatTable(table, 'md');
    expect(md).toMatch(/^# Take-and-break census: octal codes with up to 1 digit, codes starting 4\./);
    expect(md).toMatch(/6 games \(8 codes folded to standard forms\): 6 solved, 0 unsolved/);
    expect(md).toContain('| 4.0 | 4.2 | solved | 1 | 2 | 0 | 1 | 2 |');
    expect(md.split('\n').filter((l) => l.startsWith('| 4.')).length).toBe(6);
  });

  it('CSV: a header and one line per game; JSON: the same rows, parseable', () => {
    const csv = formatTable(table, 'csv').trimEnd().split('\r\n');
    expect(csv[0]).toBe(
      'code,also,status,preperiod,period,saltus,largest,largest at,rare mask,rare,last rare,heaps,stopped,seconds,reference,reference note',
    );
    expect(csv.length).toBe(7);
    expect(csv[1]).toMatch(/^4\.0,4\.2,solved,1,2,0,1,2,,,,1024,,[\d.]+,agrees,$/);
    const json = JSON.parse(formatTable(table, 'json'));
    expect(json.summary).toMatchObject({ games: 6, codes: 8, solved: 6, unsolved: 0, missing: 0 });
    expect(json.rows.map((r: { code: string }) => r.code)).toEqual(groups.map((g) => g.code));
    expect(json.census).toEqual({ digits: 1, hex: false, prefix: '4.', budget });
  });
});

describe('a census store that cannot be written (issue 28, item 18)', () => {
  it('a full disk (ENOSPC from /dev/full) names the file and keeps the rows stored before', () => {
    const file = path.join(tmp(), 'full.jsonl');
    const store = new CensusStore(file);
    const kept = computeCensusRow({ code: '0.77', budget });
    store.put(kept);
    // the disk fills up: from now on every write to the store's path is ENOSPC
    renameSync(file, `${file}.saved`);
    symlinkSync('/dev/full', file);
    expect(() => store.put(computeCensusRow({ code: '0.07', budget }))).toThrow(StorageError);
    expect(() => store.put(computeCensusRow({ code: '0.07', budget }))).toThrow(
      `cannot append to the census store ${file} (ENOSPC: no space left on device); the 1 rows stored before are kept`,
    );
    expect([...store.rows.keys()]).toEqual(['0.77']);
    rmSync(file);
    renameSync(`${file}.saved`, file);
    expect([...readStore(file).rows.values()]).toEqual([kept]);
  });
});
