/**
 * Huge answers at a terminal: refused (or a listing cut) with one line saying how to redirect; piped,
 * written in full. The terminal is a pseudo-terminal made by util-linux `script`.
 */
import { describe, expect, it } from 'vitest';
import { atTerminal, nimber } from '../helpers/cli.ts';
import { stripVTControlCharacters } from 'node:util';

describe.concurrent('output too large for a terminal', () => {
  it('grundy with a million values at a terminal is refused before it is computed, saying how to redirect', () => {
    const r = atTerminal(['grundy', 'nim', '--to', '1000000']);
    expect(r.status).toBe('2');
    expect(r.output).toMatch(
      /^nimber: the answer is at least 2\.0 MB, too much for a terminal: redirect it \(> answer\.txt, \| less\)/,
    );
    expect(r.output.split('\n').filter((l) => l !== '')).toHaveLength(1);
  });

  it('the same command piped writes every value', async () => {
    const r = await nimber(['grundy', 'nim', '--to', '1000000']);
    expect(r.code).toBe(0);
    const values = r.stdout.trim().split(' ');
    expect(values).toHaveLength(1_000_001);
    expect(values.at(-1)).toBe('1000000');
  });

  it('a small answer at a terminal is printed as before', () => {
    expect(atTerminal(['grundy', 'nim', '--to', '5'])).toEqual({ output: '0 1 2 3 4 5\n', status: '0' });
  });

  it('analyze --all-moves whose text passes the limit is refused at a terminal', () => {
    const r = atTerminal(['analyze', 'grundys-game', '3000000', '--all-moves']);
    expect(r.status).toBe('2');
    // the last line: on a busy machine the sequence takes long enough for its progress bar to show
    // first, and the bar clears its line by escapes (not a newline), so the line may begin with it
    const last = stripVTControlCharacters(r.output)
      .split(/[\r\n]+/)
      .filter((line) => line.trim() !== '')
      .at(-1);
    expect(last).toMatch(/(^|%.*)nimber: the answer is \d+\.\d MB, too much for a terminal: redirect it/);
  });

  it('count --list at a terminal stops after the limit and says how to get the whole list; piped it is whole', async () => {
    const r = atTerminal(['count', 'stone-game', '--max', '1500', '--list']);
    expect(r.status).toBe('2');
    const lines = r.output.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^nimber: the list was cut after 1\.0 MB, too much for a terminal: redirect it/);
    expect(r.output.length).toBeLessThan((1 << 20) + 1000);
    const piped = await nimber(['count', 'stone-game', '--max', '1500', '--list']);
    expect(piped.code).toBe(0);
    expect(piped.stdout.length).toBeGreaterThan(3 << 20);
    expect(piped.stdout.startsWith(lines.slice(0, 1000).join('\n'))).toBe(true);
  });
});
