/**
 * The check every solved misère census row must pass: the quotient of the heaps its proof used,
 * extended by the proved period, gives the misère oracle's outcome on random sums of heaps with one
 * heap beyond the proof length (a seeded generator: the same sums every run).
 */
import { parseRuleset } from '../../src/engine/spec.ts';
import { misereOracleFor } from '../../src/engine/solve/misere/index.ts';
import { misereQuotient } from '../../src/engine/solve/misere/quotient.ts';
import { analyzeSolvedMisere } from '../../src/engine/solve/misere/solved.ts';
import type { HeapRuleset } from '../../src/engine/types.ts';
import type { MisereCensusRow } from '../../src/service/census/types.ts';
import { seededRandom } from '../../src/engine/random.ts';

/** Most positions the oracle explores for one row. */
const ORACLE_BUDGET = 3_000_000;

/** Rows whose proof needs more heaps are past the oracle's reach (it explores every sum of smaller heaps). */
export const ORACLE_PROOF_LIMIT = 40;

/**
 * The quotient built well past a solved row's proof (two periods and ten heaps more) has the row's
 * order and P-portion, and its pretending function follows the period: null, or what differs.
 */
export function checkSolvedFar(row: MisereCensusRow): string | null {
  const ruleset = parseRuleset(`takebreak:${row.code}`) as HeapRuleset;
  const far = misereQuotient(ruleset, Math.min(1000, row.heaps + 2 * row.period! + 10), { maxWork: 1e9 });
  const p = far.pPortion.reduce((a, b) => a + b, 0);
  if (far.size !== row.order || p !== row.pPortion)
    return `${row.code}: order ${far.size}, |P| ${p} to heap ${far.maxHeap}; the row says ${row.order}, ${row.pPortion}`;
  for (let n = row.preperiod! + row.period!; n <= far.maxHeap; n++)
    if (far.heapElement[n] !== far.heapElement[n - row.period!]) return `${row.code}: heap ${n} breaks the period`;
  return null;
}

/** Sums checked and the first disagreement (null: none), for one solved row whose proof needs few heaps. */
export function checkSolvedRow(
  row: MisereCensusRow,
  sums: number,
  beyond = 12,
): { checked: number; wrong: string | null } {
  const ruleset = parseRuleset(`takebreak:${row.code}`) as HeapRuleset;
  if (row.heaps > ORACLE_PROOF_LIMIT) throw new Error(`${row.code}: a proof of ${row.heaps} heaps is past the oracle`);
  const quotient = misereQuotient(ruleset, row.heaps - 1, { maxWork: 1e9 });
  const solved = {
    quotient,
    solution: { preperiod: row.preperiod!, period: row.period!, proofLength: row.heaps },
  };
  const oracle = misereOracleFor(ruleset, ORACLE_BUDGET);
  const next = seededRandom(row.heaps * 7919 + row.code.length);
  let checked = 0;
  for (let i = 0; i < sums; i++) {
    // one heap past the proof, and up to two small ones
    const heaps = [row.heaps + Math.floor(next() * beyond)];
    const small = Math.floor(next() * 3);
    for (let j = 0; j < small; j++) heaps.push(1 + Math.floor(next() * 6));
    const ours = analyzeSolvedMisere(ruleset, heaps.map(BigInt), solved, 1).outcome;
    const truth = oracle.isP(heaps) ? 'P' : 'N';
    checked++;
    if (ours !== truth) return { checked, wrong: `${row.code} ${heaps.join(' ')}: quotient ${ours}, oracle ${truth}` };
  }
  return { checked, wrong: null };
}
