/** The user-defined game of docs/algorithms.md, run exactly as written there (its import pointed at the sources). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { GameRules } from '../../../../src/engine/types.ts';
import { GameSolver } from '../../../../src/engine/solve/search/solver.ts';
import { expectOracleAgreement } from './oracle-agreement.ts';

const docs = readFileSync(fileURLToPath(new URL('../../../../docs/algorithms.md', import.meta.url)), 'utf8');
const block = /<!-- example: user-game -->\n```ts\n([\s\S]*?)```/.exec(docs)![1];
const dir = mkdtempSync(join(tmpdir(), 'nimber-example-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Bars = (readonly [number, number])[];

describe('the documented user-defined game', () => {
  it('runs as written and prints what its comments say', async () => {
    const source = block.replace(
      "from 'nimber'",
      `from ${JSON.stringify(fileURLToPath(new URL('../../../../src/index.ts', import.meta.url)))}`,
    );
    const file = join(dir, 'chocolate.ts');
    writeFileSync(file, source);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { chocolate } = (await import(file)) as { chocolate: GameRules<Bars> };
    const calls = log.mock.calls.map((c) => [...c]);
    log.mockRestore();
    expect(calls[0][1]).toBe('N');
    expect(calls[1][0]).toEqual([
      [1, 1],
      [1, 1],
      [1, 1],
    ]);
    // every break adds one piece, so a w x h bar lasts w*h - 1 moves: P exactly when w*h is odd
    const solver = new GameSolver(chocolate);
    for (let w = 1; w <= 6; w++)
      for (let h = 1; h <= 6; h++) expect(solver.isP([[w, h]]), `${w} x ${h}`).toBe((w * h) % 2 === 1);
    expectOracleAgreement(chocolate, [
      [[2, 2]],
      [
        [3, 2],
        [1, 2],
      ],
      [[4, 1]],
      [[3, 3]],
    ]);
  });
});
