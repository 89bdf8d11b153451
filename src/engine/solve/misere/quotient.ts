/**
 * Misère quotients (Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008)):
 * the positions of a heap game restricted to heaps <= n, modulo indistinguishability (G ≡ H when
 * G + X and H + X have the same misère outcome for every position X), form a commutative monoid Q
 * with a P-portion: the outcome of any sum is read off the product of its heaps' elements.
 *
 * Construction, one heap at a time, in the spirit of Siegel's MisereSolver (guess, verify, recalibrate):
 *  1. Guess. Given the quotient for heaps < h (each element with a representative position of least
 *     depth and the elements of its options), heap h is a new generator x. The outcome column C_k of
 *     "u + k copies of h" follows by backward induction from C_k on smaller representatives and C_{k-1},
 *     so C_k is a function of C_{k-1}: once a column repeats, the powers of x are periodic. The pairs
 *     u·x^k are merged by Moore's partition refinement (the Myhill–Nerode congruence of the finite
 *     monoid): the guess.
 *  2. Mark and reduce. Any finite commutative monoid with an element for each heap ("pretension")
 *     gets its P-portion from least-depth representatives (Dijkstra over elements: a representative's
 *     options are shallower, so already marked), then is reduced by Moore's refinement.
 *  3. Verify, exactly, for every position of heaps <= h (infinitely many): (a) no P element has a move
 *     to a P element — for every element y, heap g and option o of g, y·g in P forbids y·o in P;
 *     (b) every position whose element is not in P has a move to P. (b) is a closure over the states
 *     (element, set T of its options' elements) as heaps are added, keeping per element only the
 *     inclusion-minimal sets T (a superset of options cannot create a failure the subset does not).
 *  4. Recalibrate on a failure (a position whose outcome the guess gets wrong: merges made with
 *     fewer heaps do not survive more heaps): the heaps of the failing position become free cyclic
 *     generators again (a direct product with cyclic monoids), then back to 2.
 * Limits: MAX_QUOTIENT_SIZE elements (and trial monoids), MAX_POWER powers, MAX_VERIFY_STATES
 * states, MAX_RECALIBRATIONS recalibrations per heap, and a work limit (steps, see QuotientWork)
 * over the whole construction, so that a wild game whose trial monoids explode stops with a
 * too-large error in bounded time, the same on every machine.
 */
import { InputError, checkMax } from '../../errors.ts';
import type { HeapRuleset } from '../../types.ts';
import { type Presentation, presentMonoid, wordText } from './presentation.ts';

/** Largest quotient built (elements). */
export const MAX_QUOTIENT_SIZE = 1500;
/**
 * Largest trial monoid (before reduction). Nothing is tabulated m × m while a quotient is built:
 * every product taken is of an element by a heap's element, so a reduced stage keeps those
 * (m × heaps with a move) and a trial computes them from its stage and cyclic arithmetic; only
 * the elements reached from the identity cost memory (a few arrays of this length).
 */
export const MAX_TRIAL_SIZE = 4_000_000;
/** Largest heap a quotient covers. */
export const MAX_QUOTIENT_HEAP = 1000;
/** Most powers of one heap examined before its outcome columns must repeat. */
export const MAX_POWER = 64;
/** Most heap options listed while building one quotient. */
export const QUOTIENT_OPTION_BUDGET = 2_000_000;
/** Most (element, option set) states of one verification. */
export const MAX_VERIFY_STATES = 300_000;
/** Most recalibrations while adding one heap. */
export const MAX_RECALIBRATIONS = 40;
/** Recalibrations at one heap that free the fewest heaps before freeing every heap seen in a failure. */
const ESCALATE_AFTER = 20;
/**
 * Default work limit of one construction, in steps (one step is about one monoid product or one
 * element visited; 15 to 40 million a second on one core). Dawson's Kayles to heap 33 (order 638,
 * Plambeck & Siegel's frontier) takes 2.5e8 steps.
 */
export const MAX_QUOTIENT_WORK = 1e9;

/** The work limit was passed: no smaller trial can help, so recalibration stops at once. */
class WorkLimitError extends InputError {}

/** True for the error of a construction stopped by its work limit (more steps might finish it). */
export function isWorkLimit(e: unknown): boolean {
  return e instanceof WorkLimitError;
}

/** Steps between two heartbeats of progress within a phase (about a second of work). */
const PROGRESS_STEPS = 2 ** 24;

/** Where a construction is within one heap, for a user watching a long heap. */
export interface QuotientProgress {
  readonly heap: number;
  /** Recalibrations at this heap so far (0: the first guess). */
  readonly round: number;
  /** guess: powers of the new heap; reduce: marking and reducing a trial monoid; verify: checking a stage; recalibrate: building a trial with heaps freed. */
  readonly phase: 'guess' | 'reduce' | 'verify' | 'recalibrate';
  /** Elements of the trial monoid being marked and reduced (0 when none yet). */
  readonly trial: number;
  /** Elements of the trial reached from the identity so far (marking), or of the last reduction. */
  readonly reached: number;
  /** Order of the stage being verified, or of the last reduction (0 before one). */
  readonly size: number;
  /** Verification states so far. */
  readonly states: number;
  /** Steps spent by the whole construction. */
  readonly steps: number;
  /** The heaps of the position the last verification got wrong (sorted; empty before any at this heap). */
  readonly wrong: readonly number[];
}

/** Steps spent by one construction, against its limit; reports progress on phase changes and every PROGRESS_STEPS steps. */
class QuotientWork {
  used = 0;
  heap = 0;
  round = 0;
  phase: QuotientProgress['phase'] = 'guess';
  trial = 0;
  reached = 0;
  size = 0;
  states = 0;
  wrong: readonly number[] = [];
  private nextBeat = PROGRESS_STEPS;
  constructor(
    readonly limit: number,
    private readonly onProgress?: (p: QuotientProgress) => void,
  ) {}
  /** Enters a phase (the fields given replace the current ones) and reports it. */
  enter(
    phase: QuotientProgress['phase'],
    fields: Partial<Omit<QuotientProgress, 'phase' | 'steps' | 'heap'>> = {},
  ): void {
    this.phase = phase;
    if (fields.round !== undefined) this.round = fields.round;
    if (fields.trial !== undefined) this.trial = fields.trial;
    if (fields.reached !== undefined) this.reached = fields.reached;
    if (fields.size !== undefined) this.size = fields.size;
    if (fields.states !== undefined) this.states = fields.states;
    if (fields.wrong !== undefined) this.wrong = fields.wrong;
    this.report();
  }
  report(): void {
    this.onProgress?.({
      heap: this.heap,
      round: this.round,
      phase: this.phase,
      trial: this.trial,
      reached: this.reached,
      size: this.size,
      states: this.states,
      wrong: this.wrong,
      steps: this.used,
    });
  }
  spend(steps: number): void {
    this.used += steps;
    if (this.used >= this.nextBeat) {
      this.nextBeat = this.used + PROGRESS_STEPS;
      this.report();
    }
    if (this.used > this.limit)
      throw new WorkLimitError(
        `the misère quotient needs more than ${this.limit.toExponential(0).replace('e+', 'e')} steps by heap ${this.heap} (limit on work)`,
        'too-large',
      );
  }
}

/**
 * A quotient's m × m products, row by row: 16-bit entries below 65,536 elements (half the memory
 * of 32-bit ones; the table is what limits the order a machine reaches), else 32-bit.
 */
export type ProductTable = Uint16Array | Int32Array;

/** The largest quotient whose m × m products are tabulated (16-bit entries, 8.6 GB): an output quotient or a stored one. */
export const MAX_TABLE_SIZE = 0x10000;

/** A table for m × m products of an m-element monoid. */
function productTable(m: number): ProductTable {
  return m <= 0x10000 ? new Uint16Array(m * m) : new Int32Array(m * m);
}

export interface QuotientOptions {
  /** Largest quotient (elements); default MAX_QUOTIENT_SIZE. */
  readonly maxSize?: number;
  /** Work limit in steps; default MAX_QUOTIENT_WORK. */
  readonly maxWork?: number;
  /** Most verification states; default MAX_VERIFY_STATES. */
  readonly maxStates?: number;
  /** Most recalibrations while adding one heap; default MAX_RECALIBRATIONS. */
  readonly maxRecalibrations?: number;
  /** Called when a phase of a heap starts and about every 2^24 steps within one. */
  readonly onProgress?: (progress: QuotientProgress) => void;
  /** Called after each heap with the quotient's order so far. */
  readonly onHeap?: (heap: number, size: number) => void;
  /** Called after each heap with the steps spent so far. */
  readonly onWork?: (steps: number) => void;
  /**
   * Called after each heap h with the pretending function of heaps 0..h and the P-portion of that heap's quotient;
   * true stops the construction there and returns the quotient of heaps 0..h (a census stops as
   * soon as the periodicity theorem proves the quotient, in one pass).
   */
  readonly stopAt?: (heap: number, heapElement: Int32Array, pPortion: Uint8Array) => boolean;
  /** A partial quotient to go on from (its heaps are not computed again); checked with checkCheckpoint first. */
  readonly resume?: QuotientCheckpoint;
  /** Called after each heap with everything the construction needs to go on from there. */
  readonly onCheckpoint?: (checkpoint: QuotientCheckpoint) => void;
}

/**
 * The construction's state after heap `heap`: the reduced quotient of heaps 0..heap with its
 * least-depth representatives (the next heap's guess and marking start from them) and the
 * verification states of every position of those heaps (the next verification starts from them),
 * so a construction resumed from it makes the same steps as one that never stopped.
 */
export interface QuotientCheckpoint {
  readonly ruleset: string;
  /** Heaps 0..heap are done. */
  readonly heap: number;
  readonly size: number;
  /** size × size products; element 0 is the identity. */
  readonly table: ProductTable;
  readonly pPortion: Uint8Array;
  /** The element of each heap 0..heap. */
  readonly heapElement: Int32Array;
  /** Each element's least depth of play and a representative position of that depth (sorted heap sizes). */
  readonly depth: Float64Array;
  readonly rep: readonly (readonly number[])[];
  /** Distinct elements of the options of each element's representative. */
  readonly repOptions: readonly Int32Array[];
  /** Verification states (element, inclusion-minimal option set, heap counts of a position reaching it); null before any heap had a move. */
  readonly states:
    | readonly { readonly x: number; readonly T: Uint32Array; readonly counts: readonly number[] }[]
    | null;
  readonly sizeByHeap: readonly number[];
  readonly recalibrations: number;
  /** Steps spent so far (the work limit counts them). */
  readonly workUsed: number;
}

export interface QuotientGenerator {
  /** The heap whose element is not a product of smaller heaps' elements. */
  readonly heap: number;
  /** Its letter in element words (a, b, c, …, then a1, b1, …). */
  readonly name: string;
  /** x^(index + period) = x^index. */
  readonly index: number;
  readonly period: number;
}

export interface MisereQuotient {
  readonly ruleset: string;
  /** Heaps 0..maxHeap are covered. */
  readonly maxHeap: number;
  readonly size: number;
  /** size × size products; element 0 is the identity (the empty position). */
  readonly table: ProductTable;
  /** pPortion[u] = 1 when positions of element u are misère P-positions. */
  readonly pPortion: Uint8Array;
  /** The element of each heap 0..maxHeap. */
  readonly heapElement: Int32Array;
  /** Heaps whose elements generate the quotient, in order. */
  readonly generators: readonly QuotientGenerator[];
  /** Each element's normal form as a product of generators, e.g. "a b^2" ("1" for the identity). */
  readonly words: readonly string[];
  /** Normal forms and the rewriting rules that, with the generators, present the quotient completely. */
  readonly presentation: Presentation;
  /** Quotient size after heaps 0..h, for h = 0..maxHeap. */
  readonly sizeByHeap: readonly number[];
  /** Recalibrations needed (merges that heaps added later undid). */
  readonly recalibrations: number;
}

/**
 * A finite commutative monoid (element 0 the identity) with an element for each heap 0..h. Every
 * product the construction takes is of an element by a heap's element (a position's element is
 * its heaps' product, an option's the product of its parts), so a pretension is given by those
 * products alone: m × (heaps with a move) of them, never m × m.
 */
interface Pretension {
  m: number;
  /** a times the element of heap g (g has a move). */
  mulHeap: (a: number, g: number) => number;
  /** The element of each heap 0..h (0 for a heap with no move). */
  heap: Int32Array;
}

/** A reduced, marked pretension with least-depth representatives; its products by the heaps are tabulated. */
interface Stage extends Pretension {
  /** The heaps with a move, ascending, and the index of each heap among them (-1: no move). */
  live: Int32Array;
  liveIndex: Int32Array;
  /** act[u · live.length + i] = u times the element of heap live[i]. */
  act: Int32Array;
  /**
   * The m × m products, once a stage is output or stored, or when it was read from them (a resumed
   * quotient); else `chain` says how to fill them.
   */
  table?: ProductTable;
  /**
   * Each element d > 0 is parent[d] times the element of heap live[via[d]], with parent[d] < d (a
   * representative and its parent's, one heap fewer), so the m × m table is filled row by row from
   * earlier entries. A reduced trial has it.
   */
  chain?: { parent: Int32Array; via: Int32Array };
  pPortion: Uint8Array;
  depth: Float64Array;
  /** The representative position of each element (heap sizes). */
  rep: number[][];
  /** Distinct elements of the options of each element's representative. */
  repOptions: Int32Array[];
  /** The class of each element of the trial monoid this stage was reduced from (-1: not reached). */
  classOfTrial: Int32Array;
}

/** The verification's states: (element, inclusion-minimal set of its options' elements) and a position reaching them. */
interface VerifyState {
  x: number;
  T: Uint32Array;
  counts: number[];
}

/** What the construction knows of the ruleset's heaps: option parts and depths (longest play). */
class HeapData {
  readonly options: number[][][] = [[]];
  readonly depth: number[] = [0];
  private scanned = 0;
  constructor(private readonly ruleset: HeapRuleset) {}
  add(h: number): void {
    const opts: number[][] = [];
    let d = 0;
    for (const parts of this.ruleset.heapOptions(h)) {
      if (++this.scanned > QUOTIENT_OPTION_BUDGET)
        throw new InputError(
          `too many heap options for a misère quotient (more than ${QUOTIENT_OPTION_BUDGET}, limit on options)`,
          'too-large',
        );
      let s = 0;
      for (const p of parts) {
        if (p >= h || p < 0) throw new Error(`internal: heap ${h} has an option with a heap of ${p}`);
        s += this.depth[p];
      }
      opts.push([...parts]);
      d = Math.max(d, s + 1);
    }
    this.options.push(opts);
    this.depth.push(d);
  }
  dead(h: number): boolean {
    return this.options[h].length === 0;
  }
}

/** e times the elements of the heaps `parts` (heaps with a move: optionElements drops the others, the identity). */
function timesParts(p: Pretension, e: number, parts: readonly number[]): number {
  for (const x of parts) e = p.mulHeap(e, x);
  return e;
}

/** The distinct elements of heap g's options, each with the parts of one option that has it. */
function optionElements(p: Pretension, g: number, data: HeapData): { e: number; parts: number[] }[] {
  const out: { e: number; parts: number[] }[] = [];
  const seen = new Set<number>();
  for (const parts of data.options[g]) {
    const live = parts.filter((x) => !data.dead(x));
    const e = timesParts(p, 0, live);
    if (seen.has(e)) continue;
    seen.add(e);
    out.push({ e, parts: live });
  }
  return out;
}

/** A stage whose products by the heaps are `act` (m × live.length). */
function stageProducts(live: Int32Array, liveIndex: Int32Array, act: Int32Array): Stage['mulHeap'] {
  const n = live.length;
  return (a, g) => act[a * n + liveIndex[g]];
}

/** The heaps with a move among 1..h, and each heap's index among them (-1: no move). */
function liveHeaps(h: number, data: HeapData): { live: Int32Array; liveIndex: Int32Array } {
  const live: number[] = [];
  const liveIndex = new Int32Array(h + 1).fill(-1);
  for (let g = 1; g <= h; g++)
    if (!data.dead(g)) {
      liveIndex[g] = live.length;
      live.push(g);
    }
  return { live: Int32Array.from(live), liveIndex };
}

/**
 * A stage's m × m products, row by row: c·d = (c·parent[d])·heap(via[d]), two lookups an entry.
 * Not counted as work: a resumed construction has its table already, and counts the same steps.
 */
function stageTable(s: Stage): ProductTable {
  if (s.table) return s.table;
  if (!s.chain) throw new Error('internal: a stage with neither products nor a chain');
  const { parent, via } = s.chain;
  const m = s.m;
  const n = s.live.length;
  const table = productTable(m);
  for (let c = 0; c < m; c++) {
    const row = c * m;
    table[row] = c;
    for (let d = 1; d < m; d++) table[row + d] = s.act[table[row + parent[d]] * n + via[d]];
  }
  return table;
}

/** The products by the heaps of a tabulated monoid. */
function fromTable(
  m: number,
  table: ProductTable,
  heap: Int32Array,
  h: number,
  data: HeapData,
): Pick<Stage, 'live' | 'liveIndex' | 'act'> {
  const { live, liveIndex } = liveHeaps(h, data);
  const n = live.length;
  const act = new Int32Array(m * n);
  for (let u = 0; u < m; u++) for (let i = 0; i < n; i++) act[u * n + i] = table[u * m + heap[live[i]]];
  return { live, liveIndex, act };
}

/** The misère quotient of a heap ruleset restricted to heaps 0..maxHeap. */
export function misereQuotient(ruleset: HeapRuleset, maxHeap: number, options: QuotientOptions = {}): MisereQuotient {
  const {
    maxSize = MAX_QUOTIENT_SIZE,
    maxStates = MAX_VERIFY_STATES,
    maxRecalibrations = MAX_RECALIBRATIONS,
    onHeap,
    stopAt,
  } = options;
  const work = new QuotientWork(options.maxWork ?? MAX_QUOTIENT_WORK, options.onProgress);
  if (!Number.isSafeInteger(maxHeap) || maxHeap < 0)
    throw new InputError(`largest heap must be a non-negative integer, got ${maxHeap}`);
  checkMax(maxHeap, 'largest heap of a misère quotient', Math.min(MAX_QUOTIENT_HEAP, ruleset.maxHeap));
  const data = new HeapData(ruleset);
  let stage: Stage = {
    m: 1,
    mulHeap: () => 0,
    live: new Int32Array(0),
    liveIndex: new Int32Array(1).fill(-1),
    act: new Int32Array(0),
    table: productTable(1),
    heap: new Int32Array([0]),
    pPortion: new Uint8Array([0]),
    depth: new Float64Array([0]),
    rep: [[]],
    repOptions: [new Int32Array(0)],
    classOfTrial: new Int32Array([0]),
  };
  let sizeByHeap: number[] = [1];
  let recalibrations = 0;
  /** Verification states of every position of the heaps done so far, in the current stage's elements. */
  let states: VerifyState[] | undefined;
  let from = 1;
  const resume = options.resume;
  if (resume) {
    if (resume.ruleset !== ruleset.spec)
      throw new InputError(`the stored quotient is of ${resume.ruleset}, not ${ruleset.spec}`);
    if (resume.heap > maxHeap)
      throw new InputError(
        `the stored quotient covers heaps 0..${resume.heap}, past the largest heap asked for (${maxHeap})`,
      );
    for (let h = 1; h <= resume.heap; h++) data.add(h);
    const products = fromTable(resume.size, resume.table, resume.heapElement, resume.heap, data);
    stage = {
      m: resume.size,
      ...products,
      mulHeap: stageProducts(products.live, products.liveIndex, products.act),
      table: resume.table,
      heap: resume.heapElement,
      pPortion: resume.pPortion,
      depth: resume.depth,
      rep: resume.rep.map((r) => [...r]),
      repOptions: [...resume.repOptions],
      classOfTrial: new Int32Array(0),
    };
    states = resume.states?.map((st) => ({ x: st.x, T: st.T, counts: [...st.counts] }));
    sizeByHeap = [...resume.sizeByHeap];
    recalibrations = resume.recalibrations;
    work.used = resume.workUsed;
    from = resume.heap + 1;
  }
  // a heap's quotient is tabulated when a checkpoint stores it (a quotient past the largest table is not stored)
  const checkpoint = (h: number) =>
    options.onCheckpoint &&
    stage.m <= MAX_TABLE_SIZE &&
    options.onCheckpoint({
      ruleset: ruleset.spec,
      heap: h,
      size: stage.m,
      table: (stage.table ??= stageTable(stage)),
      pPortion: stage.pPortion,
      heapElement: stage.heap,
      depth: stage.depth,
      rep: stage.rep,
      repOptions: stage.repOptions,
      states: states ?? null,
      sizeByHeap,
      recalibrations,
      workUsed: work.used,
    });
  for (let h = from; h <= maxHeap; h++) {
    work.heap = h;
    work.enter('guess', { round: 0, trial: 0, reached: 0, size: stage.m, states: 0, wrong: [] });
    data.add(h);
    if (data.dead(h)) {
      // no move: the heap is the empty game
      stage = { ...stage, heap: Int32Array.from([...stage.heap, 0]) };
      sizeByHeap.push(stage.m);
      checkpoint(h);
      onHeap?.(h, stage.m);
      options.onWork?.(work.used);
      if (stopAt?.(h, stage.heap, stage.pPortion)) {
        maxHeap = h;
        break;
      }
      continue;
    }
    const trial = guess(stage, h, data, work);
    const first = markAndReduce(trial, h, data, maxSize, work);
    let marked = first;
    // The previous heap's verification states, in this stage's elements (old element u is the trial's u·stride).
    let carried: VerifyState[] | undefined;
    if (states) {
      const lift = (u: number) => first.classOfTrial[u * trial.stride];
      carried = states.map((st) => {
        const T = new Uint32Array(Math.ceil(first.m / 32));
        for (let t = 0; t < stage.m; t++)
          if ((st.T[t >>> 5] & (1 << (t & 31))) !== 0) {
            const v = lift(t);
            T[v >>> 5] |= 1 << (v & 31);
          }
        return { x: lift(st.x), T, counts: st.counts };
      });
      if (carried.some((st) => st.x < 0)) carried = undefined; // an element not reached: verify from scratch
    }
    // Every heap seen in a failure at this heap, with the largest index it needed.
    const seen = new Map<number, number>();
    for (let round = 0; ; round++) {
      work.enter('verify', { round, size: marked.m, states: 0 });
      const checked = verify(marked, h, data, work, maxStates, round === 0 ? carried : undefined);
      const failure = checked.failure;
      if (!failure) {
        stage = marked;
        states = checked.states;
        break;
      }
      if (round >= maxRecalibrations)
        throw new InputError(
          `the misère quotient did not settle at heap ${h} after ${maxRecalibrations} recalibrations (limit on recalibrations)`,
          'too-large',
        );
      recalibrations++;
      const wrong: number[] = [];
      failure.forEach((c, g) => {
        for (let i = 0; i < c; i++) wrong.push(g);
      });
      work.enter('recalibrate', { round: round + 1, wrong });
      failure.forEach((c, g) => {
        if (c > 0 && !data.dead(g)) seen.set(g, Math.max(seen.get(g) ?? 0, freedIndex(marked, g, c)));
      });
      // First the fewest heaps that fix this failure; when that keeps failing (one fix undoing
      // another), free every heap seen so far at once, from the first guess: the trials then only grow.
      marked =
        round >= ESCALATE_AFTER
          ? (escalate(first, seen, h, data, maxSize, work) ?? recalibrate(marked, failure, h, data, maxSize, work))
          : recalibrate(marked, failure, h, data, maxSize, work);
    }
    sizeByHeap.push(stage.m);
    checkpoint(h);
    onHeap?.(h, stage.m);
    options.onWork?.(work.used);
    if (stopAt?.(h, stage.heap, stage.pPortion)) {
      maxHeap = h;
      break;
    }
  }
  if (stage.m > MAX_TABLE_SIZE)
    throw new InputError(
      `the misère quotient of heaps 0..${maxHeap} has ${stage.m} elements, more than the ${MAX_TABLE_SIZE} whose products can be tabulated (limit on quotient size)`,
      'too-large',
    );
  const table = stageTable(stage);
  const { generators, words, presentation } = describe({ ...stage, table }, maxHeap, data);
  return {
    ruleset: ruleset.spec,
    maxHeap,
    size: stage.m,
    table,
    pPortion: stage.pPortion,
    heapElement: stage.heap,
    generators,
    words,
    presentation,
    sizeByHeap,
    recalibrations,
  };
}

/** Step 1: the quotient for heaps < h times the powers of heap h, reduced (see the file comment). */
function guess(s: Stage, h: number, data: HeapData, work: QuotientWork): Pretension & { stride: number } {
  const m = s.m;
  const E = optionElements(s, h, data);
  const order = Array.from({ length: m }, (_, u) => u).sort((a, b) => s.depth[a] - s.depth[b]);
  const columns: Uint8Array[] = [s.pPortion];
  const seen = new Map<string, number>([[columnKey(s.pPortion), 0]]);
  let index = -1;
  let period = 0;
  for (let k = 1; index < 0; k++) {
    if (k > MAX_POWER)
      throw new InputError(
        `the powers of heap ${h} do not repeat within ${MAX_POWER} copies (limit on powers)`,
        'too-large',
      );
    const prev = columns[k - 1];
    work.spend(m * (E.length + 1));
    const col = new Uint8Array(m);
    for (const u of order) {
      let p = 1;
      for (const v of s.repOptions[u])
        if (col[v]) {
          p = 0;
          break;
        }
      if (p)
        for (const { parts } of E)
          if (prev[timesParts(s, u, parts)]) {
            p = 0;
            break;
          }
      col[u] = p;
    }
    const key = columnKey(col);
    const j = seen.get(key);
    if (j !== undefined) {
      index = j;
      period = k - j;
    } else {
      seen.set(key, k);
      columns.push(col);
    }
  }
  const heap = new Int32Array(h + 1);
  heap.set(s.heap);
  return { ...cyclicProduct({ ...s, heap }, index, period, h), stride: index + period };
}

/**
 * The direct product of a pretension with the cyclic monoid x^(index+period) = x^index, x the new
 * element of heap g; (a, c) is a·L + c. Not tabulated: a product by another heap is a product in the
 * factor, a product by heap g one step round the cycle.
 */
function cyclicProduct(a: Pretension, index: number, period: number, g: number): Pretension {
  const L = index + period;
  const m = a.m * L;
  if (m > MAX_TRIAL_SIZE)
    throw new InputError(`a trial monoid passes ${MAX_TRIAL_SIZE} elements (limit on quotient size)`, 'too-large');
  const inner = a.mulHeap;
  const heap = Int32Array.from(a.heap, (e) => e * L);
  heap[g] = L > 1 ? 1 : 0; // (identity, x); x is the identity when x^1 = x^0
  return {
    m,
    heap,
    mulHeap: (x, k) => {
      const c = x % L;
      if (k !== g) return inner((x - c) / L, k) * L + c;
      return c + 1 < L ? x + 1 : x - c + index + ((c + 1 - index) % period);
    },
  };
}

/** Step 2: P-portion from least-depth representatives, then Moore reduction (see the file comment). */
function markAndReduce(p: Pretension, h: number, data: HeapData, maxSize: number, work: QuotientWork): Stage {
  return reduce(mark(p, h, data, work), maxSize, work);
}

/** A pretension's elements reached from the identity, each marked P or N from a least-depth representative. */
interface Marked {
  p: Pretension;
  h: number;
  live: number[];
  /** Elements in the order they were marked (by depth). */
  reached: number[];
  dist: Float64Array;
  /** The element a representative was reached from, and the heap added to it (the representative is this chain's heaps). */
  parent: Int32Array;
  via: Int32Array;
  isP: Uint8Array;
  /** The distinct elements of the options of x's representative. */
  optionsOf: (x: number) => number[];
}

/** The heaps of the representative of x (sorted), from its chain of parents. */
function representative(m: Marked, x: number): number[] {
  const r: number[] = [];
  for (let y = x; y !== 0; y = m.parent[y]) r.push(m.via[y]);
  return r.sort((a, b) => a - b);
}

/** Step 2, marking: the P-portion from least-depth representatives (a Dijkstra over elements by depth). */
function mark(p: Pretension, h: number, data: HeapData, work: QuotientWork): Marked {
  work.enter('reduce', { trial: p.m, reached: 0, size: 0 });
  const live: number[] = [];
  for (let g = 1; g <= h; g++) if (!data.dead(g)) live.push(g);
  const options: { e: number; parts: number[] }[][] = [];
  for (const g of live) options[g] = optionElements(p, g, data);
  // Dijkstra over elements by the depth of a representative; a representative is kept as the
  // chain of elements it was reached through, not as a list of heaps per element.
  const dist = new Float64Array(p.m).fill(Infinity);
  const parent = new Int32Array(p.m).fill(-1);
  const via = new Int32Array(p.m);
  const done = new Uint8Array(p.m);
  const isP = new Uint8Array(p.m);
  const queue = new MinQueue();
  dist[0] = 0;
  queue.push(0, 0);
  const reached: number[] = [];
  const r: number[] = [];
  /**
   * Calls visit with the element of each option of the representative r (an option replaces one
   * heap by its parts), until visit returns true.
   */
  const eachOption = (visit: (t: number) => boolean) => {
    for (let i = 0; i < r.length; i++) {
      if (i > 0 && r[i] === r[i - 1]) continue;
      let rest = 0;
      for (let j = 0; j < r.length; j++) if (j !== i) rest = p.mulHeap(rest, r[j]);
      for (const { parts } of options[r[i]]) if (visit(timesParts(p, rest, parts))) return;
    }
  };
  const chainOf = (x: number) => {
    r.length = 0;
    for (let y = x; y !== 0; y = parent[y]) r.push(via[y]);
    r.sort((a, b) => a - b);
  };
  while (queue.size > 0) {
    const x = queue.pop();
    if (done[x]) continue;
    done[x] = 1;
    reached.push(x);
    work.reached = reached.length;
    chainOf(x);
    work.spend(live.length + r.length * r.length);
    // P when it has an option (a heap with a move) and no option is P
    let pos = r.length > 0 ? 1 : 0;
    eachOption((t) => {
      if (!done[t]) throw new Error('internal: an option was not marked before its position');
      if (isP[t]) pos = 0;
      return pos === 0;
    });
    isP[x] = pos;
    for (const g of live) {
      const z = p.mulHeap(x, g);
      const d = dist[x] + data.depth[g];
      if (!done[z] && d < dist[z]) {
        dist[z] = d;
        parent[z] = x;
        via[z] = g;
        queue.push(z, d);
      }
    }
  }
  const optionsOf = (x: number) => {
    chainOf(x);
    const T = new Set<number>();
    eachOption((t) => {
      T.add(t);
      return false;
    });
    return [...T];
  };
  return { p, h, live, reached, dist, parent, via, isP, optionsOf };
}

/** Step 2, reducing: Moore's refinement of the marked elements, then the quotient's table. */
function reduce(marked: Marked, maxSize: number, work: QuotientWork): Stage {
  const { p, h, live, reached, dist, parent, via, isP } = marked;
  // Moore refinement over the reached elements, generators = the heaps' elements (one heap for each).
  const byElement = new Map<number, number>();
  for (const g of live) if (!byElement.has(p.heap[g])) byElement.set(p.heap[g], g);
  const gens = [...byElement.values()];
  const local = new Int32Array(p.m).fill(-1);
  reached.forEach((x, i) => {
    local[x] = i;
  });
  const n = reached.length;
  const G = gens.length;
  // each element's products by the generators, once (the rounds below only read them)
  const succ = new Int32Array(n * G);
  for (let i = 0; i < n; i++) for (let j = 0; j < G; j++) succ[i * G + j] = local[p.mulHeap(reached[i], gens[j])];
  let cls = Int32Array.from(reached, (x) => isP[x]);
  let classes = new Set(cls).size;
  /** Same class and same classes of products by every generator. */
  const sameSignature = (a: number, b: number) => {
    if (cls[a] !== cls[b]) return false;
    for (let j = 0; j < G; j++) if (cls[succ[a * G + j]] !== cls[succ[b * G + j]]) return false;
    return true;
  };
  for (;;) {
    work.spend(n * (G + 1));
    // the next classes: elements bucketed by a hash of their signature, compared in full within a bucket
    const buckets = new Map<number, number[]>();
    const first: number[] = [];
    const next = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      let hash = cls[i] | 0;
      for (let j = 0; j < G; j++) hash = (Math.imul(hash, 0x9e3779b1) + cls[succ[i * G + j]]) | 0;
      let bucket = buckets.get(hash);
      if (bucket === undefined) {
        bucket = [];
        buckets.set(hash, bucket);
      }
      let c = -1;
      for (const k of bucket)
        if (sameSignature(first[k], i)) {
          c = k;
          break;
        }
      if (c < 0) {
        c = first.length;
        first.push(i);
        bucket.push(c);
      }
      next[i] = c;
    }
    const stable = first.length === classes;
    cls = next;
    classes = first.length;
    if (stable) break;
  }
  work.size = classes;
  if (classes > maxSize) {
    work.report(); // the order the limit refused, for a user watching a long heap
    throw new InputError(
      `the misère quotient passes ${maxSize} elements at heap ${h} (limit on quotient size)`,
      'too-large',
    );
  }
  // Classes numbered by their least-depth member (the identity, depth 0, first).
  const classRep = new Int32Array(classes).fill(-1);
  const renumber = new Int32Array(classes).fill(-1);
  let id = 0;
  for (let i = 0; i < n; i++)
    if (renumber[cls[i]] < 0) {
      renumber[cls[i]] = id++;
      classRep[renumber[cls[i]]] = reached[i];
    }
  const classOf = (x: number) => renumber[cls[local[x]]];
  work.size = classes;
  work.report(); // the order reduced to, for a user watching a long heap
  // The products by the heaps (classes × live products in the trial: the classes form a
  // congruence), and each class's representative as its parent's times one heap (the parent's
  // class numbered before it: it is shallower).
  const liveHeapsOf = Int32Array.from(live);
  const liveIndex = new Int32Array(h + 1).fill(-1);
  live.forEach((g, i) => {
    liveIndex[g] = i;
  });
  const nLive = live.length;
  work.spend(classes * nLive);
  const act = new Int32Array(classes * nLive);
  for (let c = 0; c < classes; c++)
    for (let i = 0; i < nLive; i++) act[c * nLive + i] = classOf(p.mulHeap(classRep[c], live[i]));
  const parentClass = new Int32Array(classes).fill(-1);
  const viaHeap = new Int32Array(classes);
  for (let d = 1; d < classes; d++) {
    const x = classRep[d];
    parentClass[d] = classOf(parent[x]);
    viaHeap[d] = liveIndex[via[x]];
    if (parentClass[d] >= d) throw new Error('internal: a class numbered before its parent');
  }
  const heap = new Int32Array(h + 1);
  for (let g = 1; g <= h; g++) heap[g] = liveIndex[g] < 0 ? 0 : classOf(p.heap[g]);
  const pPortion = new Uint8Array(classes);
  const depth = new Float64Array(classes);
  const reps: number[][] = [];
  const repOptions: Int32Array[] = [];
  for (let c = 0; c < classes; c++) {
    const x = classRep[c];
    pPortion[c] = isP[x];
    depth[c] = dist[x];
    reps.push(representative(marked, x));
    repOptions.push(Int32Array.from(new Set(marked.optionsOf(x).map(classOf))));
  }
  const classOfTrial = new Int32Array(p.m).fill(-1);
  for (const x of reached) classOfTrial[x] = classOf(x);
  return {
    m: classes,
    mulHeap: stageProducts(liveHeapsOf, liveIndex, act),
    live: liveHeapsOf,
    liveIndex,
    act,
    chain: { parent: parentClass, via: viaHeap },
    heap,
    pPortion,
    depth,
    rep: reps,
    repOptions,
    classOfTrial,
  };
}

/**
 * Step 3: a position (heap counts) whose outcome the stage gets wrong, or null when it gets every
 * position of heaps <= h right (see the file comment).
 */
function verify(
  s: Stage,
  h: number,
  data: HeapData,
  work: QuotientWork,
  maxStates: number,
  start?: VerifyState[],
): { failure: number[] | null; states: VerifyState[] } {
  const m = s.m;
  work.spend(m * h);
  const options: { e: number; parts: number[] }[][] = [[]];
  for (let g = 1; g <= h; g++) options.push(data.dead(g) ? [] : optionElements(s, g, data));
  // (a) no move from P to P
  for (let y = 0; y < m; y++) {
    for (let g = 1; g <= h; g++) {
      if (data.dead(g) || !s.pPortion[s.mulHeap(y, g)]) continue;
      for (const { parts } of options[g]) {
        if (s.pPortion[timesParts(s, y, parts)]) {
          const counts = new Array<number>(h + 1).fill(0);
          for (const x of s.rep[y]) counts[x]++;
          counts[g]++;
          return { failure: counts, states: [] };
        }
      }
    }
  }
  // (b) every N element has a move to P: closure over (element, minimal option sets)
  const words = Math.ceil(m / 32);
  type State = VerifyState;
  const byElement = new Map<number, State[]>();
  let total = 0;
  const subset = (a: Uint32Array, b: Uint32Array) => {
    for (let i = 0; i < words; i++) if ((a[i] & ~b[i]) !== 0) return false;
    return true;
  };
  const hitsP = (T: Uint32Array) => {
    for (let t = 0; t < m; t++) if (s.pPortion[t] && (T[t >>> 5] & (1 << (t & 31))) !== 0) return true;
    return false;
  };
  const empty = (T: Uint32Array) => T.every((w) => w === 0);
  let failure: number[] | null = null;
  /** Adds a state unless a state of the same element has a subset of its options; true when added. */
  const insert = (st: State): boolean => {
    const list = byElement.get(st.x) ?? [];
    for (const o of list) if (subset(o.T, st.T)) return false;
    const kept = list.filter((o) => !subset(st.T, o.T));
    total += kept.length + 1 - list.length;
    work.states = total;
    if (total > maxStates)
      throw new InputError(
        `verifying the misère quotient at heap ${h} needs more than ${maxStates} states (limit on verification)`,
        'too-large',
      );
    kept.push(st);
    byElement.set(st.x, kept);
    if (!s.pPortion[st.x] && !empty(st.T) && !hitsP(st.T) && !failure) failure = st.counts;
    return true;
  };
  // Starting from the states of every position of heaps < h (carried over), only heap h is added.
  if (start) {
    for (const st of start) {
      const counts = st.counts.slice();
      while (counts.length < h + 1) counts.push(0); // heaps added since (with no move) appear 0 times
      insert({ x: st.x, T: st.T, counts });
    }
  } else insert({ x: 0, T: new Uint32Array(words), counts: new Array<number>(h + 1).fill(0) });
  for (let g = start ? h : 1; g <= h && !failure; g++) {
    if (data.dead(g)) continue;
    const n = s.live.length;
    const gi = s.liveIndex[g];
    const act = s.act;
    let frontier: State[] = [...byElement.values()].flat();
    while (frontier.length > 0 && !failure) {
      const next: State[] = [];
      for (const st of frontier) {
        work.spend(m);
        const T = new Uint32Array(words);
        // the options' elements times heap g, word by word over the set bits
        for (let w = 0; w < words; w++) {
          let bits = st.T[w];
          while (bits !== 0) {
            const low = bits & -bits;
            const v = act[((w << 5) + 31 - Math.clz32(low)) * n + gi];
            T[v >>> 5] |= 1 << (v & 31);
            bits ^= low;
          }
        }
        for (const { parts } of options[g]) {
          const v = timesParts(s, st.x, parts);
          T[v >>> 5] |= 1 << (v & 31);
        }
        const counts = st.counts.slice();
        counts[g]++;
        const ns = { x: act[st.x * n + gi], T, counts };
        if (insert(ns)) next.push(ns);
        if (failure) break;
      }
      // states removed as dominated may still be in `next`: harmless (their extensions are dominated too)
      frontier = next;
    }
  }
  return { failure, states: failure ? [] : [...byElement.values()].flat() };
}

/**
 * Step 4: some heaps of the failing position become free cyclic generators (period 2, index as
 * freedIndex says) over the submonoid the other heaps generate; the smallest set of heaps whose
 * freeing gets the failing position right is taken (all of them as a last resort).
 */
function recalibrate(
  s: Stage,
  failure: number[],
  h: number,
  data: HeapData,
  maxSize: number,
  work: QuotientWork,
): Stage {
  const involved: number[] = [];
  for (let g = 1; g <= h; g++) if (failure[g] > 0 && !data.dead(g)) involved.push(g);
  const wrong =
    s.pPortion[
      failure.reduce((e, c, g) => {
        if (!data.dead(g)) for (let i = 0; i < c; i++) e = s.mulHeap(e, g);
        return e;
      }, 0)
    ];
  const subsets: number[][] = [];
  if (involved.length <= 8) {
    for (let mask = 1; mask < 1 << involved.length; mask++) subsets.push(involved.filter((_, i) => (mask >> i) & 1));
    subsets.sort((a, b) => a.length - b.length);
  } else {
    subsets.push(involved);
  }
  let lastError: unknown = null;
  for (const freed of subsets) {
    try {
      // marking alone says whether the failing position is right in this trial (P/N survive
      // reduction): only the trial taken is reduced
      const marked = mark(
        freeHeaps(s, new Map(freed.map((g) => [g, freedIndex(s, g, failure[g])])), h, work),
        h,
        data,
        work,
      );
      let e = 0;
      failure.forEach((c, g) => {
        if (!data.dead(g)) for (let i = 0; i < c; i++) e = marked.p.mulHeap(e, g);
      });
      if (marked.isP[e] !== wrong || freed === subsets[subsets.length - 1]) return reduce(marked, maxSize, work);
    } catch (err) {
      if (!(err instanceof InputError) || err instanceof WorkLimitError) throw err;
      lastError = err;
    }
  }
  throw lastError ?? new Error('internal: no recalibration');
}

/**
 * The index of a freed heap's cyclic generator (x^(index+2) = x^index), as in Siegel's
 * MisereSolver: the index of the heap's element in the stage that failed, and at least the count of
 * the heap in the failing position less one, so that the trial tells that many copies apart.
 */
function freedIndex(s: Stage, g: number, count: number): number {
  const at = new Map<number, number>();
  let v = 0;
  for (let k = 0; !at.has(v); k++) {
    at.set(v, k);
    v = s.mulHeap(v, g);
  }
  return Math.max(at.get(v)!, count - 1);
}

/** Every heap seen in a failure freed at once from the first guess; null when that trial passes the limits. */
function escalate(
  first: Stage,
  seen: ReadonlyMap<number, number>,
  h: number,
  data: HeapData,
  maxSize: number,
  work: QuotientWork,
): Stage | null {
  try {
    return markAndReduce(freeHeaps(first, seen, h, work), h, data, maxSize, work);
  } catch (e) {
    if (e instanceof InputError && !(e instanceof WorkLimitError)) return null;
    throw e;
  }
}

/** The submonoid generated by the heaps not freed, times a free cyclic generator for each freed heap (heap -> index; period 2). */
function freeHeaps(s: Stage, freed: ReadonlyMap<number, number>, h: number, work: QuotientWork): Pretension {
  const isFreed = new Set(freed.keys());
  // one heap for each distinct element of the heaps not freed
  const byElement = new Map<number, number>();
  for (const g of s.live) if (g <= h && !isFreed.has(g) && !byElement.has(s.heap[g])) byElement.set(s.heap[g], g);
  const gens = [...byElement.values()];
  const local = new Int32Array(s.m).fill(-1);
  const members = [0];
  local[0] = 0;
  for (let i = 0; i < members.length; i++) {
    for (const g of gens) {
      const v = s.mulHeap(members[i], g);
      if (local[v] < 0) {
        local[v] = members.length;
        members.push(v);
      }
    }
  }
  const n = members.length;
  work.spend(n * gens.length);
  // products in the submonoid through the stage's products by the heaps
  const heap = new Int32Array(h + 1);
  for (let g = 1; g <= h; g++) heap[g] = isFreed.has(g) ? 0 : local[s.heap[g]];
  let base: Pretension = { m: n, mulHeap: (a, g) => local[s.mulHeap(members[a], g)], heap };
  for (const [g, index] of freed) base = cyclicProduct(base, index, 2, g);
  return base;
}

/**
 * Generators (heaps whose element is not a product of smaller heaps' elements, with their power
 * relations) and the complete presentation on them: each element's word is its normal form.
 */
function describe(
  s: Stage & { table: ProductTable },
  maxHeap: number,
  data: HeapData,
): { generators: QuotientGenerator[]; words: string[]; presentation: Presentation } {
  const generators: QuotientGenerator[] = [];
  const generated = new Uint8Array(s.m);
  generated[0] = 1;
  let known = [0];
  for (let g = 1; g <= maxHeap; g++) {
    if (data.dead(g) || generated[s.heap[g]]) continue;
    // powers of the heap's element x: x^(index + period) = x^index
    const powers = [0];
    const at = new Map<number, number>([[0, 0]]);
    for (let k = 1; ; k++) {
      const v = s.mulHeap(powers[k - 1], g);
      const j = at.get(v);
      if (j !== undefined) {
        generators.push({ heap: g, name: generatorName(generators.length), index: j, period: k - j });
        break;
      }
      at.set(v, k);
      powers.push(v);
    }
    const next: number[] = [];
    for (const u of known)
      for (let k = 1; k < powers.length; k++) {
        const v = s.table[u * s.m + powers[k]];
        if (generated[v]) continue;
        generated[v] = 1;
        next.push(v);
      }
    known = known.concat(next);
  }
  const presentation = presentMonoid(
    s.m,
    s.table,
    generators.map((g) => s.heap[g.heap]),
  );
  const names = generators.map((g) => g.name);
  const words = presentation.normalForms.map((w) => wordText(w, names));
  return { generators, words, presentation };
}

function generatorName(i: number): string {
  const letter = String.fromCharCode(97 + (i % 26));
  return i < 26 ? letter : `${letter}${Math.floor(i / 26)}`;
}

function columnKey(col: Uint8Array): string {
  let s = '';
  for (let i = 0; i < col.length; i++) s += col[i] ? '1' : '0';
  return s;
}

/** A binary heap of elements keyed by depth. */
class MinQueue {
  private keys: number[] = [];
  private items: number[] = [];
  get size(): number {
    return this.items.length;
  }
  push(item: number, key: number): void {
    this.items.push(item);
    this.keys.push(key);
    let i = this.items.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.keys[p] <= this.keys[i]) break;
      this.swap(i, p);
      i = p;
    }
  }
  pop(): number {
    const top = this.items[0];
    const lastItem = this.items.pop()!,
      lastKey = this.keys.pop()!;
    if (this.items.length > 0) {
      this.items[0] = lastItem;
      this.keys[0] = lastKey;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1,
          r = l + 1;
        let b = i;
        if (l < this.items.length && this.keys[l] < this.keys[b]) b = l;
        if (r < this.items.length && this.keys[r] < this.keys[b]) b = r;
        if (b === i) break;
        this.swap(i, b);
        i = b;
      }
    }
    return top;
  }
  private swap(a: number, b: number): void {
    [this.items[a], this.items[b]] = [this.items[b], this.items[a]];
    [this.keys[a], this.keys[b]] = [this.keys[b], this.keys[a]];
  }
}

/** The element of a position (heaps <= the quotient's maxHeap). */
export function elementOf(q: MisereQuotient, heaps: readonly number[]): number {
  let e = 0;
  for (const h of heaps) e = q.table[e * q.size + q.heapElement[h]];
  return e;
}
