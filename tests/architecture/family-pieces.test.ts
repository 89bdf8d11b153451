/**
 * A game family is separate pieces: its rules (the GameRuleset's own members), its notation (text
 * in and out, move words: `ruleset.notation`) and its accelerators (theorems, fast cores:
 * `ruleset.accelerators`); its view is a fourth, outside the engine (views.test.ts).
 *
 * - every registered family whose example is a game keeps its notation and accelerators in their
 *   own objects, none of their members flat on the ruleset, and nothing else in them;
 * - the general solver (src/engine/solve/search/) reads neither: positions are values to it, and
 *   the service, not the solver, chooses an accelerator. Found with the TypeScript parser: an
 *   identifier (a member, a binding, a type) naming a piece or one of its members, or an import of
 *   the types that carry them.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../src/engine/registry.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { type SourceModule, expectNone, parseModule, sourceModules, under } from './source-tree.ts';

const SOLVER = 'src/engine/solve/search/';

const NOTATION_MEMBERS = ['positionFormat', 'startHint', 'parsePosition', 'formatPosition', 'describeMove'];
const ACCELERATOR_MEMBERS = ['theorem', 'fastSearch', 'outcomeFirst'];

/** The families whose rulesets are games searched position by position (kind 'game'). */
const GAME_FAMILIES = [
  'arc-kayles',
  'chomp',
  'coins',
  'cram',
  'node-kayles',
  'poset',
  'sprouts',
  'tartan',
  'tromino-cram',
];

/** Names the general solver may not use: the pieces, their members, and the types that carry them. */
const NOT_FOR_THE_SOLVER = new Set([
  'notation',
  'accelerators',
  ...NOTATION_MEMBERS,
  ...ACCELERATOR_MEMBERS,
  'GameRuleset',
  'GameNotation',
  'GameAccelerators',
]);

/** Every identifier of a module that names a family's notation or accelerators (not strings or comments). */
function pieceNames(module: SourceModule): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && NOT_FOR_THE_SOLVER.has(node.text)) {
      const line = module.source.getLineAndCharacterOfPosition(node.getStart(module.source)).line + 1;
      found.push(`${module.path}:${line} names '${node.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(module.source);
  return found;
}

const gameExamples = FAMILIES.map((family) => ({ family, ruleset: parseRuleset(family.example.spec) })).filter(
  (e): e is { family: (typeof FAMILIES)[number]; ruleset: GameRuleset } => e.ruleset.kind === 'game',
);

describe('a game family: rules, notation and accelerators apart', () => {
  it('every game family of the registry is checked', () => {
    expect(gameExamples.map((e) => e.family.name).sort()).toEqual(GAME_FAMILIES);
  });

  it.each(gameExamples.map((e) => [e.family.name, e.ruleset] as const))(
    '%s: no notation or accelerator member flat on the ruleset; each piece holds only its own',
    (_name, ruleset) => {
      for (const member of [...NOTATION_MEMBERS, ...ACCELERATOR_MEMBERS]) expect(member in ruleset, member).toBe(false);
      const { notation, accelerators } = ruleset;
      for (const member of ['parsePosition', 'formatPosition', 'describeMove'] as const)
        expect(typeof notation[member], member).toBe('function');
      expect(typeof notation.positionFormat).toBe('string');
      expect(Object.keys(notation).filter((k) => !NOTATION_MEMBERS.includes(k))).toEqual([]);
      expect(typeof accelerators).toBe('object');
      expect(Object.keys(accelerators).filter((k) => !ACCELERATOR_MEMBERS.includes(k))).toEqual([]);
      for (const member of Object.keys(accelerators))
        expect(typeof accelerators[member as keyof typeof accelerators], member).toBe('function');
    },
  );

  it('each notation reads back what it writes: the example position, else the start', () => {
    for (const { family, ruleset } of gameExamples) {
      const { notation } = ruleset;
      const position =
        family.example.board === undefined ? ruleset.start : notation.parsePosition(family.example.board);
      expect(position, family.name).not.toBeNull();
      const text = notation.formatPosition(position);
      expect(ruleset.key(notation.parsePosition(text)), family.name).toBe(ruleset.key(position));
    }
  });

  it('the general solver reads nothing from a notation or an accelerator', () => {
    const modules = sourceModules().filter((m) => under(m.path, SOLVER));
    expect(modules.length).toBeGreaterThan(0);
    expectNone(`${SOLVER}** works from GameRules alone`, modules.flatMap(pieceNames));
  });
});

describe('the piece-name detector', () => {
  it('finds member accesses, bindings and types; not words in strings or comments', () => {
    const sample = parseModule(
      'src/engine/solve/search/sample.ts',
      [
        '// a theorem gives the value; parsePosition is not called here',
        "const words = 'the notation of a board';",
        'function f(r: GameRuleset) { return r.notation.formatPosition(r.start); }',
        'const { fastSearch } = rules.accelerators;',
      ].join('\n'),
    );
    expect(pieceNames(sample)).toEqual([
      "src/engine/solve/search/sample.ts:3 names 'GameRuleset'",
      "src/engine/solve/search/sample.ts:3 names 'notation'",
      "src/engine/solve/search/sample.ts:3 names 'formatPosition'",
      "src/engine/solve/search/sample.ts:4 names 'fastSearch'",
      "src/engine/solve/search/sample.ts:4 names 'accelerators'",
    ]);
  });
});
