/**
 * A census's time budget ties how far a game gets to the machine's speed: the table names every game
 * its seconds stopped, and a published game not reached says which budget stopped it (issue 28, item 8).
 */
import { expect, it } from 'vitest';
import { enumerateCodes, foldCodes } from '../../src/engine/families/takebreak/codes.ts';
import { checkAgainstReference } from '../../src/service/census/reference-check.ts';
import { valuesOf } from '../../src/service/census/run.ts';
import { buildTable, summaryText } from '../../src/service/census/table.ts';
import type { NormalCensusRow } from '../../src/service/census/types.ts';

/** An unsolved row of `code` computed to `heaps`, stopped by `stopped`. */
function unsolved(code: string, heaps: number, stopped: 'heaps' | 'seconds'): NormalCensusRow {
  return {
    code,
    status: 'unsolved',
    preperiod: null,
    period: null,
    saltus: null,
    largestValue: 0,
    largestAt: 0,
    rare: null,
    heaps,
    ms: 20_000,
    stopped,
    budget: { maxHeaps: 2 ** 25, seconds: 20 },
  };
}

it('.376 stopped by its seconds (a slower machine) is "not reached", saying the time budget stopped it; by heaps, the heap budget', () => {
  // Czajka's SolvedGames.md: .376 has preperiod 2,268,248 and period 4; its proof needs about 4.5 million heaps
  expect(checkAgainstReference(unsolved('0.376', 1 << 21, 'seconds'), valuesOf)).toMatchObject({
    verdict: 'not reached',
    note: expect.stringMatching(
      /computed here, stopped by the time budget \(20 s\) on this machine: a larger --seconds reaches it$/,
    ),
  });
  expect(checkAgainstReference(unsolved('0.376', 1 << 21, 'heaps'), valuesOf)).toMatchObject({
    verdict: 'not reached',
    note: expect.stringMatching(/stopped by the heap budget: --max-heaps \d+ reaches it$/),
  });
});

it('the summary lists every game its time budget stopped, and only those', () => {
  const groups = foldCodes(enumerateCodes({ digits: 3, prefix: '0.3' }));
  const rows = new Map<string, NormalCensusRow>([
    ['0.376', unsolved('0.376', 1 << 21, 'seconds')],
    ['0.354', unsolved('0.354', 1 << 22, 'seconds')],
    ['0.3', unsolved('0.3', 1 << 25, 'heaps')],
  ]);
  const table = buildTable({ digits: 3, prefix: '0.3' }, { maxHeaps: 2 ** 25, seconds: 20 }, groups, rows, valuesOf);
  expect(table.summary.stoppedBySeconds).toEqual(['0.354', '0.376']);
  expect(summaryText(table)).toContain(
    "Stopped by the time budget (20 s a game), so how far they got depends on this machine's speed: 2 games, 0.354, 0.376.",
  );
});
