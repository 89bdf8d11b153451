/**
 * Resumable searches: a Cram board analysed from scratch against the same analysis stopped by a
 * time limit of T seconds (its table saved to a file, as `nimber analyze … --resume FILE` does) and
 * then run again from that file. Both go through the service with the endgame database (built once
 * in a temp cache before the cases, not timed), as the command runs them. The candidate's time is
 * both runs together; its note gives each run's positions and time, the file's size and the load.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EndgameCache } from '../../src/adapters/endgame-cache.ts';
import { SearchTableFile } from '../../src/adapters/search-table-file.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import { SearchStopped } from '../../src/engine/solve/search/solver.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { analyzeGame } from '../../src/service/games.ts';
import type { BenchCase, BenchSuite, Workload } from '../harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'nimber-bench-resume-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
/** What every search here may use: the endgame database, kept in the temporary folder. */
const resources = { endgame: new EndgameCache(dir) };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-US');

function resumeCase(spec: string, stopAfterS: number): BenchCase {
  const ruleset = parseRuleset(spec) as GameRuleset;
  // the endgame database is built here, before any timing (the first search of 30 cells or more builds it)
  analyzeGame(parseRuleset('cram:5x6') as GameRuleset, undefined, 'normal', { resources });
  let scratchNodes = 0;
  const scratch: Workload = {
    name: 'from scratch',
    run: () => {
      const reply = analyzeGame(ruleset, undefined, 'normal', { timeLimitMs: 3_600_000, resources });
      scratchNodes = reply.nodes;
      return reply.grundy;
    },
    note: (ms) => `${count(scratchNodes)} positions in ${seconds(ms)}`,
  };
  let note = '';
  const resumed: Workload = {
    name: `stopped at ${stopAfterS} s, then resumed from its file`,
    run: () => {
      const keeper = new SearchTableFile(join(dir, `${spec.replace(/\W/g, '-')}.search`));
      keeper.remove();
      let first = { nodes: 0, elapsedMs: 0 };
      try {
        analyzeGame(ruleset, undefined, 'normal', { timeLimitMs: stopAfterS * 1000, resume: { keeper }, resources });
        throw new Error(`${spec} finished within ${stopAfterS} s: stop it sooner`);
      } catch (e) {
        if (!(e instanceof SearchStopped)) throw e;
        first = e.stats;
      }
      const bytes = statSync(keeper.file).size;
      const loadStarted = performance.now();
      keeper.load();
      const readMs = performance.now() - loadStarted;
      const started = performance.now();
      const reply = analyzeGame(ruleset, undefined, 'normal', {
        timeLimitMs: 3_600_000,
        resume: { keeper },
        resources,
      });
      const ms = performance.now() - started;
      note =
        `first run ${count(first.nodes)} positions in ${seconds(first.elapsedMs)}; ` +
        `resumed ${count(reply.nodes)} positions in ${seconds(ms)} (file ${(bytes / 2 ** 20).toFixed(1)} MiB, read in ${readMs.toFixed(0)} ms)`;
      return reply.grundy;
    },
    note: () => note,
  };
  return {
    title: `${spec}: from scratch against stopped and resumed`,
    baseline: scratch,
    candidates: [resumed],
    runs: 1,
    check: true,
  };
}

export const searchResumeSuite: BenchSuite = {
  name: 'search-resume',
  cases(quick) {
    if (quick) return [resumeCase('cram:3x12', 1)];
    return [resumeCase('cram:4x9', 10), resumeCase('cram:5x7', 20)];
  },
};
