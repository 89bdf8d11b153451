/**
 * The library's public surface (src/index.ts): a small top level named here one by one, values,
 * types and namespaces, so that a new top-level name is a decision made in these lists; and every
 * name that left the top level still reachable in its namespace.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { InputErrorKind } from '../../src/engine/errors.ts';
import type {
  Convention,
  CountOrder,
  CoupledRuleset,
  GameRuleset,
  GrundySequence,
  Position,
  TupleRuleset,
  WinningMove,
} from '../../src/engine/types.ts';
import * as nimber from '../../src/index.ts';

/** The verbs: functions and the one error class. */
const VALUES = [
  'parseRuleset',
  'parseHeapSpec',
  'grundySequence',
  'analyze',
  'count',
  'periodicity',
  'chooseMove',
  'explain',
  'misereQuotient',
  'analyzeGameRules',
  'perfectMove',
  'verifyCertificate',
  'InputError',
];

/** The types to call the verbs and read their results (erased at run time: read from the source). */
const TYPES = [
  'Ruleset',
  'HeapRuleset',
  'Outcome',
  'Analysis',
  'CountOptions',
  'Periodicity',
  'EngineMove',
  'Explanation',
  'MisereQuotient',
  'GameRules',
  'GameAnalysis',
  'VerifyReply',
];

const NAMESPACES = ['families', 'normal', 'misere', 'search', 'nimbers', 'service', 'problems', 'types'];

/** The size the top level is held to (issue 35: about 30 names). */
const MAX_TOP_LEVEL = 35;

/** Every name src/index.ts exports, read from its export declarations: values, types and namespaces. */
function declaredNames(): string[] {
  const path = new URL('../../src/index.ts', import.meta.url);
  const source = ts.createSourceFile('index.ts', readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    // Only re-exports by name: `export *` or a local declaration would add names this list does not see.
    if (!ts.isExportDeclaration(statement) || !statement.exportClause)
      throw new Error(`src/index.ts: not a named re-export: ${statement.getText(source).slice(0, 60)}`);
    const clause = statement.exportClause;
    if (ts.isNamespaceExport(clause)) names.push(clause.name.text);
    else for (const element of clause.elements) names.push(element.name.text);
  }
  return names;
}

describe('the library', () => {
  it('names a small top level: the verbs, their types and namespaces for the rest', () => {
    const declared = declaredNames();
    expect([...declared].sort()).toEqual([...VALUES, ...TYPES, ...NAMESPACES].sort());
    expect(declared.length).toBeLessThanOrEqual(MAX_TOP_LEVEL);
    const library = new Map<string, unknown>(Object.entries(nimber));
    expect([...library.keys()].sort()).toEqual([...VALUES, ...NAMESPACES].sort());
    for (const name of VALUES) expect(typeof library.get(name), name).toBe('function');
    for (const name of NAMESPACES) {
      const namespace = library.get(name) as object;
      expect(typeof namespace, name).toBe('object');
      expect(Object.keys(namespace).length, name).toBeGreaterThan(0);
    }
  });

  it('keeps every name that left the top level in a namespace', () => {
    // The top level of 55 names before issue 35: its other functions, and the namespaces folded into others.
    const moved: [unknown, string][] = [
      [nimber.families.tryParseRuleset, 'families.tryParseRuleset'],
      [nimber.families.parseTupleSpec, 'families.parseTupleSpec'],
      [nimber.families.parseGameSpec, 'families.parseGameSpec'],
      [nimber.families.defineGame, 'families.defineGame'],
      [nimber.normal.legalMoves, 'normal.legalMoves'],
      [nimber.normal.formatExplanation, 'normal.formatExplanation'],
      [nimber.misere.analyzeMisere, 'misere.analyzeMisere'],
      // the kernels behind grundySequence, now with normal play
      [nimber.normal.mexSequence, 'normal.mexSequence'],
      [nimber.normal.fastTakeBreakSequence, 'normal.fastTakeBreakSequence'],
      [nimber.normal.solveTriplesWasm, 'normal.solveTriplesWasm'],
      // the oracle, a search without theory
      [nimber.search.oracleFor, 'search.oracleFor'],
      [nimber.search.misereOracleFor, 'search.misereOracleFor'],
      // the formats, shared by the faces as the operations are
      [nimber.service.sequenceBfile, 'service.sequenceBfile'],
      [nimber.service.parseNatural, 'service.parseNatural'],
    ];
    for (const [value, name] of moved) expect(typeof value, name).toBe('function');
    expect(nimber.service.MAX_SEQUENCE).toBeGreaterThan(0);
    // The types that left the top level, from the namespaces (checked by the type check, not at run time).
    expectTypeOf<nimber.types.Position>().toEqualTypeOf<Position>();
    expectTypeOf<nimber.types.Convention>().toEqualTypeOf<Convention>();
    expectTypeOf<nimber.types.CountOrder>().toEqualTypeOf<CountOrder>();
    expectTypeOf<nimber.types.CoupledRuleset>().toEqualTypeOf<CoupledRuleset>();
    expectTypeOf<nimber.types.GameRuleset>().toEqualTypeOf<GameRuleset>();
    expectTypeOf<nimber.types.GrundySequence>().toEqualTypeOf<GrundySequence>();
    expectTypeOf<nimber.types.TupleRuleset>().toEqualTypeOf<TupleRuleset>();
    expectTypeOf<nimber.types.WinningMove>().toEqualTypeOf<WinningMove>();
    expectTypeOf<nimber.types.InputErrorKind>().toEqualTypeOf<InputErrorKind>();
    expectTypeOf<nimber.misere.MisereAnalysis>().toHaveProperty('outcome');
    expectTypeOf<nimber.search.SearchOptions>().not.toBeAny();
  });

  it('tells bad input by its class', () => {
    expect(() => nimber.parseRuleset('subtract:')).toThrow(nimber.InputError);
    expect(() => nimber.parseHeapSpec('cram:3x3')).toThrow(nimber.InputError);
    const parsed = nimber.families.tryParseRuleset('subtract:');
    expect(parsed.ok).toBe(false);
  });

  it('reaches the families, the kernels and nim arithmetic through their namespaces', () => {
    // Wythoff's game: the P-positions are (floor(k phi), floor(k phi^2)); k = 3 gives (4, 7).
    expect(nimber.families.wythoffPair(3)).toEqual([4, 7]);
    // Subtraction {1, 2} by the generic mex kernel: g(n) = n mod 3.
    const subtract12 = nimber.parseHeapSpec('subtract:1,2');
    expect(Array.from(nimber.normal.mexSequence(subtract12, 8))).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    // The oracle agrees without the theory: a heap is a P-position exactly when it is a multiple of 3.
    const oracle = nimber.search.oracleFor(subtract12);
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => oracle.isP([n]))).toEqual([true, false, false, true, false, false, true]);
    // 2 is the nimber whose square is 3: {0, 1, 2, 3} is the field of order 4 (Conway, ONAG ch. 6).
    expect(nimber.nimbers.nimProduct(2n, 2n)).toBe(3n);
    expect(nimber.types.CONVENTIONS).toEqual(['normal', 'misere']);
  });

  it('builds your own game from a rules object and checks it, as --rules and the page do', () => {
    // subtract 1 or 2 as a heap game: g(n) = n mod 3
    const heap = nimber.search.userRuleset({
      name: 'subtract 1 or 2',
      *heapOptions(n: number) {
        if (n >= 1) yield [n - 1];
        if (n >= 2) yield [n - 2];
      },
    });
    expect(heap.kind).toBe('heap');
    if (heap.kind === 'heap') expect(Array.from(heap.sequence(6))).toEqual([0, 1, 2, 0, 1, 2, 0]);
    // a key that merges heaps 1 and 2 (values 1 and 2) is caught by the checker
    const wrongKey = nimber.search.userRuleset({
      name: 'a key that merges',
      start: 5,
      *moves(n: number) {
        if (n >= 1) yield n - 1;
        if (n >= 2) yield n - 2;
      },
      key: (n: number) => (n === 2 ? '1' : String(n)),
    });
    expect(nimber.search.checkRules(wrongKey).problems.join('\n')).toMatch(/^rules\.key merges different positions/);
    expect(() => nimber.search.userRuleset({ name: 'no moves' })).toThrow(nimber.InputError);
  });

  it("runs the service's operations by name on the HTTP API's fields", async () => {
    const reply = await nimber.service.request('grundy', { ruleset: 'subtract:1,2', to: 8 });
    expect(reply.values).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2]);
    await expect(nimber.service.request('grundy', { ruleset: 'nim', to: -1 })).rejects.toSatisfy(
      (e: unknown) => e instanceof nimber.InputError && /^to: /.test(e.message),
    );
  });
});
