/**
 * Certificates of board and graph values: the search alone (baseline), then for each format the
 * search with its certificate written and self-checked, and `nimber verify`'s check alone on the
 * written lines (facts and sizes as notes). Format 1 lists the closure under moves, format 2 a proof
 * that follows the search (docs/certificates.md).
 */
import { gzipSync } from 'node:zlib';
import type { CertificateFormat } from '../../src/engine/certificate/index.ts';
import { certifiedAnalysis, verifyCertificate } from '../../src/service/certificates.ts';
import { analyzeGame } from '../../src/service/games.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

function formatWorkloads(spec: string, format: CertificateFormat): Workload[] {
  let lines: string[] = [];
  let note = '';
  return [
    {
      name: `format ${format}: search + certificate written and checked`,
      run: () => {
        const r = certifiedAnalysis(
          { ruleset: spec, position: {}, limits: { timeLimitMs: 3_600_000 } },
          ENGINE_ENV,
          undefined,
          format,
        );
        lines = r.lines;
        const text = `${lines.join('\n')}\n`;
        note = `${r.certificate.facts.toLocaleString('en-US')} facts, ${Math.round(text.length / 1024)} KB, ${Math.round(gzipSync(text).length / 1024)} KB gzip`;
        return r.reply.grundy;
      },
      note: () => note,
    },
    { name: `format ${format}: check alone (verify)`, run: () => verifyCertificate(lines).grundy },
  ];
}

function certificateCase(title: string, spec: string, formats: CertificateFormat[], runs: number): BenchCase {
  const ruleset = parseRuleset(spec) as GameRuleset;
  return {
    title: `${title}: search, certificates, checks`,
    baseline: { name: 'search alone (analyze)', run: () => analyzeGame(ruleset, undefined).grundy },
    candidates: formats.flatMap((f) => formatWorkloads(spec, f)),
    runs,
    check: true,
  };
}

const cram = (r: number, c: number, formats: CertificateFormat[], runs: number) =>
  certificateCase(`Cram ${r} x ${c} (${r * c} cells)`, `cram:${r}x${c}`, formats, runs);
const kayles = (n: number, formats: CertificateFormat[], runs: number) =>
  certificateCase(`Node Kayles on the 3 x ${n} grid`, `node-kayles:grid:3x${n}`, formats, runs);

export const certificatesSuite: BenchSuite = {
  name: 'certificates',
  cases(quick) {
    if (quick) return [cram(3, 5, [1, 2], 1), cram(4, 5, [1, 2], 1)];
    // format 1 of Node Kayles 3 x 17 and 3 x 18 takes minutes (docs/certificates.md): format 2 only
    return [
      cram(4, 5, [1, 2], 3),
      cram(5, 5, [1, 2], 3),
      cram(5, 6, [1, 2], 1),
      kayles(12, [1, 2], 1),
      kayles(17, [2], 1),
      kayles(18, [2], 1),
    ];
  },
};
