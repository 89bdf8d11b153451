/**
 * The helpers that fill a family's defaults: a game made with defineHeapGame or defineGame, stating
 * only its moves, goes through the service like a registered family (both conventions), and its
 * answers agree with the brute-force oracles.
 */
import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../../src/engine/capabilities.ts';
import { defineGame, defineHeapGame } from '../../src/engine/define.ts';
import { MisereOracle } from '../../src/engine/solve/oracle/misere.ts';
import { Oracle, oracleFor } from '../../src/engine/solve/oracle/normal.ts';
import { analyzePosition } from '../../src/service/analyze.ts';
import { countPositions } from '../../src/service/count.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';

/** Take 1 or 2 tokens, or split a heap into two equal halves: stated by its moves alone. */
const halving = defineHeapGame({
  family: 'halving',
  spec: 'halving',
  title: 'take 1 or 2, or halve',
  *heapOptions(n) {
    if (n >= 1) yield n === 1 ? [] : [n - 1];
    if (n >= 2) yield n === 2 ? [] : [n - 2];
    if (n >= 2 && n % 2 === 0) yield [n / 2, n / 2];
  },
});

/** A row of coins written as 'o' and '.', a move removes one coin or two adjacent ones: stated by its moves and text. */
const coins = defineGame<string>({
  family: 'coins',
  spec: 'coins',
  title: 'Coins in a row',
  *moves(p) {
    for (let i = 0; i < p.length; i++) {
      if (p[i] === 'o') yield `${p.slice(0, i)}.${p.slice(i + 1)}`;
      if (p[i] === 'o' && p[i + 1] === 'o') yield `${p.slice(0, i)}..${p.slice(i + 2)}`;
    }
  },
  notation: {
    positionFormat: "'o' for a coin, '.' for a gap",
    parsePosition: (text) => text.trim(),
    formatPosition: (p) => p,
  },
});

describe('defineHeapGame', () => {
  it('fills the generic mex kernel, the maxima and the work estimate; the values agree with the oracle', async () => {
    expect(capabilitiesOf(halving)).toEqual(['heap-values', 'period', 'count', 'quotient', 'misere']);
    const values = halving.sequence(40);
    const oracle = oracleFor(halving);
    for (let n = 0; n <= 12; n++)
      for (let m = 0; m <= 12; m++)
        expect(oracle.outcome([n, m]), `${n} ${m}`).toBe((values[n] ^ values[m]) === 0 ? 'P' : 'N');
    const reply = await analyzePosition({ ruleset: halving, position: { heaps: [7, 9] } }, ENGINE_ENV);
    expect('outcome' in reply && reply.outcome).toBe(oracle.outcome([7, 9]));
    const count = await countPositions({ ruleset: halving, heapCount: 2, max: 10, order: 'ordered' }, ENGINE_ENV);
    let expected = 0n;
    for (let n = 0; n <= 10; n++) for (let m = 0; m <= 10; m++) if (oracle.outcome([n, m]) === 'P') expected++;
    expect(count).toBe(expected);
  });
});

describe('defineGame', () => {
  it('fills the key, the move words, no start and no accelerators; the search answers both conventions like the oracles', async () => {
    expect(capabilitiesOf(coins)).toEqual(['search', 'misere']);
    expect(coins.accelerators).toEqual({});
    expect(coins.key('o.o')).toBe('o.o');
    for (const row of ['o', 'oo', 'ooo', 'oo.oo', 'ooooo', 'o.ooo.oo']) {
      const normal = await analyzePosition({ ruleset: coins, position: { board: row } }, ENGINE_ENV);
      const misere = await analyzePosition(
        { ruleset: coins, position: { board: row }, convention: 'misere' },
        ENGINE_ENV,
      );
      expect('outcome' in normal && normal.outcome, row).toBe(new Oracle(coins).outcome(row));
      expect('outcome' in misere && misere.outcome, `${row} misère`).toBe(new MisereOracle(coins).outcome(row));
    }
    const reply = await analyzePosition({ ruleset: coins, position: { board: 'ooo' } }, ENGINE_ENV);
    expect('winningMoves' in reply && reply.winningMoves).toEqual([{ to: 'o.o', move: 'move to o.o' }]);
    await expect(analyzePosition({ ruleset: coins, position: {} }, ENGINE_ENV)).rejects.toThrow(
      /names no start position/,
    );
  });
});
