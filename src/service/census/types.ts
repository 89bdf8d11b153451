/**
 * The vocabulary of the take-and-break census, shared by the embedded pool (worker threads here)
 * and the distributed queue (BullMQ on Redis): a job is one game in standard form with a budget,
 * a row is what computing it found.
 */

/** What one game may cost before it is reported unsolved at the extent reached. */
export interface CensusBudget {
  /** Most heaps computed (heaps 0..maxHeaps-1). */
  readonly maxHeaps: number;
  /**
   * Most work, in the kernel's pair checks as predicted from the values (game.ts, `stepWork`): a
   * function of the game alone, so a game stops at the same heap on every machine. Absent in
   * budgets stored before it existed (no work limit).
   */
  readonly maxWork?: number;
  /** Most seconds of computing (the default is a safety net a run on any ordinary machine never reaches). */
  readonly seconds: number;
}

/**
 * Which play a census computes: normal (Grundy values and their proved periods) or misère (the
 * misère quotient and its proved pretending function). Rows and stores of the two never mix.
 */
export type CensusConvention = 'normal' | 'misere';

/** One game to compute. `code` is the standard form (see codes.ts); with the convention, the job id. */
export interface CensusJob {
  readonly code: string;
  readonly budget: CensusBudget;
  /** Absent: normal play (jobs and rows stored before misère censuses existed). */
  readonly convention?: 'misere';
}

export type CensusStatus = 'solved' | 'unsolved';

/** Rare and common values at the end of the computation (Czajka's "rare mask", "num rare", "last rare"). */
export interface CensusRare {
  readonly mask: number;
  /** The class also flips with the parity of the heap (Czajka's "+pos"). */
  readonly twist: boolean;
  /** Rare heaps among 1..heaps-1. */
  readonly count: number;
  /** The largest rare heap (0 when none). */
  readonly last: number;
  /** Heap 0 is in the rare class (Czajka counts it among his rare heaps; `count` leaves it out). */
  readonly zeroRare?: boolean;
}

/** What computing one game found under normal play. Plain JSON data: it crosses threads, processes and Redis. */
export interface NormalCensusRow {
  /** Absent: normal play. */
  readonly convention?: undefined;
  /** Standard form of the code. */
  readonly code: string;
  readonly status: CensusStatus;
  /** Certified period (solved), else null. */
  readonly preperiod: number | null;
  readonly period: number | null;
  readonly saltus: number | null;
  /** Largest value among the heaps computed, and the first heap where it occurs. */
  readonly largestValue: number;
  readonly largestAt: number;
  /** Rare-value statistics of the computed values, null when no split leaves few rare heaps. */
  readonly rare: CensusRare | null;
  /** Heaps computed: 0..heaps-1 (the extent). */
  readonly heaps: number;
  /** Milliseconds of computing. */
  readonly ms: number;
  /** Why an unsolved game stopped: its heap budget, its work budget (both the same on every machine) or its time budget. */
  readonly stopped: 'heaps' | 'work' | 'seconds' | null;
  /** The budget the row was computed with (a stored unsolved row is recomputed under a larger one). */
  readonly budget: CensusBudget;
}

/**
 * What computing one game's misère quotient found: solved (the pretending function proved
 * periodic, so the quotient is that of every heap) or unsolved (the quotient of the heaps reached).
 */
export interface MisereCensusRow {
  readonly code: string;
  readonly convention: 'misere';
  readonly status: CensusStatus;
  /** Every heap of 0..heaps-1 is tame (its genus is a misère Nim one): sums of them play like misère Nim. */
  readonly tame: boolean;
  /** The quotient's order (elements) and its P-portion's size, for heaps 0..heaps-1. */
  readonly order: number;
  readonly pPortion: number;
  /** Φ(n + period) = Φ(n) for n >= preperiod, proved (solved), else null. */
  readonly preperiod: number | null;
  readonly period: number | null;
  /** Heaps the quotient covers: 0..heaps-1 (solved: the heaps the periodicity theorem needed). */
  readonly heaps: number;
  /** The last heap at which the quotient grew (0: never). */
  readonly lastGrowth: number;
  readonly ms: number;
  /**
   * Why an unsolved quotient stopped: its heap budget, its work budget (steps, the same on every
   * machine), a limit of the construction (size, powers, recalibrations, options), or its time budget.
   */
  readonly stopped: 'heaps' | 'work' | 'limit' | 'seconds' | null;
  /** The construction's own line when it stopped at a limit (null otherwise). */
  readonly reason: string | null;
  readonly budget: CensusBudget;
}

/** A census row of either convention. */
export type CensusRow = NormalCensusRow | MisereCensusRow;

/** Runs census jobs somewhere (worker threads here, or workers on other machines through a queue). */
export interface CensusExecutor {
  /**
   * Computes every job, calling onRow once per job as each finishes (in any order); resolves when
   * all are done, rejects on a failure that retries did not mend, stops early when signalled.
   */
  run(jobs: readonly CensusJob[], onRow: (row: CensusRow) => void, signal?: AbortSignal): Promise<void>;
  /** Frees threads, connections and queues. */
  close(): Promise<void>;
}
