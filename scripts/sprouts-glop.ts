/**
 * Sprouts side by side with Glop (Lemoine and Viennot's program): the outcome of the n-spot start,
 * each program in a fresh process, interleaved (Glop, nimber, Glop, nimber, ...) so that the load of
 * a shared machine falls on both alike; CPU seconds (user + system of the process) and positions of
 * each, and the ratio, with the wall seconds beside them. nimber is timed twice: its search alone
 * (in a process of its own, timed from the search's start), and the user's path, the whole
 * `nimber --no-cache analyze sprouts:N` process of the compiled build (its start, the outcome, one
 * winning move, the nimber when cheap), as Glop's whole process is; the second column is left out,
 * saying why, when the compiled build is missing or older than the sources. Glop is built when it can be (the GLOP variable names a binary; else the
 * reference programs' build script next to the repository); when it cannot, the table says why and
 * gives nimber's column alone.
 *
 *   npx tsx scripts/sprouts-glop.ts [--spots 8..11] [--runs 1] [--play normal|misere|both] [--limit 120]
 *
 * Normal play: nimber's positions are the questions its land search settled by searching (land +
 * heap pairs); Glop's are its node computations (computeNodeChildren calls): both count the nodes of
 * an outcome search over (lands, nim heap) pairs. --play misere (or both) gives the misère table:
 * nimber's misère search over sums of large lands and canonical small ones (what `analyze --misere`
 * runs; positions: those it expanded) beside Glop's misère node ("Rct Misere"; positions: the
 * misère P-positions it stored, the count it prints). Glop's headless mode runs its default node
 * (normal play), so misère play needs a copy of Glop whose driver also picks a node named by
 * GLOP_NODE: the GLOP_MISERE variable names such a binary, else the script builds one in a
 * temporary directory (the reference programs' build, then one line added to the headless branch of
 * src/glop.cpp, which selects that node's tab before the computation starts; nothing of its
 * algorithm changes). Every run of either program is stopped after --limit seconds of wall time;
 * peak memory is the resident set (GNU time for Glop where it is installed, Node's for nimber).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Run {
  /** 'P' or 'N'; null when the run was stopped at the time limit. */
  outcome: string | null;
  positions: number;
  cpuS: number;
  /** Wall seconds: Glop's whole process, nimber's search alone (as its CPU seconds). */
  wallS: number;
  /** Peak resident memory in MB of the whole process; null where it was not measured. */
  peakMB: number | null;
}

type Play = 'normal' | 'misere';

/** Misère play, OEIS A164950 (1 = the first player wins), n = 1..20 (Lemoine and Viennot). */
const MISERE_WINS = [1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0];

function published(n: number, play: Play): string | null {
  if (play === 'normal') return [0, 1, 2].includes(n % 6) ? 'P' : 'N';
  const win = MISERE_WINS[n - 1];
  return win === undefined ? null : win === 1 ? 'N' : 'P';
}

const self = fileURLToPath(import.meta.url);

/** One start in this process (the child side): outcome, questions, CPU seconds, as one JSON line. */
async function runOne(spots: number, play: Play, limitS: number): Promise<void> {
  const { analyzeSprouts } = await import('../src/engine/families/sprouts/analysis.ts');
  const { sprouts } = await import('../src/engine/families/sprouts/index.ts');
  const { MisereSolver } = await import('../src/engine/solve/search/misere.ts');
  const { SearchStopped } = await import('../src/engine/solve/search/budgeted.ts');
  const ruleset = sprouts(spots);
  const before = process.cpuUsage();
  const started = performance.now();
  let outcome: string | null;
  let positions: number;
  if (play === 'normal') {
    const analysis = analyzeSprouts(ruleset.start!);
    outcome = analysis.outcome;
    positions = analysis.positions;
  } else {
    const solver = new MisereSolver(ruleset, { timeLimitMs: limitS * 1000 });
    try {
      outcome = solver.isP(ruleset.start!) ? 'P' : 'N';
    } catch (e) {
      if (!(e instanceof SearchStopped)) throw e;
      outcome = null;
    }
    positions = solver.stats.nodes;
  }
  const used = process.cpuUsage(before);
  const wallS = (performance.now() - started) / 1000;
  const peakMB = Math.round(process.resourceUsage().maxRSS / 1024);
  const run: Run = { outcome, positions, cpuS: (used.user + used.system) / 1e6, wallS, peakMB };
  console.log(JSON.stringify(run));
}

const GNU_TIME = '/usr/bin/time';

/**
 * A command run through GNU time where it is installed (CPU of the process and its children, and
 * its peak resident memory), else bash's `time` (no memory).
 */
function timed(
  command: string,
  env: NodeJS.ProcessEnv,
): { out: string; cpuS: number; wallS: number; peakMB: number | null } {
  const gnu = existsSync(GNU_TIME);
  const script = gnu
    ? `${GNU_TIME} -f '%U %S %e %M' ${command} 2>&1`
    : `TIMEFORMAT='%U %S %R'; { time ${command} ; } 2>&1`;
  const result = spawnSync('bash', ['-c', script], { env, encoding: 'utf8', maxBuffer: 1 << 24 });
  const lines = result.stdout.trim().split('\n');
  const [user, system, real, kb] = lines[lines.length - 1].split(' ').map(Number);
  return {
    out: lines.slice(0, -1).join('\n'),
    cpuS: user + system,
    wallS: real,
    peakMB: gnu ? Math.round(kb / 1024) : null,
  };
}

function nimberRun(spots: number, play: Play, limitS: number): Run {
  const { out } = timed(
    `node --import tsx ${JSON.stringify(self)} --one ${spots} --play ${play} --limit ${limitS}`,
    process.env,
  );
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (line === undefined) throw new Error(`nimber's run of ${spots} spots printed no result:\n${out}`);
  return JSON.parse(line) as Run;
}

/**
 * The user's path: the whole `nimber --no-cache analyze sprouts:N` process (bin/nimber.js, which runs
 * the compiled build when it is fresh: start, the outcome, one winning move, the nimber when cheap,
 * the words), as Glop's whole process is timed; the outcome is null when the run was stopped at the
 * time limit. Run only where compiledBuildProblem finds nothing (else bin/nimber.js would start the
 * sources through tsx, and the column would time that instead).
 */
function commandRun(spots: number, play: Play, limitS: number): Run {
  const misere = play === 'misere' ? ' --misere' : '';
  const { out, cpuS, wallS, peakMB } = timed(
    `timeout ${limitS} node ${JSON.stringify(join(ROOT, 'bin', 'nimber.js'))} --no-cache analyze sprouts:${spots}${misere} --json`,
    process.env,
  );
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (line === undefined) return { outcome: null, positions: 0, cpuS, wallS, peakMB };
  const reply = JSON.parse(line) as { outcome: string; nodes: number };
  return { outcome: reply.outcome, positions: reply.nodes, cpuS, wallS, peakMB };
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Why the compiled build cannot stand for the user's path (missing, or older than a source), or
 * null: the test bin/nimber.js makes before it runs the build (that file runs the command when
 * imported, so the test is repeated here).
 */
function compiledBuildProblem(): string | null {
  const stamp = join(ROOT, 'dist', '.stamp');
  if (!existsSync(stamp)) return 'no compiled build (npm run build:dist)';
  const built = statSync(stamp).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) =>
      e.isDirectory() ? newer(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs > built,
    );
  return newer(join(ROOT, 'src')) ? 'the compiled build is older than the sources (npm run build:dist)' : null;
}

/** The name of Glop's misère node, as its tab reads (GLOP_NODE of the patched driver). */
const GLOP_MISERE_NODE = 'Rct Misere';

function glopRun(glop: string, spots: number, play: Play, limitS: number): Run {
  const env = {
    ...process.env,
    QT_QPA_PLATFORM: 'offscreen',
    GLOP_AUTO: '1',
    GLOP_SPOTS: String(spots),
    ...(play === 'misere' ? { GLOP_NODE: GLOP_MISERE_NODE } : {}),
  };
  const { out, cpuS, wallS, peakMB } = timed(`timeout ${limitS} ${JSON.stringify(glop)}`, env);
  if (play === 'misere') {
    if (!out.includes(`GLOP NODE: ${GLOP_MISERE_NODE}`))
      throw new Error(`Glop at ${glop} did not run its misère node (a driver without GLOP_NODE?):\n${out.slice(-400)}`);
    const m = /GLOP RESULT: misere=(\w+) db_entries=(\d+)/.exec(out);
    if (m === null) return { outcome: null, positions: 0, cpuS, wallS, peakMB };
    return { outcome: m[1] === 'Win' ? 'N' : 'P', positions: Number(m[2]), cpuS, wallS, peakMB };
  }
  const m = /GLOP RESULT: outcome=(\w+).*expanded=(\d+)/.exec(out);
  if (m === null) throw new Error(`Glop's run of ${spots} spots printed no result:\n${out.slice(-400)}`);
  return { outcome: m[1] === 'Win' ? 'N' : 'P', positions: Number(m[2]), cpuS, wallS, peakMB };
}

/** The line added to the headless branch of Glop's driver: select the node whose tab GLOP_NODE names. */
const NODE_CHOICE =
  '\t\tif(getenv("GLOP_NODE")) { for(int t=0; t<GlopWidget::tabNodeWidget->count(); t++) if(GlopWidget::tabNodeWidget->tabText(t)==QString(getenv("GLOP_NODE"))) GlopWidget::tabNodeWidget->setCurrentIndex(t); cout << "GLOP NODE: " << GlopWidget::tabNodeWidget->tabText(GlopWidget::tabNodeWidget->currentIndex()).toStdString() << endl; }\n';

/** A Glop whose headless driver runs the node GLOP_NODE names (GLOP_MISERE, else built in a temporary directory), or why there is none. */
function findGlopMisere(): { glop: string } | { why: string } {
  if (process.env.GLOP_MISERE)
    return existsSync(process.env.GLOP_MISERE)
      ? { glop: process.env.GLOP_MISERE }
      : { why: `GLOP_MISERE=${process.env.GLOP_MISERE} does not exist` };
  const dir = join(tmpdir(), 'nimber-anchors-misere');
  const binary = join(dir, 'glop', 'bin', 'glop');
  if (existsSync(binary)) return { glop: binary };
  const built = buildGlop(dir);
  if ('why' in built) return built;
  const driver = join(dir, 'glop', 'src', 'glop.cpp');
  const text = readFileSync(driver, 'utf8');
  const anchor = '\t\thm->startComputation();\n';
  if (!text.includes(anchor)) return { why: `Glop's driver has no headless branch to patch at ${driver}` };
  writeFileSync(driver, text.replace(anchor, NODE_CHOICE + anchor));
  try {
    execFileSync('make', ['-s', '-j2'], { cwd: join(dir, 'glop'), stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (e) {
    return {
      why: `rebuilding Glop's patched driver failed: ${
        String((e as { stderr?: Buffer }).stderr ?? e)
          .trim()
          .split('\n')
          .slice(-1)[0]
      }`,
    };
  }
  return { glop: binary };
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
  return buildGlop(dir);
}

/** Glop built by the reference programs' build script into `dir`, or why not. */
function buildGlop(dir: string): { glop: string } | { why: string } {
  const binary = join(dir, 'glop', 'bin', 'glop');
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

/** The value after a flag, read as a number; the default when the flag is absent; exit 2 when it is not one. */
function numberAfter(args: string[], flag: string, fallback: number): number {
  const at = args.indexOf(flag);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`sprouts-glop: ${flag} needs a positive number, got ${args[at + 1] ?? 'nothing'}`);
    process.exit(2);
  }
  return value;
}

function table(play: Play, from: number, to: number, runs: number, limitS: number, glop: string | null): void {
  const commandProblem = compiledBuildProblem();
  console.log(
    `\n${play === 'normal' ? 'Normal play' : 'Misère play'} (each run stopped after ${limitS} s of wall time; ` +
      '"search": the search alone in a process of its own; "analyze": the whole `nimber --no-cache analyze` process of the compiled build' +
      `${commandProblem === null ? '' : `, not run: ${commandProblem}`})\n\n` +
      '| spots | outcome (published) | Glop CPU s (median) | search CPU s (median) | search / Glop | analyze CPU s (median) | analyze / Glop | Glop wall s | search wall s | analyze wall s | positions Glop / search / analyze | peak MB Glop / search / analyze |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (let n = from; n <= to; n++) {
    const expected = published(n, play);
    const glops: Run[] = [];
    const ours: Run[] = [];
    const commands: Run[] = [];
    for (let r = 0; r < runs; r++) {
      if (glop !== null) glops.push(glopRun(glop, n, play, limitS));
      ours.push(nimberRun(n, play, limitS));
      if (commandProblem === null) commands.push(commandRun(n, play, limitS));
    }
    for (const run of [...glops, ...ours, ...commands])
      if (run.outcome !== null && expected !== null && run.outcome !== expected)
        throw new Error(`${n} spots, ${play} play: ${run.outcome}, published ${expected}`);
    const stopped = (xs: Run[]) => xs.some((x) => x.outcome === null);
    const cpu = (xs: Run[]) => (xs.length === 0 ? null : median(xs.map((x) => x.cpuS)));
    const wall = (xs: Run[]) => (xs.length === 0 ? '-' : median(xs.map((x) => x.wallS)).toFixed(2));
    const g = cpu(glops);
    const cpuText = (xs: Run[]) => {
      const c = cpu(xs);
      return c === null ? '-' : stopped(xs) ? `stopped at ${c.toFixed(2)}` : c.toFixed(2);
    };
    const ratio = (xs: Run[]) => {
      const c = cpu(xs);
      if (g === null || c === null || stopped(xs)) return '-';
      return stopped(glops) ? `< ${(c / g).toFixed(2)}×` : `${(c / g).toFixed(2)}×`;
    };
    const positions = (xs: Run[]) =>
      xs.length === 0 ? '-' : stopped(xs) ? 'stopped' : xs[0].positions.toLocaleString('en-US');
    const peak = (xs: Run[]) =>
      xs.length === 0 || xs[0].peakMB === null ? '-' : String(Math.max(...xs.map((x) => x.peakMB ?? 0)));
    console.log(
      `| ${n} | ${expected ?? 'unknown'} | ${cpuText(glops)} | ${cpuText(ours)} | ${ratio(ours)} | ${cpuText(commands)} | ${ratio(commands)} | ` +
        `${wall(glops)} | ${wall(ours)} | ${wall(commands)} | ${positions(glops)} / ${positions(ours)} / ${positions(commands)} | ` +
        `${peak(glops)} / ${peak(ours)} / ${peak(commands)} |`,
    );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitS = numberAfter(args, '--limit', 120);
  const one = args.indexOf('--one');
  if (one >= 0) return runOne(Number(args[one + 1]), args[args.indexOf('--play') + 1] as Play, limitS);
  const range = args.includes('--spots') ? (args[args.indexOf('--spots') + 1] ?? '') : '8..11';
  const m = /^(\d+)(?:\.\.(\d+))?$/.exec(range);
  if (m === null || Number(m[1]) < 1 || Number(m[2] ?? m[1]) < Number(m[1])) {
    console.error(`sprouts-glop: --spots takes N or FROM..TO (spots from 1), got ${range || 'nothing'}`);
    process.exit(2);
  }
  const from = Number(m[1]);
  const to = Number(m[2] ?? m[1]);
  const runs = Math.floor(numberAfter(args, '--runs', 1));
  const play = args.includes('--play') ? args[args.indexOf('--play') + 1] : 'normal';
  if (play !== 'normal' && play !== 'misere' && play !== 'both') {
    console.error(`sprouts-glop: --play takes normal, misere or both, got ${play ?? 'nothing'}`);
    process.exit(2);
  }
  if (play !== 'misere') {
    const found = findGlop();
    if ('why' in found) console.log(`Glop not run: ${found.why}; nimber's column alone.`);
    table('normal', from, to, runs, limitS, 'glop' in found ? found.glop : null);
  }
  if (play !== 'normal') {
    const misere = findGlopMisere();
    if ('why' in misere) console.log(`\nGlop not run for misère play: ${misere.why}; nimber's column alone.`);
    table('misere', from, to, runs, limitS, 'glop' in misere ? misere.glop : null);
  }
}

await main();
