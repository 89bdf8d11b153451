/** User rules read into rulesets (engine/user-rules.ts) and checked (engine/check-rules.ts), against the built-in families. */
import { describe, expect, it } from 'vitest';
import { checkRules } from '../../src/engine/check-rules.ts';
import { InputError } from '../../src/engine/errors.ts';
import { analyzeGameRules } from '../../src/engine/solve/search/index.ts';
import { parseGameSpec, parseHeapSpec } from '../../src/engine/spec.ts';
import type { GameRuleset } from '../../src/engine/types.ts';
import { userRuleset } from '../../src/engine/user-rules.ts';

/** An example's module namespace (a computed path: the examples are plain JavaScript, without types). */
const example = (name: string): Promise<Record<string, unknown>> => import(`../../examples/${name}.mjs`);
const chocolate = await example('chocolate');
const cramVariant = (await example('cram-variant')) as {
  withPieces(pieces: unknown, name: string): unknown;
  DOMINOES: unknown;
};
const dawson = await example('dawson');
const nodeKayles = await example('node-kayles');

const fixture = async (name: string) => userRuleset(await import(`../fixtures/rules/${name}.mjs`));
const game = (exported: unknown) => userRuleset(exported) as GameRuleset<unknown>;
const valueAt = (ruleset: GameRuleset, text: string) =>
  analyzeGameRules(ruleset, ruleset.notation.parsePosition(text)).grundy;

describe('the examples', () => {
  it("Dawson's chess as a heap game equals takebreak:0.137", () => {
    const ruleset = userRuleset(dawson);
    expect(ruleset.kind).toBe('heap');
    if (ruleset.kind !== 'heap') return;
    expect([...ruleset.sequence(300)]).toEqual([...parseHeapSpec('takebreak:0.137').sequence(300)]);
  });

  it('a chocolate bar is worth (rows - 1) XOR (cols - 1)', () => {
    const ruleset = game(chocolate);
    for (let r = 1; r <= 5; r++)
      for (let c = 1; c <= 6; c++) expect(valueAt(ruleset, `${r}x${c}`)).toBe((r - 1) ^ (c - 1));
    expect(valueAt(ruleset, '4x7 3x3 5x2')).toBe(3 ^ 6 ^ 0 ^ 4 ^ 1);
  });

  it('the Cram variant with dominoes alone equals cram', () => {
    const ruleset = game(cramVariant.withPieces(cramVariant.DOMINOES, 'Cram again'));
    const cram = parseGameSpec('cram');
    for (const board of ['..../..../....', '.../.../...', '...#/..../#...', '...../.....', '../..']) {
      expect(valueAt(ruleset, board), board).toBe(valueAt(cram, board));
    }
  });

  it('Node Kayles on a graph equals the built-in family', () => {
    const ruleset = game(nodeKayles);
    const builtIn = parseGameSpec('node-kayles');
    for (const graph of ['0-1 1-2 2-3 3-0 0-4', '0-1 1-2 2-3 3-4 4-5 5-6', '0-1 0-2 0-3 4 5-6', '0-1 1-2 2-0 3-4']) {
      expect(valueAt(ruleset, graph), graph).toBe(valueAt(builtIn, graph));
    }
    expect(analyzeGameRules(ruleset, ruleset.start).grundy).toBe(
      valueAt(builtIn, ruleset.notation.formatPosition(ruleset.start)),
    );
  });

  it('every example passes the checker', () => {
    for (const rules of [chocolate, dawson, cramVariant, nodeKayles]) {
      expect(checkRules(userRuleset(rules), { lines: 10 }).problems).toEqual([]);
    }
  });
});

describe('the checker finds planted mistakes', () => {
  it('a key that merges positions of different values', async () => {
    const { problems } = checkRules(await fixture('wrong-key'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^rules\.key merges different positions: '.*' \(value \d+\) and '.*' \(value \d+\)/);
  });

  it('a key that merges a position with one below it (the solver would go round in circles)', () => {
    // subtract 1 or 2, heap 2 keyed as heap 1: heap 2's own options include the merged heap 1
    const merged = userRuleset({
      name: 'a key into the subtree',
      start: 6,
      *moves(n: number) {
        if (n >= 1) yield n - 1;
        if (n >= 2) yield n - 2;
      },
      key: (n: number) => (n === 2 ? '1' : String(n)),
    });
    expect(checkRules(merged).problems).toEqual([
      "rules.key merges different positions: '1' (value 1) and '2' (value 2) both have the key '1'",
    ]);
  });

  it('components that are not independent', async () => {
    const { problems } = checkRules(await fixture('dependent-components'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^rules\.components are not independent: '.*' has value \d+, but its components/);
  });

  it('moves that never end', async () => {
    expect(checkRules(await fixture('cycle')).problems).toEqual([
      expect.stringMatching(/^moves never end: a cycle of 3 moves '(1|2|3)' -> /),
    ]);
  });

  it('positions that do not read back through the text format', async () => {
    expect(checkRules(await fixture('round-trip')).problems).toEqual([
      expect.stringMatching(/does not read back through format and parse: it reads as 'NaN'/),
    ]);
  });

  it('a rule that throws or returns garbage', async () => {
    expect(checkRules(await fixture('throws')).problems).toEqual([
      "rules.moves threw on position '2': TypeError: no moves from two",
    ]);
    expect(checkRules(await fixture('garbage')).problems[0]).toMatch(
      /^rules\.moves returned the number 4 on position '5': it must return an array/,
    );
  });
});

describe('the guards', () => {
  it('refuse a module of the wrong shape in one line', () => {
    const refusal = (value: unknown) => {
      try {
        userRuleset(value);
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal(42)).toMatch(/must export an object/);
    expect(refusal({ moves: () => [] })).toMatch(/rules\.name/);
    expect(refusal({ name: 'x' })).toMatch(/give moves\(position\).*or heapOptions\(n\)/);
    expect(refusal({ name: 'x', move: () => [] })).toMatch(/unknown member 'move'/);
    expect(refusal({ name: 'x', heapOptions: () => [], key: () => '' })).toMatch(/rules\.key belongs to a game/);
    expect(refusal({ name: 'x', moves: 3 })).toMatch(/rules\.moves must be a function, got the number 3/);
  });

  it('name the rule and the position when a rule misbehaves', () => {
    const bad = game({ name: 'x', moves: (p: number) => [p - 1], key: () => 7, start: 3 });
    expect(() => bad.key(3)).toThrow("rules.key returned the number 7 on position '3': it must return a string");
    const undefinedMove = game({ name: 'x', moves: () => [undefined] });
    expect(() => undefinedMove.moves(1)).toThrow("rules.moves returned undefined as a position on position '1'");
    const heaps = userRuleset({ name: 'x', heapOptions: (n: number) => [[n]] });
    if (heaps.kind !== 'heap') throw new Error('a heap game');
    expect(() => [...heaps.heapOptions(4)]).toThrow(/every heap of an option must be smaller than 4/);
    expect(() => game({ name: 'x', moves: () => [] }).notation.parsePosition('[1,')).toThrow(/is not JSON/);
  });
});
