/** Explanations in words: the worked steps of an Explanation as plain text (what `nimber explain` prints). */
import type { Explanation } from '../solve/normal/explain.ts';

const parts = (p: readonly number[]) => (p.length === 0 ? 'nothing' : p.join(' + '));

/** The explanation as plain text (the CLI's output). */
export function formatExplanation(e: Explanation): string {
  const out: string[] = [];
  for (const h of e.heaps) {
    const more =
      h.optionCount > h.options.length
        ? ` (first ${h.options.length} of ${h.optionCount}${h.complete ? '' : '+'})`
        : '';
    out.push(
      `Heap ${h.heap}: ${h.optionCount === 0 ? 'no options' : `${h.optionCount}${h.complete ? '' : '+'} option${h.optionCount === 1 ? '' : 's'}`}${more}`,
    );
    for (const o of h.options) {
      const value = o.parts.length > 1 ? `${o.values.join(' xor ')} = ${o.value}` : String(o.value);
      out.push(`  -> ${parts(o.parts)}: value ${value}`);
    }
    out.push(
      `  values of the options: {${h.seen.join(', ')}}; mex = ${h.mex}, so g(${h.heap}) = ${h.mex}${h.complete ? '' : " (the kernel's value: too many options to scan)"}`,
    );
  }
  if (e.nimSum) {
    const s = e.nimSum;
    const width = s.binary.length;
    const labels = s.rows.map((r) => `heap ${r.heap}  g = ${r.grundy}`);
    const total = `nim-sum = ${s.nimSum}`;
    const labelWidth = Math.max(total.length, ...labels.map((l) => l.length));
    const label = (text: string) => text.padEnd(labelWidth);
    out.push('Nim-sum in binary columns (a column with an odd number of 1s gives 1):');
    s.rows.forEach((r, i) => void out.push(`  ${label(labels[i])}  ${r.binary}`));
    out.push(`  ${' '.repeat(labelWidth)}  ${'-'.repeat(width)}`);
    out.push(`  ${label(total)}  ${s.binary}`);
    if (s.highestBit === null) {
      out.push('Every column is even: a P-position, the player to move loses.');
    } else {
      out.push(
        `Highest set bit: 2^${s.highestBit} = ${2 ** s.highestBit}. A heap whose value has that bit drops to value g xor ${s.nimSum}, making every column even:`,
      );
      for (const m of s.moves) {
        out.push(
          `  heap ${m.index + 1}: ${m.grundy} xor ${s.nimSum} = ${m.target}${m.to ? `, move to ${m.to.join(' ')}` : ''}`,
        );
      }
    }
  }
  if (e.region) {
    const r = e.region;
    out.push(
      `Backward induction over every position with piles at most ${r.max}: a position is P when no move reaches a P-position, N when one does (-> the P-position it reaches).`,
    );
    if (r.piles === 2) {
      const w = Math.max(6, 2 * String(r.max).length + 5);
      out.push(('  y\\x ' + Array.from({ length: r.max + 1 }, (_, x) => String(x).padEnd(w)).join('')).trimEnd());
      for (let y = 0; y <= r.max; y++) {
        const row = Array.from({ length: r.max + 1 }, (_, x) => {
          const c = r.cells[x * (r.max + 1) + y];
          return (c.outcome === 'P' ? 'P' : `N>${c.reaches!.join(',')}`).padEnd(w);
        });
        out.push(`  ${String(y).padStart(3)} ${row.join('')}`.trimEnd());
      }
    } else {
      for (const c of r.cells)
        out.push(`  (${c.position.join(', ')}) ${c.outcome}${c.reaches ? ` -> (${c.reaches.join(', ')})` : ''}`);
    }
  }
  out.push(
    `So ${e.position.join(' ')} is ${e.outcome === 'N' ? 'an' : 'a'} ${e.outcome}-position: the player to move ${e.outcome === 'N' ? 'wins' : 'loses'}.`,
  );
  return out.join('\n');
}
