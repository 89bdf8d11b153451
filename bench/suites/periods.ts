/**
 * Proved periods answer any size: whole CLI commands (process start included) for Kayles, Dawson's
 * Kayles and a subtraction game to 4,194,304 heaps, counts to 10^18 and analyses at 10^18.
 *
 * "Before" rows run another checkout's `bin/nimber.js` (the commit before this change, built)
 * when NIMBER_BEFORE names its directory: `NIMBER_BEFORE=../before npm run bench -- periods`. Before
 * this change the same commands at the sizes here did not finish in minutes (Kayles to 2^20: 35 s,
 * Dawson's Kayles 119 s, `analyze kayles 4194304` over 5 minutes) or were refused (above 10^8), so
 * the before rows run at the sizes given in their names, and the ratio compares whole commands.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchCase, BenchSuite, SelfTimed, Workload } from '../harness.ts';

const here = fileURLToPath(new URL('../../bin/nimber.js', import.meta.url));
const beforeDir = process.env.NIMBER_BEFORE;
const before = beforeDir ? resolve(beforeDir, 'bin/nimber.js') : null;

/** A digest of a command's output (4 million values are compared by hash, not as text). */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length} chars, hash ${h.toString(16)}`;
}

/** `nimber <args> --no-cache`, timed around the process. */
function command(name: string, bin: string, args: string[]): Workload {
  return {
    name,
    external: true,
    selfTimed: true,
    run(): SelfTimed {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [bin, ...args, '--no-cache'], { encoding: 'utf8', maxBuffer: 1 << 30 });
      const ms = performance.now() - t0;
      if (r.status !== 0) throw new Error(`nimber ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
      return { ms, result: digest(r.stdout) };
    },
  };
}

/** A case: this checkout's command, against the before checkout's at `beforeArgs` when given. */
function commandCase(title: string, args: string[], runs: number, beforeArgs?: string[]): BenchCase {
  const now = command(`now: nimber ${args.join(' ')}`, here, args);
  if (!before || !beforeArgs) return { title, candidates: [now], runs };
  const same = beforeArgs.join(' ') === args.join(' ');
  return {
    title,
    baseline: command(`before: nimber ${beforeArgs.join(' ')}`, before, beforeArgs),
    candidates: [now],
    runs,
    baselineRuns: 1,
    check: same,
  };
}

export const periodsSuite: BenchSuite = {
  name: 'periods',
  cases(quick) {
    const runs = quick ? 1 : 5;
    const big = quick ? '65536' : '4194304';
    return [
      commandCase(`Kayles, grundy --to ${big}`, ['grundy', 'kayles', '--to', big], runs, [
        'grundy',
        'kayles',
        '--to',
        quick ? '65536' : '131072',
      ]),
      commandCase(`Dawson's Kayles, grundy --to ${big}`, ['grundy', 'dawsons-kayles', '--to', big], runs, [
        'grundy',
        'dawsons-kayles',
        '--to',
        quick ? '16384' : '65536',
      ]),
      commandCase(`subtract:2,5,7,11, grundy --to ${big}`, ['grundy', 'subtract:2,5,7,11', '--to', big], runs, [
        'grundy',
        'subtract:2,5,7,11',
        '--to',
        big,
      ]),
      commandCase(
        'Kayles, count --heaps 3 --max 10^18',
        ['count', 'kayles', '--heaps', '3', '--max', '1000000000000000000'],
        runs,
        ['count', 'kayles', '--heaps', '3', '--max', quick ? '16384' : '131072'],
      ),
      commandCase(
        "Dawson's Kayles, count --heaps 1 --max 10^18 (and 10^6, the judge question)",
        ['count', 'dawsons-kayles', '--heaps', '1', '--max', '1000000000000000000'],
        runs,
        ['count', 'dawsons-kayles', '--heaps', '1', '--max', quick ? '16384' : '65536'],
      ),
      commandCase(
        "Dawson's Kayles, count --heaps 1 --max 10^6",
        ['count', 'dawsons-kayles', '--heaps', '1', '--max', '1000000'],
        runs,
      ),
      commandCase(
        'subtract:2,5,7,11, count --heaps 3 --max 10^18',
        ['count', 'subtract:2,5,7,11', '--heaps', '3', '--max', '1000000000000000000'],
        runs,
        ['count', 'subtract:2,5,7,11', '--heaps', '3', '--max', '100000000'],
      ),
      commandCase(
        'Kayles, count --heaps 100000 --min 1 --max 10^18 --mod 1000000007',
        ['count', 'kayles', '--heaps', '100000', '--min', '1', '--max', '1000000000000000000', '--mod', '1000000007'],
        runs,
      ),
      commandCase('Kayles, analyze 4194304 7', ['analyze', 'kayles', '4194304', '7'], runs),
      commandCase("Dawson's Kayles, analyze 10^18 5", ['analyze', 'dawsons-kayles', '1000000000000000000', '5'], runs),
      commandCase('period takebreak:0.16 (no flags)', ['period', 'takebreak:0.16'], runs, [
        'period',
        'takebreak:0.16',
        '--to',
        '524287',
      ]),
    ];
  },
};
