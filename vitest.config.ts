/**
 * The tests in two projects (docs/testing.md): `slow`, the files listed below (they spawn the command,
 * start chromium or redis-server, pack the package, or run long property sweeps), and `unit`, every
 * other file, so a new test file is fast by default. `npm test` runs both, unit first; `npm run
 * test:unit` runs unit alone.
 */
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit files that replace a module (vi.mock): they need a module graph of their own. The other unit
 * files share one per worker (isolate: false), which took the unit project's module imports from
 * 100 s to 28 s of its time on 2 cores (issue 39); the service keeps no module-level state for a
 * file to leave behind (tests/architecture/seam.test.ts).
 */
const MOCKING = ['tests/adapters/full-disk.test.ts', 'tests/adapters/census-store-full-disk.test.ts'];

const SLOW = [
  'tests/cli/**/*.test.ts', // spawn bin/nimber.js
  'tests/service/faces-agree.test.ts', // every family through the command too
  'tests/web/page.test.ts', // chromium
  'tests/web/boards.test.ts',
  'tests/web/census.test.ts',
  'tests/web/nim.test.ts',
  'tests/web/layout.test.ts',
  'tests/web/explore-games.test.ts',
  'tests/web/quarto.test.ts',
  'tests/web/your-game.test.ts',
  'tests/adapters/queue/queue.test.ts', // redis-server and worker processes
  'tests/adapters/queue/board-queue.test.ts',
  'tests/adapters/queue/quarto-queue.test.ts',
  'tests/adapters/disk-cache.test.ts', // spawns the command and interrupts it
  'tests/server/load.test.ts', // spawns nimber serve and loads it for 20 s
  'tests/server/soak.test.ts', // spawns nimber serve and loads it for 60 s
  'tests/package/pack.test.ts', // npm pack, npm install, tsc
  'tests/engine/families/takebreak/wasm.test.ts', // property runs, and the command interrupted mid-run
  // Long property runs and brute-force sweeps (several seconds each):
  'tests/engine/families/takebreak/rechoice.test.ts',
  'tests/engine/solve/misere/layers.test.ts',
  'tests/engine/solve/misere/solved.test.ts',
  'tests/service/census.test.ts',
  'tests/engine/families/sprouts/solver.test.ts', // brute force over every position from 3 spots
  'tests/engine/families/sprouts/canonical.test.ts',
  'tests/engine/families/sprouts/facts.test.ts', // 8-spot searches with and without kept facts
  'tests/engine/families/sprouts/published.test.ts', // the 6- and 7-spot starts, a minute or more
  'tests/engine/families/sprouts/search-published.test.ts', // the land search from 3 spots and the 6- to 11-spot starts
  'tests/engine/families/quarto/solver-sweep.test.ts', // plain alpha-beta from 6 and 7 pieces placed
  'tests/engine/families/quarto/endgame-exhaustive.test.ts', // every position of two endgames from 9 pieces placed
  // The unit files that took 15 s or more on a 2-core machine at load 12-18 (issue 39): the unit
  // project stays under a minute on an idle one.
  'tests/engine/families/sprouts/reduce.test.ts',
  'tests/engine/solve/misere/work-limit.test.ts',
  'tests/engine/families/boards/cram.test.ts',
  'tests/service/certificates.test.ts',
  'tests/service/search-resume.test.ts',
  'tests/adapters/parallel/grid-threads.test.ts',
  'tests/engine/solve/grid/wasm-published.test.ts', // Beling's boards of 35-40 cells, seconds each
  'tests/engine/solve/search/solver.test.ts',
  'tests/service/census-work-budget.test.ts',
  'tests/server/hostile.test.ts',
  'tests/engine/families/coins/tartan.test.ts',
  'tests/architecture/no-import-cycles.test.ts',
  'tests/engine/families/lasker/lasker.test.ts',
  'tests/engine/kernels/grundy.mex.test.ts',
  'tests/engine/kernels/grundy.subtraction-parallel.test.ts',
  'tests/architecture/certificate-checker.test.ts',
  'tests/problems/stone-piles.test.ts',
  'tests/engine/kernels/grundy.dispatch.test.ts',
  'tests/engine/solve/oracle/normal.test.ts',
  'tests/engine/families/equal-removal/triples-wasm.test.ts',
  'tests/service/resume-time-limit.test.ts', // a Cram 5 x 7 search to its first progress report
  // Server files that wait on their 2 s time limits with the worker pool busy, and two sweeps: the
  // unit project's slowest files on an idle 2-core machine (72 s with them, issue 39).
  'tests/server/bounds.test.ts',
  'tests/server/limits.test.ts',
  'tests/server/search-deadline.test.ts',
  'tests/server/abandoned.test.ts',
  'tests/server/fuzz.test.ts',
  'tests/service/misere-census.test.ts',
  'tests/engine/solve/normal/periodic.test.ts',
  'tests/engine/solve/grid/cram-core.test.ts',
  'tests/server/boards.test.ts',
  'tests/server/quarto.test.ts', // a search to its 3 s time limit (the unit project ran 68 s idle with it)
  // Sweeps of 2.8-5.6 s each idle: with them the unit project took 68 s idle (issue 39).
  'tests/engine/solve/normal/period.test.ts',
  'tests/engine/families/codes.test.ts',
  'tests/engine/solve/grid/table-file.test.ts',
  'tests/engine/solve/grid/lent-table.test.ts',
];

export default defineConfig({
  test: {
    // A guard against a hang, not a speed limit: on a busy machine (load 12-18 on 2 cores) a file's
    // hooks (warming a worker pool) and tests take many times their idle time, so neither a hook nor a
    // test has a shorter limit (issue 39); expect.poll waits a minute for the same reason.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    expect: { poll: { timeout: 60_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW, ...MOCKING],
          // Vitest's default in a run is one worker fewer than the cores: a single one on 2 cores.
          // These files compute and start no processes of their own, so they use every core.
          maxWorkers: '100%',
          isolate: false,
          // what one file stubs is undone before the next file shares its worker
          unstubGlobals: true,
          unstubEnvs: true,
          restoreMocks: true,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: MOCKING, maxWorkers: '100%', sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          globalSetup: ['tests/helpers/compiled-cli.ts'],
          // The default worker count: these files start processes of their own.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
