/**
 * The compiled CLI in dist/: src/cli/main.ts, the API's worker (src/server/worker.ts), the census's
 * worker (src/adapters/census-worker.ts: the embedded pool's and `nimber worker`'s threads) and the
 * grid core's helper (src/adapters/parallel/grid-worker.ts: a board search's threads) and the thread
 * of a resumable search (src/cli/search-worker.ts: `analyze --resume`, `table --store`, stopped by Ctrl-C) and
 * the thread of a rules file (src/cli/rules-worker.ts: --rules, `check-rules`) bundled
 * by esbuild into ES modules, code loaded only by some commands (the server, the parallel kernel,
 * the progress bar) split into chunks loaded on demand, packages left in node_modules. One file
 * instead of some seventy modules: Node's module loader costs about 50 ms less per command.
 * Every output file lives in dist/cli/, one directory deep as the sources are, so the relative
 * URLs in src (the parallel kernel's worker, the API's worker, dist/web for the page) resolve the
 * same from the bundle; the parallel kernel's plain-JS worker is copied beside it. Last, the stamp
 * that bin/nimber.js compares with the sources' modification times (a stale dist/ is never run).
 */
import { build } from 'esbuild';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/cli`;
rmSync(out, { recursive: true, force: true });
rmSync(`${root}dist/.stamp`, { force: true });
await build({
  entryPoints: {
    main: `${root}src/cli/main.ts`,
    worker: `${root}src/server/worker.ts`,
    'census-worker': `${root}src/adapters/census-worker.ts`,
    'grid-worker': `${root}src/adapters/parallel/grid-worker.ts`,
    'search-worker': `${root}src/cli/search-worker.ts`,
    'rules-worker': `${root}src/cli/rules-worker.ts`,
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Packages are bundled too (commander through Node's CommonJS-in-ESM path cost ~15 ms a start),
  // except piscina, which starts its workers from files of its own, and esbuild, which compiles a
  // TypeScript rules file (--rules) only when one is given, and is not installed everywhere.
  external: ['piscina', 'esbuild'],
  // Bundled CommonJS calls require(): give every output file one.
  banner: {
    js: "import { createRequire as nimberCreateRequire } from 'node:module'; const require = nimberCreateRequire(import.meta.url);",
  },
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
copyFileSync(
  `${root}src/adapters/parallel/subtraction-worker.generated.mjs`,
  `${out}/subtraction-worker.generated.mjs`,
);
writeFileSync(`${root}dist/.stamp`, new Date().toISOString() + '\n');
console.log('dist: compiled CLI ready');
