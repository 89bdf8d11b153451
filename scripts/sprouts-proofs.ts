/**
 * `npx tsx scripts/sprouts-proofs.ts [--spots 6..11] [--runs 3] [--time-limit S]`: what a Sprouts
 * proof costs on the user's path, whole processes of the compiled command (bin/nimber.js, no disk
 * cache), per spot count: the outcome alone (`analyze sprouts:N`), the outcome with its proof file
 * (`analyze sprouts:N --certificate F`), and the independent check of that file (`verify F`). CPU
 * time (user + system, timed by bash) beside wall time, medians of the runs, interleaved; the file's
 * facts and bytes. Build first (`npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at < 0 ? fallback : args[at + 1];
}
const range = /^(\d+)(?:\.\.(\d+))?$/.exec(option('--spots', '6..11'));
if (!range) {
  console.error('--spots takes N or A..B');
  process.exit(2);
}
const first = Number(range[1]);
const last = Number(range[2] ?? range[1]);
const runs = Number(option('--runs', '3'));
const limit = option('--time-limit', '1800');

interface Sample {
  readonly cpu: number;
  readonly wall: number;
  readonly out: string;
}

const bin = resolve(import.meta.dirname, '../bin/nimber.js');
function run(words: string[]): Sample {
  const r = spawnSync(
    'bash',
    ['-c', `TIMEFORMAT='%U %S %R'; time "$0" "$1" "\${@:2}"`, process.execPath, bin, ...words],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const times = r.stderr.trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
  if (r.status !== 0 || times.length !== 3) throw new Error(`nimber ${words.join(' ')} failed: ${r.stderr}`);
  return { cpu: times[0] + times[1], wall: times[2], out: r.stdout };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const secs = (xs: number[]) => median(xs).toFixed(2);

const dir = mkdtempSync(join(tmpdir(), 'sprouts-proofs-'));
console.log(`load average at start: ${loadavg()[0].toFixed(2)}; ${runs} runs, interleaved`);
console.log(
  '| spots | outcome | analyze CPU s (wall) | analyze --certificate CPU s (wall) | verify CPU s (wall) | facts | bytes |',
);
console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
try {
  for (let n = first; n <= last; n++) {
    const file = join(dir, `sprouts-${n}.cert`);
    const plain: Sample[] = [];
    const proved: Sample[] = [];
    const checked: Sample[] = [];
    for (let r = 0; r < runs; r++) {
      const common = [`sprouts:${n}`, '--no-cache', '--time-limit', limit];
      plain.push(run(['analyze', ...common]));
      proved.push(run(['analyze', ...common, '--certificate', file]));
      checked.push(run(['verify', file]));
    }
    const outcome = /([PN])-position/.exec(plain[0].out)?.[1] ?? '?';
    const facts = /([\d,]+) facts/.exec(checked[0].out)?.[1] ?? '?';
    const row = [
      n,
      outcome,
      `${secs(plain.map((s) => s.cpu))} (${secs(plain.map((s) => s.wall))})`,
      `${secs(proved.map((s) => s.cpu))} (${secs(proved.map((s) => s.wall))})`,
      `${secs(checked.map((s) => s.cpu))} (${secs(checked.map((s) => s.wall))})`,
      facts,
      statSync(file).size.toLocaleString('en-US'),
    ];
    console.log(`| ${row.join(' | ')} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  console.log(`load average at end: ${loadavg()[0].toFixed(2)}`);
}
