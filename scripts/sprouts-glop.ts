/**
 * Sprouts, normal play, side by side with Glop (Lemoine and Viennot's program): the outcome of the
 * n-spot start, each program in a fresh process, interleaved (Glop, nimber, Glop, nimber, ...) so that
 * the load of a shared machine falls on both alike; CPU seconds (user + system of the process) and
 * positions of each, and the ratio. Glop is built when it can be (the GLOP variable names a binary;
 * else the reference programs' build script next to the repository); when it cannot, the table says
 * why and gives nimber's column alone.
 *
 *   npx tsx scripts/sprouts-glop.ts [--spots 8..11] [--runs 1]
 *
 * nimber's positions are the questions its land search settled by searching (land + heap pairs);
 * Glop's are its node computations (computeNodeChildren calls): both count the nodes of an outcome
 * search over (lands, nim heap) pairs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Run {
  outcome: string;
  positions: number;
  cpuS: number;
}

const self = fileURLToPath(import.meta.url);

/** One start in this process (the child side): outcome, questions, CPU seconds, as one JSON line. */
async function runOne(spots: number): Promise<void> {
  const { analyzeSprouts } = await import('../src/engine/families/sprouts/analysis.ts');
  const { sprouts } = await import('../src/engine/families/sprouts/index.ts');
  const before = process.cpuUsage();
  const analysis = analyzeSprouts(sprouts(spots).start!);
  const used = process.cpuUsage(before);
  const run: Run = {
    outcome: analysis.outcome,
    positions: analysis.positions,
    cpuS: (used.user + used.system) / 1e6,
  };
  console.log(JSON.stringify(run));
}

/** A command run through bash's `time`, which counts the CPU of the process and its children. */
function timed(command: string, env: NodeJS.ProcessEnv): { out: string; cpuS: number } {
  const result = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; { time ${command} ; } 2>&1`], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const lines = result.stdout.trim().split('\n');
  const [user, system] = lines[lines.length - 1].split(' ').map(Number);
  return { out: lines.slice(0, -1).join('\n'), cpuS: user + system };
}

function nimberRun(spots: number): Run {
  const { out } = timed(`node --import tsx ${JSON.stringify(self)} --one ${spots}`, process.env);
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (line === undefined) throw new Error(`nimber's run of ${spots} spots printed no result:\n${out}`);
  return JSON.parse(line) as Run;
}

function glopRun(glop: string, spots: number): Run {
  const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen', GLOP_AUTO: '1', GLOP_SPOTS: String(spots) };
  const { out, cpuS } = timed(JSON.stringify(glop), env);
  const m = /GLOP RESULT: outcome=(\w+).*expanded=(\d+)/.exec(out);
  if (m === null) throw new Error(`Glop's run of ${spots} spots printed no result:\n${out.slice(-400)}`);
  return { outcome: m[1] === 'Win' ? 'N' : 'P', positions: Number(m[2]), cpuS };
}

/** The Glop binary, built when needed; or the reason there is none. */
function findGlop(): { glop: string } | { why: string } {
  if (process.env.GLOP)
    return existsSync(process.env.GLOP)
      ? { glop: process.env.GLOP }
      : { why: `GLOP=${process.env.GLOP} does not exist` };
  const dir = join(tmpdir(), 'nimber-anchors');
  const binary = join(dir, 'glop', 'bin', 'glop');
  if (existsSync(binary)) return { glop: binary };
  const build = join(fileURLToPath(new URL('../..', import.meta.url)), 'shared', 'anchors', 'build.sh');
  if (!existsSync(build))
    return {
      why: `no Glop binary (set GLOP) and no build script of the reference programs at ../shared/anchors/build.sh`,
    };
  try {
    execFileSync('bash', [build, dir, 'glop'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    return {
      why: `building Glop failed: ${
        String((e as { stderr?: Buffer }).stderr ?? e)
          .trim()
          .split('\n')
          .slice(-1)[0]
      }`,
    };
  }
  return existsSync(binary) ? { glop: binary } : { why: `the build script ran but left no binary at ${binary}` };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const one = args.indexOf('--one');
  if (one >= 0) return runOne(Number(args[one + 1]));
  const range = args[args.indexOf('--spots') + 1] ?? '8..11';
  const [from, to] = (args.includes('--spots') ? range : '8..11').split('..').map(Number);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 1;
  const found = findGlop();
  if ('why' in found) console.log(`Glop not run: ${found.why}; nimber's column alone.\n`);
  const published = (n: number) => ([0, 1, 2].includes(n % 6) ? 'P' : 'N');
  console.log(
    '| spots | outcome (published) | Glop CPU s (median) | nimber CPU s (median) | nimber / Glop | positions Glop / nimber |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | --- |');
  for (let n = from ?? 8; n <= (to ?? from ?? 11); n++) {
    const glops: Run[] = [];
    const ours: Run[] = [];
    for (let r = 0; r < runs; r++) {
      if ('glop' in found) glops.push(glopRun(found.glop, n));
      ours.push(nimberRun(n));
    }
    for (const run of [...glops, ...ours])
      if (run.outcome !== published(n)) throw new Error(`${n} spots: ${run.outcome}, published ${published(n)}`);
    const g = glops.length > 0 ? median(glops.map((x) => x.cpuS)) : null;
    const o = median(ours.map((x) => x.cpuS));
    const ratio = g === null ? '-' : `${(o / g).toFixed(2)}×`;
    const positions = `${glops.length > 0 ? glops[0].positions.toLocaleString('en-US') : '-'} / ${ours[0].positions.toLocaleString('en-US')}`;
    console.log(
      `| ${n} | ${published(n)} | ${g === null ? '-' : g.toFixed(2)} | ${o.toFixed(2)} | ${ratio} | ${positions} |`,
    );
  }
}

await main();
