/**
 * The normal-play search of Sprouts the way the record holders run it (Lemoine and Viennot's Glop):
 * a node is a land with a nim heap beside it, L + *n, and the only question is its outcome. L + *n
 * is a loss (P) exactly when g(L) = n, so one outcome search answers "is the nimber of L n?", and
 * the nimber of L is the first n whose answer is yes.
 *
 * The children of L + *n are L + *j for j < n (a move in the heap) and O + *n for each option O of L;
 * O may be several lands. L + *n is a win at the first child that is a loss. Before a child is
 * searched it is settled, when it can be, by the database alone: the lands whose nimbers are known
 * fold into the heap, and a child left with no land, or with one land whose answer for that heap is
 * known, needs no search. Children whose lands the search has already asked about come first (fewer
 * lives of lands never asked: their options are listed and keyed, and part of their answers known),
 * then in the order of Glop's "pseudo-lives" (the lives of the lands still unknown plus four per
 * unit of the heap: fewer first), more lands first on a tie.
 * A child with several unknown lands has the nimbers of all but its largest computed first (each
 * one an outcome search, from 0 up), and is then the question of its largest land with the heap
 * they fold into.
 *
 * The database: per land (by its canonical text, canonical.ts), its nimber once known, else the
 * heaps proved to be wins beside it (atLeast and a mask). These are the (land, nimber) facts; every
 * later question reads them, so a land is searched once for each heap asked, wherever it occurs.
 *
 * A question's children are searched in rounds of growing budgets, in that order: each open child
 * until it answers or has searched a budget of questions (64 at first, four times more each round).
 * Before each later round every open child is asked again with a small budget (RECHECK): what the
 * other children proved meanwhile often settles it, and a child stopped a question short of its
 * answer should not wait while every other child spends the larger budget.
 * The order alone commits the search to a child whose proof may be long while a cheaper child
 * answers: the 12-spot start's last child took over 390,000 questions one child after another and
 * was not settled (rounds only among children that tie, as before); with rounds over every child
 * the whole start takes about 27,000. What a stopped search proved stays in the database.
 *
 * Cost: a land is expanded (its moves generated) once while its options are kept (a bounded cache),
 * and its options are keyed one by one as its questions reach them (Listing, below); the work is the
 * number of (land, heap) questions that are not settled by the database.
 *
 * Memory: a search with a time limit keeps a database sized for that time, as the grid core's table
 * is (a server's 2 s search fits its worker's heap however fast the machine). Past that many lands
 * the lands whose nimber is unknown go (every land, when the valued ones alone fill half the bound),
 * with every cached option list, but not what they proved: each dropped land's facts are kept by its
 * key alone, a number beside a text (about a tenth of an entry, which holds the land's drawing), and
 * a land met again starts from them. Only past a bound on those kept facts are facts lost: the heaps
 * proved wins first, then the nimbers. A fact proved on an entry dropped while a question held it
 * goes to the key's new entry or its kept facts.
 */
import { SearchStopped, type SearchStats } from '../../solve/search/budgeted.ts';
import type { SearchProgress, StopSignal } from '../../types.ts';
import { landKey } from './canonical.ts';
import type { LandFact } from './facts.ts';
import { landLives, normalize, splitLands, sproutsLands, sproutsResults } from './moves.ts';
import type { SproutsPosition } from './position.ts';

/** What the database knows of one land. */
interface Land {
  readonly key: string;
  /** The land as first met (every land with this key has the same game). */
  readonly position: SproutsPosition;
  readonly lives: number;
  /** Glop's estimate of its number of moves (an order among children of equal lives: fewer first). */
  readonly moves: number;
  /** The nimber, or -1 while unknown. */
  value: number;
  /** Every heap below this is a win beside the land (g is at least atLeast). */
  atLeast: number;
  /** Heaps (< 31) proved wins beside the land above atLeast. */
  notValues: number;
  /**
   * The options, each as its lands (null: not generated, or dropped from the cache); while `listing`
   * is set, only those keyed so far.
   */
  options: Land[][] | null;
  /** Where the listing of the options stands, or null once every option is listed. */
  listing: Listing | null;
}

/**
 * A land's options keyed as its questions need them: each move's result is split and its lands
 * keyed (the canonical text: most of a search's time) only when a question reaches it. Seven
 * questions in ten are settled by an option whose lands are all known, on average the fourth of
 * thirteen; a land asked only such questions never keys the rest. The results themselves are not
 * kept (a question that lists more generates them again): kept, they outlive the young generation,
 * and the collector's copying of them cost more than the keys saved.
 */
interface Listing {
  /** How many results the moves give. */
  readonly total: number;
  /** The first result not keyed yet. */
  next: number;
}

export interface SproutsSearchOptions {
  /** Stop with a SearchStopped error once this many milliseconds have passed. */
  readonly timeLimitMs?: number;
  readonly signal?: StopSignal;
  /** Budget of a question's first round over its children (0: one child after another). Default 64. */
  readonly rounds?: number;
  /**
   * Search first the children that the six-fresh-spots conjecture calls losses (default false: at 8
   * spots it took the search from 6,149 questions to 66,435; at 7, 9, 10 and 11 it changed nothing).
   */
  readonly conjecture?: boolean;
  /**
   * Most options kept in the cache of expanded lands (counted in lands); default 4,000,000, or
   * OPTIONS_PER_SECOND for each second of a time limit.
   */
  readonly cachedOptions?: number;
  /**
   * Most lands in the database before the unvalued ones are dropped; default MAX_LANDS, or
   * LANDS_PER_SECOND for each second of a time limit when that is fewer.
   */
  readonly maxLands?: number;
  /**
   * What earlier searches proved of lands, by canonical text (facts.ts): a land met here starts
   * with its nimber, or the heaps proved wins beside it, and those questions are never asked again.
   */
  readonly known?: ReadonlyMap<string, LandFact>;
  /** Hears the search's progress (questions, lands held, time), at most about four times a second. */
  readonly onProgress?: (stats: SearchProgress) => void;
  /** Least milliseconds between two reports to onProgress (default PROGRESS_EVERY_MS; 0: every 64 questions). */
  readonly progressEveryMs?: number;
}

/**
 * What a timed search keeps for each second of its limit: at 17 spots a land with its key holds
 * about 1.6 KB and a cached option about 50 bytes, so a 2 s search keeps at most about 13 MB + 3 MB,
 * and the facts of dropped entries (SPILLED_PER_LAND) about 13 MB more.
 */
export const LANDS_PER_SECOND = 4_096;
export const OPTIONS_PER_SECOND = 32_768;
/**
 * Most lands the database holds, whatever the time limit: without it a long search grows until
 * the process runs out of memory (the 12-spot start under a 90-minute limit held 3.7 GB after
 * 454 s of CPU and died out of heap, 4 GB, after 750 s). At about 1.6 KB a land, about 1.6 GB.
 */
export const MAX_LANDS = 1 << 20;
/**
 * Most facts kept by key alone for each land the database holds (facts of dropped entries, at about
 * 200 bytes each, against about 1.6 KB an entry), and the most in all: a Map holds at most 2^24.
 */
const SPILLED_PER_LAND = 8;
const MAX_SPILLED = (1 << 24) - 1;

/** The database's bound of a search: the one asked for, else LANDS_PER_SECOND a second of its limit, at most MAX_LANDS. */
export function landBound(timeLimitMs: number | undefined, maxLands?: number): number {
  const seconds = timeLimitMs === undefined ? Number.POSITIVE_INFINITY : Math.max(1, timeLimitMs / 1000);
  return Math.max(1, maxLands ?? Math.min(MAX_LANDS, Math.ceil(LANDS_PER_SECOND * seconds)));
}

/**
 * The first round's budget of questions: 16, 64, 256 and 1,024 took the 8- to 12-spot starts to
 * (8) 16,507 / 9,649 / 9,442 / 8,921, (9) 2,583 / 1,864 / 1,548 / 540, (10) 8,197 / 2,079 / 1,726 /
 * 6,183, (11) 8,527 / 2,751 / 7,952 / 6,199 and (12) 82,119 / 26,824 / 30,786 / 63,405 questions.
 */
const FIRST_ROUND = 64;

// a question costs up to a few milliseconds: checking the clock every 64 keeps a limit within about 0.2 s
const CHECK_EVERY = 64;
/** Least time between two progress reports (each one line of the CLI's status, or a worker's message). */
const PROGRESS_EVERY_MS = 250;
/**
 * The budget with which each open child is asked again before a later round. At 9 spots the start's
 * second round stopped a child one question short of its proof, and the four children after it
 * spent 256 questions each before the third round settled it in one: 1,769 questions, 715 with
 * this. 8 / 9 / 10 / 11 / 12 spots asked, with 1, 4, 8, 16, 24 and 64: 7,327 / 1,782 / 2,046 /
 * 2,172 / 26,112; 7,369 / 1,801 / 2,081 / 2,284 / 27,181; 7,672 / 1,773 / 2,126 / 2,337 / 27,898;
 * 7,802 / 715 / 2,214 / 2,175 / 21,339; 8,036 / 744 / 2,265 / 2,224 / 22,106; 8,218 / 904 / 2,358 /
 * 2,456 / 25,548 (without: 7,246 / 1,769 / 2,022 / 2,146 / 25,876).
 */
const RECHECK = 16;
/** Thrown (one object, no trace) when a round's budget is spent; caught by the round that set it. */
const OUT_OF_BUDGET = new Error('a round of the Sprouts search ran out of its budget');

/** A child of a question: the lands still unknown after folding, and the heap beside them. */
interface Child {
  readonly lands: Land[];
  readonly heap: number;
  /** Glop's pseudo-lives: lives of the unknown lands + 4 × heap. */
  readonly weight: number;
  /** Lives of the child's lands that no question has reached yet (unexpanded, nothing proved of them). */
  readonly unasked: number;
  /** 0: the same child with fewer fresh spots is a known loss (searched first); 2: a known win; 1: neither. */
  rank: number;
}

/**
 * Conjectured losses first, then fewer lives of lands never asked, then fewer pseudo-lives, then more
 * lands (a sum splits into cheaper questions), then fewer moves. Lands already asked about first: a
 * question of one costs no move generation and no keying, and each is part settled already (at 8
 * spots 7,246 questions and 4,977 lands expanded instead of 9,649 and 7,274; at 12, 25,876 and
 * 17,106 instead of 26,824 and 19,284; counting such lands rather than their lives, or taking them
 * only where pseudo-lives tie, left more).
 */
function childOrder(a: Child, b: Child): number {
  return (
    a.rank - b.rank ||
    a.unasked - b.unasked ||
    a.weight - b.weight ||
    b.lands.length - a.lands.length ||
    movesOf(a) - movesOf(b)
  );
}

/**
 * The lives of those lands that no question has reached: not expanded, nothing proved beside them.
 * A land whose facts an earlier run kept (`known`) counts as asked: part of its answers is known.
 * Counted as unasked, a search resumed from the facts of an 8-spot search stopped after about 260
 * questions asked 10,682 questions where a fresh one asks 7,802 (7,920 so).
 */
function unaskedLives(lands: readonly Land[]): number {
  let lives = 0;
  for (let i = 0; i < lands.length; i++) {
    const l = lands[i];
    if (l.options === null && l.atLeast === 0 && l.notValues === 0) lives += l.lives;
  }
  return lives;
}

function movesOf(c: Child): number {
  let n = 0;
  for (const l of c.lands) n += l.moves;
  return n;
}

/**
 * Glop's estimate of a land's number of moves, per region: |B| x |B'| for each pair of boundaries
 * (curves joining them), and |B|^2 / 2 for each boundary times 2^(boundaries - 1) (curves within it,
 * each other boundary on either side).
 */
function estimatedMoves(land: SproutsPosition): number {
  let total = 0;
  for (const region of land.regions) {
    let sum = 0;
    let squares = 0;
    for (const b of region) {
      sum += b.length;
      squares += b.length * b.length;
    }
    total += (sum * sum - squares) / 2 + (squares / 2) * 2 ** Math.min(region.length - 1, 20);
  }
  return total;
}

/** One search over Sprouts lands; its database persists across calls. */
export class SproutsSearch {
  private readonly lands = new Map<string, Land>();
  private readonly started = Date.now();
  private readonly deadline: number;
  private readonly firstBudget: number;
  private readonly cacheLimit: number;
  private readonly maxLands: number;
  /** Lands dropped from the database by its bound. */
  private evicted = 0;
  /** The facts of dropped entries by key: packFact's number (spill). */
  private readonly spilled = new Map<string, number>();
  private readonly maxSpilled: number;
  /** Facts lost when the spilled facts reached their bound. */
  private factsLost = 0;
  private cached = 0;
  private cachedLands: Land[] = [];
  /** Questions searched (not settled by the database) and lands expanded. */
  private questionCount = 0;
  private expansions = 0;
  private budgetEnd = Infinity;
  /** Lands that met a fact of `known` when first seen. */
  private knownMet = 0;
  /** When onProgress last heard (the search's start: the first report comes after a quarter second). */
  private reportedAt = Date.now();

  constructor(private readonly options: SproutsSearchOptions = {}) {
    this.deadline = options.timeLimitMs === undefined ? Infinity : this.started + options.timeLimitMs;
    this.firstBudget = Math.max(0, Math.floor(options.rounds ?? FIRST_ROUND));
    const seconds = options.timeLimitMs === undefined ? Infinity : Math.max(1, options.timeLimitMs / 1000);
    this.cacheLimit = options.cachedOptions ?? Math.min(4_000_000, Math.ceil(OPTIONS_PER_SECOND * seconds));
    this.maxLands = landBound(options.timeLimitMs, options.maxLands);
    this.maxSpilled = Math.min(MAX_SPILLED, SPILLED_PER_LAND * this.maxLands);
  }

  /** Questions searched so far (the positions of the search: land + heap pairs not settled by the database). */
  get stats(): SearchStats & { expansions: number; lands: number; known: number; spilled: number; factsLost: number } {
    return {
      known: this.knownMet,
      nodes: this.questionCount,
      tableEntries: this.lands.size + this.spilled.size,
      evicted: this.evicted,
      elapsedMs: Date.now() - this.started,
      expansions: this.expansions,
      lands: this.lands.size,
      spilled: this.spilled.size,
      factsLost: this.factsLost,
    };
  }

  /** The database entry of a land. */
  land(position: SproutsPosition): Land {
    const key = landKey(position);
    let entry = this.lands.get(key);
    if (entry === undefined) {
      const lives = landLives(position);
      entry = {
        key,
        position,
        lives,
        moves: estimatedMoves(position),
        value: -1,
        atLeast: 0,
        notValues: 0,
        options: null,
        listing: null,
      };
      // two lives allow exactly one move, after which one life is left: nimber 1 whatever the drawing
      if (lives === 2) entry.value = 1;
      else {
        // what this search proved of a dropped entry holds all that the earlier runs' facts told it
        const packed = this.spilled.get(key);
        if (packed !== undefined) unpackFact(packed, entry);
        else {
          const known = this.options.known?.get(key);
          if (known !== undefined) {
            entry.value = known.value;
            entry.atLeast = known.atLeast;
            entry.notValues = known.notValues;
            raiseAtLeast(entry);
            this.knownMet++;
          }
        }
      }
      if (this.lands.size >= this.maxLands) this.evict();
      this.lands.set(key, entry);
    }
    return entry;
  }

  /**
   * The database at its bound: the cached options go, and every land whose nimber is unknown (all of
   * them, when the valued ones alone fill half the bound), each dropped land's facts kept by its key
   * (a dropped land met again is a new entry, starting from them). Before the facts were kept, the
   * 18-spot start's nimbers alone filled half the bound and every land went with its facts, again
   * and again.
   */
  private evict(): void {
    this.dropCachedOptions();
    const all = this.lands.size;
    let valued = 0;
    let valuedFacts = 0;
    let partialFacts = 0;
    for (const entry of this.lands.values())
      if (entry.value >= 0) {
        valued++;
        if (hasFacts(entry)) valuedFacts++;
      } else if (hasFacts(entry)) partialFacts++;
    const clear = valued * 2 > this.maxLands;
    const spilling = partialFacts + (clear ? valuedFacts : 0);
    if (this.spilled.size + spilling > this.maxSpilled) this.shedSpilled(spilling);
    for (const [key, entry] of this.lands)
      if (clear || entry.value < 0) {
        if (hasFacts(entry) && this.spilled.size < this.maxSpilled) this.spilled.set(key, packFact(entry));
        this.lands.delete(key);
      }
    this.evicted += all - this.lands.size;
  }

  /**
   * Room for `more` spilled facts: the heaps proved wins go first (a question found again), then, if
   * the nimbers alone leave too little room, every fact.
   */
  private shedSpilled(more: number): void {
    const before = this.spilled.size;
    for (const [key, packed] of this.spilled) if (packed < 0) this.spilled.delete(key);
    if (this.spilled.size + more > this.maxSpilled) this.spilled.clear();
    this.factsLost += before - this.spilled.size;
  }

  private dropCachedOptions(): void {
    for (const l of this.cachedLands) {
      l.options = null;
      l.listing = null;
    }
    this.cachedLands = [];
    this.cached = 0;
  }

  /**
   * What this search knows of its lands (those of `known` it met included), as facts by canonical
   * text: lands it knows nothing of and lands of two lives (nimber 1 by rule) left out.
   */
  *landFacts(): Generator<readonly [string, LandFact]> {
    for (const land of this.lands.values())
      if (hasFacts(land)) {
        const { key, value, atLeast, notValues } = land;
        yield [key, value >= 0 ? { value, atLeast: 0, notValues: 0 } : { value, atLeast, notValues }];
      }
    // facts of dropped entries, where no entry holds the key again (an entry knows at least as much)
    const fact = { value: -1, atLeast: 0, notValues: 0 };
    for (const [key, packed] of this.spilled)
      if (!this.lands.has(key)) {
        unpackFact(packed, fact);
        yield [key, { ...fact }];
      }
  }

  /** The lands of a position, as database entries. */
  landsOf(position: SproutsPosition): Land[] {
    return sproutsLands(position).map((l) => this.land(l));
  }

  /** True when the player to move loses: the nim-sum of the lands' nimbers is 0. */
  isP(position: SproutsPosition): boolean {
    return this.sumIsLoss(this.landsOf(position), 0);
  }

  /** The nimber of a position (the nim-sum of its lands'). */
  nimber(position: SproutsPosition): number {
    let v = 0;
    for (const l of this.landsOf(position)) v ^= this.value(l);
    return v;
  }

  /**
   * `work` within a budget of questions: its answer, or undefined when it would search more (what
   * it proved so far stays in the database).
   */
  withBudget<T>(questions: number, work: () => T): T | undefined {
    const outer = this.budgetEnd;
    this.budgetEnd = Math.min(outer, this.questionCount + questions);
    try {
      return work();
    } catch (e) {
      if (e !== OUT_OF_BUDGET || this.questionCount > outer) throw e;
      return undefined;
    } finally {
      this.budgetEnd = outer;
    }
  }

  /** Is lands + *heap a loss? From the database alone: true, false, or undefined when it does not tell. */
  probe(lands: readonly Land[], heap: number): boolean | undefined {
    let unknown: Land | null = null;
    let more = false;
    for (const l of lands) {
      if (l.value >= 0) heap ^= l.value;
      else if (unknown === null) unknown = l;
      else more = true;
    }
    if (more) {
      const left = cancelled(lands);
      if (left.length > 1) return undefined;
      unknown = left.length === 1 ? left[0] : null;
    }
    if (unknown === null) return heap === 0;
    return refuted(unknown, heap) ? false : undefined;
  }

  /** The nimber of one land: the first heap beside which it is a loss. */
  value(land: Land): number {
    while (land.value < 0) this.isLoss(land, land.atLeast);
    return land.value;
  }

  /** Is the sum of these lands + *heap a loss? All but the largest unknown land are valued first. */
  sumIsLoss(lands: readonly Land[], heap: number): boolean {
    const unknown = cancelled(lands);
    for (const l of lands) if (l.value >= 0) heap ^= l.value;
    if (unknown.length === 0) return heap === 0;
    // the smaller lands first: their nimbers are cheaper and often make the largest's question easy
    unknown.sort((a, b) => a.lives - b.lives || a.moves - b.moves);
    const largest = unknown.length - 1;
    for (let i = 0; i < largest; i++) heap ^= this.value(unknown[i]);
    return this.isLoss(unknown[largest], heap);
  }

  /** Is land + *heap a loss, that is, is g(land) = heap? */
  isLoss(land: Land, heap: number): boolean {
    if (land.value >= 0) return land.value === heap;
    if (refuted(land, heap)) return false;
    this.question();
    // the moves' results when this question generated them (else generated again if it lists more)
    let results = land.options === null ? this.expand(land) : null;
    const options = land.options!;
    const listing = land.listing;
    // a land with m options has a nimber of at most m (each result an option, when not all are listed)
    if (heap > (listing === null ? options.length : listing.total)) return this.refute(land, heap);
    const open: Child[] = [];
    // moves in the heap: land + *j, a loss exactly when g(land) = j
    for (let j = land.atLeast; j < heap; j++) {
      if (land.value >= 0) break;
      if (j < 31 && land.notValues & (1 << j)) continue;
      // (the land asked is expanded: never unasked)
      open.push({ lands: [land], heap: j, weight: land.lives + 4 * j, unasked: 0, rank: 1 });
    }
    for (let o = 0; ; o++) {
      if (o === options.length) {
        // (listed on with this question's own listing even if the cache drops the land's meanwhile)
        if (listing === null) break;
        results ??= sproutsResults(land.position);
        if (!this.listMore(land, options, listing, results)) break;
      }
      const option = options[o];
      let h = heap;
      let weight = 0;
      let unknown: Land[] | null = null;
      let single: Land | null = null;
      for (const l of option) {
        if (l.value >= 0) h ^= l.value;
        else if (single === null) single = l;
        else {
          unknown ??= [single];
          unknown.push(l);
        }
      }
      if (unknown !== null) {
        // equal lands cancel: what is left may be one land, or none
        unknown = cancelled(unknown);
        single = unknown.length === 1 ? unknown[0] : null;
        if (unknown.length <= 1) unknown = null;
        else single = unknown[0];
      }
      if (single === null) {
        if (h === 0) return this.refute(land, heap);
        continue;
      }
      if (unknown === null && refuted(single, h)) continue;
      const lands = unknown ?? [single];
      for (const l of lands) weight += l.lives;
      open.push({
        lands,
        heap: h,
        weight: weight + 4 * h,
        unasked: unaskedLives(lands),
        rank: this.conjecture(lands, h),
      });
    }
    if (heap > options.length) return this.refute(land, heap);
    open.sort(childOrder);
    if (this.someLoss(open, land, heap)) return this.refute(land, heap);
    // every child is a win: g(land) = heap (every smaller heap was refuted on the way)
    land.value = heap;
    if (this.evicted > 0) this.keepStale(land);
    return true;
  }

  /** True when some child is a loss, searched one after another or in rounds of growing budgets. */
  private someLoss(open: Child[], land: Land, heap: number): boolean {
    const childLoss = (c: Child) => this.sumIsLoss(c.lands, c.heap);
    // an earlier child may have settled a later one (the same lands, or g(land) itself)
    const settled = (c: Child) => (land.value >= 0 && land.value !== heap) || this.probe(c.lands, c.heap) === true;
    if (this.firstBudget === 0 || open.length < 2) {
      for (const c of open) {
        if (settled(c)) return true;
        if (this.probe(c.lands, c.heap) === false) continue;
        if (childLoss(c)) return true;
      }
      return false;
    }
    let pending = open;
    for (let budget = this.firstBudget; pending.length > 0; budget *= 4) {
      // each child left open asked again with a small budget before any spends the round's
      if (budget > this.firstBudget) {
        const still: Child[] = [];
        for (const c of pending) if (this.childRound(c, RECHECK, still, settled, childLoss)) return true;
        pending = still;
      }
      const next: Child[] = [];
      for (const c of pending) if (this.childRound(c, budget, next, settled, childLoss)) return true;
      pending = next;
    }
    return false;
  }

  /** One child within a budget of questions: true when it is a loss; left open, it goes into `next`. */
  private childRound(
    c: Child,
    budget: number,
    next: Child[],
    settled: (c: Child) => boolean,
    childLoss: (c: Child) => boolean,
  ): boolean {
    if (settled(c)) return true;
    if (this.probe(c.lands, c.heap) === false) return false;
    const outer = this.budgetEnd;
    this.budgetEnd = Math.min(outer, this.questionCount + budget);
    try {
      return childLoss(c);
    } catch (e) {
      // past the enclosing round's budget too: that round stops
      if (e !== OUT_OF_BUDGET || this.questionCount > outer) throw e;
      next.push(c);
      return false;
    } finally {
      this.budgetEnd = outer;
    }
  }

  /**
   * Glop's ordering by the periodicity of Sprouts (Lemoine and Viennot's "extended conjecture"): six
   * more fresh spots in a region rarely change the outcome, so a child whose lands with the fresh
   * spots taken away six at a time are a known loss beside the same heap is searched first, and one
   * that is a known win last. Only the order depends on it, never an answer.
   */
  private conjecture(lands: readonly Land[], heap: number): number {
    if (this.options.conjecture !== true) return 1;
    let fewer: SproutsPosition[] | null = null;
    for (let i = 0; i < lands.length; i++) {
      const thinned = withoutSixFresh(lands[i].position);
      if (thinned === null) continue;
      fewer ??= lands.map((l) => l.position);
      fewer[i] = thinned;
    }
    if (fewer === null) return 1;
    const known: Land[] = [];
    for (const position of fewer)
      for (const l of sproutsLands(position)) {
        const entry = this.lands.get(landKey(l));
        if (entry === undefined) return 1;
        known.push(entry);
      }
    const answer = this.probe(known, heap);
    return answer === true ? 0 : answer === false ? 2 : 1;
  }

  private refute(land: Land, heap: number): false {
    if (heap === land.atLeast) {
      land.atLeast++;
      raiseAtLeast(land);
    } else if (heap < 31) land.notValues |= 1 << heap;
    if (this.evicted > 0) this.keepStale(land);
    return false;
  }

  /**
   * A fact proved of a land whose entry was dropped while a question held it (the line being searched,
   * or a child waiting for its next round): it goes to the key's new entry, or to its spilled facts,
   * so that the land met again knows it.
   */
  private keepStale(land: Land): void {
    const current = this.lands.get(land.key);
    if (current === land) return;
    if (current !== undefined) {
      mergeFacts(current, land);
      return;
    }
    if (!hasFacts(land)) return;
    const packed = this.spilled.get(land.key);
    if (packed === undefined) {
      if (this.spilled.size < this.maxSpilled) this.spilled.set(land.key, packFact(land));
      return;
    }
    const fact = { value: -1, atLeast: 0, notValues: 0 };
    unpackFact(packed, fact);
    mergeFacts(fact, land);
    this.spilled.set(land.key, packFact(fact));
  }

  /**
   * A land's moves generated, its options (none listed yet) put in a bounded cache; the results,
   * for the question that asked.
   */
  private expand(land: Land): SproutsPosition[] {
    this.expansions++;
    const results = sproutsResults(land.position);
    // counted at their most (every result an option) so that the cache's bound holds while they are listed
    if (this.cached + results.length > this.cacheLimit) this.dropCachedOptions();
    land.options = [];
    land.listing = results.length === 0 ? null : { total: results.length, next: 0 };
    this.cachedLands.push(land);
    this.cached += results.length;
    return results;
  }

  /** Keys the land's next results until one more option is listed: false when none is left. */
  private listMore(land: Land, out: Land[][], listing: Listing, results: SproutsPosition[]): boolean {
    while (listing.next < results.length) {
      const parts = splitLands(results[listing.next++]);
      const lands = new Array<Land>(parts.length);
      for (let k = 0; k < parts.length; k++) lands[k] = this.land(parts[k]);
      if (listed(out, lands)) continue;
      out.push(lands);
      if (listing.next === results.length && land.listing === listing) land.listing = null;
      return true;
    }
    if (land.listing === listing) land.listing = null;
    return false;
  }

  /** Counts one question searched: past the round's budget, the time limit or the signal, the search stops. */
  private question(): void {
    this.questionCount++;
    if (this.questionCount > this.budgetEnd) throw OUT_OF_BUDGET;
    if (this.questionCount % CHECK_EVERY === 1) {
      if (this.options.signal?.aborted) throw new SearchStopped('cancelled', this.stats);
      const now = Date.now();
      if (now >= this.deadline) throw new SearchStopped('time-limit', this.stats, this.options.timeLimitMs);
      if (
        this.options.onProgress !== undefined &&
        now - this.reportedAt >= (this.options.progressEveryMs ?? PROGRESS_EVERY_MS)
      ) {
        this.reportedAt = now;
        this.options.onProgress(this.stats);
      }
    }
  }
}

/** The land with six fresh spots taken from each region that has six or more, as often as it can be; null when none has. */
function withoutSixFresh(land: SproutsPosition): SproutsPosition | null {
  let changed = false;
  const regions = land.regions.map((region) => {
    let fresh = 0;
    for (const b of region) if (b.length === 1 && land.lives[b[0]] === 3) fresh++;
    let drop = fresh - (fresh % 6);
    if (drop === 0) return region;
    changed = true;
    return region.filter((b) => !(b.length === 1 && land.lives[b[0]] === 3 && drop-- > 0));
  });
  if (!changed) return null;
  return normalize(regions, land.lives);
}

/**
 * The lands whose nimbers are unknown, less pairs of equal lands (G + G = 0 whatever g(G) is): each
 * land kept an odd number of times once, the others dropped.
 */
function cancelled(lands: readonly Land[]): Land[] {
  const out: Land[] = [];
  for (const l of lands) {
    if (l.value >= 0) continue;
    const at = out.indexOf(l);
    if (at >= 0) out.splice(at, 1);
    else out.push(l);
  }
  return out;
}

/**
 * True when an option with the same lands is listed: lands are compared as database entries (one per
 * key; after an eviction a key may have a second, and the option is then listed twice, which costs a
 * little searching and changes no answer).
 */
function listed(options: readonly Land[][], lands: readonly Land[]): boolean {
  for (let o = 0; o < options.length; o++) {
    const other = options[o];
    if (other.length !== lands.length) continue;
    if (lands.length === 1) {
      if (other[0] === lands[0]) return true;
      continue;
    }
    // the same lands as multisets: each land as often in one as in the other
    let same = true;
    for (let i = 0; i < lands.length && same; i++) {
      let a = 0;
      let b = 0;
      for (let k = 0; k < lands.length; k++) {
        if (lands[k] === lands[i]) a++;
        if (other[k] === lands[i]) b++;
      }
      same = a === b;
    }
    if (same) return true;
  }
  return false;
}

/** True when something is proved of the land (its nimber, or a heap beside which it wins) that its rules alone do not tell. */
function hasFacts(land: Land): boolean {
  return land.lives > 2 && (land.value >= 0 || land.atLeast > 0 || land.notValues !== 0);
}

/** What `from` proved added to what `into` holds (two entries of one key). */
function mergeFacts(into: { value: number; atLeast: number; notValues: number }, from: Land): void {
  if (into.value >= 0) return;
  if (from.value >= 0) {
    into.value = from.value;
    return;
  }
  into.atLeast = Math.max(into.atLeast, from.atLeast);
  into.notValues |= from.notValues;
  raiseAtLeast(into);
}

/**
 * atLeast past the heaps proved wins just above it: value() asks the heap at atLeast, which must
 * not be one already refuted (it would be asked forever).
 */
function raiseAtLeast(fact: { atLeast: number; notValues: number }): void {
  while (fact.atLeast < 31 && fact.notValues & (1 << fact.atLeast)) fact.atLeast++;
}

/** atLeast's room in a packed fact: a larger one is kept as this less one (a fact still true). */
const PACKED_AT_LEAST = 1024;

/**
 * A land's facts as one number: its nimber (0 or more), else -(1 + atLeast + 1024 x notValues)
 * (notValues is under 2^31: exact in a double).
 */
function packFact(land: { value: number; atLeast: number; notValues: number }): number {
  if (land.value >= 0) return land.value;
  return -(1 + Math.min(land.atLeast, PACKED_AT_LEAST - 1) + PACKED_AT_LEAST * land.notValues);
}

function unpackFact(packed: number, into: { value: number; atLeast: number; notValues: number }): void {
  if (packed >= 0) {
    into.value = packed;
    into.atLeast = 0;
    into.notValues = 0;
    return;
  }
  const code = -packed - 1;
  into.value = -1;
  into.atLeast = code % PACKED_AT_LEAST;
  into.notValues = (code - into.atLeast) / PACKED_AT_LEAST;
}

/** True when land + *heap is known to be a win. */
function refuted(land: Land, heap: number): boolean {
  if (land.value >= 0) return land.value !== heap;
  return heap < land.atLeast || (heap < 31 && (land.notValues & (1 << heap)) !== 0);
}
