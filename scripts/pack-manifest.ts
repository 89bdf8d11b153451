/**
 * The package.json a packed package carries: the checkout's, without its scripts and build tools.
 * `strip` (npm's prepack, after the build) saves package.json beside the build and writes the packed
 * one; `restore` (postpack) puts the checkout's back. Why: an installed package that keeps `prepare`
 * (`npm run build`, which needs the sources and the dev tools) makes npm warn about an install script
 * it cannot run; a package needs none of its scripts once installed. npm reads package.json again
 * after prepack, so the tarball gets the stripped one (the pattern of pinst and clean-pkg-json).
 *
 *   tsx scripts/pack-manifest.ts strip|restore [package folder, default: the current folder]
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What a packed package.json leaves out: the checkout's scripts and its build tools. */
export const LEFT_OUT = ['scripts', 'devDependencies'] as const;

type Manifest = Record<string, unknown>;

/** The packed manifest's text: the checkout's without LEFT_OUT, keys in their order. */
export function packedManifest(text: string): string {
  const manifest = JSON.parse(text) as Manifest;
  for (const key of LEFT_OUT) delete manifest[key];
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Where strip keeps the checkout's package.json until restore (dist/ is never packed whole). */
export function savedPath(dir: string): string {
  return join(dir, 'dist', 'package.json.before-pack');
}

function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/** Replaces dir/package.json with the packed manifest, keeping the original for restore. */
export function strip(dir: string): void {
  const path = join(dir, 'package.json');
  const saved = savedPath(dir);
  if (existsSync(saved))
    throw new Error(`${saved} exists: a pack did not finish; run \`npm run postpack\` to put package.json back first`);
  const original = readFileSync(path, 'utf8');
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeAtomically(saved, original);
  writeAtomically(path, packedManifest(original));
}

/**
 * Puts the checkout's package.json back. When package.json was edited while packing (it no longer
 * is the packed manifest), the edit is kept and only the left-out fields go back, in their places.
 */
export function restore(dir: string): void {
  const path = join(dir, 'package.json');
  const saved = savedPath(dir);
  if (!existsSync(saved)) return;
  const original = readFileSync(saved, 'utf8');
  const current = readFileSync(path, 'utf8');
  if (current !== packedManifest(original)) {
    const before = JSON.parse(original) as Manifest;
    const now = JSON.parse(current) as Manifest;
    const merged: Manifest = {};
    for (const key of Object.keys(before))
      if (key in now || (LEFT_OUT as readonly string[]).includes(key))
        merged[key] = key in now ? now[key] : before[key];
    for (const key of Object.keys(now)) if (!(key in merged)) merged[key] = now[key];
    writeAtomically(path, `${JSON.stringify(merged, null, 2)}\n`);
  } else writeAtomically(path, original);
  rmSync(saved);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [mode, dir = process.cwd()] = process.argv.slice(2);
  if (mode === 'strip') strip(resolve(dir));
  else if (mode === 'restore') restore(resolve(dir));
  else {
    console.error('usage: tsx scripts/pack-manifest.ts strip|restore [package folder]');
    process.exit(2);
  }
}
