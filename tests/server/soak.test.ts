/**
 * Issue 35's soak for 60 s (`npm run soak` runs it for 10 minutes): a real `nimber serve` under
 * 12 connections of mixed load — expensive searches into the time limit, cheap Grundy and nim
 * requests, hostile bodies. The server stays up, never answers 500, answers every limit case as
 * documented (413/422, an unsafe integer 422 or exact, a connection usable or closed after a 413),
 * answers nim-sums right (an exclusive or) and logs at most one line per client that hangs up.
 * Latency and memory bounds are the script's: this suite runs on busy machines.
 */
import { expect, it } from 'vitest';
import { formatReport, runSoak } from '../../scripts/soak.ts';

it('60 s of mixed and hostile load: the server stays up, no 500, every limit case as documented', async () => {
  const report = await runSoak({ seconds: 60, threads: 2 });
  console.log(formatReport(report));
  expect(report.died).toBeNull();
  const fiveHundreds = [...report.statuses.values()].reduce((sum, byStatus) => sum + (byStatus.get(500) ?? 0), 0);
  expect(fiveHundreds).toBe(0);
  expect(report.defects).toEqual([]);
  // every kind of request was sent and answered at least once
  for (const kind of ['search', 'grundy', 'nim', 'hostile', 'health'] as const)
    expect(report.latencies.get(kind)?.length ?? 0, kind).toBeGreaterThan(0);
  expect(report.hostile.size).toBe(6);
  const hangUps = report.hostile.get('a client that hangs up mid-body');
  const hungUp = [...(hangUps?.values() ?? [])].reduce((a, b) => a + b, 0);
  expect(hungUp).toBeGreaterThan(0);
  // a client that hangs up is one quiet line at most; nothing else is logged
  expect(report.stderrLines).toBeLessThanOrEqual(hungUp);
});
