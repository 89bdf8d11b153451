/**
 * A family's view (how the page draws its positions and turns clicks into moves) is a piece apart
 * from its rules: the engine holds no page concept, and the views sit in src/views/, one module per
 * family that has one, listed once in src/views/registry.ts.
 *
 * - no module under src/engine/ names a view member or type (gridView, outline, howToMove, GridView,
 *   OutlineBox, CellState), nor imports src/views/;
 * - src/views/ imports only the engine and itself (it runs in the browser, like the engine);
 * - of the governed trees only the page (web/src/) imports src/views/: the CLI, the server and the
 *   service draw nothing;
 * - every family that had a view when the views left the engine still has one in the registry.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../src/engine/registry.ts';
import { VIEWS } from '../../src/views/registry.ts';
import { type SourceModule, expectNone, parseModule, sourceModules, under } from './source-tree.ts';

const ENGINE = 'src/engine/';
const VIEWS_FOLDER = 'src/views/';
const PAGE = 'web/src/';

/** Names of the view vocabulary; an identifier containing one (sproutsOutline, cramGridView) is a view in the engine. */
const VIEW_WORDS = /gridview|outline|howtomove|cellstate/i;

/** The families with a view: those whose rulesets carried a grid view or an outline in the engine before src/views/, and Quarto's since. */
const FAMILIES_WITH_VIEWS = [
  'arc-kayles',
  'chomp',
  'coins',
  'cram',
  'node-kayles',
  'quarto',
  'sprouts',
  'tartan',
  'tromino-cram',
];

/** Every identifier of a module (names of members, types, functions, bindings; not strings or comments) that names a view. */
function viewNames(module: SourceModule): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && VIEW_WORDS.test(node.text)) {
      const line = module.source.getLineAndCharacterOfPosition(node.getStart(module.source)).line + 1;
      found.push(`${module.path}:${line} names '${node.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(module.source);
  return found;
}

describe('views', () => {
  it('the engine names no view member or type', () => {
    const violations = sourceModules()
      .filter((m) => under(m.path, ENGINE))
      .flatMap(viewNames);
    expectNone(`${ENGINE}** names what only the page's views (${VIEWS_FOLDER}) may name`, violations);
  });

  it('the engine does not import the views', () => {
    const violations = sourceModules()
      .filter((m) => under(m.path, ENGINE))
      .flatMap((m) => m.imports.filter((e) => e.to !== null && under(e.to, VIEWS_FOLDER)))
      .map((e) => `${e.from}:${e.line} imports '${e.specifier}'`);
    expectNone(`${ENGINE}** may not import ${VIEWS_FOLDER}**`, violations);
  });

  it('the views import only the engine and themselves: no node: module, no package', () => {
    const violations = sourceModules()
      .filter((m) => under(m.path, VIEWS_FOLDER))
      .flatMap((m) => m.imports.filter((e) => e.to === null || !(under(e.to, ENGINE) || under(e.to, VIEWS_FOLDER))))
      .map((e) => `${e.from}:${e.line} imports '${e.specifier}'`);
    expectNone(`${VIEWS_FOLDER}** may import only ${ENGINE}** and ${VIEWS_FOLDER}**`, violations);
  });

  it('only the page imports the views', () => {
    const violations = sourceModules()
      .filter((m) => !under(m.path, VIEWS_FOLDER) && !under(m.path, PAGE))
      .flatMap((m) => m.imports.filter((e) => e.to !== null && under(e.to, VIEWS_FOLDER)))
      .map((e) => `${e.from}:${e.line} imports '${e.specifier}'`);
    expectNone(`only ${PAGE}** imports ${VIEWS_FOLDER}**`, violations);
  });

  it('every family that had a view has one, registered once, for a family of the registry', () => {
    const names = VIEWS.map((v) => v.family.name);
    expect([...names].sort()).toEqual(FAMILIES_WITH_VIEWS);
    expect(new Set(names).size).toBe(names.length);
    for (const view of VIEWS) expect(FAMILIES, view.family.name).toContain(view.family);
  });
});

describe('the view-name detector', () => {
  it('finds names of members, types and functions; not words in strings or comments', () => {
    const sample = parseModule(
      'src/engine/sample.ts',
      [
        '// an outline of the proof',
        "const words = 'drawn as an outline';",
        'interface R { readonly gridView?: unknown; outline?(p: number): string[] }',
        'function sproutsOutline() {}',
        'type T = import("./types.ts").GridView<number>;',
      ].join('\n'),
    );
    expect(viewNames(sample)).toEqual([
      "src/engine/sample.ts:3 names 'gridView'",
      "src/engine/sample.ts:3 names 'outline'",
      "src/engine/sample.ts:4 names 'sproutsOutline'",
      "src/engine/sample.ts:5 names 'GridView'",
    ]);
  });
});
