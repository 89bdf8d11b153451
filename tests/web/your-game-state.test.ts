/**
 * "Your game"'s pure parts, without a browser: the rules text in a link (compressed and plain, round
 * trip, damaged links), the page's state (a game's turns, answers to turns no longer awaited), the
 * answers the worker gives for the examples (the same values as the built-in families), and the
 * examples the page offers (exactly the files in examples/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeGameRules } from '../../src/engine/solve/search/index.ts';
import { parseGameSpec, parseRuleset } from '../../src/engine/spec.ts';
import type { GameRuleset, HeapRuleset } from '../../src/engine/types.ts';
import { userRuleset } from '../../src/engine/user-rules.ts';
import { rulesEngineMove as engine, runRules as run, rulesTurn as turn } from '../../src/service/user-game.ts';
import { decodeRules, encodeRules, fromBase64Url, toBase64Url } from '../../web/src/rules-link.ts';
import { formatSeconds, type RulesHello, type RulesRequest, RulesRunner } from '../../web/src/your-game-client.ts';
import { EXAMPLES, exampleNamed } from '../../web/src/your-game-examples.ts';
import { initialYourGame, limitMs, yourGameReducer, type YourGameState } from '../../web/src/your-game-state.ts';

const RULES = `// naïve: a rules text with non-ASCII, quotes and a long repeated body
export default { name: "Take one or two", *heapOptions(n) { if (n >= 1) yield [n - 1]; if (n >= 2) yield [n - 2]; } };
${'// padding that compresses well\n'.repeat(40)}`;

describe('the rules in a link', () => {
  it('round-trips compressed and plain, and the compressed link is shorter', async () => {
    const compressed = await encodeRules(RULES, true);
    const plain = await encodeRules(RULES, false);
    expect(compressed).toMatch(/^d\.[A-Za-z0-9_-]+$/);
    expect(plain).toMatch(/^t\.[A-Za-z0-9_-]+$/);
    expect(compressed.length).toBeLessThan(plain.length / 3);
    expect(await decodeRules(compressed)).toBe(RULES);
    expect(await decodeRules(plain)).toBe(RULES);
    // survives URLSearchParams, as the hash carries it
    const params = new URLSearchParams(new URLSearchParams({ rules: compressed }).toString());
    expect(await decodeRules(params.get('rules')!)).toBe(RULES);
  });

  it('base64url round-trips every byte value, unpadded', () => {
    const bytes = Uint8Array.from({ length: 256 * 3 + 1 }, (_, i) => (i * 37) % 256);
    const text = toBase64Url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Array.from(fromBase64Url(text))).toEqual(Array.from(bytes));
    expect(toBase64Url(new Uint8Array())).toBe('');
  });

  it('a damaged link is one line saying so', async () => {
    await expect(decodeRules('x.abc')).rejects.toThrow(
      "the link is damaged: its rules start with neither 'd.' nor 't.'",
    );
    await expect(decodeRules('t.a+b')).rejects.toThrow('the link is damaged: its rules are not base64url');
    await expect(decodeRules('d.AAAA')).rejects.toThrow(/^the link is damaged/);
    await expect(decodeRules(`t.${toBase64Url(Uint8Array.of(0xff, 0xfe))}`)).rejects.toThrow(
      'the link is damaged: its rules are not UTF-8 text',
    );
  });
});

describe("the page's state", () => {
  const start = (): YourGameState => initialYourGame(RULES, '4', '');

  it('plays turns: the player moves, the engine answers, the player is stuck', () => {
    let s = yourGameReducer(start(), { type: 'play' });
    expect(s.game?.waiting).toEqual({ who: 'you', position: '4' });
    const you = { who: 'you' as const, position: '4' };
    s = yourGameReducer(s, {
      type: 'turn',
      turn: you,
      answer: { position: '4', moves: [{ to: '3', words: 'take 1' }], truncated: false },
    });
    expect(s.game?.phase).toBe('your-turn');
    s = yourGameReducer(s, { type: 'move', move: { to: '3', words: 'take 1' } });
    expect(s.game?.waiting).toEqual({ who: 'engine', position: '3' });
    // an answer to a turn no longer awaited is dropped
    expect(
      yourGameReducer(s, { type: 'turn', turn: you, answer: { position: '4', moves: [], truncated: false } }),
    ).toBe(s);
    s = yourGameReducer(s, {
      type: 'engine',
      turn: { who: 'engine', position: '3' },
      answer: { outcome: 'P', move: { to: '1', words: 'take 2' } },
    });
    expect(s.game?.log).toEqual(['You: take 1', 'Engine: take 2']);
    s = yourGameReducer(s, {
      type: 'turn',
      turn: { who: 'you', position: '1' },
      answer: { position: '1', moves: [], truncated: false },
    });
    expect(s.game?.phase).toBe('over');
    expect(s.game?.result).toBe('You have no move: the engine wins.');
  });

  it('the engine without a move loses; a failed turn ends the game with its error', () => {
    let s = yourGameReducer({ ...start(), engineFirst: true }, { type: 'play' });
    const turn = { who: 'engine' as const, position: '4' };
    expect(s.game?.waiting).toEqual(turn);
    const lost = yourGameReducer(s, { type: 'engine', turn, answer: { outcome: 'P', move: null } });
    expect(lost.game?.result).toBe('The engine has no move: you win.');
    s = yourGameReducer(s, { type: 'failed', error: 'stopped after 5 s', turn });
    expect(s.error).toBe('stopped after 5 s');
    expect(s.game?.phase).toBe('over');
  });

  it('the time limit is seconds in range, else one line', () => {
    expect(limitMs({ limit: '5' })).toBe(5000);
    expect(limitMs({ limit: '0.5' })).toBe(500);
    for (const bad of ['', '0', '-1', 'x', '61']) expect(() => limitMs({ limit: bad })).toThrow(/^the time limit is/);
    expect(formatSeconds(1000)).toBe('1');
    expect(formatSeconds(2500)).toBe('2.5');
  });
});

describe('the examples the page offers', () => {
  it('are exactly the JavaScript files of examples/, text for text', () => {
    const files = readdirSync('examples').filter((f) => /\.m?js$/.test(f));
    expect(EXAMPLES.map((x) => x.name).sort()).toEqual(files.map((f) => f.replace(/\.m?js$/, '')).sort());
    for (const f of files)
      expect(exampleNamed(f.replace(/\.m?js$/, ''))?.rules).toBe(readFileSync(`examples/${f}`, 'utf8'));
    // at least the four the issue names
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(4);
  });

  /** An example module as Node imports it (its exports untyped: the examples are plain JavaScript). */
  async function examplesModule(name: string) {
    return await import(`../../examples/${name}.mjs`);
  }

  async function load(name: string) {
    return userRuleset(await examplesModule(name));
  }

  it("Dawson's chess answers as takebreak:0.137: its row, a position's value and the engine's move", async () => {
    const dawson = await load('dawson');
    const reference = (parseRuleset('takebreak:0.137') as HeapRuleset).sequence(60);
    const row = run(dawson, '');
    expect(row.sequence).toEqual(Array.from(reference.subarray(0, 41)));
    const answer = run(dawson, '8 9 60');
    expect(answer.grundy).toBe(reference[8] ^ reference[9] ^ reference[60]);
    expect(answer.outcome).toBe(answer.grundy === 0 ? 'P' : 'N');
    // every listed winning move leads to a position of value 0
    for (const m of answer.winning) expect(m.to.split(' ').reduce((x, h) => x ^ reference[Number(h)], 0)).toBe(0);
    const move = engine(dawson, '8 9 60');
    expect(move.outcome).toBe(answer.outcome);
    expect(turn(dawson, '3').moves.map((m) => m.to)).toEqual(['1', '0']);
  });

  it('the Cram variant with plain dominoes answers as cram, the graph game as node-kayles, the chocolate bar as (rows-1) xor (cols-1)', async () => {
    const chocolate = await load('chocolate');
    expect(run(chocolate, '5x6 2x9').grundy).toBe(4 ^ 5 ^ (1 ^ 8));

    const cramModule = await examplesModule('cram-variant');
    const dominoes = userRuleset(cramModule.withPieces(cramModule.DOMINOES, 'Cram'));
    const cram = parseGameSpec('cram');
    for (const board of ['..../..../....', '.../.#./...', '...../.....']) {
      const builtIn = analyzeGameRules(cram, cram.notation.parsePosition(board));
      const answer = run(dominoes, board);
      expect([answer.grundy, answer.outcome, answer.winning.length]).toEqual([
        builtIn.grundy,
        builtIn.outcome,
        builtIn.winningMoves.length,
      ]);
    }
    // with trominoes too: a 1 x 3 row is one move (value 1) either as a tromino or a domino
    expect(run(await load('cram-variant'), '...').grundy).toBe(1);

    const kayles = parseGameSpec('node-kayles');
    const graph = await load('node-kayles');
    for (const text of ['0-1 1-2 2-3 3-0 0-4', '0-1 1-2 2-3 3-4 5']) {
      expect(run(graph, text).grundy).toBe(analyzeGameRules(kayles, kayles.notation.parsePosition(text)).grundy);
    }
  });

  it('a throw in the rules is one line naming the rule and the position', async () => {
    const broken = userRuleset({
      name: 'Broken',
      start: [3],
      moves: () => {
        throw new Error('boom');
      },
    });
    expect(() => run(broken, '')).toThrow("rules.moves threw on position '[3]': Error: boom");
    const heaps = await load('dawson');
    expect(() => run(heaps, '3 x')).toThrow(/heap 2/);
    expect(() => run(userRuleset({ name: 'No start', moves: () => [] }), '')).toThrow(/no start position/);
    const _typed: GameRuleset<unknown> | HeapRuleset = broken;
    expect(_typed.kind).toBe('game');
  });
});

describe("the rules' worker on the page's side", () => {
  /** A stand-in for the rules' worker: answers through the port it is handed, or never (a loop). */
  class FakeWorker {
    static made: FakeWorker[] = [];
    terminated = false;
    onerror: ((e: ErrorEvent) => void) | null = null;
    constructor(private readonly answers: boolean) {
      FakeWorker.made.push(this);
    }
    postMessage(message: RulesHello) {
      message.port.onmessage = (e: MessageEvent<RulesRequest>) => {
        if (!this.answers) return;
        message.port.postMessage({ id: e.data.id, ok: false, message: `asked ${e.data.op} at '${e.data.position}'` });
      };
    }
    terminate() {
      this.terminated = true;
    }
  }

  it('a worker that does not answer in time is ended, the error is one line, and the next question gets a fresh worker', async () => {
    FakeWorker.made = [];
    let answers = false;
    const runner = new RulesRunner(() => new FakeWorker(answers) as unknown as Worker);
    await expect(runner.ask({ op: 'run', rules: 'x', position: '3' }, 50)).rejects.toThrow(
      'stopped after 0.1 s: the rules did not answer in time',
    );
    expect(FakeWorker.made.map((w) => w.terminated)).toEqual([true]);
    answers = true;
    await expect(runner.ask({ op: 'turn', rules: 'x', position: '4' }, 60_000)).rejects.toThrow("asked turn at '4'");
    expect(FakeWorker.made.map((w) => w.terminated)).toEqual([true, false]);
    runner.dispose();
    expect(FakeWorker.made[1].terminated).toBe(true);
  });
});
