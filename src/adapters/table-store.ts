/**
 * The store of a board table (`nimber table … --store FILE`): JSON lines, a header naming the game,
 * then one line per finished board, appended as each finishes, so a killed run resumes without
 * searching the finished boards again. A torn last line (a run killed while writing it) is dropped;
 * any other line that is not a finished board makes the store refused in one line (exit 2), never
 * read as values.
 */
import { appendFileSync, existsSync, readFileSync, truncateSync } from 'node:fs';
import { InputError } from '../engine/errors.ts';
import type { TableCell } from '../service/board-table.ts';
import { StorageError, describeFsError } from './storage-error.ts';

const FORMAT = 'board-table';
const VERSION = 1;
const METHODS = new Set(['theorem', 'search', 'grid core', 'table core', 'land search']);

const isNatural = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** A finished board read back, or null when the line is not one. */
function cellOf(value: unknown): TableCell | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const { rows, cols, grundy, method, nodes, elapsedMs, verified } = v;
  if (!isNatural(rows) || !isNatural(cols) || rows < 1 || cols < 1 || !isNatural(grundy)) return null;
  if (typeof method !== 'string' || !METHODS.has(method) || !isNatural(nodes) || !isNatural(elapsedMs)) return null;
  if (typeof verified !== 'boolean') return null;
  return { rows, cols, grundy, method: method as TableCell['method'], nodes, elapsedMs, verified, reused: false };
}

/** The finished boards of one game's table, kept in a file. */
export class TableStore {
  private readonly cells = new Map<string, TableCell>();

  private constructor(
    private readonly file: string,
    private readonly game: string,
  ) {}

  /** Opens (or starts) the store of `game`'s table; refuses a file that is not one, or one of another game. */
  static open(file: string, game: string): TableStore {
    const store = new TableStore(file, game);
    if (!existsSync(file)) {
      store.write(`${JSON.stringify({ nimber: FORMAT, version: VERSION, game })}\n`);
      return store;
    }
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new InputError(`cannot read the table store ${file}: ${describeFsError(e)}`);
    }
    const torn = text.length > 0 && !text.endsWith('\n');
    const lines = text.split('\n');
    lines.pop(); // the text after the last newline: empty, or a line torn by a kill
    const bad = (line: number, what: string) => new InputError(`table store ${file} line ${line}: ${what}`);
    if (lines.length === 0) throw bad(1, `not a table store (no header line)`);
    const header = parse(lines[0]) as Record<string, unknown> | null;
    if (header?.nimber !== FORMAT || header.version !== VERSION || typeof header.game !== 'string')
      throw bad(1, `not a table store (the first line must be {"nimber":"${FORMAT}","version":${VERSION},"game":…})`);
    if (header.game !== game) throw bad(1, `the store holds a table of '${header.game}', not of '${game}'`);
    lines.slice(1).forEach((line, i) => {
      const cell = cellOf(parse(line));
      if (!cell) throw bad(i + 2, `not a finished board (a corrupt store?)`);
      store.cells.set(`${cell.rows}x${cell.cols}`, cell);
    });
    if (torn) {
      try {
        truncateSync(file, Buffer.byteLength(`${lines.join('\n')}\n`));
      } catch (e) {
        throw new StorageError(`cannot repair the table store ${file}: ${describeFsError(e)}`);
      }
    }
    return store;
  }

  /** The finished board rows x cols, if the store has it. */
  get(rows: number, cols: number): TableCell | undefined {
    return this.cells.get(`${rows}x${cols}`);
  }

  /** Keeps a finished board (a board whose search stopped is not kept: the next run searches it again). */
  add(cell: TableCell): void {
    if (cell.grundy === null || cell.reused) return;
    const { rows, cols, grundy, method, nodes, elapsedMs, verified } = cell;
    this.write(`${JSON.stringify({ rows, cols, grundy, method, nodes, elapsedMs, verified })}\n`);
    this.cells.set(`${rows}x${cols}`, cell);
  }

  get size(): number {
    return this.cells.size;
  }

  private write(text: string): void {
    try {
      appendFileSync(this.file, text);
    } catch (e) {
      throw new StorageError(`cannot write the table store ${this.file}: ${describeFsError(e)}`);
    }
  }
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return null;
  }
}
