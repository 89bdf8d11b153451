/**
 * `nimber table`'s boards computed here, board by board: the store (finished boards kept, the board
 * under search's table beside it) and the certificates. Run on the main thread, or on the worker
 * thread (search-worker.ts) when --store asks for a run that Ctrl-C stops with its search saved.
 */
import { join } from 'node:path';
import { writeCertificateFile } from '../adapters/certificate-file.ts';
import { boardSearchFile } from '../adapters/search-table-file.ts';
import { TableStore } from '../adapters/table-store.ts';
import type { SearchProgress, StopSignal } from '../engine/types.ts';
import type { BoardTableOptions, TableCell } from '../service/board-table.ts';
import { rectangleTable } from '../service/operations.ts';
import type { SearchResources } from '../service/env.ts';

/** What a table run keeps and writes (plain data: it crosses threads). */
export interface TableKeeping {
  /** The game's name, as the store's header and the certificates' names say it. */
  readonly game: string;
  readonly store?: string;
  readonly saveEveryMs?: number;
  readonly certificates?: string;
}

/** A table run (plain data: it crosses threads). */
export interface TableRun extends TableKeeping {
  readonly rows: string;
  readonly cols: string;
  readonly cellMs: number;
}

/** A table computed (plain data: it crosses threads). */
export interface TableReply {
  readonly ruleset: { readonly spec: string; readonly title: string };
  readonly cells: TableCell[];
  readonly rows: { readonly from: number; readonly to: number };
  readonly cols: { readonly from: number; readonly to: number };
}

/** The table's options for its store and certificates, and what keeps each board as it comes. */
export function tableKeeping(run: TableKeeping): { options: BoardTableOptions; keep: (cell: TableCell) => void } {
  const { store: file, certificates } = run;
  const store = file === undefined ? undefined : TableStore.open(file, run.game);
  return {
    options: {
      reuse: store && ((r, c) => store.get(r, c)),
      resume:
        file === undefined
          ? undefined
          : (r, c) => ({ keeper: boardSearchFile(file, r, c), saveEveryMs: run.saveEveryMs }),
      certify: certificates !== undefined,
      onCertificate: (cell, lines) =>
        writeCertificateFile(join(certificates!, `${run.game}-${cell.rows}x${cell.cols}.cert.gz`), lines),
    },
    keep: (cell) => {
      store?.add(cell);
      // a finished board is in the store now: its search table is no longer needed
      if (file !== undefined && cell.grundy !== null && !cell.reused)
        boardSearchFile(file, cell.rows, cell.cols).remove();
    },
  };
}

/** The table of `run` computed here; `signal` stops it (the board under search saves its table). */
export function runTable(
  run: TableRun,
  onCell: (cell: TableCell) => void,
  onProgress: (board: { rows: number; cols: number }, stats: SearchProgress) => void,
  how: { readonly signal?: StopSignal; readonly resources?: SearchResources } = {},
): TableReply {
  const { options, keep } = tableKeeping(run);
  const { ruleset, cells, rows, cols } = rectangleTable(
    run.game,
    run.rows,
    run.cols,
    run.cellMs,
    (cell) => {
      keep(cell);
      onCell(cell);
    },
    onProgress,
    { ...options, ...how },
  );
  return { ruleset: { spec: ruleset.spec, title: ruleset.title }, cells, rows, cols };
}
