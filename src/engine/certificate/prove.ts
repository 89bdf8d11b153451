/**
 * Writing a version 2 certificate: a proof of a position's value whose size follows a pruned search
 * (Lemoine & Viennot's nimber search, Beling's improvement) rather than the closure under moves. An
 * oracle (the search that found the value) is asked which values components and options have, and
 * only chooses what to prove: every fact written is checked by the checker from the rules alone.
 *
 * - g(C) = n: each option is shown to differ from n, and for each j < n one option (a witness) is
 *   valued exactly j;
 * - an option differs from n: all its components but the largest are valued exactly (nim-sum f), and
 *   the largest is shown to differ from n xor f;
 * - g(C) != m: an option of value m when the oracle finds one (a `by` line names it), else C's exact
 *   value (it is not m).
 * Each fact is proved once (memoised by canonical key) and written after the facts it needs.
 */
import { type CheckableGame, cachedKey } from './common.ts';
import { type CertificateClaim, byLine, endLine, eqLine, headerLines, neLine } from './format.ts';
import type { BuiltCertificate } from './build.ts';

/** What the prover asks of the search: values, and whether a position (a sum) has a given value. */
export interface ProofOracle<P> {
  /** The Grundy value of one component. */
  value(component: P): number;
  /** True when the position (a sum of components) has Grundy value k. */
  has(position: P, k: number): boolean;
  /**
   * Whether the position has value k from what the oracle proved already, without searching
   * (undefined: it does not know). A search that stopped at the first refutation knows the one
   * witness it found: asking it first keeps the proof to the search's own tree, where asking
   * options in the prover's order searches options the search never needed (Sprouts 9 spots).
   */
  known?(position: P, k: number): boolean | undefined;
  /** The value of one component when the oracle knows it already, else undefined. */
  knownValue?(component: P): number | undefined;
}

/** What a proof claims: the position's Grundy value (the default), or only its outcome (smaller for an N-position). */
export interface ProofOptions {
  readonly claim?: 'value' | 'outcome';
}

/** A component of an option: the position and its canonical key (components without moves are left out: value 0). */
interface Part<P> {
  readonly position: P;
  readonly key: string;
  /** How large it looks (its text's length): the largest part of an option is the one refuted, not valued. */
  readonly size: number;
}

interface Option<P> {
  readonly position: P;
  readonly parts: Part<P>[];
}

/**
 * The version 2 certificate of `position` of `game` (spec: the header's game, whose reader reads
 * every component); `onFact` hears the count of facts written (progress, and a place to stop).
 * Recursion depth: a few frames per move of the longest line of play the proof follows.
 */
export function buildProof<P>(
  game: CheckableGame<P>,
  spec: string,
  position: P,
  oracle: ProofOracle<P>,
  onFact?: (facts: number) => void,
  options: ProofOptions = {},
): BuiltCertificate {
  const componentsOf = (p: P) => (game.components ? game.components(p) : [p]);
  const keyOf = cachedKey(game);
  /** How many moves a component has, by key: its size, for choosing what to prove (0: no move). */
  const movesByKey = new Map<string, number>();
  const movesOf = (c: P, key: string): number => {
    let n = movesByKey.get(key);
    if (n === undefined) {
      if (game.moveCount !== undefined) n = game.moveCount(c);
      else {
        n = 0;
        for (const _ of game.moves(c)) n++;
      }
      movesByKey.set(key, n);
    }
    return n;
  };
  /** The parts of a sum the checker needs facts about: components with moves, equal ones cancelled in pairs (G + G = 0). */
  const partsOf = (p: P): Part<P>[] => {
    const unpaired = new Map<string, Part<P>>();
    for (const c of componentsOf(p)) {
      const key = keyOf(c);
      if (unpaired.delete(key)) continue;
      const size = movesOf(c, key);
      if (size > 0) unpaired.set(key, { position: c, key, size });
    }
    return [...unpaired.values()];
  };
  const optionsOf = (c: P): Option<P>[] => {
    const out: Option<P>[] = [];
    for (const o of game.moves(c)) out.push({ position: o, parts: partsOf(o) });
    return out;
  };
  const exact = new Map<string, number>();
  const differs = new Set<string>();
  const facts: string[] = [];
  let count = 0;
  const wrote = (...lines: string[]) => {
    facts.push(...lines);
    count++;
    onFact?.(count);
  };

  /** The option's value when every part is proved exactly, else -1. */
  const provedValue = (o: Option<P>): number => {
    let sum = 0;
    for (const p of o.parts) {
      const v = exact.get(p.key);
      if (v === undefined) return -1;
      sum ^= v;
    }
    return sum;
  };
  /** Parts not yet proved exactly: the options cheapest to use as witnesses come first. */
  const openParts = (o: Option<P>) => o.parts.reduce((n, p) => n + (exact.has(p.key) ? 0 : p.size), 0);

  /** An option of value k (free when its parts are proved already, else asked of the oracle), or -1. */
  const witness = (options: Option<P>[], k: number, skip: readonly boolean[]): number => {
    for (let i = 0; i < options.length; i++) if (!skip[i] && provedValue(options[i]) === k) return i;
    // what the oracle knows first: a witness it found, and options it proved are not one
    const known =
      oracle.known === undefined ? null : options.map((o, i) => (skip[i] ? false : oracle.known!(o.position, k)));
    if (known !== null) for (let i = 0; i < options.length; i++) if (known[i] === true) return i;
    const order = options
      .map((o, i) => ({ i, cost: openParts(o) }))
      .filter(({ i, cost }) => !skip[i] && cost > 0 && known?.[i] !== false)
      .sort((a, b) => a.cost - b.cost);
    for (const { i } of order) if (oracle.has(options[i].position, k)) return i;
    return -1;
  };

  const proveOptionEq = (o: Option<P>): number => {
    let sum = 0;
    for (const p of o.parts) sum ^= proveEq(p);
    return sum;
  };

  const proveOptionNe = (o: Option<P>, n: number): void => {
    const open = o.parts.filter((p) => !exact.has(p.key));
    if (open.length === 0) {
      if (provedValue(o) === n)
        throw new Error(`the oracle's values give an option of a value-${n} component the value ${n}`);
      return;
    }
    // the largest open part is refuted, the others valued (as the search does); where the oracle
    // knows the values of all parts but some, the largest of those it does not know
    const unknown =
      oracle.knownValue === undefined ? [] : open.filter((p) => oracle.knownValue!(p.position) === undefined);
    const choices = unknown.length > 0 ? unknown : open;
    let largest = choices[0];
    for (const p of choices) if (p.size > largest.size) largest = p;
    let f = 0;
    for (const p of o.parts) if (p !== largest) f ^= proveEq(p);
    proveNe(largest, n ^ f);
  };

  function proveEq(part: Part<P>): number {
    const known = exact.get(part.key);
    if (known !== undefined) return known;
    const n = oracle.value(part.position);
    const options = optionsOf(part.position);
    const used = new Array<boolean>(options.length).fill(false);
    for (let j = 0; j < n; j++) {
      const i = witness(options, j, used);
      if (i < 0)
        throw new Error(
          `the oracle gives ${game.notation.formatPosition(part.position)} the value ${n} but no option of value ${j}`,
        );
      used[i] = true;
      proveOptionEq(options[i]);
    }
    options.forEach((o, i) => {
      if (!used[i]) proveOptionNe(o, n);
    });
    // a fact proved on the way (a cycle is impossible: every option is smaller) is not written twice
    if (!exact.has(part.key)) {
      exact.set(part.key, n);
      wrote(eqLine(n, game.notation.formatPosition(part.position)));
    }
    return n;
  }

  function proveNe(part: Part<P>, m: number): void {
    if (exact.has(part.key) || differs.has(`${part.key} ${m}`)) return;
    const options = optionsOf(part.position);
    const i = witness(options, m, []);
    if (i < 0) {
      proveEq(part);
      return;
    }
    proveOptionEq(options[i]);
    if (exact.has(part.key) || differs.has(`${part.key} ${m}`)) return;
    differs.add(`${part.key} ${m}`);
    wrote(
      neLine(m, game.notation.formatPosition(part.position)),
      byLine(game.notation.formatPosition(options[i].position)),
    );
  }

  const root: Option<P> = { position, parts: partsOf(position) };
  const text = game.notation.formatPosition(position);
  let claim: CertificateClaim;
  if (options.claim === 'outcome' && root.parts.length > 0 && !oracle.has(position, 0)) {
    // an N-position: one move to a value the other parts cancel, as an option is shown to differ from 0
    proveOptionNe(root, 0);
    claim = { game: spec, position: text, outcome: 'N' };
  } else {
    const value = proveOptionEq(root);
    claim =
      options.claim === 'outcome'
        ? { game: spec, position: text, outcome: value === 0 ? 'P' : 'N' }
        : { game: spec, position: text, value };
  }
  return {
    lines: [...headerLines(claim, 2), ...facts, endLine(count)],
    value: claim.value ?? null,
    outcome: claim.outcome ?? (claim.value === 0 ? 'P' : 'N'),
    facts: count,
  };
}
