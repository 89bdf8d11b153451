/**
 * Coin-turning rules (Winning Ways ch. 14): which coins a move may turn over, given the rightmost
 * one (which goes from heads to tails). A rule is a named game of the literature or a small grammar:
 *
 *   rule       := count ('/' constraint)*
 *   count      := N | N-M | N- (N or more) | any (= 1-)     how many coins one move turns, the rightmost included
 *   constraint := consecutive             the coins turned are next to each other
 *               | spaced                  the coins turned are equally spaced
 *               | within=D                every coin turned is at most D places left of the rightmost
 *               | distance=D1,D2,...      every other coin turned is at one of these distances from the rightmost
 *
 * Coins are indexed from 0 here (coin 1 of the user's text is index 0); the set of coins a move may
 * turn depends only on the rightmost one, so a lone head on coin n is a heap n.
 */
import { InputError } from '../../errors.ts';

export interface CoinRule {
  /** Canonical text: the literature's name when the rule is a named one, else the grammar's normal form. */
  readonly text: string;
  /** The literature's name, e.g. "Mock Turtles", or null. */
  readonly title: string | null;
  readonly minCoins: number;
  /** Infinity: no upper bound. */
  readonly maxCoins: number;
  readonly consecutive: boolean;
  readonly spaced: boolean;
  readonly within: number | null;
  readonly distances: readonly number[] | null;
}

/** The named rules of the literature: name, title, rule in the grammar, where it comes from. */
export const NAMED_RULES: readonly (readonly [name: string, title: string, rule: string, about: string])[] = [
  ['turning-turtles', 'Turning Turtles', '1-2', 'turn one or two coins (Nim: a head on coin n is a heap n)'],
  ['twins', 'Twins', '2', 'turn exactly two coins (a head on coin n is a Nim heap n-1)'],
  ['mock-turtles', 'Mock Turtles', '1-3', 'turn one, two or three coins (values: the odious numbers)'],
  ['moebius', 'Moebius', '1-5', 'turn one to five coins'],
  ['mogul', 'Mogul', '1-7', 'turn one to seven coins'],
  ['ruler', 'Ruler', 'any/consecutive', 'turn any run of consecutive coins (values: the ruler function)'],
  ['rulerette', 'Rulerette', '2-/consecutive', 'turn a run of at least two consecutive coins'],
  ['ternups', 'Ternups', '3/spaced', 'turn three equally spaced coins'],
];

const MAX_COUNT = 64;
const MAX_DISTANCE = 100_000;

/** Reads a rule (a name or the grammar); throws InputError naming what is wrong. */
export function parseCoinRule(text: string): CoinRule {
  const raw = text.trim().toLowerCase();
  if (raw === '')
    throw new InputError(
      `a coin-turning rule is empty; give a name (${ruleNames()}) or a rule such as 1-3/consecutive`,
    );
  const named = NAMED_RULES.find(([name]) => name === raw);
  const rule = readGrammar(named ? named[2] : raw, text.trim());
  const normal = normalText(rule);
  const same = NAMED_RULES.find(([, , grammar]) => normalText(readGrammar(grammar, grammar)) === normal);
  return { ...rule, text: same ? same[0] : normal, title: same ? same[1] : null };
}

function ruleNames(): string {
  return NAMED_RULES.map(([name]) => name).join(', ');
}

type RuleShape = Omit<CoinRule, 'text' | 'title'>;

function readGrammar(text: string, shown: string): RuleShape {
  const [count, ...constraints] = text.split('/').map((s) => s.trim());
  const m = /^(?:(any)|(\d{1,3})(?:(-)(\d{1,3})?)?)$/.exec(count);
  if (!m)
    throw new InputError(
      `'${shown}' is not a coin-turning rule: it starts with how many coins a move turns (2, 1-3, 2- or any), or is a name (${ruleNames()})`,
    );
  const minCoins = m[1] ? 1 : Number(m[2]);
  const maxCoins = m[1] || (m[3] && m[4] === undefined) ? Infinity : m[3] ? Number(m[4]) : minCoins;
  if (minCoins < 1)
    throw new InputError(`in '${shown}': a move turns at least one coin (the rightmost, heads to tails)`);
  if (maxCoins < minCoins)
    throw new InputError(`in '${shown}': ${minCoins}-${maxCoins} is an empty range of coin counts`);
  if (minCoins > MAX_COUNT || (maxCoins !== Infinity && maxCoins > MAX_COUNT))
    throw new InputError(`in '${shown}': at most ${MAX_COUNT} coins a move (or no bound: ${minCoins}-)`, 'too-large');
  const shape = {
    minCoins,
    maxCoins,
    consecutive: false,
    spaced: false,
    within: null as number | null,
    distances: null as number[] | null,
  };
  for (const c of constraints) {
    if (c === 'consecutive') shape.consecutive = true;
    else if (c === 'spaced') shape.spaced = true;
    else if (c.startsWith('within=')) shape.within = positive(c.slice(7), 'within', shown);
    else if (c.startsWith('distance=')) {
      const ds = c
        .slice(9)
        .split(',')
        .map((d) => positive(d, 'distance', shown));
      shape.distances = [...new Set(ds)].sort((a, b) => a - b);
    } else
      throw new InputError(
        `in '${shown}': '${c}' is not a constraint; expected consecutive, spaced, within=D or distance=D1,D2,...`,
      );
  }
  if (shape.consecutive && shape.spaced)
    throw new InputError(`in '${shown}': consecutive coins are already equally spaced; give one of the two`);
  return shape;
}

function positive(text: string, what: string, shown: string): number {
  if (!/^\d{1,6}$/.test(text.trim()) || Number(text) < 1)
    throw new InputError(`in '${shown}': ${what} must be a positive whole number, got '${text}'`);
  const n = Number(text);
  if (n > MAX_DISTANCE)
    throw new InputError(`in '${shown}': ${what} ${n} is above the maximum of ${MAX_DISTANCE}`, 'too-large');
  return n;
}

function normalText(rule: RuleShape): string {
  const count =
    rule.maxCoins === Infinity
      ? rule.minCoins === 1
        ? 'any'
        : `${rule.minCoins}-`
      : rule.maxCoins === rule.minCoins
        ? `${rule.minCoins}`
        : `${rule.minCoins}-${rule.maxCoins}`;
  const parts = [count];
  if (rule.consecutive) parts.push('consecutive');
  if (rule.spaced) parts.push('spaced');
  if (rule.within !== null) parts.push(`within=${rule.within}`);
  if (rule.distances !== null) parts.push(`distance=${rule.distances.join(',')}`);
  return parts.join('/');
}

/** The rule in words, e.g. "turn 1 to 3 coins". */
export function describeRule(rule: CoinRule): string {
  const named = NAMED_RULES.find(([name]) => name === rule.text);
  if (named) return named[3];
  const count =
    rule.maxCoins === Infinity
      ? `${rule.minCoins} or more coins`
      : rule.maxCoins === rule.minCoins
        ? `${rule.minCoins} coin${rule.minCoins === 1 ? '' : 's'}`
        : `${rule.minCoins} to ${rule.maxCoins} coins`;
  const more: string[] = [];
  if (rule.consecutive) more.push('consecutive');
  if (rule.spaced) more.push('equally spaced');
  if (rule.within !== null) more.push(`within ${rule.within} of the rightmost`);
  if (rule.distances !== null) more.push(`the others at distance ${rule.distances.join(', ')} from the rightmost`);
  return `turn ${count}${more.length ? ` (${more.join('; ')})` : ''}`;
}

/** The coins left of coin n a move whose rightmost coin is n may turn, ascending. */
function candidates(rule: RuleShape, n: number): number[] {
  if (rule.distances !== null)
    return rule.distances
      .map((d) => n - d)
      .filter((i) => i >= 0 && (rule.within === null || n - i <= rule.within))
      .reverse();
  const from = rule.within === null ? 0 : Math.max(0, n - rule.within);
  return Array.from({ length: n - from }, (_, k) => from + k);
}

/** How many coins candidates(rule, n) lists, without listing them (n may be huge). */
function poolSize(rule: RuleShape, n: number): number {
  if (rule.distances !== null) return candidates(rule, n).length;
  return rule.within === null ? n : Math.min(n, rule.within);
}

/**
 * Every set of other coins a move whose rightmost coin is n turns with it (each ascending, the
 * empty set when turning coin n alone is a move), lazily.
 */
export function* turnSets(rule: RuleShape, n: number): Generator<number[]> {
  const pool = candidates(rule, n);
  const allowed = new Set(pool);
  const most = Math.min(rule.maxCoins - 1, pool.length);
  for (let others = rule.minCoins - 1; others <= most; others++) {
    if (rule.consecutive || rule.spaced) {
      const maxStep = rule.consecutive || others <= 1 ? 1 : Math.floor(n / others);
      for (let step = 1; step <= maxStep; step++) {
        if (others === 1 && rule.spaced) {
          for (const i of pool) yield [i];
          break;
        }
        const set = Array.from({ length: others }, (_, k) => n - (others - k) * step);
        if (set.every((i) => allowed.has(i))) yield set;
      }
    } else yield* combinations(pool, others);
  }
}

function* combinations(pool: readonly number[], size: number): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  const pick = Array.from({ length: size }, (_, k) => k);
  while (true) {
    yield pick.map((k) => pool[k]);
    let i = size - 1;
    while (i >= 0 && pick[i] === pool.length - size + i) i--;
    if (i < 0) return;
    pick[i]++;
    for (let j = i + 1; j < size; j++) pick[j] = pick[j - 1] + 1;
  }
}

/** True when a move whose rightmost coin is n may turn exactly `others` (ascending, all left of n) with it. */
export function isTurnSet(rule: RuleShape, n: number, others: readonly number[]): boolean {
  const count = others.length + 1;
  if (count < rule.minCoins || count > rule.maxCoins) return false;
  const pool = new Set(candidates(rule, n));
  if (!others.every((i) => pool.has(i))) return false;
  const all = [...others, n];
  if (rule.consecutive) return all.every((i, k) => k === 0 || i === all[k - 1] + 1);
  if (rule.spaced) return all.every((i, k) => k < 2 || i - all[k - 1] === all[1] - all[0]);
  return true;
}

/** True when some move whose rightmost coin is n turns every coin of `chosen` (all left of n) and maybe more. */
export function extendsTo(rule: RuleShape, n: number, chosen: readonly number[]): boolean {
  for (const set of turnSets(rule, n)) if (chosen.every((i) => set.includes(i))) return true;
  return false;
}

/** How many moves have coin n as their rightmost coin, or a bound above it (a measure of work, in floating point; may be Infinity). */
export function turnSetCount(rule: RuleShape, n: number): number {
  const pool = poolSize(rule, n);
  const least = rule.minCoins - 1;
  const most = Math.min(rule.maxCoins - 1, pool);
  if (most < least) return 0;
  if (rule.consecutive) return most - least + 1;
  if (rule.spaced) {
    // no others: 1 move; one other: any coin of the pool; k >= 2 others: at most n / k steps
    let total = least === 0 ? 1 : 0;
    if (least <= 1 && most >= 1) total += pool;
    if (most >= 2) total += n * (1 + Math.log(most));
    return total;
  }
  let total = 0;
  for (let others = least; others <= most; others++) {
    total += binomial(pool, others);
    if (total > 1e18) return Infinity;
  }
  return total;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/**
 * The most coins a row may have under a work budget: the moves of a lone head on each coin, summed
 * over the row, stay within `budget` (the count of moves grows with n).
 */
export function maxCoinsFor(rule: RuleShape, budget: number, cap: number): number {
  let lo = 0;
  let hi = cap;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (mid * turnSetCount(rule, mid - 1) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
