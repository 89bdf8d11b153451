/** Analyses and moves in words: the generic heap and pile wording every face prints (a family may word its moves its own way). */
import type { Analysis } from '../types.ts';
import type { FarAnalysis } from '../solve/normal/analyze-far.ts';

/** The analysis in words: outcome first, then each winning move as "take k from heap i". */
export function describeAnalysis(a: Analysis): string {
  const lines: string[] = [];
  const sum = a.nimSum === null ? '' : `nim-sum ${a.nimSum}, `;
  lines.push(
    a.outcome === 'P' ? `P-position: ${sum}the player to move loses` : `N-position: ${sum}the player to move wins`,
  );
  if (a.outcome === 'N') {
    lines.push(`winning moves (${a.winningMoves.length}):`);
    for (const m of a.winningMoves) lines.push('  ' + describeMove(a.heaps, m.to));
  }
  return lines.join('\n');
}

/** "take 9 from heap 1 (13 -> 4): 4 12 8" when one heap shrank, "split heap 1 (8) into 3 + 5: …" or "take 1 from heap 1 (8) and split the rest into 3 + 4: …" for take-and-break moves; otherwise the new position. */
export function describeMove(from: readonly number[], to: readonly number[]): string {
  const changed = from.map((h, i) => (to[i] !== h ? i : -1)).filter((i) => i >= 0);
  if (to.length === from.length && changed.length === 1) {
    const i = changed[0];
    return `take ${from[i] - to[i]} from heap ${i + 1} (${from[i]} -> ${to[i]}): ${to.join(' ')}`;
  }
  if (
    to.length === from.length &&
    changed.length > 1 &&
    changed.every((i) => from[i] - to[i] === from[changed[0]] - to[changed[0]])
  ) {
    const k = from[changed[0]] - to[changed[0]];
    return `take ${k} from each of piles ${changed.map((i) => i + 1).join(', ')}: ${to.join(' ')}`;
  }
  // a take-and-break move: heap i became the parts to[i..i+extra], the heaps around it kept their places
  const extra = to.length - from.length;
  for (let i = 0; extra > 0 && i < from.length; i++) {
    if (from.slice(0, i).some((h, j) => to[j] !== h) || from.slice(i + 1).some((h, j) => to[i + 1 + extra + j] !== h))
      continue;
    const parts = to.slice(i, i + extra + 1);
    const taken = from[i] - parts.reduce((a, b) => a + b, 0);
    if (taken < 0) break;
    const into = parts.join(' + ');
    return taken === 0
      ? `split heap ${i + 1} (${from[i]}) into ${into}: ${to.join(' ')}`
      : `take ${taken} from heap ${i + 1} (${from[i]}) and split the rest into ${into}: ${to.join(' ')}`;
  }
  return `move to ${to.join(' ')}`;
}

/** An analysis of heaps of any size in words; the winning moves listed are the first of many when `truncated`. */
export function describeFarAnalysis(a: FarAnalysis): string {
  const lines: string[] = [];
  lines.push(
    a.outcome === 'P'
      ? `P-position: nim-sum ${a.nimSum}, the player to move loses`
      : `N-position: nim-sum ${a.nimSum}, the player to move wins`,
  );
  if (a.outcome === 'N') {
    lines.push(
      a.truncated
        ? `winning moves (the first ${a.winningMoves.length} found; there are more):`
        : `winning moves (${a.winningMoves.length}):`,
    );
    for (const m of a.winningMoves) lines.push('  ' + describeFarMove(a.heaps, m.to));
  }
  return lines.join('\n');
}

/** describeMove for bigint heaps: one heap shrank, or one heap became several parts. */
function describeFarMove(from: readonly bigint[], to: readonly bigint[]): string {
  const extra = to.length - from.length;
  for (let i = 0; i < from.length; i++) {
    if (from.slice(0, i).some((h, j) => to[j] !== h) || from.slice(i + 1).some((h, j) => to[i + 1 + extra + j] !== h))
      continue;
    const parts = to.slice(i, i + extra + 1);
    const taken = from[i] - parts.reduce((a, b) => a + b, 0n);
    if (taken < 0n) break;
    if (extra === 0) return `take ${taken} from heap ${i + 1} (${from[i]} -> ${parts[0]}): ${to.join(' ')}`;
    const into = parts.join(' + ');
    return taken === 0n
      ? `split heap ${i + 1} (${from[i]}) into ${into}: ${to.join(' ')}`
      : `take ${taken} from heap ${i + 1} (${from[i]}) and split the rest into ${into}: ${to.join(' ')}`;
  }
  return `move to ${to.join(' ')}`;
}
