/**
 * The census's reference column: each row compared with Czajka's published tables (reference.ts),
 * matched through standard forms. Nothing is hidden: a row that contradicts a published fact
 * says 'disagrees' and with what; a game published as solved that this run did not compute far
 * enough to prove says 'not reached'.
 */
import { standardForm } from '../../engine/families/takebreak/codes.ts';
import { parseTakeBreak } from '../../engine/families/takebreak/index.ts';
import {
  SOLVED_GAMES,
  TRIVIAL_GAMES,
  UNSOLVED_GAMES,
  type SolvedReference,
  type TrivialReference,
  type UnsolvedReference,
} from './reference.ts';
import type { NormalCensusRow } from './types.ts';

export type ReferenceVerdict = 'agrees' | 'disagrees' | 'not reached' | 'not in reference';

export interface ReferenceCheck {
  readonly verdict: ReferenceVerdict;
  /** What the reference says and how this row differs (null when there is nothing to add). */
  readonly note: string | null;
}

type Published =
  | { kind: 'solved'; ref: SolvedReference }
  | { kind: 'trivial'; ref: TrivialReference }
  | { kind: 'unsolved'; ref: UnsolvedReference };

let index: Map<string, Published[]> | null = null;

/** Published rows by our standard form of their code. */
function published(): Map<string, Published[]> {
  if (index) return index;
  const map = new Map<string, Published[]>();
  const add = (code: string, p: Published) => {
    const form = standardForm(code);
    const list = map.get(form);
    if (list) list.push(p);
    else map.set(form, [p]);
  };
  for (const ref of SOLVED_GAMES) add(ref.code, { kind: 'solved', ref });
  for (const ref of TRIVIAL_GAMES) add(ref.code, { kind: 'trivial', ref });
  for (const ref of UNSOLVED_GAMES) add(ref.code, { kind: 'unsolved', ref });
  index = map;
  return map;
}

/** The published codes, in our standard forms (tests, the bench). */
export function publishedForms(): { solved: string[]; trivial: string[]; unsolved: string[] } {
  return {
    solved: SOLVED_GAMES.map((r) => standardForm(r.code)),
    trivial: TRIVIAL_GAMES.map((r) => standardForm(r.code)),
    unsolved: UNSOLVED_GAMES.map((r) => standardForm(r.code)),
  };
}

/** Values g(0..length-1) of a code (for the nimbers of TrivialGames.md). */
export type ValuesOf = (code: string, length: number) => ArrayLike<number>;

/** Compares a row with every published row of its standard form. */
export function checkAgainstReference(row: NormalCensusRow, valuesOf: ValuesOf): ReferenceCheck {
  const refs = published().get(row.code);
  if (!refs) return { verdict: 'not in reference', note: null };
  const checks = refs.map((p) => checkOne(row, p, valuesOf));
  const worst =
    checks.find((c) => c.verdict === 'disagrees') ?? checks.find((c) => c.verdict === 'not reached') ?? checks[0];
  const notes = checks.map((c) => c.note).filter((n): n is string => n !== null);
  return { verdict: worst.verdict, note: notes.length > 0 ? notes.join('; ') : null };
}

function neededHeaps(code: string, preperiod: number, period: number): number {
  const theorem = parseTakeBreak(code).certificationLength;
  return theorem ? theorem(preperiod, period) : preperiod + 2 * period;
}

function checkOne(row: NormalCensusRow, p: Published, valuesOf: ValuesOf): ReferenceCheck {
  const name = p.ref.code;
  if (p.kind === 'unsolved') {
    if (row.status === 'unsolved') return { verdict: 'agrees', note: `unsolved in the reference (${name})` };
    return {
      verdict: 'disagrees',
      note: `the reference lists ${name} as unsolved; here proved: preperiod ${row.preperiod}, period ${row.period}`,
    };
  }
  const { preperiod, period } = p.ref;
  if (row.status === 'unsolved') {
    const needed = neededHeaps(row.code, preperiod, period);
    const said = `the reference (${name}) has preperiod ${preperiod}, period ${period}`;
    if (row.heaps < needed) {
      // a game stopped by its seconds depends on the machine: say so, and which budget reaches it
      const why =
        row.stopped === 'seconds'
          ? `stopped by the time budget (${row.budget.seconds} s) on this machine: a larger --seconds reaches it`
          : row.stopped === 'work'
            ? `stopped by the work budget (${row.budget.maxWork} pair checks): a larger --max-work reaches it`
            : `stopped by the heap budget: --max-heaps ${needed} reaches it`;
      return {
        verdict: 'not reached',
        note: `${said}; its proof needs ${needed} heaps, ${row.heaps} computed here, ${why}`,
      };
    }
    return {
      verdict: 'disagrees',
      note: `${said}, provable from ${needed} heaps, yet ${row.heaps} computed here prove nothing`,
    };
  }
  const diffs: string[] = [];
  const notes: string[] = [];
  if (row.preperiod !== preperiod || row.period !== period)
    diffs.push(`preperiod ${preperiod}, period ${period} in the reference (${name})`);
  if (p.kind === 'trivial') {
    const expected = p.ref.nimbers;
    const got = nimberText(valuesOf(row.code, preperiod + period), preperiod);
    if (got !== expected) diffs.push(`nimbers ${expected} in the reference, here ${got}`);
  } else {
    const ref = p.ref;
    if (row.largestValue !== ref.largest || row.largestAt !== ref.largestAt)
      diffs.push(`largest ${ref.largest} at ${ref.largestAt} in the reference`);
    const ours = row.rare;
    if (ref.rare && ours && ref.rare.mask === ours.mask && ref.rare.twist === ours.twist) {
      const count = ours.count + (ours.zeroRare ? 1 : 0);
      if (count !== ref.rare.count || ours.last !== ref.rare.last)
        diffs.push(
          `mask ${maskText(ref.rare.mask, ref.rare.twist)}: ${ref.rare.count} rare heaps, last ${ref.rare.last} in the reference`,
        );
    } else if (ref.rare || ours) {
      // the mask is a method's choice, not a fact of the game: a different one is noted, not a disagreement
      const theirs = ref.rare
        ? `mask ${maskText(ref.rare.mask, ref.rare.twist)}, ${ref.rare.count} rare, last ${ref.rare.last}`
        : 'no rare split';
      notes.push(`rare split chosen differently: the reference has ${theirs}`);
    }
  }
  if (diffs.length > 0) return { verdict: 'disagrees', note: diffs.concat(notes).join('; ') };
  return { verdict: 'agrees', note: notes.length > 0 ? notes.join('; ') : null };
}

/** Czajka's notation of a mask: hex, '+pos' for the twist. */
export function maskText(mask: number, twist: boolean): string {
  return mask.toString(16) + (twist ? '+pos' : '');
}

/** Values as TrivialGames.md writes them: one base-36 digit each, the period in parentheses. */
export function nimberText(values: ArrayLike<number>, preperiod: number): string {
  let out = '';
  for (let n = 0; n < values.length; n++) {
    if (n === preperiod) out += '(';
    out += values[n] < 36 ? values[n].toString(36).toUpperCase() : `[${values[n]}]`;
  }
  return out + ')';
}
