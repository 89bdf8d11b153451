/**
 * The source tree as the architecture tests read it: every TypeScript module under src/ and web/src/,
 * parsed once by the TypeScript compiler (syntax only, no type check), with its imports resolved.
 *
 * Not governed: tests/, bench/, scripts/, docs/ (they may reach into anything), AssemblyScript
 * sources (*.as.ts: another language, compiled apart) and the generated JavaScript worker
 * (*.generated.mjs: a transpile of a .ts file that is read here).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The trees the rules govern, relative to the repository root. */
export const TREES = ['src', 'web/src'] as const;

/** One import, re-export or dynamic import() with a string literal. */
export interface ImportEdge {
  /** The importing file, relative to the repository root, '/'-separated. */
  readonly from: string;
  /** 1-based line of the specifier. */
  readonly line: number;
  /** The specifier as written, e.g. '../engine/spec.ts', 'zod', 'node:fs'. */
  readonly specifier: string;
  /** The imported file (relative to the root) for a relative specifier; null for a package or a node: module. */
  readonly to: string | null;
  /** `import type`, `export type`, or every binding marked `type`: erased by the compiler (verbatimModuleSyntax). */
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

export interface SourceModule {
  /** Relative to the repository root, '/'-separated, e.g. 'src/engine/spec.ts'. */
  readonly path: string;
  readonly source: ts.SourceFile;
  readonly imports: readonly ImportEdge[];
}

const posix = (p: string) => p.split('\\').join('/');

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    const governed = /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.as.ts');
    return governed ? [full] : [];
  });
}

/** The file a relative specifier names: as written (the code base writes `.ts` extensions), else the usual fallbacks. */
function resolveRelative(fromFile: string, specifier: string): string {
  const target = resolve(dirname(fromFile), specifier.replace(/[?#].*$/, ''));
  const candidates = [
    target,
    target.replace(/\.js$/, '.ts'),
    target.replace(/\.js$/, '.tsx'),
    `${target}.ts`,
    `${target}.tsx`,
    join(target, 'index.ts'),
  ];
  return posix(relative(ROOT, candidates.find((c) => existsSync(c)) ?? target));
}

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function importsOf(path: string, source: ts.SourceFile): ImportEdge[] {
  const abs = join(ROOT, path);
  const edges: ImportEdge[] = [];
  const add = (literal: ts.StringLiteralLike, typeOnly: boolean, dynamic: boolean) => {
    const specifier = literal.text;
    const to = specifier.startsWith('.') ? resolveRelative(abs, specifier) : null;
    edges.push({ from: path, line: lineOf(source, literal), specifier, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
      const everyNameIsType =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, clause?.isTypeOnly === true || everyNameIsType, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause : undefined;
      const everyNameIsType =
        named !== undefined && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      add(node.moduleSpecifier, node.isTypeOnly || everyNameIsType, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0]!)
    ) {
      add(node.arguments[0] as ts.StringLiteralLike, false, true);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      // `import('./x.ts').T` in a type position: a type-only dependency.
      add(node.argument.literal, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

let cache: SourceModule[] | undefined;

/** Parses one module's text as if it lay at `path` (relative to the root); the detectors' own tests feed it snippets. */
export function parseModule(path: string, text: string): SourceModule {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  return { path, source, imports: importsOf(path, source) };
}

/** Every governed module, sorted by path; parsed once per test file. */
export function sourceModules(): readonly SourceModule[] {
  cache ??= TREES.flatMap((tree) => listFiles(join(ROOT, tree)))
    .map((abs) => posix(relative(ROOT, abs)))
    .sort()
    .map((path) => parseModule(path, readFileSync(join(ROOT, path), 'utf8')));
  expect(cache.length, `no modules found under ${TREES.join(', ')}: the scanner is broken`).toBeGreaterThan(0);
  return cache;
}

/** True when `path` is `prefix` itself or lies under the folder `prefix` (give folders with a trailing '/'). */
export function under(path: string, prefix: string): boolean {
  return prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix;
}

/** A piece of literal text in a module: a string literal, a template's literal parts, or JSX text. */
export interface LiteralText {
  readonly path: string;
  readonly line: number;
  readonly text: string;
  readonly node: ts.Node;
}

/**
 * Every literal text of a module, except import/export specifiers (module paths, not words).
 * A template contributes each literal part separately (`cram:${r}x${c}` gives 'cram:' and 'x').
 */
export function literalTexts(module: SourceModule): LiteralText[] {
  const { source, path } = module;
  const found: LiteralText[] = [];
  const push = (node: ts.Node, text: string) => found.push({ path, line: lineOf(source, node), text, node });
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      // Skip the specifier; an import has no other literal text worth reading.
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) push(node, node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) push(node, node.text);
    else if (ts.isJsxText(node) && node.text.trim() !== '') push(node, node.text.trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A location as the failure lists print it. */
export const at = (path: string, line: number) => `${path}:${line}`;

/**
 * Fails with the whole list, one violation a line, sorted by file and line: the person fixing them
 * reads every offender at once instead of one per run.
 */
export function expectNone(rule: string, violations: readonly string[]): void {
  if (violations.length === 0) return;
  const lines = [...new Set(violations)].sort(byLocation);
  expect.fail(`${rule}\n${lines.length} violation(s):\n  ${lines.join('\n  ')}\n`);
}

/** Sorts 'path:line ...' by path, then numerically by line. */
function byLocation(a: string, b: string): number {
  const [pa, la] = splitLocation(a);
  const [pb, lb] = splitLocation(b);
  return pa < pb ? -1 : pa > pb ? 1 : la - lb || (a < b ? -1 : a > b ? 1 : 0);
}

function splitLocation(text: string): [string, number] {
  const m = /^([^:\s]+):(\d+)/.exec(text);
  return m ? [m[1]!, Number(m[2])] : [text, 0];
}
