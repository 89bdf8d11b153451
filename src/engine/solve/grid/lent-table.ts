/**
 * The TypeScript grid core on one thread with its table laid in the thread's storage, lent to one
 * search at a time (as wasm.ts lends the WebAssembly core's memory): a thread that runs search after
 * search (the server's workers) holds one table's arrays instead of one per search until a garbage
 * collection, which a worker thread cannot force (V8 let three dead 10 MB tables wait in one).
 */
import type { SearchStats } from '../search/solver.ts';
import { type GridRules, type GridSearchOptions, GridSolver } from './search.ts';
import { NimberTable, type TableStorage, tableFits, tableStorage } from './table.ts';
import type { GridCore } from './threads.ts';

/**
 * Most table bits laid in the thread's storage: 2^20 entries (21 MB, kept for good); a larger table
 * (the CLI's 2^22, a server with a longer time limit) is the search's own, returned when it is collected.
 */
export const LENT_TABLE_BITS = 20;

interface Lender {
  storage: TableStorage;
  /** The core whose table lies in the storage now. */
  holder: LentTableCore | undefined;
  /** True while a question runs on it (a core made meanwhile, from a progress report, gets a table of its own). */
  busy: boolean;
}

let lender: Lender | undefined;

/** The thread's storage, grown to 2^bits entries when smaller (then the old arrays are left to the collector). */
function lend(holder: LentTableCore, bits: number): NimberTable {
  if (bits > LENT_TABLE_BITS || lender?.busy) return new NimberTable(bits);
  if (!lender) lender = { storage: tableStorage(bits), holder: undefined, busy: false };
  else if (!tableFits(lender.storage, bits)) lender.storage = tableStorage(bits);
  lender.holder?.leave();
  lender.holder = holder;
  return new NimberTable(bits, lender.storage);
}

/**
 * A GridSolver whose table lies in the thread's storage while it holds it. When a later core takes
 * the storage, this one's next question starts again from an empty table of its own (its facts were
 * a cache: the values stay right), within what is left of its time limit.
 */
export class LentTableCore implements GridCore {
  private solver: GridSolver;
  private readonly bits: number;
  private readonly started = Date.now();
  /** Positions searched by the solvers this core has dropped. */
  private nodesBefore = 0;
  /** True once another core took the storage its table lies in (until it has a table of its own). */
  private lost = false;

  constructor(
    private readonly rules: GridRules,
    private readonly options: GridSearchOptions & { readonly tableBits: number },
  ) {
    this.bits = options.tableBits;
    this.solver = new GridSolver(rules, { ...options, table: lend(this, this.bits) });
  }

  /** Called by lend() when another core takes the storage. */
  leave(): void {
    this.lost = true;
  }

  get table(): NimberTable {
    return this.solver.table as NimberTable;
  }

  get stats(): SearchStats {
    const s = this.solver.stats;
    return { ...s, nodes: this.nodesBefore + s.nodes, elapsedMs: Date.now() - this.started };
  }

  /** The solver for the next question: a new one with a table of its own once the storage went to another core. */
  private current(): GridSolver {
    if (!this.lost) return this.solver;
    this.lost = false;
    this.nodesBefore += this.solver.stats.nodes;
    const limit = this.options.timeLimitMs;
    this.solver = new GridSolver(this.rules, {
      ...this.options,
      timeLimitMs: limit === undefined ? undefined : Math.max(0, limit - (Date.now() - this.started)),
      table: new NimberTable(this.bits),
    });
    return this.solver;
  }

  private ask<T>(question: (solver: GridSolver) => T): T {
    const solver = this.current();
    const holding = lender?.holder === this;
    if (holding) lender!.busy = true;
    try {
      return question(solver);
    } finally {
      if (holding) lender!.busy = false;
    }
  }

  grundy(rows: readonly number[]): number {
    return this.ask((solver) => solver.grundy(rows));
  }

  hasValue(rows: readonly number[], k: number): boolean {
    return this.ask((solver) => solver.hasValue(rows, k));
  }
}
