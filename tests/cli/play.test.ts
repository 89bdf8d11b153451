/** `nimber play` with moves piped on stdin: full games, bad moves, end of input, bad arguments. */
import { describe, expect, it } from 'vitest';
import { nimberSync } from '../helpers/cli.ts';

// a guard against a hang (the command waits for its input), not a speed limit: a loaded machine can take
// tens of seconds to start the command and play a game
const play = (args: string[], input: string) => nimberSync(['play', ...args], input, 300_000);

/** Enough "take 1 from H" lines for any short game: illegal ones are refused and the next is read. */
const takeOnes = (heaps: number, turns: number) =>
  Array.from({ length: turns }, () => Array.from({ length: heaps }, (_, h) => `take 1 from ${h + 1}`).join('\n')).join(
    '\n',
  ) + '\n';

describe('nimber play', () => {
  it('from an N-position with the engine first, the engine wins whatever we play', () => {
    const r = play(['nim', '1', '2', '4', '--engine-first'], takeOnes(3, 8));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^engine: take 1 from heap 3 \(4 -> 3\): 1 2 3 {2}\(a winning move\)$/m);
    expect(r.stdout).toContain('You have no move left: the engine wins.');
  });

  it('a winning line for us from an N-position beats the engine (subtract:1,2 from 4: leave 3, then take the rest)', () => {
    const r = play(['subtract:1,2', '4'], '3\n0\n');
    expect(r.stdout).toContain('no winning move exists, so it plays for time');
    expect(r.stdout).toContain('The engine has no move: you win!');
    expect(r.code).toBe(0);
  });

  it('refuses illegal and unreadable moves in words, lists moves, and stops cleanly at end of input', () => {
    const r = play(['subtract:squares', '5', '4'], 'take 2 from 1\nbanana\nmoves\nhint\n');
    expect(r.stdout).toContain('Not a legal move from 5 4: take 2 from 1.');
    expect(r.stdout).toContain('Not understood:');
    expect(r.stdout).toContain('#1  take 1 from heap 1 (5 -> 4): 4 4');
    expect(r.stdout).toContain('N-position: nim-sum 2, the player to move wins');
    expect(r.stdout).toContain('End of input: game abandoned.');
    expect(r.code).toBe(0);
  });

  it('bad arguments exit 2 with one line', () => {
    const r = play(['nonsense', '3'], '');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(play(['wythoff', '1', '2', '3'], '').stderr).toContain('played on 2 piles');
  });
});
