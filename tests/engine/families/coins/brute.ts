/** Grundy values by the definition alone: the mex over every real move of the whole position, memoised by a key. */
export function bruteGrundy<P>(moves: (p: P) => Iterable<P>, key: (p: P) => string): (p: P) => number {
  const memo = new Map<string, number>();
  const value = (p: P): number => {
    const k = key(p);
    const known = memo.get(k);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    for (const q of moves(p)) seen.add(value(q));
    let m = 0;
    while (seen.has(m)) m++;
    memo.set(k, m);
    return m;
  };
  return value;
}

/** Every subset of 0..n-1, as ascending arrays. */
export function* subsets(n: number): Generator<number[]> {
  for (let mask = 0; mask < 2 ** n; mask++) {
    const out: number[] = [];
    for (let i = 0; i < n; i++) if (mask & (1 << i)) out.push(i);
    yield out;
  }
}
