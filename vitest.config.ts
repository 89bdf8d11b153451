/**
 * The tests in two projects (docs/testing.md): `slow`, the files listed below (they spawn the command,
 * start chromium or redis-server, pack the package, or run long property sweeps), and `unit`, every
 * other file, so a new test file is fast by default. `npm test` runs both, unit first; `npm run
 * test:unit` runs unit alone.
 */
import { configDefaults, defineConfig } from 'vitest/config';

const SLOW = [
  'tests/cli/**/*.test.ts', // spawn bin/nimber.js
  'tests/service/faces-agree.test.ts', // every family through the command too
  'tests/web/page.test.ts', // chromium
  'tests/web/boards.test.ts',
  'tests/web/census.test.ts',
  'tests/web/nim.test.ts',
  'tests/adapters/queue/queue.test.ts', // redis-server and worker processes
  'tests/adapters/queue/board-queue.test.ts',
  'tests/adapters/disk-cache.test.ts', // spawns the command and interrupts it
  'tests/server/load.test.ts', // spawns nimber serve and loads it for 20 s
  'tests/package/pack.test.ts', // npm pack, npm install, tsc
  'tests/engine/families/takebreak/wasm.test.ts', // property runs, and the command interrupted mid-run
  // Long property runs and brute-force sweeps (several seconds each):
  'tests/engine/families/takebreak/rechoice.test.ts',
  'tests/engine/solve/misere/layers.test.ts',
  'tests/engine/solve/misere/solved.test.ts',
  'tests/service/census.test.ts',
  'tests/engine/families/sprouts/solver.test.ts', // brute force over every position from 3 spots
  'tests/engine/families/sprouts/canonical.test.ts',
  'tests/engine/families/sprouts/published.test.ts', // the 6- and 7-spot starts, a minute or more
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW],
          // Vitest's default in a run is one worker fewer than the cores: a single one on 2 cores.
          // These files compute and start no processes of their own, so they use every core.
          maxWorkers: '100%',
          sequence: { groupOrder: 0 },
        },
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
