/** The side problems through the API's task runner (what /api/solve runs in its workers), without a server. */
import { describe, expect, it } from 'vitest';
import { runTask } from '../../src/server/tasks.ts';

const solve = (problem: string, input: string) => runTask({ op: 'solve', request: { problem, input } });

describe('/api/solve tasks for the side problems', () => {
  it('circle-summation and equations answer with the judge output', async () => {
    const circle = await solve('circle-summation', '1\n3 4\n1 2 1\n');
    expect(circle.ok).toBe(true);
    if (circle.ok)
      expect(JSON.parse(circle.json)).toMatchObject({
        problem: 'circle-summation',
        output: '23 7 12\n11 21 6\n7 13 24',
      });
    const equations = await solve('equations', '32327');
    if (!equations.ok) expect.unreachable();
    expect(JSON.parse(equations.json)).toMatchObject({ problem: 'equations', output: '656502' });
  });

  it('bad input becomes a typed error naming the line (422), sizes beyond the maxima too-large (413)', async () => {
    expect(await solve('circle-summation', '1\n3 1\n1 2\n')).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'line 3: expected 3 numbers, got 2',
    });
    expect(await solve('equations', '99999999')).toMatchObject({ ok: false, kind: 'too-large' });
  });
});
