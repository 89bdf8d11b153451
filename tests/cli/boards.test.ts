/** `nimber analyze` on games on boards and graphs, and `nimber table`: end to end through the real command. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe('nimber analyze / table on boards', () => {
  it('analyze cram:4x5: value, outcome, winning moves as resulting positions', async () => {
    const r = await nimber(['analyze', 'cram:4x5', '--json']);
    expect(r.code).toBe(0);
    const reply = JSON.parse(r.stdout);
    expect(reply).toMatchObject({ ruleset: 'cram:4x5', grundy: 2, outcome: 'N' });
    expect(reply.winningMoves.length).toBeGreaterThan(0);
  });

  it('analyze cram --board with rows split by a literal \\n, checked against the oracle', async () => {
    const r = await nimber(['analyze', 'cram', '--board', '....\\n.##.\\n....', '--verify']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/P-position: Grundy value 0/);
  });

  it('table cram prints the values of R x C boards', async () => {
    const r = await nimber(['table', 'cram', '--rows', '1..2', '--cols', '1..4', '--json']);
    expect(r.code).toBe(0);
    const { cells } = JSON.parse(r.stdout);
    // 1 x n is 0.07: 0 1 1 2; 2 x n: even columns are P (symmetry), odd ones N
    expect(cells.map((c: { grundy: number }) => c.grundy)).toEqual([0, 1, 1, 2, 1, 0, 1, 0]);
  });

  it('play cram:2x3: the central domino, then the mirror move, wins against the engine', async () => {
    const r = await nimber(['play', 'cram:2x3'], '.#./.#.\nhint\n###/###\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/you: vertical domino on column 2, rows 1-2 -> \.#\.\/\.#\./);
    expect(r.stdout).toMatch(/engine: vertical domino on column 1, rows 1-2 -> ##\.\/##\. {2}\(no winning move exists/);
    // the hint gives the first winning move on a line of its own, as analyze does by default
    expect(r.stdout).toMatch(
      /Grundy value 1: a winning move \(the first the search found\):\n {2}vertical domino on column 3, rows 1-2 -> ###\/###\n/,
    );
    expect(r.stdout).toMatch(/The engine has no move: you win!/);
  });

  it('analyze coins:mock-turtles: a row valued by its rules says so, never "0 positions searched"', async () => {
    // heads on coins 2, 3 and 5 of Mock Turtles: the odious numbers 2, 4 and 8, so 2 xor 4 xor 8 = 14
    const r = await nimber(['analyze', 'coins:mock-turtles', '--board', 'THHTH']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Grundy value 14/);
    expect(r.stdout).toMatch(/\(answered by the value its rules give, no position searched, in \d+\.\d\d s\)\n$/);
  });

  it('analyze poset:subsets:0: the one-element poset {∅} is worth 1, its move leaves (empty)', async () => {
    const r = await nimber(['analyze', 'poset:subsets:0']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /N-position: Grundy value 1, the player to move wins\na winning move \(the first the search found; --all-moves finds every one\):\n {2}remove \{\} -> \(empty\)\n/,
    );
  });

  it('bad input is one line and exit 2; a search past its time limit says so', async () => {
    const ragged = await nimber(['analyze', 'cram', '--board', '...\n..']);
    expect(ragged.code).toBe(2);
    expect(ragged.stderr).toMatch(/^nimber: line 2, column 3: rows differ in length/);
    const graph = await nimber(['analyze', 'node-kayles', '--board', '0-1 1-1']);
    expect(graph.code).toBe(2);
    expect(graph.stderr).toMatch(/line 1, column 5: a loop/);
    const huge = await nimber(['analyze', 'cram:100x100']);
    expect(huge.code).toBe(2);
    const slow = await nimber(['analyze', 'cram:6x7', '--time-limit', '1']);
    expect(slow.code).toBe(2);
    expect(slow.stderr).toMatch(/time limit of 1\.0 s/);
    expect((await nimber(['table', 'nim'])).code).toBe(2);
  });

  it('a damaged endgame database in the cache directory is one line and exit 2, never a value', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nimber-endgame-cli-'));
    try {
      const file = path.join(dir, 'endgame-cram-12.edb');
      writeFileSync(file, Buffer.from('not a database, only text'));
      // a board of 65 cells, beyond the WebAssembly core (which keeps no endgame database and never
      // opens the file): the TypeScript core's lazy SMP answers, and reads the database before it searches
      const r = await nimber(['analyze', 'cram:5x13', '--cache-dir', dir, '--threads', '4']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`nimber: the endgame database ${file} is damaged (not an endgame database): delete it\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
