/** Quarto proof leaves as queue jobs: the data and results each side checks, the job id, what a leaf's search proves. */
import { describe, expect, it } from 'vitest';
import { QUARTO_LEAF_TASK } from '../../../src/adapters/queue/quarto-jobs.ts';
import { formatQuartoBoard, parseQuartoBoard } from '../../../src/engine/families/quarto/notation.ts';
import { boardMaps, transformPosition } from '../../../src/engine/families/quarto/symmetry.ts';
import { type QuartoLeafJob, searchQuartoLeaf } from '../../../src/service/quarto-leaf.ts';
import { oracleAlphaBeta, randomPosition, rng } from '../../engine/families/quarto/oracle.ts';

const task = QUARTO_LEAF_TASK;
/** Nine pieces placed from a random game, no line, piece a in hand. */
const BOARD = 'b2....1..ce.3587+a';

describe('quarto leaf job data', () => {
  it('reads a leaf, its bound and limits', () => {
    expect(task.checkData({ board: BOARD, bound: 'upper', limitMs: 2000, timeoutMs: 32_000 })).toEqual({
      job: { board: BOARD, bound: 'upper', limitMs: 2000 },
      timeoutMs: 32_000,
    });
    const job: QuartoLeafJob = { board: BOARD, bound: 'exact', limitMs: 2000 };
    expect(task.checkData(task.dataOf(job, task.timeoutOf(job)))).toEqual({ job, timeoutMs: 32_000 });
  });

  it('refuses malformed data in one line naming what is wrong', () => {
    const cases: [unknown, RegExp][] = [
      [null, /malformed quarto leaf job data/],
      [{ board: BOARD, bound: 'upper', limitMs: 2000 }, /timeoutMs: expected a non-negative integer/],
      [{ board: BOARD, bound: 'middle', limitMs: 2000, timeoutMs: 1 }, /bound/],
      [{ board: BOARD, bound: 'exact', limitMs: -5, timeoutMs: 1 }, /limitMs/],
      [{ board: BOARD, bound: 'exact', limitMs: 1.5, timeoutMs: 1 }, /limitMs/],
      [{ board: 42, bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /board/],
      [{ board: 'b2....1..ce.358x+a', bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /'x' at character 16/],
      [{ board: 'b2....1..ce.3587+b', bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /piece in hand/],
      [{ board: 'b2....1..cb.3587+a', bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /piece b is on a1 and again/],
      [{ board: '0123.45.67.8....+9', bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /a line already stands/],
      [{ board: '0123456789abcdef', bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /./],
      [{ board: '................', bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /no piece in hand/],
      [{ board: 'x'.repeat(5000), bound: 'exact', limitMs: 1000, timeoutMs: 1 }, /at most 200 characters/],
    ];
    for (const [data, message] of cases) {
      let error: Error | undefined;
      try {
        task.checkData(data);
      } catch (e) {
        error = e as Error;
      }
      expect(error?.message, JSON.stringify(data)?.slice(0, 60)).toMatch(/^malformed quarto leaf job data: /);
      expect(error?.message).toMatch(message);
      expect(error?.message).not.toMatch(/\n/);
    }
  });
});

describe('quarto leaf job ids', () => {
  it('are the leaf’s canonical key and the bound: one id for every board of a class', () => {
    const ids = new Set<string>();
    const position = parseQuartoBoard(BOARD);
    for (const map of boardMaps('standard').slice(0, 8))
      for (const a of [
        { complement: 0, perm: [0, 1, 2, 3] },
        { complement: 5, perm: [2, 0, 3, 1] },
      ])
        ids.add(
          task.idOf({ board: formatQuartoBoard(transformPosition(position, map, a)), bound: 'upper', limitMs: 1 }),
        );
    expect(ids.size).toBe(1);
    const [id] = ids;
    expect(id).toMatch(/^quarto-upper-[0-9a-f.]{16}\+[0-9a-f]$/);
    expect(task.idOf({ board: BOARD, bound: 'lower', limitMs: 1 })).not.toBe(id);
    // the limit is not part of the id: a stored result answers any limit it covers
    expect(task.idOf({ board: BOARD, bound: 'upper', limitMs: 99 })).toBe(id);
  });
});

describe("a leaf's search", () => {
  it('proves the oracle’s value, exactly or on the side asked, on random positions with 9 and 10 pieces placed', () => {
    const next = rng(36);
    for (let i = 0; i < 12; i++) {
      const { board, hand } = randomPosition(next, 9 + (i % 2), 'standard');
      const text = formatQuartoBoard({ variant: 'standard', cells: board, hand });
      const truth = Math.sign(oracleAlphaBeta([...board], hand, 'standard'));
      const exact = task.checkResult(searchQuartoLeaf({ board: text, bound: 'exact', limitMs: 60_000 }), {
        board: text,
        bound: 'exact',
        limitMs: 60_000,
      });
      expect(exact, text).toMatchObject({ proved: true, value: truth });
      for (const bound of ['upper', 'lower'] as const) {
        const job = { board: text, bound, limitMs: 60_000 };
        const r = task.checkResult(searchQuartoLeaf(job), job);
        expect(r.proved).toBe(true);
        const [lo, hi] = r.value !== undefined ? [r.value, r.value] : [r.lo!, r.hi!];
        expect(lo <= truth && truth <= hi, `${text} ${bound}: [${lo}, ${hi}] vs ${truth}`).toBe(true);
        // upper decides "can the mover win", lower "can the mover lose"
        if (bound === 'upper') expect(r.value === 1).toBe(truth === 1);
        else expect(r.value === -1).toBe(truth === -1);
      }
    }
  });
});

describe('quarto leaf results', () => {
  const job: QuartoLeafJob = { board: BOARD, bound: 'upper', limitMs: 5000 };
  const good = searchQuartoLeaf(job);

  it('pass as they come from a search; survive JSON; cover a job by proof or by a limit at least as long', () => {
    expect(task.checkResult(JSON.parse(JSON.stringify(good)), job)).toEqual(good);
    expect(task.covers(good, { ...job, limitMs: 1_000_000 })).toBe(true);
    const stopped = { ...good, proved: false, value: undefined, lo: undefined, hi: undefined, limitMs: 10 };
    const unproved = task.checkResult(JSON.parse(JSON.stringify(stopped)), job);
    expect(task.covers(unproved, { ...job, limitMs: 10 })).toBe(true);
    expect(task.covers(unproved, { ...job, limitMs: 11 })).toBe(false);
    expect(task.describe(good)).toMatch(/^quarto leaf .* \(upper\): (win|at most a draw) \(/);
  });

  it('are refused in one line when they answer another leaf or bound, or claim what the bound cannot prove', () => {
    const other = searchQuartoLeaf({ ...job, board: 'd04.35.....1b.62+f' });
    for (const bad of [
      null,
      'draw',
      { ...good, key: other.key },
      { ...good, bound: 'lower' },
      { ...good, nodes: -1 },
      { ...good, value: -1, lo: undefined, hi: undefined },
      { ...good, value: undefined, lo: 0, hi: 1 },
      { ...good, proved: false },
      { ...good, proved: true, value: undefined, lo: undefined, hi: undefined },
    ]) {
      expect(() => task.checkResult(bad, job), JSON.stringify(bad)).toThrow(
        /^a worker returned a malformed result for the quarto leaf [^\n]*$/,
      );
    }
  });
});
