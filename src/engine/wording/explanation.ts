/** Explanations in words: the worked steps of an Explanation as plain text (what `nimber explain` prints). */
import type { Explanation, HeapExplanation, MisereExplanation } from '../solve/normal/explain.ts';
import type { FarExplanation, FarHeapExplanation, FarNimSum } from '../solve/normal/explain-far.ts';

const parts = (p: readonly (number | bigint)[]) => (p.length === 0 ? 'nothing' : p.join(' + '));

/** A heap worked out option by option: its options, their values and the mex. */
function heapLines(h: HeapExplanation): string[] {
  const more =
    h.optionCount > h.options.length ? ` (first ${h.options.length} of ${h.optionCount}${h.complete ? '' : '+'})` : '';
  const out = [
    `Heap ${h.heap}: ${h.optionCount === 0 ? 'no options' : `${h.optionCount}${h.complete ? '' : '+'} option${h.optionCount === 1 ? '' : 's'}`}${more}`,
  ];
  for (const o of h.options) {
    const value = o.parts.length > 1 ? `${o.values.join(' xor ')} = ${o.value}` : String(o.value);
    out.push(`  -> ${parts(o.parts)}: value ${value}`);
  }
  out.push(
    `  values of the options: {${h.seen.join(', ')}}; mex = ${h.mex}, so g(${h.heap}) = ${h.mex}${h.complete ? '' : " (the kernel's value: too many options to scan)"}`,
  );
  return out;
}

/** The nim-sum in binary columns and the move of each heap that has its highest bit. */
function nimSumLines(s: (Explanation['nimSum'] & {}) | FarNimSum): string[] {
  const out: string[] = [];
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
    // the verdict follows once, in the closing line
    out.push('Every column is even: the nim-sum is 0.');
  } else {
    out.push(
      `Highest set bit: 2^${s.highestBit} = ${2n ** BigInt(s.highestBit)}. A heap whose value has that bit drops to value g xor ${s.nimSum}, making every column even:`,
    );
    for (const m of s.moves) {
      out.push(
        `  heap ${m.index + 1}: ${m.grundy} xor ${s.nimSum} = ${m.target}${m.to ? `, move to ${m.to.join(' ')}` : ''}`,
      );
    }
  }
  return out;
}

/** A far heap: its value from the period's residue (or the closed form), and its options by value. */
function farHeapLines(h: FarHeapExplanation): string[] {
  const st = h.step;
  if (st.kind === 'closed form') return [`Heap ${h.heap}: by ${st.name}, g(${h.heap}) = ${h.grundy}`];
  const laps = st.saltus === 0 ? '' : ` + ${st.laps} × ${st.saltus}`;
  const out = [
    `Heap ${h.heap}: the values are periodic with period ${st.period} from heap ${st.preperiod}${st.saltus === 0 ? '' : ` (saltus ${st.saltus})`}, proved; ${h.heap} − ${st.preperiod} ≡ ${st.residue} (mod ${st.period}), so g(${h.heap}) = g(${st.base})${laps} = ${h.grundy}`,
  ];
  if (h.scanned === 0) return out;
  out.push(
    `  its options whose free part (the smaller heap of a split, the tokens taken) is below ${h.horizon} show every value an option can have: ${h.scanned} of them, the first ${h.options.length}:`,
  );
  for (const o of h.options) {
    const value = o.parts.length > 1 ? `${o.values.join(' xor ')} = ${o.value}` : String(o.value);
    out.push(`  -> ${parts(o.parts)}: value ${value}`);
  }
  out.push(
    `  values of the options: {${h.seen.join(', ')}}; mex = ${h.mex}${h.mex === h.grundy ? ', as the period says' : ''}`,
  );
  return out;
}

/** A position with far heaps: small heaps option by option, far heaps from the period, then the nim-sum. */
function formatFarExplanation(e: FarExplanation): string {
  const out = [...e.heaps.flatMap(heapLines), ...e.farHeaps.flatMap(farHeapLines), ...nimSumLines(e.nimSum)];
  out.push(verdict(e));
  return out.join('\n');
}

/** The explanation as plain text (the CLI's output). */
export function formatExplanation(e: Explanation | FarExplanation): string {
  if (e.kind === 'far') return formatFarExplanation(e);
  const out: string[] = e.heaps.flatMap(heapLines);
  if (e.nimSum) out.push(...nimSumLines(e.nimSum));
  if (e.misereReasoning) out.push(...misereLines(e.misereReasoning, e.outcome));
  if (e.region) {
    const r = e.region;
    out.push(
      `Backward induction over every position with piles at most ${r.max}: a position with no move is ${r.noMove}; any other is P when no move reaches a P-position, N when one does (-> the P-position it reaches).`,
    );
    if (r.piles === 2) {
      const w = Math.max(6, 2 * String(r.max).length + 5);
      out.push(('  y\\x ' + Array.from({ length: r.max + 1 }, (_, x) => String(x).padEnd(w)).join('')).trimEnd());
      for (let y = 0; y <= r.max; y++) {
        const row = Array.from({ length: r.max + 1 }, (_, x) => {
          const c = r.cells[x * (r.max + 1) + y];
          return (c.outcome === 'P' ? 'P' : c.reaches ? `N>${c.reaches.join(',')}` : 'N').padEnd(w);
        });
        out.push(`  ${String(y).padStart(3)} ${row.join('')}`.trimEnd());
      }
    } else {
      for (const c of r.cells)
        out.push(`  (${c.position.join(', ')}) ${c.outcome}${c.reaches ? ` -> (${c.reaches.join(', ')})` : ''}`);
    }
  }
  out.push(verdict(e));
  return out.join('\n');
}

/** The closing line: the outcome under the convention explained, and a winning move when there is one. */
export function verdict(
  e:
    | Pick<Explanation, 'position' | 'outcome' | 'winningMove' | 'convention'>
    | Pick<FarExplanation, 'position' | 'outcome' | 'winningMove' | 'convention'>,
): string {
  const under = e.convention === 'misere' ? ' under misère play' : '';
  const move = e.winningMove ? `, e.g. by moving to ${e.winningMove.join(' ')}` : '';
  return `So ${e.position.join(' ')} is ${e.outcome === 'N' ? 'an' : 'a'} ${e.outcome}-position${under}: the player to move ${e.outcome === 'N' ? `wins${move}` : 'loses'}.`;
}

/** The misère reasoning: Bouton's misère rule on the genera, the quotient's element, or the search. */
function misereLines(m: MisereExplanation, outcome: Explanation['outcome']): string[] {
  const out = ['Misère play: the player who makes the last move loses.'];
  if (m.method === 'genus' && m.genus) {
    out.push(
      "Every heap is tame (Conway's genus g^γ0γ1…: 0^120 plays like an empty heap, 1^031 like *1, any other tame genus is restive, like a Nim heap of 2 or more):",
    );
    for (const h of m.genus)
      out.push(`  heap ${h.heap}: g = ${h.grundy}, genus ${h.genus}${h.restive ? ', restive' : ''}`);
    out.push(
      "Bouton's misère rule: with a restive heap the position is P when the nim-sum is 0; with none (only heaps like 0 and *1) it is P when the nim-sum is 1.",
    );
    out.push(
      `Here the nim-sum is ${m.nimSum} and ${m.restive ? 'a heap is restive' : 'no heap is restive'}: ${outcome === 'N' ? 'an' : 'a'} ${outcome}-position.`,
    );
  } else if (m.method === 'quotient') {
    out.push(
      `Some heap is not tame, so nim-sums do not decide. In the misère quotient of this ruleset (${m.quotientSize} elements) the position is ${m.element}, ${outcome === 'P' ? 'in' : 'outside'} its P-portion.`,
    );
  } else {
    out.push(
      'Nim-sums do not decide misère play here: every position below this one is labelled by backward induction under misère play (a position with no move is N: the opponent moved last).',
    );
  }
  if (m.moveCount > 0) {
    const more = m.moveCount > m.winningMoves.length ? ` (the first ${m.winningMoves.length} of ${m.moveCount})` : '';
    out.push(`Winning moves under misère play${more}:`);
    for (const to of m.winningMoves) out.push(`  move to ${to.join(' ')}`);
  }
  return out;
}
