/**
 * One game model, three faces: the same requests through the service, the HTTP API (app.request)
 * and the real CLI (`nimber … --json`) give the same replies and the same refusals, for the example
 * of every registered family under both conventions. A family added to the registry is covered here
 * with no edit.
 */
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/api.ts';
import { hasCapability } from '../../src/engine/capabilities.ts';
import { FAMILIES, parseRuleset } from '../../src/engine/spec.ts';
import { CONVENTIONS, type Convention, type FamilyExample } from '../../src/engine/types.ts';
import { analyzePosition } from '../../src/service/analyze.ts';
import { countPositions } from '../../src/service/count.ts';
import { grundyValues, period } from '../../src/service/operations.ts';
import { nimber } from '../helpers/cli.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

const { post, app } = useTestApi({ timeLimitMs: 300_000, threads: 2 });

/** The reply as JSON text would carry it, without the search's timing (which differs run to run). */
function comparable(reply: unknown): unknown {
  const plain = JSON.parse(JSON.stringify(reply, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
  delete plain.elapsedMs;
  delete plain.nodes;
  return plain;
}

/**
 * The command's arguments for the same analysis. Without the disk cache: a face that keeps what it
 * proved between runs (Sprouts' land facts) may show another of the winning moves, or a nimber a
 * fresh search gives up on; the faces are compared knowing the same, that is nothing.
 */
function cliArgs(example: FamilyExample, convention: Convention): string[] {
  return [
    '--no-cache',
    'analyze',
    example.spec,
    ...(example.heaps ?? []).map(String),
    ...(example.board === undefined ? [] : ['--board', example.board]),
    '--convention',
    convention,
    '--json',
  ];
}

const cases = FAMILIES.flatMap((f) => CONVENTIONS.map((c) => [f.example.spec, c, f.example] as const));

describe('every family through every face', () => {
  it.each(cases)('%s, %s: the service, the API and the CLI give one analysis', async (_spec, convention, example) => {
    const position = { heaps: example.heaps, board: example.board };
    const api = await post('/api/analyze', { ruleset: example.spec, ...position, convention });
    const cli = await nimber(cliArgs(example, convention));
    // a game decided by a result (Quarto) has no misère play: one refusal, the same in every face
    const conventions = hasCapability(parseRuleset(example.spec), 'misere');
    if (!conventions && convention === 'misere') {
      const refusal = await analyzePosition({ ruleset: example.spec, position, convention }, ENGINE_ENV).then(
        () => '',
        (e: Error) => e.message,
      );
      expect(refusal).toMatch(/^misère play needs a game with misère play; /);
      expect(api.status).toBe(422);
      expect(api.body.error).toBe(refusal);
      expect([cli.code, cli.stderr]).toEqual([2, `nimber: ${refusal}\n`]);
      return;
    }
    const service = comparable(await analyzePosition({ ruleset: example.spec, position, convention }, ENGINE_ENV));
    expect(api.status).toBe(200);
    expect(cli.code, cli.stderr).toBe(0);
    expect(comparable(api.body)).toEqual(service);
    expect(comparable(JSON.parse(cli.stdout))).toEqual(service);
    if (conventions) expect(service).toMatchObject({ convention });
  });

  it('misère Cram on 1 x 2 is a P-position in every face (the one move is the last move, which loses)', async () => {
    const service = await analyzePosition({ ruleset: 'cram:1x2', position: {}, convention: 'misere' }, ENGINE_ENV);
    const api = await post('/api/analyze', { ruleset: 'cram:1x2', convention: 'misere' });
    const cli = await nimber(['analyze', 'cram:1x2', '--misere', '--json']);
    for (const reply of [service, api.body, JSON.parse(cli.stdout)])
      expect(reply).toMatchObject({ outcome: 'P', convention: 'misere', method: 'search', winningMoves: [] });
    // and under normal play the one move wins
    const normal = await post('/api/analyze', { ruleset: 'cram:1x2' });
    expect(normal.body).toMatchObject({ outcome: 'N', convention: 'normal', grundy: 1 });
  });
});

/** The operations that need heaps or piles, asked of every family that has not got them: one line naming the capability, the same in every face. */
describe('refusals name the missing capability, in the same words everywhere', () => {
  const boards = FAMILIES.filter((f) => !hasCapability(parseRuleset(f.example.spec), 'count'));

  it('there are games without heap values to refuse', () => expect(boards.length).toBeGreaterThan(0));

  it.each(boards.map((f) => [f.example.spec]))('%s: count, grundy and period are refused in one line', async (spec) => {
    const serviceErrors = await Promise.all([
      countPositions({ ruleset: spec, max: 3, order: 'sorted' }, ENGINE_ENV).then(
        () => '',
        (e: Error) => e.message,
      ),
      grundyValues(spec, 10, ENGINE_ENV).then(
        () => '',
        (e: Error) => e.message,
      ),
      Promise.resolve()
        .then(() => {
          period(spec);
          return '';
        })
        .catch((e: Error) => e.message),
    ]);
    expect(serviceErrors[0]).toMatch(
      // specs may hold regular-expression characters (tartan:twins*twins)
      new RegExp(
        `^count needs a game played on heaps or piles; '${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' is .*: try analyze`,
      ),
    );
    expect(serviceErrors[1]).toMatch(/^grundy needs a game played on heaps/);
    expect(serviceErrors[2]).toMatch(/^period needs a game played on heaps/);
    for (const message of serviceErrors) expect(message).not.toMatch(/unknown ruleset/);

    const api = await post('/api/count', { ruleset: spec, heaps: 3, max: 3 });
    expect(api.status).toBe(422);
    expect(api.body.error).toBe(serviceErrors[0]);
    const grundy = await app().request(`/api/grundy?ruleset=${encodeURIComponent(spec)}&to=10`);
    expect(grundy.status).toBe(422);
    expect(((await grundy.json()) as { error: string }).error).toBe(serviceErrors[1]);

    const runs = await Promise.all([
      nimber(['count', spec, '--max', '3']),
      nimber(['grundy', spec, '--to', '10']),
      nimber(['period', spec]),
    ]);
    runs.forEach((run, i) => {
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(`nimber: ${serviceErrors[i]}\n`);
    });
  });

  it('heap sizes for a board game, and a board for a heap game, are refused alike', async () => {
    const board = await post('/api/analyze', { ruleset: 'nim', board: '..' });
    expect(board.status).toBe(422);
    const cliBoard = await nimber(['analyze', 'nim', '--board', '..']);
    expect(cliBoard.stderr).toBe(`nimber: ${board.body.error}\n`);
    const heaps = await post('/api/analyze', { ruleset: 'cram:2x2', heaps: [3] });
    expect(heaps.status).toBe(422);
    const cliHeaps = await nimber(['analyze', 'cram:2x2', '3']);
    expect(cliHeaps.stderr).toBe(`nimber: ${heaps.body.error}\n`);
  });
});

describe('a position given with a spec that names a start belongs to that start', () => {
  it('cram:4x5 refuses a 2 x 2 board, in the CLI and the API, and cram takes it', async () => {
    const cli = await nimber(['analyze', 'cram:4x5', '--board', '../..']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/^nimber: the board is 2 x 2, but cram:4x5 is played on a 4 x 5 board/);
    const api = await post('/api/analyze', { ruleset: 'cram:4x5', board: '../..' });
    expect(api.status).toBe(422);
    const any = await post('/api/analyze', { ruleset: 'cram', board: '../..' });
    expect(any.body).toMatchObject({ title: 'Cram', position: '../..', grundy: 0 });
    const sized = await post('/api/analyze', { ruleset: 'cram:2x2', board: '#./..' });
    expect(sized.body).toMatchObject({ title: 'Cram on a 2 x 2 board', outcome: 'N' });
  });

  it('chomp:3x4 refuses a larger bar; node-kayles:path:5 refuses a graph that is not one of its subgraphs', async () => {
    expect((await post('/api/analyze', { ruleset: 'chomp:3x4', board: '5 5' })).status).toBe(422);
    expect((await post('/api/analyze', { ruleset: 'chomp:3x4', board: '3 2 1' })).status).toBe(200);
    const notInduced = await post('/api/analyze', { ruleset: 'node-kayles:path:5', board: '0-2' });
    expect(notInduced.status).toBe(422);
    expect(notInduced.body.error).toMatch(/0-2 is not an edge of node-kayles:path:5/);
    expect((await post('/api/analyze', { ruleset: 'node-kayles:path:5', board: '0-1 3-4' })).status).toBe(200);
    expect((await post('/api/analyze', { ruleset: 'node-kayles:path:5', board: '0 1' })).status).toBe(422);
  });
});
