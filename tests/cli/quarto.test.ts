/**
 * Quarto in the terminal: `nimber analyze quarto --board …` (text and --json), the empty board within
 * --time-limit, `nimber explain quarto --board …`, `nimber play quarto` with moves on stdin, and every
 * bad board and refused operation as one line on stderr with exit code 2.
 */
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { atTerminal, nimber, nimberSync } from '../helpers/cli.ts';

/** 10 pieces placed: a win in 3 placements (tests/service/quarto.test.ts). */
const WIN_IN_3 = '..f.658a.b320e..+d';
/** 10 pieces placed: placing 8 on a4 makes a line. */
const WIN_NOW = '.72c05f..e.9..43+8';
/** 10 pieces placed: every move hands the opponent a win at once. */
const EVERY_GIVE_LOSES = '4..973.5b08..ae.+c';

describe('nimber analyze quarto', () => {
  it('prints the board, the result and the best moves; --json gives the reply', async () => {
    const [text, json] = await Promise.all([
      nimber(['analyze', 'quarto', '--board', WIN_IN_3]),
      nimber(['analyze', 'quarto', '--board', WIN_IN_3, '--json']),
    ]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`Quarto: ${WIN_IN_3}\n  a b c d\n1 . . f .\n2 6 5 8 a\n`);
    expect(text.stdout).toContain('With perfect play the player to move wins in 3 placements.');
    expect(text.stdout).toMatch(/^ {2}b1\+4 {2}place tall light square hollow on b1, give short light square solid$/m);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ ruleset: 'quarto', result: 'win', turns: 3, proved: true });
  });

  it('the empty board: a draw from the opening proof at once; the advanced game within --time-limit, not a hang', async () => {
    const r = await nimber(['analyze', 'quarto', '--time-limit', '1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const reply = JSON.parse(r.stdout);
    expect(reply).toMatchObject({ position: '................', proved: true, result: 'draw', nodes: 0 });
    expect(reply.known).toMatch(/opening proof/);
    expect(reply.bestMoves[0].move).toMatch(/^\+[0-9a-f]$/);
    const advanced = await nimber(['analyze', 'quarto:advanced', '--time-limit', '1', '--json']);
    expect(advanced.code, advanced.stderr).toBe(0);
    const open = JSON.parse(advanced.stdout);
    expect(open).toMatchObject({ position: '................', proved: false, result: null });
    expect(open.summary).toMatch(/^Not proved within the time limit/);
  });

  it('at a terminal a long search shows its progress on one line, redrawn in place', () => {
    // the advanced game's start: far beyond minutes of search here, so the 3 s limit always ends it first
    const r = atTerminal(['analyze', 'quarto:advanced', '--time-limit', '3']);
    expect(r.status).toBe('0');
    // each redraw: a carriage return, erase the line, the text
    expect(stripVTControlCharacters(r.output)).toMatch(
      /\rsearch: [1-9][\d,]* positions \| root move [\d,]+ of at most 32 \| [\d,]+\/s \| \d+ s/,
    );
    expect(r.output).toContain('Not proved within the time limit');
  });

  it('bad boards and refused operations: one line, exit 2', async () => {
    const runs = await Promise.all([
      nimber(['analyze', 'quarto', '--board', '0...5..a........+5']),
      nimber(['analyze', 'quarto', '--board', '0123............+4']),
      nimber(['explain', 'quarto', '--board', '0...0..a........+3']),
      nimber(['analyze', 'quarto', '--board', WIN_NOW, '--misere']),
      nimber(['grundy', 'quarto', '--to', '5']),
      nimber(['count', 'quarto', '--max', '3']),
      nimber(['period', 'quarto']),
    ]);
    const lines = runs.map((r) => {
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr.split('\n')).toHaveLength(2);
      return r.stderr;
    });
    expect(lines[0]).toBe('nimber: quarto board: the piece in hand, 5, is already on a2\n');
    expect(lines[1]).toBe('nimber: quarto board: a line already stands on a1 b1 c1 d1 (the game ended there)\n');
    expect(lines[2]).toBe('nimber: quarto board: piece 0 is on a1 and again on a2\n');
    expect(lines[3]).toMatch(/^nimber: misère play needs a game with misère play; 'quarto' is /);
    for (const line of lines.slice(4))
      expect(line).toMatch(/'quarto' is a game won by making a line .*: try analyze, play or explain\n$/);
  });
});

describe('nimber explain quarto', () => {
  it('says why: every move hands the opponent a win at once', async () => {
    const r = await nimber(['explain', 'quarto', '--board', EVERY_GIVE_LOSES]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('1. No move wins at once (30 legal moves).');
    expect(r.stdout).toContain('2. Every move hands the opponent a win at once');
    expect(r.stdout).toContain('So: With perfect play the player to move loses in 2 placements.');
  });
});

describe('nimber play quarto', () => {
  // a guard against a hang (the command waits for its input), not a speed limit
  const play = (args: string[], input: string) => nimberSync(['play', 'quarto', ...args], input, 300_000);

  it('shows the board, refuses an illegal move with its reason, and a winning placement wins', () => {
    const r = play(['--board', WIN_NOW], 'a1+2\nmoves\na4\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('  a b c d\n1 . 7 2 c\n2 0 5 f .\n');
    expect(r.stdout).toContain('Not a legal move: piece 2 is already on the board. Type "moves" to list them.');
    expect(r.stdout).toMatch(/#1 {2}a1(\+[0-9a-f])? {2}place short light round hollow on a1/);
    expect(r.stdout).toContain('you: a4  place short light round hollow on a4');
    expect(r.stdout).toContain('Your move won the game: you win!');
  });

  it('the engine answers with its verdict, and wins when we hand it a line', () => {
    const r = play(['--board', EVERY_GIVE_LOSES], 'b1+1\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^engine: [a-d][1-4] {2}place tall light round solid on [a-d][1-4] {2}\(it wins with this move\)$/m,
    );
    expect(r.stdout).toContain("The engine's move won the game: the engine wins.");
  });

  it('from the empty board the engine, moving first, gives a piece at once: every give is alike', () => {
    const r = play(['--engine-first', '--time-limit', '1'], '');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^engine: \+[0-9a-f] {2}give .* \(every move here is the same up to symmetry; a draw with perfect play\)/m,
    );
    expect(r.stdout).toContain('End of input: game abandoned.');
  });
});
