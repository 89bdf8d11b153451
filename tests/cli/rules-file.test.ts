/**
 * `--rules FILE` and `nimber check-rules` end to end: each example of examples/ through the command,
 * against the built-in family it overlaps or an independent computation; the checker's planted
 * mistakes (tests/fixtures/rules/); and bad rules (a throw, garbage, a loop, no memory left) ending
 * in one line and exit 2, never a hang or a stack trace.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

const FIXTURES = 'tests/fixtures/rules';
const scratch = mkdtempSync(join(tmpdir(), 'nimber-rules-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const json = async (args: string[]) => {
  const run = await nimber([...args, '--json']);
  expect(run.stderr, args.join(' ')).toBe('');
  expect(run.code, args.join(' ')).toBe(0);
  return JSON.parse(run.stdout);
};
const grundyOf = async (args: string[]) => ((await json(['analyze', ...args])) as { grundy: number }).grundy;

/** A one-line refusal on stderr, exit 2, nothing that looks like a stack trace. */
function expectOneLine(run: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('the examples match the built-in families', () => {
  it("Dawson's chess as a heap game: grundy, count and period as takebreak:0.137", async () => {
    const mine = await json(['grundy', '--rules', 'examples/dawson.mjs', '--to', '300']);
    const builtIn = await json(['grundy', 'takebreak:0.137', '--to', '300']);
    expect(mine.values).toEqual(builtIn.values);
    expect(mine.ruleset).toBe("Dawson's chess");
    const count = await json(['count', '--rules', 'examples/dawson.mjs', '--heaps', '3', '--max', '40']);
    expect(count).toEqual(await json(['count', 'takebreak:0.137', '--heaps', '3', '--max', '40']));
    const period = await json(['period', '--rules', 'examples/dawson.mjs', '--to', '2000']);
    expect(period).toMatchObject({ period: 34, preperiod: 52, saltus: 0 });
  });

  it('the chocolate bar: (rows - 1) XOR (cols - 1) per bar, nim-summed', async () => {
    expect(await grundyOf(['--rules', 'examples/chocolate.mjs'])).toBe(3 ^ 6 ^ (2 ^ 2));
    expect(await grundyOf(['--rules', 'examples/chocolate.mjs', '--board', '5x6 2x9 7x1'])).toBe(
      4 ^ 5 ^ (1 ^ 8) ^ (6 ^ 0),
    );
  });

  it('the Cram variant with dominoes alone equals cram', async () => {
    const dominoes = join(scratch, 'dominoes.mjs');
    const example = pathToFileURL(join(process.cwd(), 'examples', 'cram-variant.mjs')).href;
    writeFileSync(
      dominoes,
      `import { withPieces, DOMINOES } from '${example}';\nexport default withPieces(DOMINOES, 'Cram again');\n`,
    );
    for (const board of ['..../..../....', '...#/..../#...', '...../.....']) {
      expect(await grundyOf(['--rules', dominoes, '--board', board]), board).toBe(
        await grundyOf(['cram', '--board', board]),
      );
    }
    const values = (table: { cells: { rows: number; cols: number; grundy: number | null }[] }) =>
      table.cells.map(({ rows, cols, grundy }) => ({ rows, cols, grundy }));
    const sides = ['--rows', '1..3', '--cols', '1..4'];
    expect(values(await json(['table', '--rules', dominoes, ...sides]))).toEqual(
      values(await json(['table', 'cram', ...sides])),
    );
  });

  it('the Cram variant with trominoes: the value of an independent brute force', async () => {
    for (const board of ['.../...', '..../....', '...../#....']) {
      expect(await grundyOf(['--rules', 'examples/cram-variant.mjs', '--board', board]), board).toBe(
        bruteForce(board.split('/')),
      );
    }
  });

  it('Node Kayles on a graph equals node-kayles', async () => {
    for (const graph of ['0-1 1-2 2-3 3-0 0-4', '0-1 1-2 2-3 3-4 4-5 5-6 6-7', '0-1 0-2 0-3 4 5-6']) {
      expect(await grundyOf(['--rules', 'examples/node-kayles.mjs', '--board', graph]), graph).toBe(
        await grundyOf(['node-kayles', '--board', graph]),
      );
    }
  });

  it('a TypeScript rules file', async () => {
    const run = await nimber(['grundy', '--rules', `${FIXTURES}/typed.ts`, '--to', '9']);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('0 1 2 3 0 1 2 3 0 1');
  });

  it('play against the engine with rules', async () => {
    const run = await nimber(['play', '--rules', 'examples/chocolate.mjs'], '#1\nquit\n');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Chocolate bar from 4x7 3x3\./);
    expect(run.stdout).toMatch(/engine: /);
  });
});

describe('check-rules', () => {
  it('finds no mistake in the examples', async () => {
    for (const example of ['chocolate', 'dawson', 'cram-variant', 'node-kayles']) {
      const run = await nimber(['check-rules', `examples/${example}.mjs`, '--lines', '10']);
      expect(run.stderr, example).toBe('');
      expect(run.code, example).toBe(0);
      expect(run.stdout).toMatch(/: no mistake found \(\d+ positions compared/);
    }
  });

  it.each([
    ['wrong-key', /^mistake: rules\.key merges different positions: /],
    ['dependent-components', /^mistake: rules\.components are not independent: /],
    ['cycle', /^mistake: moves never end: a cycle of 3 moves /],
    ['round-trip', /^mistake: position '.*' does not read back through format and parse/],
  ])('finds the planted mistake of %s.mjs in one line, exit 2', async (name, pattern) => {
    const run = await nimber(['check-rules', `${FIXTURES}/${name}.mjs`]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toMatch(pattern);
    expect(run.stderr).toBe(`nimber: check-rules found a mistake in ${FIXTURES}/${name}.mjs\n`);
  });
});

describe('bad rules end in one line and exit 2', () => {
  it('a rule that throws names the rule and the position', async () => {
    expectOneLine(
      await nimber(['analyze', '--rules', `${FIXTURES}/throws.mjs`]),
      /^nimber: rules\.moves threw on position '2': TypeError: no moves from two\n$/,
    );
  });

  it('a rule that returns garbage', async () => {
    expectOneLine(
      await nimber(['analyze', '--rules', `${FIXTURES}/garbage.mjs`]),
      /^nimber: rules\.moves returned the number 4 on position '5': it must return an array/,
    );
  });

  it('a rule that never returns is ended at the time limit', async () => {
    expectOneLine(
      await nimber(['analyze', '--rules', `${FIXTURES}/loops.mjs`, '--time-limit', '1']),
      /^nimber: the rules of tests\/fixtures\/rules\/loops\.mjs did not answer within the time limit of 1 s: rules\.moves on position '3' had not returned/,
    );
    // a format that never returns is named as such, not as the rule whose position it was wording
    expectOneLine(
      await nimber(['analyze', '--rules', `${FIXTURES}/format-loops.mjs`, '--time-limit', '1']),
      /^nimber: the rules of tests\/fixtures\/rules\/format-loops\.mjs did not answer within the time limit of 1 s: rules\.format on the position of a call of rules\.\w+ had not returned/,
    );
  });

  it('rules that run out of memory', async () => {
    expectOneLine(
      await nimber(['analyze', '--rules', `${FIXTURES}/memory.mjs`]),
      /^nimber: the rules of tests\/fixtures\/rules\/memory\.mjs ran out of memory \(more than 1024 MiB, in rules\.moves on position '3'\)/,
    );
  });

  it('a missing file, a wrong shape, a position the rules cannot read, a spec beside --rules', async () => {
    expectOneLine(await nimber(['analyze', '--rules', 'nowhere.mjs']), /^nimber: no rules file at nowhere\.mjs/);
    const shapeless = join(scratch, 'shapeless.mjs');
    writeFileSync(shapeless, 'export default { name: "x", move() { return []; } };\n');
    expectOneLine(await nimber(['analyze', '--rules', shapeless]), /^nimber: rules: unknown member 'move'/);
    expectOneLine(
      await nimber(['analyze', '--rules', 'examples/chocolate.mjs', '--board', 'x']),
      /^nimber: rules\.parse threw on text 'x': Error: 'x' is not a bar/,
    );
    expectOneLine(
      await nimber(['grundy', 'nim', '--rules', 'examples/dawson.mjs', '--to', '3']),
      /^nimber: --rules names the game: give no ruleset spec with it, got 'nim'/,
    );
  });
});

/** The value of a board under dominoes and straight trominoes, by plain recursion (no solver, no key). */
function bruteForce(board: string[]): number {
  const memo = new Map<string, number>();
  const value = (rows: string[]): number => {
    const text = rows.join('/');
    const known = memo.get(text);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    const pieces = [
      [
        [0, 0],
        [0, 1],
      ],
      [
        [0, 0],
        [1, 0],
      ],
      [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
      [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
    ];
    for (let r = 0; r < rows.length; r++)
      for (let c = 0; c < rows[r].length; c++)
        for (const piece of pieces) {
          const cells = piece.map(([dr, dc]) => [r + dr, c + dc]);
          if (!cells.every(([y, x]) => rows[y]?.[x] === '.')) continue;
          const next = rows.map((row) => row.split(''));
          for (const [y, x] of cells) next[y][x] = '#';
          seen.add(value(next.map((row) => row.join(''))));
        }
    let mex = 0;
    while (seen.has(mex)) mex++;
    memo.set(text, mex);
    return mex;
  };
  return value(board);
}
