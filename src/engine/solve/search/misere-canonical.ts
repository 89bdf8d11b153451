/**
 * Impartial games in misère canonical form (Conway's simplest form under misère play), each stored
 * once and named by a small integer, with their sums. Two games have the same id exactly when they
 * are equal under misère play in every sum (o⁻(G + X) = o⁻(H + X) for every impartial X).
 *
 * A game is built from the ids of its options (`construct`): duplicates merge, and a reversible
 * option is bypassed. Under misère play G = H when H's options are some of G's options and every
 * other option of G has H itself as an option (each reverses through H, and the outcomes agree: if
 * H has an option, G's outcome is H's, since the other options all have the move back to H). When H
 * is 0 (no option kept) the outcomes need not agree, since 0 is a misère N-position: then G must have
 * a P-position among its options (Conway, On Numbers and Games, ch. 12; Siegel, Combinatorial Game
 * Theory, ch. V.1). A kept set H must already be a canonical game: an option reversing through H has
 * H as an option, so H was built before, and its options are G's options of birthday below a gap
 * (an option moving to H is born at least two days after every option of H), which makes the
 * candidates a few prefixes of the options sorted by birthday.
 *
 * Sums are canonical forms of {G' + H, G + H'}, memoized by pair. Misère play is not a group: G + G
 * is not 0 in general (*2 + *2 is a P-position, 0 an N-position), so no pair cancels but *1 + *1,
 * which the rule above reduces to 0.
 *
 * Cost: construct sorts its options and probes a few prefixes, each a binary search per remaining
 * option; a sum costs one construct per pair of its summands' followers, once.
 */

/** The id of 0 (no option) and of *1 (the one option 0). */
export const ZERO = 0;
export const STAR_ONE = 1;

export class MisereGames {
  /** Options of each game, ascending by id. */
  private readonly optionsOf: Int32Array[] = [];
  private readonly born: number[] = [];
  private readonly loses: boolean[] = [];
  /** Canonical games by their options (ascending ids joined): only games in simplest form. */
  private readonly byOptions = new Map<string, number>();
  /** Every option set constructed so far, reduced or not, to its game. */
  private readonly built = new Map<string, number>();
  private readonly sums = new Map<number, number>();

  constructor() {
    this.record(new Int32Array(0));
    this.record(Int32Array.of(ZERO));
  }

  /** Games stored so far. */
  get size(): number {
    return this.optionsOf.length;
  }

  options(game: number): Int32Array {
    return this.optionsOf[game];
  }

  /** The birthday: 0 for 0, else one more than the latest of the options'. */
  birthday(game: number): number {
    return this.born[game];
  }

  /** True when the player to move loses under misère play (a game with no option is a win: the opponent moved last). */
  isP(game: number): boolean {
    return this.loses[game];
  }

  /** The simplest form of the game whose options are these games (in any order, repeats allowed). */
  construct(options: ArrayLike<number>): number {
    const sorted = Int32Array.from(options).sort();
    let n = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i];
    const opts = sorted.subarray(0, n);
    const key = opts.join(',');
    const known = this.built.get(key);
    if (known !== undefined) return known;
    const game = this.reduce(opts) ?? this.record(opts.slice());
    this.built.set(key, game);
    return game;
  }

  /** The misère sum G + H in simplest form. */
  add(g: number, h: number): number {
    if (g === ZERO) return h;
    if (h === ZERO) return g;
    if (g === STAR_ONE && h === STAR_ONE) return ZERO;
    const a = Math.min(g, h);
    const b = Math.max(g, h);
    const pair = a * 0x4000000 + b;
    const known = this.sums.get(pair);
    if (known !== undefined) return known;
    const ga = this.optionsOf[a];
    const gb = this.optionsOf[b];
    const opts: number[] = [];
    for (let i = 0; i < ga.length; i++) opts.push(this.add(ga[i], b));
    for (let i = 0; i < gb.length; i++) opts.push(this.add(a, gb[i]));
    const sum = this.construct(opts);
    this.sums.set(pair, sum);
    return sum;
  }

  /** True when `option` is an option of `game`. */
  hasOption(game: number, option: number): boolean {
    const opts = this.optionsOf[game];
    let lo = 0;
    let hi = opts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (opts[mid] === option) return true;
      if (opts[mid] < option) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** The simpler game these canonical options reduce to, or undefined when they are in simplest form. */
  private reduce(opts: Int32Array): number | undefined {
    if (opts.length === 0) return ZERO;
    const exact = this.byOptions.get(opts.join(','));
    if (exact !== undefined) return exact;
    // to 0: every option has the move to 0, and some option is a P-position (G is an N-position, as 0 is)
    if (opts[0] !== ZERO && opts.some((o) => this.loses[o]) && opts.every((o) => this.hasOption(o, ZERO))) return ZERO;
    const byBirth = Array.from(opts).sort((x, y) => this.born[x] - this.born[y] || x - y);
    for (let j = 1; j < byBirth.length; j++) {
      if (this.born[byBirth[j]] <= this.born[byBirth[j - 1]] + 1) continue;
      const kept = byBirth.slice(0, j).sort((x, y) => x - y);
      const target = this.byOptions.get(kept.join(','));
      if (target === undefined) continue;
      let reverses = true;
      for (let i = j; i < byBirth.length && reverses; i++) reverses = this.hasOption(byBirth[i], target);
      if (reverses) return target;
    }
    return undefined;
  }

  private record(opts: Int32Array): number {
    const game = this.optionsOf.length;
    let born = 0;
    let loses = opts.length > 0;
    for (let i = 0; i < opts.length; i++) {
      born = Math.max(born, this.born[opts[i]] + 1);
      if (this.loses[opts[i]]) loses = false;
    }
    this.optionsOf.push(opts);
    this.born.push(born);
    this.loses.push(loses);
    this.byOptions.set(opts.join(','), game);
    return game;
  }
}
