/**
 * A face never asks "which kind of game is this?" or "is this misère?". The CLI, the HTTP server and
 * the page read text into a request and write the reply back; the service chooses how to answer
 * (closed form, period, kernel, search, oracle; normal or misère) and says which. A branch on the
 * game kind or the convention in a face is a second dispatcher that the next family or convention
 * has to find and extend.
 *
 * Found in src/cli/**, src/server/**, web/src/** with the TypeScript parser (so strings and comments
 * never match by accident):
 * - a comparison (===, !==, ==, !=) or `case` against a game kind ('heap', 'coupled', 'game', 'result') or a
 *   convention ('normal', 'misere'); other discriminators (the server's `task.kind === 'solve'`, an
 *   error's `kind === 'too-large'`) use other values and are not matched;
 * - any comparison with a `convention` value;
 * - a call of a kind predicate: isGameSpec(…), or any is(Game|Heap|Coupled|Misere|Normal)…(…);
 * - an `if`, `?:`, `&&`/`||` or loop condition that tests a `misere` flag (`opts.misere ? …`,
 *   `if (opts.misere)`, `if (!misere)`).
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type SourceModule, expectNone, parseModule, sourceModules, under } from './source-tree.ts';

const FACES = ['src/cli/', 'src/server/', 'web/src/'];

/** The values of the game-kind discriminator (GameRuleset, HeapRuleset, CoupledRuleset) and of Convention. */
const KIND_VALUES = new Set(['heap', 'coupled', 'game', 'result']);
const CONVENTION_VALUES = new Set(['normal', 'misere']);
const BRANCH_VALUES = new Set([...KIND_VALUES, ...CONVENTION_VALUES]);

/** Predicates that sort games by kind or convention. */
const KIND_PREDICATE = /^is(?:Game|Heap|Coupled|Misere|Normal)/;

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

const stripParens = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ? stripParens(node.expression) : node;

/** The name an operand stands for: `x` or the last name of `a.b.x` / `a?.x`. */
function nameOf(node: ts.Expression): string | undefined {
  const bare = stripParens(node);
  if (ts.isIdentifier(bare)) return bare.text;
  if (ts.isPropertyAccessExpression(bare)) return bare.name.text;
  return undefined;
}

const branchValue = (node: ts.Expression): string | undefined => {
  const bare = stripParens(node);
  return ts.isStringLiteralLike(bare) && BRANCH_VALUES.has(bare.text) ? bare.text : undefined;
};

/** True when the condition tests a misère flag: `misere`, `opts.misere`, `!misere`, `misere === true`, `a && misere`. */
function testsMisereFlag(condition: ts.Expression): boolean {
  const bare = stripParens(condition);
  if (nameOf(bare) === 'misere') return true;
  if (ts.isPrefixUnaryExpression(bare) && bare.operator === ts.SyntaxKind.ExclamationToken)
    return testsMisereFlag(bare.operand);
  if (ts.isBinaryExpression(bare)) {
    const op = bare.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken)
      return testsMisereFlag(bare.left) || testsMisereFlag(bare.right);
    if (EQUALITY.has(op)) return nameOf(bare.left) === 'misere' || nameOf(bare.right) === 'misere';
  }
  return false;
}

/** True when the node is the condition of an if, a while or a ?: (reported there, not again as an expression). */
function isCondition(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isIfStatement(parent) || ts.isWhileStatement(parent)) return parent.expression === node;
  return ts.isConditionalExpression(parent) && parent.condition === node;
}

/** Every branch on kind or convention in one module, as 'file:line what'. */
function branches(module: SourceModule): string[] {
  const { source, path } = module;
  const found: string[] = [];
  const hit = (node: ts.Node, what: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const code = node.getText(source).replace(/\s+/g, ' ');
    found.push(`${path}:${line} ${what}: ${code.length > 80 ? `${code.slice(0, 77)}...` : code}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const value = branchValue(node.left) ?? branchValue(node.right);
      if (value !== undefined) hit(node, `compares with '${value}'`);
      else if (nameOf(node.left) === 'convention' || nameOf(node.right) === 'convention')
        hit(node, 'compares a convention');
      else if (testsMisereFlag(node) && !isCondition(node)) hit(node, 'tests a misère flag');
    } else if (ts.isCaseClause(node)) {
      const value = branchValue(node.expression);
      if (value !== undefined) hit(node.expression, `case '${value}'`);
    } else if (ts.isCallExpression(node)) {
      const callee = nameOf(node.expression);
      if (callee !== undefined && KIND_PREDICATE.test(callee)) hit(node, `calls ${callee}`);
    } else if (ts.isIfStatement(node) || ts.isConditionalExpression(node) || ts.isWhileStatement(node)) {
      const condition = ts.isIfStatement(node) || ts.isWhileStatement(node) ? node.expression : node.condition;
      if (testsMisereFlag(condition)) hit(condition, 'branches on a misère flag');
    } else if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken) &&
      testsMisereFlag(node.left) &&
      !isCondition(node)
    ) {
      // `misere && …` on its own (JSX, a guard) is a branch too; as a condition it was reported above.
      hit(node, 'branches on a misère flag');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('faces', () => {
  it('never branch on the game kind or the convention', () => {
    const violations = sourceModules()
      .filter((m) => FACES.some((face) => under(m.path, face)))
      .flatMap(branches);
    expectNone(
      `branches on game kind ('heap' | 'coupled' | 'game' | 'result') or convention ('normal' | 'misere') in ${FACES.join(', ')}: let the service choose and say which`,
      violations,
    );
  });
});

describe('the branch detector', () => {
  it('sees kind and convention branches, not the other discriminators', () => {
    const sample = parseModule(
      'src/server/sample.ts',
      [
        "if (task.kind === 'solve') run();", // 1: the task discriminator
        "if (e.kind === 'too-large') status = 413;", // 2: an error's kind
        "if (ruleset.kind === 'heap') heaps();", // 3
        "switch (r.kind) { case 'coupled': break; }", // 4
        'const x = opts.misere ? 1 : 2;', // 5
        'if (convention !== wanted) swap();', // 6
        'if (isGameSpec(spec)) board();', // 7
        "const label = 'misere';", // 8: a value, not a branch
        'if (a && !misere) b();', // 9: one report for the whole condition
      ].join('\n'),
    );
    expect(branches(sample).map((line) => line.split(' ')[0])).toEqual([
      'src/server/sample.ts:3',
      'src/server/sample.ts:4',
      'src/server/sample.ts:5',
      'src/server/sample.ts:6',
      'src/server/sample.ts:7',
      'src/server/sample.ts:9',
    ]);
  });
});
