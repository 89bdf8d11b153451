/**
 * Global setup of the slow test project: builds the compiled CLI (dist/cli, `npm run build:dist`) when
 * it is missing or older than src/, once, before any test file starts. The packed package then holds a
 * fresh build, and no test runs bin/nimber.js while dist/ is being rewritten. (CI has built it already:
 * `npm run prepare`.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The newest modification time of a file under dir. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

/** The rule bin/nimber.js runs dist/ by: its stamp is at least as new as every source file. */
function compiledIsFresh(): boolean {
  const stamp = join(root, 'dist', '.stamp');
  if (!existsSync(join(root, 'dist', 'cli', 'main.js')) || !existsSync(stamp)) return false;
  return statSync(stamp).mtimeMs >= newestUnder(join(root, 'src'));
}

export default function setup(): void {
  if (!compiledIsFresh()) execFileSync('npm', ['run', '--silent', 'build:dist'], { cwd: root, stdio: 'inherit' });
}
