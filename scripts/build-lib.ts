/**
 * The library build (npm run build:lib): src/index.ts and what it reaches, for `import` and for
 * `require`, into dist/lib:
 *   dist/lib/            ES modules and declarations, one file per source module (tsc -p tsconfig.lib.json)
 *   dist/lib/cjs/        one CommonJS bundle (esbuild), the same declarations copied, and a
 *                        package.json saying "type": "commonjs", so TypeScript reads those
 *                        declarations as CommonJS ones and a `require` consumer type-checks too.
 * Why a CommonJS build rather than a "require" condition on the ES modules (Node's require(esm)):
 * require(esm) refuses any module graph with a top-level await (ERR_REQUIRE_ASYNC_MODULE), its loader
 * is the one under which the server's workers crashed (issue 35), and a CommonJS TypeScript consumer
 * under `module: node16` cannot import ES module declarations (TS1479); a plain CommonJS file with
 * CommonJS declarations has none of these. The library is pure (no node: imports, no import.meta),
 * so the bundle is the same code; its packages (zod, for the operations' request schemas) stay
 * dependencies that each build loads its own way. The build is written to a temporary folder and
 * renamed into place, so no reader sees a half-written one.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'lib');
const temp = join(root, 'dist', `lib.building-${process.pid}`);
rmSync(temp, { recursive: true, force: true });

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.lib.json'), '--outDir', temp], { stdio: 'inherit' });

const cjs = join(temp, 'cjs');
await build({
  entryPoints: [join(root, 'src', 'index.ts')],
  outfile: join(cjs, 'index.js'),
  bundle: true,
  format: 'cjs',
  platform: 'neutral',
  packages: 'external',
  target: 'node20',
  logLevel: 'warning',
});
for (const entry of readdirSync(temp, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const from = join(entry.parentPath, entry.name);
  const path = relative(temp, from);
  if (path.split(sep)[0] !== 'cjs') cpSync(from, join(cjs, path));
}
writeFileSync(join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

rmSync(out, { recursive: true, force: true });
renameSync(temp, out);
console.log('dist/lib: the library ready (ES modules, CommonJS bundle, declarations)');
