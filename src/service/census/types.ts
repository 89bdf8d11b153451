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

/** One game to compute. `code` is the standard form (see codes.ts) and doubles as the job id. */
export interface CensusJob {
  readonly code: string;
  readonly budget: CensusBudget;
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

/** What computing one game found. Plain JSON data: it crosses threads, processes and Redis. */
export interface CensusRow {
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
