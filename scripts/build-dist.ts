/**
 * Finishes the compiled build in dist/ (after `tsc -p tsconfig.build.json`): copies the plain-JS
 * worker of the parallel kernel beside its host module and writes the stamp that bin/nimber.js
 * compares with the sources' modification times (a stale dist/ is never run).
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
copyFileSync(`${root}src/parallel/subtraction-worker.generated.mjs`, `${root}dist/parallel/subtraction-worker.generated.mjs`);
writeFileSync(`${root}dist/.stamp`, new Date().toISOString() + '\n');
console.log('dist: compiled CLI ready');
