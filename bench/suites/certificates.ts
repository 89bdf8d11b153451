/**
 * Certificates of Cram values: the search alone (baseline), the search with its certificate written
 * and self-checked, and `nimber verify`'s check alone on the written lines (facts and sizes as notes).
 */
import { gzipSync } from 'node:zlib';
import { certifiedAnalysis, verifyCertificate } from '../../src/service/certificates.ts';
import { analyzeGame } from '../../src/service/games.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import type { BenchCase, BenchSuite } from '../harness.ts';

function certificateCase(rows: number, cols: number, runs: number): BenchCase {
  const spec = `cram:${rows}x${cols}`;
  const ruleset = parseRuleset(spec) as GameRuleset;
  let lines: string[] = [];
  let note = '';
  return {
    title: `Cram ${rows} x ${cols} (${rows * cols} cells): search, certificate, check`,
    baseline: { name: 'search alone (analyze)', run: () => analyzeGame(ruleset, undefined).grundy },
    candidates: [
      {
        name: 'search + certificate written and checked (analyze --certificate)',
        run: () => {
          const r = certifiedAnalysis({ ruleset: spec, position: {}, limits: { timeLimitMs: 3_600_000 } });
          lines = r.lines;
          const text = `${lines.join('\n')}\n`;
          note = `${r.certificate.facts.toLocaleString('en-US')} facts, ${Math.round(text.length / 1024)} KB, ${Math.round(gzipSync(text).length / 1024)} KB gzip`;
          return r.reply.grundy;
        },
        note: () => note,
      },
      { name: 'check alone (verify)', run: () => verifyCertificate(lines).grundy },
    ],
    runs,
    check: true,
  };
}

export const certificatesSuite: BenchSuite = {
  name: 'certificates',
  cases(quick) {
    if (quick) return [certificateCase(3, 5, 1), certificateCase(4, 5, 1)];
    return [certificateCase(4, 5, 3), certificateCase(3, 8, 3), certificateCase(5, 5, 3), certificateCase(5, 6, 1)];
  },
};
