/**
 * The service dispatches on a ruleset's kind in one typed record per operation (src/service/by-kind.ts:
 * `ByKind`, whose completeness the compiler checks), never in branches spread through its modules. A
 * comparison of a `kind` with 'heap' | 'coupled' | 'game' is a second dispatcher that the next kind
 * would have to find by hand; where a branch is about what a ruleset can do, it asks the capability.
 *
 * Found in src/service/** with the TypeScript parser (strings and comments never match): a comparison
 * (===, !==, ==, !=) of `kind` or `….kind` with a ruleset kind, or a `case` of one in a switch on a
 * kind. Other discriminators (an error's `kind === 'too-large'`, a census row's 'trivial') use other
 * values and are not matched.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RULESET_KINDS, type Ruleset } from '../../src/engine/types.ts';
import { parseRuleset } from '../../src/engine/spec.ts';
import { type ByKind, byKind } from '../../src/service/by-kind.ts';
import { type SourceModule, expectNone, parseModule, sourceModules, under } from './source-tree.ts';

const SERVICE = 'src/service/';

/** Comparisons of a ruleset kind allowed in the service, as 'path:line', each with its reason (none today). */
const ALLOWED: Record<string, string> = {};

const KINDS: ReadonlySet<string> = new Set(RULESET_KINDS);

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

const stripParens = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ? stripParens(node.expression) : node;

/** True for `kind`, `x.kind`, `x?.kind`, `x['kind']`. */
function isKind(node: ts.Expression): boolean {
  const bare = stripParens(node);
  if (ts.isIdentifier(bare)) return bare.text === 'kind';
  if (ts.isPropertyAccessExpression(bare)) return bare.name.text === 'kind';
  if (ts.isElementAccessExpression(bare))
    return ts.isStringLiteralLike(bare.argumentExpression) && bare.argumentExpression.text === 'kind';
  return false;
}

const kindValue = (node: ts.Expression): string | undefined => {
  const bare = stripParens(node);
  return ts.isStringLiteralLike(bare) && KINDS.has(bare.text) ? bare.text : undefined;
};

/** Every comparison of a kind with a ruleset kind in one module, as 'path:line what: code'. */
function kindComparisons(module: SourceModule): string[] {
  const { source, path } = module;
  const found: string[] = [];
  const hit = (node: ts.Node, what: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const code = node.getText(source).replace(/\s+/g, ' ');
    found.push(`${path}:${line} ${what}: ${code.length > 80 ? `${code.slice(0, 77)}...` : code}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const value =
        (isKind(node.left) ? kindValue(node.right) : undefined) ??
        (isKind(node.right) ? kindValue(node.left) : undefined);
      if (value !== undefined) hit(node, `compares a kind with '${value}'`);
    } else if (ts.isSwitchStatement(node) && isKind(node.expression)) {
      for (const clause of node.caseBlock.clauses) {
        if (!ts.isCaseClause(clause)) continue;
        const value = kindValue(clause.expression);
        if (value !== undefined) hit(clause.expression, `case '${value}'`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the service', () => {
  it('dispatches on the ruleset kind only through ByKind records', () => {
    const service = sourceModules().filter((m) => under(m.path, SERVICE));
    expect(service.length).toBeGreaterThan(20);
    const violations = service.flatMap(kindComparisons).filter((line) => !(line.split(' ')[0]! in ALLOWED));
    expectNone(
      `comparisons of a ruleset kind (${RULESET_KINDS.join(' | ')}) in ${SERVICE}: write the operation's answer for each kind in one ByKind record (src/service/by-kind.ts), or ask the ruleset's capability`,
      violations,
    );
  });
});

describe('the kind-comparison detector', () => {
  it('sees comparisons of a kind with a ruleset kind, not the other discriminators or values', () => {
    const sample = parseModule(
      'src/service/sample.ts',
      [
        "if (ruleset.kind === 'heap') heaps();", // 1
        "const unit = tuple.kind !== 'coupled' ? 'heap' : 'pile';", // 2
        "if ('game' == (r.kind)) board();", // 3
        "switch (r.kind) { case 'coupled': break; case 'heap': break; }", // 4: two cases
        "if (e.kind === 'too-large') refuse();", // 5: an error's kind
        "if (p.kind === 'trivial') skip();", // 6: a census row's kind
        "if (unit === 'heap') say();", // 7: a value named like a kind, not a kind
        "const kind = 'game';", // 8: a value, not a comparison
        "if (kind === 'game') board();", // 9
        "switch (label) { case 'heap': break; }", // 10: not a switch on a kind
      ].join('\n'),
    );
    expect(kindComparisons(sample).map((line) => line.split(' ')[0])).toEqual([
      'src/service/sample.ts:1',
      'src/service/sample.ts:2',
      'src/service/sample.ts:3',
      'src/service/sample.ts:4',
      'src/service/sample.ts:4',
      'src/service/sample.ts:9',
    ]);
  });
});

describe('ByKind', () => {
  /** What each kind's entry saw: its own kind and the ruleset's spec. */
  const SEEN: ByKind<[suffix: string], string> = {
    heap: (ruleset, suffix) => `heap ${ruleset.maxHeap > 0} ${ruleset.spec}${suffix}`,
    coupled: (ruleset, suffix) => `coupled ${ruleset.maxPile > 0} ${ruleset.spec}${suffix}`,
    game: (ruleset, suffix) => `game ${ruleset.notation.positionFormat !== ''} ${ruleset.spec}${suffix}`,
    result: (ruleset, suffix) => `result ${ruleset.notation.moveFormat !== ''} ${ruleset.spec}${suffix}`,
  };

  it("calls the entry of the ruleset's kind with the ruleset and the arguments", () => {
    const rulesets: Ruleset[] = ['nim', 'wythoff', 'cram:2x3', 'quarto'].map(parseRuleset);
    expect(rulesets.map((r) => r.kind)).toEqual(['heap', 'coupled', 'game', 'result']);
    expect(rulesets.map((r) => byKind(SEEN, r, '!'))).toEqual([
      `heap true ${rulesets[0]!.spec}!`,
      `coupled true ${rulesets[1]!.spec}!`,
      `game true ${rulesets[2]!.spec}!`,
      `result true ${rulesets[3]!.spec}!`,
    ]);
  });

  it('has one entry per kind, checked by the compiler', () => {
    // @ts-expect-error a record without an entry for 'game' does not compile
    const incomplete: ByKind<[], number> = { heap: () => 1, coupled: () => 2 };
    // a record over the kinds of heaps and piles needs no 'game' entry
    const tuples: ByKind<[], number, 'heap' | 'coupled'> = { heap: () => 1, coupled: () => 2 };
    expect(Object.keys(incomplete).length).toBeLessThan(RULESET_KINDS.length);
    expect(byKind(tuples, parseRuleset('wythoff') as Extract<Ruleset, { kind: 'coupled' }>)).toBe(2);
  });
});
