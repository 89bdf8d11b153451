/**
 * The one seam (issue 35): the service keeps no state of its own between calls (what an operation
 * needs arrives in its ServiceEnv), and every HTTP route that computes names an entry of the
 * operation table, whose requests the server parses with the entry's own schema.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BOARD_TASK } from '../../src/adapters/queue/board-jobs.ts';
import { START_OPTION_TASK } from '../../src/adapters/queue/option-jobs.ts';
import { QUARTO_LEAF_TASK } from '../../src/adapters/queue/quarto-jobs.ts';
import { CENSUS_TASK } from '../../src/adapters/queue/jobs.ts';
import { API_ROUTES } from '../../src/server/routes.ts';
import { isOperationName, OPERATIONS } from '../../src/service/operation-table.ts';
import { sourceModules, under } from './source-tree.ts';

/**
 * Module-level variables the service may keep, each with its reason: memos of constant data (the same
 * answer for every caller, whatever the face), never a face's setting.
 */
const MEMOS_ALLOWED: Record<string, string> = {
  'src/service/census/reference-check.ts index':
    'the published reference tables indexed by code on first use: constant data, the same for every caller',
};

/** `let`/`var` declarations at the top level of a module, as 'path name'. */
function topLevelVariables(path: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const))) {
      for (const d of statement.declarationList.declarations) found.push(`${path} ${d.name.getText(source)}`);
      continue;
    }
    if (statement.declarationList.flags & ts.NodeFlags.Let)
      for (const d of statement.declarationList.declarations) found.push(`${path} ${d.name.getText(source)}`);
  }
  return found;
}

describe('the service keeps no state between calls', () => {
  const service = sourceModules().filter((m) => under(m.path, 'src/service/'));

  it('reads every service module', () => {
    expect(service.length).toBeGreaterThan(20);
  });

  it('has no module-level let or var (memos of constant data aside, each with its reason)', () => {
    const variables = service.flatMap((m) => topLevelVariables(m.path, m.source));
    expect(variables.filter((v) => !(v in MEMOS_ALLOWED))).toEqual([]);
  });

  it('exports no setter a face would call to configure it (export function use…)', () => {
    const setters = service.flatMap((m) =>
      m.source.statements
        .filter(
          (s): s is ts.FunctionDeclaration =>
            ts.isFunctionDeclaration(s) &&
            (s.modifiers ?? []).some((mod) => mod.kind === ts.SyntaxKind.ExportKeyword) &&
            /^use[A-Z]/.test(s.name?.text ?? ''),
        )
        .map((s) => `${m.path} ${s.name?.text}`),
    );
    expect(setters).toEqual([]);
  });
});

/**
 * Operations that run only in the CLI, each with its reason: batches that need a store on disk,
 * worker threads or a queue, which a request of the HTTP API does not lend.
 */
const CLI_BATCH_OPERATIONS: Record<string, string> = {
  'census-run':
    "`nimber census`: every game of a code space on this machine's threads or a queue's workers, its rows kept in a store on disk",
  table:
    "`nimber table`: a search per board, up to 900 boards of up to a day each, on a thread Ctrl-C stops or on a queue's workers (each board is the queue's table-board job), kept in a store on disk",
  'sized-table':
    '`nimber table --spots`: a search per start under both conventions, rows printed as they finish, on a thread Ctrl-C stops',
  'check-rules':
    "`nimber check-rules`: runs the user's rules, which only the CLI's rules thread resolves (the HTTP API runs no user code)",
};

describe('every route that computes goes through the operation table', () => {
  it('each route names an operation or is answered from the server state (health, catalog)', () => {
    const computing = API_ROUTES.filter((r) => 'op' in r);
    const stateRoutes = API_ROUTES.filter((r) => !('op' in r)).map((r) => r.path);
    expect(stateRoutes).toEqual(['/api/health', '/api/catalog']);
    for (const r of computing) expect(isOperationName(r.op), `${r.method} ${r.path}`).toBe(true);
  });

  it('every operation has a route or is a job of the queue (the table has no entry a face cannot reach)', () => {
    const routed = new Set<string>(API_ROUTES.flatMap((r) => ('op' in r ? [r.op] : [])));
    for (const task of [CENSUS_TASK, BOARD_TASK, START_OPTION_TASK, QUARTO_LEAF_TASK]) routed.add(task.op);
    for (const name of Object.keys(CLI_BATCH_OPERATIONS)) routed.add(name);
    expect(Object.keys(OPERATIONS).filter((name) => !routed.has(name))).toEqual([]);
  });

  it("lists as the CLI's batches only operations of the table", () => {
    expect(Object.keys(CLI_BATCH_OPERATIONS).filter((name) => !isOperationName(name))).toEqual([]);
  });

  it("every job of the queue is a request of the table's, read by the entry's schema", () => {
    for (const task of [CENSUS_TASK, BOARD_TASK, START_OPTION_TASK, QUARTO_LEAF_TASK])
      expect(isOperationName(task.op), task.name).toBe(true);
    // a job's data is the request plus the attempt's time limit: a field the schema does not know is dropped
    const board = BOARD_TASK.checkData({ game: 'cram', rows: 2, cols: 3, cellMs: 1000, certify: false, timeoutMs: 5 });
    expect(board).toEqual({ job: { game: 'cram', rows: 2, cols: 3, cellMs: 1000, certify: false }, timeoutMs: 5 });
    expect(() =>
      BOARD_TASK.checkData({ game: 'nim', rows: 2, cols: 3, cellMs: 1, certify: false, timeoutMs: 5 }),
    ).toThrow(/table/);
    expect(() => CENSUS_TASK.checkData({ code: '0.07', budget: { maxHeaps: 'x', seconds: 1 }, timeoutMs: 5 })).toThrow(
      /malformed census job data: budget\.maxHeaps/,
    );
  });

  it('the server reaches the service only through the table, its environment, its schemas and reply types', () => {
    const allowed = new Set([
      'src/service/operation-table.ts',
      'src/service/env.ts',
      'src/service/request-schemas.ts',
      'src/service/replies.ts',
    ]);
    const server = sourceModules().filter((m) => under(m.path, 'src/server/'));
    const reached = server.flatMap((m) =>
      m.imports
        .filter((i) => i.to !== null && under(i.to, 'src/service/') && !allowed.has(i.to))
        .map((i) => `${m.path}:${i.line} ${i.specifier}`),
    );
    expect(reached).toEqual([]);
  });

  it("an operation name that is not the table's own is refused (user text is never a key of a plain object)", () => {
    expect(isOperationName('__proto__')).toBe(false);
    expect(isOperationName('toString')).toBe(false);
    expect(isOperationName('grundy')).toBe(true);
  });
});

/** The names a module imports as values from src/service, as 'path name'. */
function serviceValueImports(module: { path: string; source: ts.SourceFile }): string[] {
  const found: string[] = [];
  for (const statement of module.source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!/(^|\/)service\//.test(specifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements)
      if (!element.isTypeOnly) found.push(`${module.path} ${(element.propertyName ?? element.name).text}`);
  }
  return found;
}

/** What any command may take from the service besides the table: its environment, and words and formats for replies. */
const CLI_SHARED = new Set([
  'readRequest',
  'runOperation',
  // a batch's request refused before the face opens a file, a thread or a connection for it
  'checkOperation',
  'ENGINE_ENV',
  'LARGEST_SEARCH_TABLE_BITS',
  'analysisText',
  'periodText',
  'explanationText',
  'verifyText',
  'formatSequence',
  'SEQUENCE_FORMATS',
  'LISTED_WINNING_MOVES',
  'nimOperationsHelp',
  // defaults the options' help states
  'DEFAULT_PERIOD_BUDGET_MS',
  'DEFAULT_SAVE_EVERY_MS',
  'DEFAULT_TABLE_CELL_MS',
  'MAX_QUOTIENT_STATES',
  'MAX_QUOTIENT_RECALIBRATIONS',
  'DEFAULT_CENSUS_BUDGET',
  'DEFAULT_MISERE_CENSUS_BUDGET',
  'MAX_CENSUS_BUDGET',
  'DEFAULT_MAX_CODES',
  'MAX_CENSUS_CODES',
  'CENSUS_FORMATS',
  // the sizes `nimber table` takes as options besides rows and columns (--spots), from the registry
  'tableSizeNames',
]);

/**
 * The computations the CLI still calls without the table, each with its reason. The list only
 * shrinks: a new command that computes goes through the table.
 */
const CLI_OUTSIDE_TABLE: Record<string, string> = {
  'src/cli/commands/quotient.ts QUOTIENT_SIZE_LIMIT': 'the help text names the limit',
};

describe('every command that computes goes through the operation table', () => {
  const cli = sourceModules().filter((m) => under(m.path, 'src/cli/'));

  it('imports from the service only the table, its environment, reply wording, and the reasoned exceptions', () => {
    const imported = cli.flatMap(serviceValueImports);
    const unexplained = imported.filter(
      (entry) => !CLI_SHARED.has(entry.split(' ')[1]) && !(entry in CLI_OUTSIDE_TABLE),
    );
    expect(unexplained).toEqual([]);
  });

  it('has no stale exception (each still names an import)', () => {
    const imported = new Set(cli.flatMap(serviceValueImports));
    expect(Object.keys(CLI_OUTSIDE_TABLE).filter((entry) => !imported.has(entry))).toEqual([]);
  });

  it('runs the commands that answer one request through the table', () => {
    for (const command of [
      'analyze',
      'census',
      'count',
      'explain',
      'grundy',
      'nim',
      'period',
      'play',
      'quotient',
      'solve',
      'table',
      'verify',
    ]) {
      const module = cli.find((m) => m.path === `src/cli/commands/${command}.ts`);
      // through the table here, or through runNamed (src/cli/rules-thread.ts), which runs the table
      // here or, for a request with --rules, on the rules file's thread
      const direct = module ? serviceValueImports(module) : [];
      const named = module?.imports.some((edge) => edge.to === 'src/cli/rules-thread.ts' && !edge.typeOnly);
      expect(direct.includes(`src/cli/commands/${command}.ts runOperation`) || named, command).toBe(true);
    }
    const thread = cli.find((m) => m.path === 'src/cli/rules-thread.ts');
    expect(thread && serviceValueImports(thread)).toContain('src/cli/rules-thread.ts runOperation');
  });
});
