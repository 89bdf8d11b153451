/**
 * The npm package as a user gets it: `npm pack`, the tarball installed into a scratch project, then
 * plain Node (no tsx, no loader) imports the library, the TypeScript compiler checks a consumer
 * against the shipped declarations, and the installed `nimber` command runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SETUP_TIMEOUT_MS = 120_000;

// Children run without NODE_OPTIONS, so no loader (tsx) can reach them from the test runner.
const env = { ...process.env, NODE_OPTIONS: '' };

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function node(args: string[], cwd: string) {
  return spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8', timeout: 30_000 });
}

// Imports by the package name, as a user's module would, and prints what the assertions need.
const IMPORT_CHECK = `import { parseRuleset, analyze, grundySequence } from 'nimber';
const nim = analyze(parseRuleset('nim'), [13, 12, 8]);
const kayles = Array.from(grundySequence(parseRuleset('kayles'), 11));
console.log(JSON.stringify({ outcome: nim.outcome, nimSum: nim.nimSum, winningMoves: nim.winningMoves.map((m) => m.to), kayles }));
`;

// Compiled against the shipped .d.ts files with library checking on: types that do not resolve fail here.
const TYPES_CHECK = `import { parseRuleset, analyze, grundySequence, type HeapRuleset, type Ruleset } from 'nimber';
const ruleset: Ruleset = parseRuleset('nim');
const outcome: 'P' | 'N' = analyze(ruleset, [1, 2, 3]).outcome;
const first: number = grundySequence(parseRuleset('kayles') as HeapRuleset, 4)[0];
export { outcome, first };
`;

describe('the packed npm package', () => {
  let packDir = '';
  let project = '';
  const installed = () => join(project, 'node_modules', 'nimber');

  beforeAll(() => {
    npm(['run', 'build:lib'], root);
    // The command's compiled build comes from the slow project's global setup (tests/helpers/compiled-cli.ts),
    // which runs before any test: rebuilding it here would race the other tests that run bin/nimber.js.
    if (!existsSync(join(root, 'dist', 'cli', 'main.js')))
      throw new Error('dist/cli is missing: run this file through vitest.config.ts (its global setup builds it)');
    packDir = mkdtempSync(join(tmpdir(), 'nimber-pack-'));
    npm(['pack', '--ignore-scripts', '--pack-destination', packDir], root);
    const tarballs = readdirSync(packDir).filter((name) => name.endsWith('.tgz'));
    expect(tarballs).toHaveLength(1);
    project = mkdtempSync(join(tmpdir(), 'nimber-consumer-'));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'nimber-consumer', private: true, type: 'module' }, null, 2),
    );
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', join(packDir, tarballs[0])], project);
  }, SETUP_TIMEOUT_MS);

  afterAll(() => {
    for (const dir of [packDir, project]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports in plain Node and computes real values', () => {
    writeFileSync(join(project, 'check.mjs'), IMPORT_CHECK);
    const run = node(['check.mjs'], project);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    // 13 ^ 12 ^ 8 = 9: each heap h with h ^ 9 < h gives a winning move.
    expect(result.outcome).toBe('N');
    expect(result.nimSum).toBe(9);
    expect(result.winningMoves).toHaveLength(3);
    expect(result.winningMoves).toEqual(
      expect.arrayContaining([
        [4, 12, 8],
        [13, 5, 8],
        [13, 12, 1],
      ]),
    );
    // Kayles, OEIS A002186.
    expect(result.kayles).toEqual([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
  });

  it('ships declarations a TypeScript consumer compiles against', () => {
    expect(existsSync(join(installed(), 'dist', 'lib', 'index.d.ts'))).toBe(true);
    writeFileSync(join(project, 'consumer.ts'), TYPES_CHECK);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM'],
        types: [],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      },
      files: ['consumer.ts'],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const tsc = node([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('holds the build, not the sources or the build tools', () => {
    expect(existsSync(join(installed(), 'src'))).toBe(false);
    expect(existsSync(join(installed(), 'tests'))).toBe(false);
    expect(existsSync(join(installed(), 'bench'))).toBe(false);
    for (const tool of ['typescript', 'tsx', 'esbuild'])
      expect(existsSync(join(project, 'node_modules', tool)), tool).toBe(false);
  });

  it('runs the installed nimber command', () => {
    const run = node([join('node_modules', 'nimber', 'bin', 'nimber.js'), 'grundy', 'kayles', '--to', '11'], project);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('0 1 2 3 1 4 3 2 1 4 2 6');
  });
});
