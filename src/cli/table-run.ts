/**
 * What `nimber table` keeps and writes, board by board: the store (finished boards kept, the board
 * under search's table beside it) and the certificates. The table operation opens it for its game
 * once the request is checked, on the main thread or on the worker thread (search-worker.ts) when
 * --store asks for a run that Ctrl-C stops with its search saved.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeCertificateFile } from '../adapters/certificate-file.ts';
import { boardSearchFile } from '../adapters/search-table-file.ts';
import { StorageError, describeFsError } from '../adapters/storage-error.ts';
import { TableStore } from '../adapters/table-store.ts';
import type { BoardKeeping } from '../service/env.ts';

/** Where a table's boards are kept and its certificates written (plain data: it crosses threads). */
export interface TableFiles {
  /** The store of finished boards (--store); each board's search table is kept beside it. */
  readonly store?: string;
  /** How often a board's search table is saved (--save-every). */
  readonly saveEveryMs?: number;
  /** The directory of the certificates (--certificates). */
  readonly certificates?: string;
}

/** The keeping of a game's boards in `files`, opened for the game the table operation names (its spec). */
export function tableKeeping(files: TableFiles): (game: string) => BoardKeeping {
  return (game) => {
    const { store: file, certificates } = files;
    if (certificates !== undefined)
      try {
        mkdirSync(certificates, { recursive: true });
      } catch (e) {
        throw new StorageError(`cannot make the directory ${certificates}: ${describeFsError(e)}`);
      }
    const store = file === undefined ? undefined : TableStore.open(file, game);
    return {
      reuse: store && ((r, c) => store.get(r, c)),
      resume:
        file === undefined
          ? undefined
          : (r, c) => ({ keeper: boardSearchFile(file, r, c), saveEveryMs: files.saveEveryMs }),
      certificate:
        certificates === undefined
          ? undefined
          : (cell, lines) =>
              writeCertificateFile(join(certificates, `${game}-${cell.rows}x${cell.cols}.cert.gz`), lines),
      keep: (cell) => {
        store?.add(cell);
        // a finished board is in the store now: its search table is no longer needed
        if (file !== undefined && cell.grundy !== null && !cell.reused)
          boardSearchFile(file, cell.rows, cell.cols).remove();
      },
    };
  };
}
