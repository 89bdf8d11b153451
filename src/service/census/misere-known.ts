/**
 * Misère quotients known from the literature that a misère census row must reproduce: the order
 * and P-portion of the quotient of every heap (so only a solved row can agree or disagree).
 */

export interface KnownQuotient {
  /** The code as the census enumerates it. */
  readonly code: string;
  readonly order: number;
  readonly pPortion: number;
  readonly source: string;
}

export const KNOWN_QUOTIENTS: readonly KnownQuotient[] = [
  // R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2}: the only quotient of order 8
  { code: '0.75', order: 8, pPortion: 2, source: 'R8, Plambeck & Siegel, JCTA 115 (2008)' },
  { code: '0.77', order: 40, pPortion: 9, source: "Kayles, Siegel's MisereSolver (CGSuite)" },
];

export type KnownVerdict = 'agrees' | 'disagrees' | 'not reached' | 'not known';

/** Whether a row agrees with the known quotient of its code, and the fact it was held to. */
export function checkKnownQuotient(row: { code: string; status: string; order: number; pPortion: number }): {
  verdict: KnownVerdict;
  note: string | null;
} {
  const known = KNOWN_QUOTIENTS.find((k) => k.code === row.code);
  if (!known) return { verdict: 'not known', note: null };
  const note = `order ${known.order}, |P| ${known.pPortion} (${known.source})`;
  if (row.status !== 'solved') return { verdict: 'not reached', note };
  const ok = row.order === known.order && row.pPortion === known.pPortion;
  return { verdict: ok ? 'agrees' : 'disagrees', note };
}
