/**
 * The layer rules, read from the static imports of src/ and web/src/ (`import … from`, `export … from`,
 * `import('…')` with a literal, `import('…').T` in types). Dependencies point inwards only:
 *
 *   faces (src/cli, src/server, web/src) -> service, problems, adapters -> engine
 *
 * The engine runs in Node and the browser, so it imports nothing outside itself: no node: module, no
 * package. The service is pure (its I/O comes through ports), so it imports no face, no adapter, no
 * node: module. A face reads text into a request and writes the reply; it asks the service, never a
 * solver, a kernel or a family directly. Type-only imports count too: knowing a solver's types is
 * knowing the solver, and the vocabulary the faces need belongs in src/engine/types.ts.
 *
 * Rules are written by folder prefix, so moving files inside a layer (solve/normal, solve/misere, …)
 * does not need this file to change. Adjust the allow-lists below, each with its reason.
 */
import { describe, expect, it } from 'vitest';
import { type ImportEdge, expectNone, parseModule, sourceModules, under } from './source-tree.ts';

const ENGINE = 'src/engine/';
const SERVICE = 'src/service/';
const PROBLEMS = 'src/problems/';
const ADAPTERS = 'src/adapters/';
const FACES = ['src/cli/', 'src/server/', 'web/src/'];

/**
 * The engine files a face may import (exact paths, or folders ending in '/'); anything else under
 * src/engine/ is refused: solve/** (every solver, whatever its subfolder), kernels/**, families/**.
 * games.ts (the second spec parser, for boards and graphs, and its isGameSpec) is left out on
 * purpose: one game model has one spec parser, spec.ts, and no face asks "is this a game spec?".
 */
const FACE_ENGINE_ALLOWED: Record<string, string> = {
  'src/engine/types.ts': 'the vocabulary (Ruleset, Convention, reply shapes): types and as-const lists, no computing',
  'src/engine/errors.ts': 'InputError: a face turns it into exit code 2 or an HTTP 4xx',
  'src/engine/limits.ts': 'the published maxima, for option help and request validation',
  'src/engine/spec.ts': 'the one spec parser every face uses, and the spec help',
  'src/engine/registry.ts': 'the families, for listing them (help, pickers, the catalog)',
  'src/engine/capabilities.ts':
    'what a ruleset can do: a face shows the panels and options a ruleset has, never its kind',
};

/** Packages the pure layers may import. The engine and the catalog take none: they run anywhere. */
const SERVICE_PACKAGES: Record<string, string> = {
  zod: 'validation of census rows read back from the store and the queue; pure, runs in the browser too',
};

const isNodeBuiltin = (specifier: string) => specifier.startsWith('node:');
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
const inAny = (path: string, prefixes: readonly string[]) => prefixes.some((p) => under(path, p));

function describeEdge(edge: ImportEdge): string {
  const how = [edge.typeOnly ? 'type-only' : '', edge.dynamic ? 'dynamic' : ''].filter(Boolean).join(', ');
  const target = edge.to !== null && edge.to !== edge.specifier ? ` (${edge.to})` : '';
  return `${edge.from}:${edge.line} imports '${edge.specifier}'${target}${how ? ` [${how}]` : ''}`;
}

/** Every import of the modules under `prefixes` that `allowed` refuses, one line each. */
function offending(prefixes: readonly string[], allowed: (edge: ImportEdge) => boolean): string[] {
  return sourceModules()
    .filter((m) => inAny(m.path, prefixes))
    .flatMap((m) => m.imports.filter((edge) => !allowed(edge)).map(describeEdge));
}

describe('layers', () => {
  it('the engine imports only the engine: no node: module, no package (it runs in the browser)', () => {
    const violations = offending([ENGINE], (edge) => edge.to !== null && under(edge.to, ENGINE));
    expectNone('src/engine/** may import only src/engine/** (no node: modules, no npm packages)', violations);
  });

  it('the service imports only the engine, the service and the catalog: no face, no adapter, no node: module', () => {
    const violations = offending([SERVICE], (edge) => {
      if (edge.to !== null) return inAny(edge.to, [ENGINE, SERVICE, PROBLEMS]);
      return !isNodeBuiltin(edge.specifier) && packageOf(edge.specifier) in SERVICE_PACKAGES;
    });
    expectNone(
      `src/service/** may import only src/engine/**, src/service/**, src/problems/** and the packages ${Object.keys(SERVICE_PACKAGES).join(', ')}`,
      violations,
    );
  });

  it('the catalog imports only the engine and itself', () => {
    // Not the service: the service already imports src/problems/types.ts (solveProblem), so the two
    // layers would import each other. To put the catalog on top of the service, drop that import
    // first, then add SERVICE here.
    const violations = offending([PROBLEMS], (edge) => edge.to !== null && inAny(edge.to, [ENGINE, PROBLEMS]));
    expectNone(
      'src/problems/** may import only src/engine/** and src/problems/** (no node: modules, no packages)',
      violations,
    );
  });

  it('the faces import no solver, kernel or family: only the engine files of the allow-list', () => {
    const allowed = Object.keys(FACE_ENGINE_ALLOWED);
    const violations = offending(
      FACES,
      (edge) => edge.to === null || !under(edge.to, ENGINE) || inAny(edge.to, allowed),
    );
    expectNone(
      `src/cli/**, src/server/**, web/src/** may import from src/engine/ only ${allowed.join(', ')}; ask the service for the rest`,
      violations,
    );
  });

  it('the adapters import the engine, the service and themselves, never a face', () => {
    const violations = offending([ADAPTERS], (edge) => edge.to === null || inAny(edge.to, [ENGINE, SERVICE, ADAPTERS]));
    expectNone(
      'src/adapters/** may import only src/engine/**, src/service/**, src/adapters/**, node: modules and packages',
      violations,
    );
  });
});

describe('the import reader', () => {
  it('reads every form of import, tells type-only from value imports, and resolves relative paths', () => {
    const sample = parseModule(
      'src/engine/sample.ts',
      [
        "import type { Ruleset } from './types.ts';",
        "import { type Family } from './types.ts';",
        "import { InputError, type InputErrorKind } from './errors.ts';",
        "export { FAMILIES } from './registry.ts';",
        "export type { Outcome } from './types.ts';",
        "const spec = await import('./spec.ts');",
        "type Oracle = import('./solve/oracle.ts').Oracle;",
        "import { readFileSync } from 'node:fs';",
      ].join('\n'),
    );
    expect(sample.imports.map(({ line, to, typeOnly, dynamic }) => ({ line, to, typeOnly, dynamic }))).toEqual([
      { line: 1, to: 'src/engine/types.ts', typeOnly: true, dynamic: false },
      { line: 2, to: 'src/engine/types.ts', typeOnly: true, dynamic: false },
      { line: 3, to: 'src/engine/errors.ts', typeOnly: false, dynamic: false },
      { line: 4, to: 'src/engine/registry.ts', typeOnly: false, dynamic: false },
      { line: 5, to: 'src/engine/types.ts', typeOnly: true, dynamic: false },
      { line: 6, to: 'src/engine/spec.ts', typeOnly: false, dynamic: true },
      { line: 7, to: 'src/engine/solve/oracle.ts', typeOnly: true, dynamic: false },
      { line: 8, to: null, typeOnly: false, dynamic: false },
    ]);
  });
});
