/**
 * The npm package as a user gets it: packed, installed into a scratch project, then used without
 * the checkout's tools. Plain Node (no tsx, no loader) imports and requires the library, the
 * TypeScript compiler checks consumers (ES module and CommonJS) and the documents' snippets against
 * the shipped declarations, and the installed `nimber` command runs and serves the page.
 *
 * What `npm pack` does (prepack: the build, the page's build, the packed package.json) is done here
 * step by step on a copy, so the checkout's dist/cli and package.json are not rewritten while other
 * tests use them: the library is built in place (npm run build:lib), the package's files are copied
 * to a staging folder, the page is built into it (npm run build:web), its package.json is stripped
 * (scripts/pack-manifest.ts) and the staging folder is packed.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strip } from '../../scripts/pack-manifest.ts';
import * as sourceLibrary from '../../src/index.ts';
import { librarySnippets, printedPrefixes } from './snippets.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Builds, a pack, an install, the compiler: generous, so that a busy machine fails no hook or test.
const SETUP_TIMEOUT_MS = 900_000;

// Children run without NODE_OPTIONS, so no loader (tsx) can reach them from the test runner.
const env = { ...process.env, NODE_OPTIONS: '' };

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function node(args: string[], cwd: string) {
  return spawnSync(process.execPath, args, { cwd, env, encoding: 'utf8' });
}

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  files: string[];
  scripts: Record<string, string>;
};

// Imports by the package name, as a user's module would, and prints what the assertions need.
const IMPORT_CHECK = `import { parseRuleset, parseHeapSpec, analyze, grundySequence, nimbers } from 'nimber';
import * as library from 'nimber';
const nim = analyze(parseRuleset('nim'), [13, 12, 8]);
const kayles = Array.from(grundySequence(parseHeapSpec('kayles'), 11));
console.log(JSON.stringify({ outcome: nim.outcome, nimSum: nim.nimSum, winningMoves: nim.winningMoves.map((m) => m.to), kayles, product: String(nimbers.nimProduct(16n, 16n)), names: Object.keys(library).sort() }));
`;

// The same through require(), from a CommonJS file.
const REQUIRE_CHECK = `const library = require('nimber');
const { parseRuleset, parseHeapSpec, analyze, grundySequence, nimbers, InputError } = library;
const nim = analyze(parseRuleset('nim'), [13, 12, 8]);
const kayles = Array.from(grundySequence(parseHeapSpec('kayles'), 11));
let refused = false;
try { parseRuleset('subtract:'); } catch (e) { refused = e instanceof InputError; }
console.log(JSON.stringify({ outcome: nim.outcome, nimSum: nim.nimSum, winningMoves: nim.winningMoves.map((m) => m.to), kayles, product: String(nimbers.nimProduct(16n, 16n)), refused, names: Object.keys(library).sort() }));
`;

// Compiled against the shipped .d.ts files with library checking on: types that do not resolve fail here.
const TYPES_CHECK = `import { parseRuleset, parseHeapSpec, analyze, grundySequence, nimbers, type HeapRuleset, type Ruleset, type types } from 'nimber';
const ruleset: Ruleset = parseRuleset('nim');
const outcome: 'P' | 'N' = analyze(ruleset, [1, 2, 3]).outcome;
const kayles: HeapRuleset = parseHeapSpec('kayles');
const first: number = grundySequence(kayles, 4)[0];
const product: bigint = nimbers.nimProduct(2n, 3n);
const convention: types.Convention = 'misere';
export { outcome, first, product, convention };
`;

// A CommonJS module in TypeScript (.cts): resolved through the package's "require" condition.
const CJS_TYPES_CHECK = `import { parseHeapSpec, grundySequence, type HeapRuleset } from 'nimber';
const kayles: HeapRuleset = parseHeapSpec('kayles');
export const first: number = grundySequence(kayles, 4)[0];
`;

/** Kayles, OEIS A002186: g(0..11). */
const KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];

/**
 * Runs tsc on `files` in the consumer project, strict, library checking on. Node16 is the stricter
 * module setting for CommonJS consumers: it refuses a CommonJS file that imports ES module
 * declarations (TS1479), which NodeNext now lets through.
 */
function compile(project: string, files: string[], module: 'NodeNext' | 'Node16' = 'NodeNext') {
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module,
      moduleResolution: module,
      lib: ['ES2022', 'DOM'],
      types: [],
      strict: true,
      skipLibCheck: false,
      noEmit: true,
    },
    files,
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  return node([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project);
}

describe('the packed npm package', () => {
  let stage = '';
  let packDir = '';
  let project = '';
  let installLog = '';
  const installed = () => join(project, 'node_modules', 'nimber');

  beforeAll(() => {
    npm(['run', 'build:lib'], root);
    // The command's compiled build comes from the slow project's global setup (tests/helpers/compiled-cli.ts),
    // which runs before any test: rebuilding it here would race the other tests that run bin/nimber.js.
    if (!existsSync(join(root, 'dist', 'cli', 'main.js')))
      throw new Error('dist/cli is missing: run this file through vitest.config.ts (its global setup builds it)');
    stage = mkdtempSync(join(tmpdir(), 'nimber-stage-'));
    cpSync(join(root, 'package.json'), join(stage, 'package.json'));
    for (const entry of rootManifest.files)
      if (entry !== 'dist/web/' && existsSync(join(root, entry)))
        cpSync(join(root, entry), join(stage, entry), { recursive: true });
    npm(['run', 'build:web', '--', '--outDir', join(stage, 'dist', 'web'), '--emptyOutDir'], root);
    strip(stage);
    packDir = mkdtempSync(join(tmpdir(), 'nimber-pack-'));
    npm(['pack', '--ignore-scripts', '--pack-destination', packDir], stage);
    const tarballs = readdirSync(packDir).filter((name) => name.endsWith('.tgz'));
    expect(tarballs).toHaveLength(1);
    project = mkdtempSync(join(tmpdir(), 'nimber-consumer-'));
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'nimber-consumer', private: true, type: 'module' }, null, 2),
    );
    const install = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', join(packDir, tarballs[0])],
      { cwd: project, env, encoding: 'utf8' },
    );
    installLog = install.stdout + install.stderr;
    expect(install.status, installLog).toBe(0);
  }, SETUP_TIMEOUT_MS);

  afterAll(() => {
    for (const dir of [stage, packDir, project]) if (dir) rmSync(dir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

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
    expect(result.kayles).toEqual(KAYLES);
    // 16 is a Fermat 2-power: 16 * 16 = 3/2 * 16 = 24 in nim arithmetic (Conway, On Numbers and Games, ch. 6).
    expect(result.product).toBe('24');
    // The built top level is the source's (tests/package/exports.test.ts pins that one name by name).
    expect(result.names).toEqual(Object.keys(sourceLibrary).sort());
  });

  it('requires in plain Node (CommonJS) with the same values and no warning', () => {
    writeFileSync(join(project, 'check.cjs'), REQUIRE_CHECK);
    const run = node(['check.cjs'], project);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.outcome).toBe('N');
    expect(result.nimSum).toBe(9);
    expect(result.winningMoves).toHaveLength(3);
    expect(result.kayles).toEqual(KAYLES);
    expect(result.product).toBe('24');
    expect(result.refused).toBe(true);
    expect(result.names).toEqual(Object.keys(sourceLibrary).sort());
  });

  it(
    'ships declarations that ES module and CommonJS consumers compile against',
    () => {
      expect(existsSync(join(installed(), 'dist', 'lib', 'index.d.ts'))).toBe(true);
      writeFileSync(join(project, 'consumer.ts'), TYPES_CHECK);
      writeFileSync(join(project, 'consumer-cjs.cts'), CJS_TYPES_CHECK);
      for (const module of ['NodeNext', 'Node16'] as const) {
        const tsc = compile(project, ['consumer.ts', 'consumer-cjs.cts'], module);
        expect(tsc.stdout + tsc.stderr, module).toBe('');
        expect(tsc.status, module).toBe(0);
      }
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    "compiles the documents' library snippets under tsc --strict and runs them",
    () => {
      const snippets = librarySnippets(root);
      const where = snippets.map((s) => s.where);
      // The README's and the library page's examples are among them (a changed fence would skip them silently).
      expect(where.some((w) => w.startsWith('README.md:'))).toBe(true);
      expect(where.filter((w) => w.startsWith('docs/library.md:')).length).toBeGreaterThanOrEqual(3);
      const files = snippets.map((snippet, i) => {
        const file = `snippet-${i}.ts`;
        writeFileSync(join(project, file), `// ${snippet.where}\n${snippet.source}`);
        return file;
      });
      const tsc = compile(project, files);
      expect(tsc.stdout + tsc.stderr, where.join(', ')).toBe('');
      expect(tsc.status).toBe(0);
      snippets.forEach((snippet, i) => {
        const js = ts.transpileModule(snippet.source, {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
        }).outputText;
        writeFileSync(join(project, `snippet-${i}.mjs`), js);
        const run = node([`snippet-${i}.mjs`], project);
        expect(run.stderr, snippet.where).toBe('');
        expect(run.status, snippet.where).toBe(0);
        // The library page's comments say what each line prints (values from the sources they cite).
        if (snippet.where.startsWith('docs/library.md:')) {
          const printed = run.stdout.trimEnd().split('\n');
          const said = printedPrefixes(snippet.source);
          expect(printed, snippet.where).toHaveLength(said.length);
          for (const [line, prefix] of said.entries())
            expect(printed[line].startsWith(prefix), `${printed[line]} / ${prefix}`).toBe(true);
        }
      });
    },
    SETUP_TIMEOUT_MS,
  );

  it('installs without install scripts: the packed package.json has no scripts and no build tools', () => {
    const manifest = JSON.parse(readFileSync(join(installed(), 'package.json'), 'utf8'));
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    expect(manifest.exports).toEqual(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports);
    expect(installLog).not.toMatch(/nimber@[^\n]*prepare/);
    // npm pack itself strips it: prepack builds the library and the page, then strips; postpack restores.
    expect(rootManifest.scripts.prepack).toMatch(/npm run build\b.*npm run build:web.*pack-manifest\.ts strip/);
    expect(rootManifest.scripts.postpack).toMatch(/pack-manifest\.ts restore/);
  });

  it('holds the build and the page, not the sources or the build tools', () => {
    expect(existsSync(join(installed(), 'dist', 'web', 'index.html'))).toBe(true);
    expect(existsSync(join(installed(), 'dist', 'lib', 'cjs', 'index.js'))).toBe(true);
    expect(existsSync(join(installed(), 'src'))).toBe(false);
    expect(existsSync(join(installed(), 'web'))).toBe(false);
    expect(existsSync(join(installed(), 'tests'))).toBe(false);
    expect(existsSync(join(installed(), 'bench'))).toBe(false);
    for (const tool of ['typescript', 'tsx', 'esbuild', 'vite'])
      expect(existsSync(join(project, 'node_modules', tool)), tool).toBe(false);
  });

  it('runs the installed nimber command', () => {
    const run = node([join('node_modules', 'nimber', 'bin', 'nimber.js'), 'grundy', 'kayles', '--to', '11'], project);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(KAYLES.join(' '));
  });

  it('serves the page from the installed nimber serve', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'nimber-serve-cache-'));
    let server: ChildProcess | undefined;
    try {
      server = spawn(
        process.execPath,
        [
          join('node_modules', 'nimber', 'bin', 'nimber.js'),
          'serve',
          '--port',
          '0',
          '--host',
          '127.0.0.1',
          '--threads',
          '1',
          '--cache-dir',
          cacheDir,
        ],
        { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const child = server;
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const read = (chunk: Buffer) => {
          out += chunk.toString();
          const match = /serving (http:\/\/\S+?)[\s,(]/.exec(out);
          if (match) resolve(match[1]);
        };
        child.stdout!.on('data', read);
        child.stderr!.on('data', read);
        child.once('exit', (code) => reject(new Error(`nimber serve exited (${code}) before listening: ${out}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain('not built');
      // The built page loads its script from assets/ (vite's output), which the server must serve too.
      const script = /<script[^>]*src="([^"]+\.js)"/.exec(html);
      expect(script, html).not.toBeNull();
      const asset = await fetch(new URL(script![1], url));
      expect(asset.status).toBe(200);
      expect((await asset.text()).length).toBeGreaterThan(1000);
      const api = await fetch(new URL('/api/grundy?ruleset=kayles&to=11', url));
      expect(api.status).toBe(200);
      expect((await api.json()).values).toEqual(KAYLES);
    } finally {
      if (server && server.exitCode === null) {
        const exited = new Promise((resolve) => server!.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
