/** The packed package.json (scripts/pack-manifest.ts): stripped for the tarball, put back after, edits kept. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restore, savedPath, strip } from '../../scripts/pack-manifest.ts';

const MANIFEST = `{
  "name": "example",
  "version": "1.0.0",
  "files": [
    "dist/"
  ],
  "scripts": {
    "prepare": "npm run build",
    "prepack": "npm run build"
  },
  "dependencies": {
    "zod": "^4.0.0"
  },
  "devDependencies": {
    "typescript": "^6.0.0"
  }
}
`;

const dirs: string[] = [];
function packageFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nimber-manifest-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), MANIFEST);
  return dir;
}
const read = (dir: string) => readFileSync(join(dir, 'package.json'), 'utf8');

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package.json', () => {
  it('leaves out the scripts and the build tools, and keeps the rest in order', () => {
    const dir = packageFolder();
    strip(dir);
    const packed = JSON.parse(read(dir));
    expect(Object.keys(packed)).toEqual(['name', 'version', 'files', 'dependencies']);
    expect(packed.dependencies).toEqual({ zod: '^4.0.0' });
  });

  it('is put back byte for byte after the pack', () => {
    const dir = packageFolder();
    strip(dir);
    restore(dir);
    expect(read(dir)).toBe(MANIFEST);
    expect(existsSync(savedPath(dir))).toBe(false);
  });

  it('keeps an edit made while packing, with the scripts back in their place', () => {
    const dir = packageFolder();
    strip(dir);
    const edited = JSON.parse(read(dir));
    edited.dependencies.hono = '^4.0.0';
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(edited, null, 2)}\n`);
    restore(dir);
    const back = JSON.parse(read(dir));
    expect(Object.keys(back)).toEqual(['name', 'version', 'files', 'scripts', 'dependencies', 'devDependencies']);
    expect(back.scripts.prepare).toBe('npm run build');
    expect(back.dependencies).toEqual({ zod: '^4.0.0', hono: '^4.0.0' });
  });

  it('refuses to strip twice before a restore, and a restore without a strip changes nothing', () => {
    const dir = packageFolder();
    restore(dir);
    expect(read(dir)).toBe(MANIFEST);
    strip(dir);
    expect(() => strip(dir)).toThrow(/npm run postpack/);
    restore(dir);
    expect(read(dir)).toBe(MANIFEST);
  });
});
