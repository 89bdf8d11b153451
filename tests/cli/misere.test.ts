/** The command line under misère play: analyze/count/play --misere, nimber quotient, and its limits (exit 2 naming the limit). */
import { describe, expect, it } from 'vitest';
import { nimber } from '../helpers/cli.ts';

describe('misère play on the command line', () => {
  it('analyze --misere: misère Nim 1 1 2 leaves three 1s; --verify agrees with the misère oracle; --json names the method', async () => {
    const text = await nimber(['analyze', 'nim', '1', '1', '2', '--misere']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('N-position under misère play: the player to move wins');
    expect(text.stdout).toContain('answered by genus theory');
    expect(text.stdout).toContain('take 1 from heap 3 (2 -> 1): 1 1 1');
    const kayles = await nimber(['analyze', 'kayles', '3', '5', '7', '--misere', '--verify', '--json']);
    expect(kayles.code).toBe(0);
    expect(kayles.stderr).toContain('verified');
    expect(JSON.parse(kayles.stdout)).toMatchObject({
      convention: 'misere',
      method: 'quotient',
      outcome: 'N',
      winningMoves: [{ to: [3, 4, 7] }],
    });
  });

  it("count --misere --verify: the quotient count equals the oracle's", async () => {
    const r = await nimber(['count', 'kayles', '--heaps', '3', '--max', '12', '--misere', '--verify']);
    expect(r.stderr).toContain('verified');
    expect(r.stdout.trim()).toBe('67');
    expect(r.code).toBe(0);
  });

  it('play --misere: the engine plays misère and whoever moves last loses', async () => {
    // from 1 1 2 our 1 1 1 wins: the engine and we take one each, the engine must take the last
    const r = await nimber(['play', 'nim', '1', '1', '2', '--misere'], '1 1 1\n0 0 1\n');
    expect(r.stdout).toContain('Misère play: the player who makes the last move loses.');
    expect(r.stdout).toContain('You have no move left: the engine made the last move, so you win!');
    expect(r.code).toBe(0);
  });

  it('quotient: 0.75 is R8; Kayles reports generators, the heap map and its growth', async () => {
    const r75 = await nimber(['quotient', 'takebreak:0.75', '--max', '20']);
    expect(r75.code).toBe(0);
    expect(r75.stdout).toContain('size 8, P-portion 2: a, b^2');
    expect(r75.stdout).toContain('generators (3): a = heap 1 (a^2 = 1), b = heap 2 (b^3 = b), c = heap 5 (c^4 = c^2)');
    expect(r75.stdout).toContain(
      'relations (4, complete: they rebuild the quotient): a^2 = 1, b c = a b, c^2 = b^2, b^3 = b',
    );
    expect(r75.stdout).toContain('it last grew at heap 5 and stayed at 8 elements through heap 20');
    const solved = await nimber(['quotient', 'takebreak:0.75', '--solve']);
    expect(solved.code).toBe(0);
    expect(solved.stdout).toContain('solved: the pretending function has period 2 from heap 8');
    const far = await nimber(['analyze', 'kayles', '1000000000000000000', '1000000000000000000', '--misere']);
    expect(far.code).toBe(0);
    expect(far.stdout).toContain('P-position under misère play');
    expect(far.stdout).toContain('period 12 from heap 71, proved');
    const count = await nimber(['count', 'takebreak:0.75', '--max', '1000000000000000000', '--misere']);
    expect(count.code).toBe(0);
    expect(count.stdout.trim()).toMatch(/^\d{30,}$/);
    const kayles = await nimber(['quotient', 'kayles', '--max', '30', '--json']);
    const q = JSON.parse(kayles.stdout) as { size: number; heaps: string[]; sizeByHeap: number[] };
    expect(q.heaps).toHaveLength(31);
    expect(q.sizeByHeap).toHaveLength(31);
    expect(q.size).toBe(q.sizeByHeap[30]);
  });

  it('bad input: a quotient beyond its limits, of a coupled game, or --list with --misere: exit 2, one line', async () => {
    const big = await nimber(['quotient', 'kayles', '--max', '5000']);
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/^nimber: largest heap of a misère quotient = 5000 is above the maximum of 1000\n$/);
    const coupled = await nimber(['quotient', 'wythoff']);
    expect(coupled.code).toBe(2);
    expect(coupled.stderr.trim().split('\n')).toHaveLength(1);
    const list = await nimber(['count', 'wythoff', '--max', '5', '--list', '--misere']);
    expect(list.code).toBe(2);
    // --max-work: Dawson's Kayles to heap 33 needs about 3.8e8 steps; 2^20 stops it early, in one line
    const work = await nimber(['quotient', 'takebreak:0.07', '--max', '33', '--max-work', '2^20']);
    expect(work.code).toBe(2);
    expect(work.stderr).toMatch(
      /^nimber: the misère quotient needs more than 1e6 steps by heap \d+ \(limit on work\)\n$/,
    );
    for (const bad of ['lots', '0'])
      expect((await nimber(['quotient', 'kayles', '--max-work', bad])).code, bad).toBe(2);
    // --max-size and --max-states: a positive integer up to their maxima, else one line naming the option
    for (const [option, bad] of [
      ['--max-size', '0'],
      ['--max-size', 'big'],
      ['--max-size', '1e9'],
      ['--max-states', '0'],
      ['--max-states', '-3'],
      ['--max-states', '1e12'],
      ['--max-recalibrations', '0'],
      ['--max-recalibrations', '1e6'],
    ]) {
      const run = await nimber(['quotient', 'kayles', '--max', '10', option, bad]);
      expect(run.code, `${option} ${bad}`).toBe(2);
      expect(run.stderr, `${option} ${bad}`).toMatch(new RegExp(`^nimber: [^\\n]*${option}[^\\n]*\\n$`));
    }
    // a raised limit is used: Dawson's Kayles passes 100 elements at heap 25 (order 144)
    const small = await nimber(['quotient', 'takebreak:0.07', '--max', '26', '--max-size', '100']);
    expect(small.code).toBe(2);
    expect(small.stderr).toMatch(
      /^nimber: the misère quotient passes 100 elements at heap 25 \(limit on quotient size\)\n$/,
    );
    const states = await nimber(['quotient', 'takebreak:0.07', '--max', '20', '--max-states', '2']);
    expect(states.code).toBe(2);
    expect(states.stderr).toMatch(/^nimber: verifying the misère quotient at heap \d+ needs more than 2 states/);
    // Dawson's Kayles recalibrates 5 times by heap 20, more than once at some heap
    const recal = await nimber(['quotient', 'takebreak:0.07', '--max', '20', '--max-recalibrations', '1']);
    expect(recal.code).toBe(2);
    expect(recal.stderr).toMatch(
      /^nimber: the misère quotient did not settle at heap \d+ after 1 recalibrations \(limit on recalibrations\)\n$/,
    );
  });

  it('--verbose: a line on stderr for each phase within a heap, the answer on stdout unchanged', async () => {
    const plain = await nimber(['quotient', 'takebreak:0.6', '--max', '8']);
    const verbose = await nimber(['quotient', 'takebreak:0.6', '--max', '8', '--verbose']);
    expect(verbose.code).toBe(0);
    expect(verbose.stdout).toBe(plain.stdout);
    const lines = verbose.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) expect(line).toMatch(/^\[\d+\.\d s\] heap \d+(, recalibration \d+)?: .*steps$/);
    expect(lines.some((l) => /^\[[^\]]*\] heap 8: verifying order \d+/.test(l))).toBe(true);
    expect(lines.some((l) => /recalibration 1: position \d+( \d+)* was wrong/.test(l))).toBe(true);
  });
});
