/**
 * The one seam's cost: the same requests through the operation table (the schema reads the request,
 * the cheap check runs, then the entry) against the service function called directly, in one run.
 * The table's path is the one every face takes (the CLI, the API's workers, the queue, the library's
 * `service.request`), so its overhead is what a user pays on the cheapest requests.
 */
import { analyzePosition } from '../../src/service/analyze.ts';
import { countPositions } from '../../src/service/count.ts';
import { ENGINE_ENV } from '../../src/service/env.ts';
import { readRequest, runOperation } from '../../src/service/operation-table.ts';
import { grundyValues } from '../../src/service/operations.ts';
import type { BenchCase, BenchSuite } from '../harness.ts';

/** Requests per run: cheap ones, so the plumbing is a visible share of the time. */
const REPEAT = 2000;

async function repeat(n: number, call: () => Promise<unknown> | unknown): Promise<unknown> {
  let last: unknown;
  for (let i = 0; i < n; i++) last = await call();
  return JSON.stringify(last, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).replace(/"elapsedMs":[\d.]+/g, '');
}

function seamCase(title: string, n: number, direct: () => unknown, table: () => unknown): BenchCase {
  return {
    title: `${title}, ${n.toLocaleString('en-US')} requests`,
    baseline: { name: 'the service function, called directly', run: () => repeat(n, direct) },
    candidates: [{ name: 'the operation table (schema, check, run)', run: () => repeat(n, table) }],
    check: true,
  };
}

export const seamSuite: BenchSuite = {
  name: 'seam',
  cases(quick) {
    const n = quick ? REPEAT / 10 : REPEAT;
    return [
      seamCase(
        'analyze nim 13 12 8',
        n,
        () => analyzePosition({ ruleset: 'nim', position: { heaps: ['13', '12', '8'] } }, ENGINE_ENV),
        () => runOperation('analyze', readRequest('analyze', { ruleset: 'nim', heaps: ['13', '12', '8'] }), ENGINE_ENV),
      ),
      seamCase(
        'analyze kayles 20 31 7 (Grundy values through the sequence source)',
        n,
        () => analyzePosition({ ruleset: 'kayles', position: { heaps: ['20', '31', '7'] } }, ENGINE_ENV),
        () =>
          runOperation('analyze', readRequest('analyze', { ruleset: 'kayles', heaps: ['20', '31', '7'] }), ENGINE_ENV),
      ),
      seamCase(
        'count subtract:1,2,3 over 3 heaps of 0..50',
        n,
        async () => ({
          count: String(
            await countPositions({ ruleset: 'subtract:1,2,3', heapCount: 3, max: 50, order: 'sorted' }, ENGINE_ENV),
          ),
        }),
        () => runOperation('count', readRequest('count', { ruleset: 'subtract:1,2,3', heaps: 3, max: 50 }), ENGINE_ENV),
      ),
      seamCase(
        'grundy kayles 0..100',
        n,
        () => grundyValues('kayles', 100, ENGINE_ENV),
        () => runOperation('grundy', readRequest('grundy', { ruleset: 'kayles', to: 100 }), ENGINE_ENV),
      ),
    ];
  },
};
