/** POST /api/nim through app.request(): results as decimal strings, a worked product, 413 and 422 with one JSON error. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nimInverse, nimProduct } from '../../src/engine/kernels/nim-arithmetic.ts';
import { createApp, type NimberApp } from '../../src/server/app.ts';

let app: NimberApp;

beforeAll(async () => {
  app = createApp({ timeLimitMs: 300_000, threads: 1, staticDir: null });
  await app.pool.warmUp();
});
afterAll(() => app.close());

const post = (body: unknown) =>
  app.request('/api/nim', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/nim', () => {
  it('answers every operation with values as decimal strings', async () => {
    const big = (1n << 400n) + 12345n;
    const res = await post({ op: 'mul', values: ['2^400 ', big.toString()] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      op: 'mul',
      operands: [(1n << 400n).toString(), big.toString()],
      expression: `${1n << 400n} ⊗ ${big}`,
      result: nimProduct(1n << 400n, big).toString(),
      fieldBits: 512,
    });
    const inverse = await (await post({ op: 'inv', values: [big.toString()] })).json();
    expect(inverse.result).toBe(nimInverse(big).toString());
    expect((await (await post({ op: 'pow', values: [2, 100] })).json()).result).toBe('2');
    expect((await (await post({ op: 'sqrt', values: ['8'] })).json()).result).toBe('14');
  });

  it('takes operands written as powers with exponents of five digits (2^20000 ⊗ 2 = 2^20001)', async () => {
    // 2 = 2^(2^0) and 2^20000 is a product of the other Fermat 2-powers, so the nim-product is the integer one
    const res = await post({ op: 'mul', values: ['2^20000', '2'] });
    expect(res.status).toBe(200);
    expect((await res.json()).result).toBe((1n << 20001n).toString());
  });

  it('works a product out step by step when asked', async () => {
    const body = await (await post({ op: 'mul', values: [8, 8], explain: true })).json();
    expect(body.result).toBe('13');
    expect(body.explanation.steps.at(-1)).toMatchObject({ a: 8, b: 8, fermat: 4, result: 13 });
    expect(body.explanation.definition).toEqual({
      options: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15],
      mex: 13,
    });
  });

  it('refuses bad input with 422 and sizes beyond the maxima with 413, one JSON error each', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{ op: 'inv', values: ['0'] }, 422, /0 has no nim-inverse/],
      [{ op: 'frob', values: [1, 2] }, 422, /unknown nim operation 'frob'/],
      [{ op: 'mul', values: [1] }, 422, /nim mul takes two values/],
      [{ op: 'mul', values: ['x', 1] }, 422, /a must be a non-negative integer/],
      [{ op: 'mul', values: [-1, 1] }, 422, /non-negative/],
      [{ op: 'mul', values: [] }, 422, /one or two values/],
      [{ op: 'mul' }, 422, /values/],
      [{ op: 'mul', values: ['1'.repeat(30_000), 1] }, 413, /at most 25000 characters/],
      [{ op: 'mul', values: ['9'.repeat(20_000), 1] }, 413, /above the maximum/],
      [{ op: 'pow', values: ['2^1024', 3] }, 413, /has 1025 bits, above the maximum of 1024/],
      [{ op: 'mul', values: [300, 2], explain: true }, 413, /0\.\.255/],
      // a power is read whatever its exponent's length, and a value of 2^65536 or more is too large
      [{ op: 'mul', values: ['2^65536', 2] }, 413, /a has 65537 bits, above the maximum of 65536/],
      [{ op: 'mul', values: [2, '3^99999'] }, 413, /b: 3\^99999 has more than 19729 digits/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      const reply = (await res.json()) as { error: string };
      expect([JSON.stringify(body).slice(0, 60), res.status]).toEqual([JSON.stringify(body).slice(0, 60), status]);
      expect(reply.error).toMatch(message);
    }
  });
});
