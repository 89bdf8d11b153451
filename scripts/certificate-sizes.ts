/**
 * `npx tsx scripts/certificate-sizes.ts [--src DIR] [--claim value|outcome] board...` (boards
 * `cram:5x6`, `node-kayles:grid:3x20`): the version 2 certificate of each board's start position,
 * as `analyze --certificate` writes it, measured in parts: the search's value (CPU s), the proof
 * (prover CPU s, the oracle's further questions included), its size (facts, bytes, gzip bytes) and
 * its check from the rules (checker CPU s). One JSON line per board, then a table; the load average
 * beside. `--src` loads the sources from another checkout's `src` (e.g. an older commit's, extracted
 * with `git archive`), so two versions can be measured alternately in one session on a shared
 * machine; `--claim outcome` proves only P or N where the prover takes that option.
 */
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  args.splice(at, 2);
  return value;
};
const src = resolve(option('--src') ?? resolve(import.meta.dirname, '../src'));
const claim = option('--claim') ?? 'value';
const boards = args;
if (boards.length === 0 || (claim !== 'value' && claim !== 'outcome')) {
  console.error('usage: certificate-sizes.ts [--src DIR] [--claim value|outcome] cram:RxC ...');
  process.exit(2);
}

const load = (path: string) => import(pathToFileURL(`${src}/${path}`).href);
const { buildProof, checkCertificate } = await load('engine/certificate/index.ts');
const { parseRuleset } = await load('engine/spec.ts');
const { conventionSearch } = await load('service/games.ts');

/** CPU seconds (user + system) of `work`, and its result. */
function cpu<T>(work: () => T): [T, number] {
  const before = cpuUsage();
  const result = work();
  const used = cpuUsage(before);
  return [result, (used.user + used.system) / 1e6];
}

interface Row {
  board: string;
  value: number;
  claim: string;
  facts: number;
  bytes: number;
  gzipBytes: number;
  searchCpuS: number;
  proverCpuS: number;
  checkerCpuS: number;
  load: string;
}

const rows: Row[] = [];
for (const board of boards) {
  const ruleset = parseRuleset(board);
  const family = parseRuleset(ruleset.family);
  const position = ruleset.start;
  const search = conventionSearch(ruleset, 'normal', { timeLimitMs: 24 * 3600_000 });
  const [value, searchCpuS] = cpu(() => search.grundy(position) as number);
  const oracle = { value: (c: unknown) => search.grundy(c) as number, has: search.hasValue };
  const [built, proverCpuS] = cpu(() =>
    buildProof(
      family,
      family.spec,
      position,
      oracle,
      undefined,
      claim === 'outcome' ? { claim: 'outcome' } : undefined,
    ),
  );
  const text = `${built.lines.join('\n')}\n`;
  const gameOf = (spec: string) => parseRuleset(spec);
  const [checked, checkerCpuS] = cpu(() => checkCertificate(built.lines, gameOf));
  if (checked.value === null ? checked.outcome !== (value === 0 ? 'P' : 'N') : checked.value !== value)
    throw new Error(`${board}: the certificate proves ${checked.value ?? checked.outcome}, the search found ${value}`);
  const row: Row = {
    board,
    value,
    claim: checked.value === null ? `outcome ${checked.outcome}` : `value ${checked.value}`,
    facts: built.facts,
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
    searchCpuS: Number(searchCpuS.toFixed(2)),
    proverCpuS: Number(proverCpuS.toFixed(2)),
    checkerCpuS: Number(checkerCpuS.toFixed(2)),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}

console.log('\n| board | claim | facts | bytes | gzip | search CPU s | prover CPU s | checker CPU s | load |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of rows)
  console.log(
    `| ${r.board} | ${r.claim} | ${r.facts.toLocaleString('en-US')} | ${r.bytes.toLocaleString('en-US')} | ${r.gzipBytes.toLocaleString('en-US')} | ${r.searchCpuS} | ${r.proverCpuS} | ${r.checkerCpuS} | ${r.load} |`,
  );
