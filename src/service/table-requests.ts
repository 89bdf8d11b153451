/**
 * The operations of `nimber table`: `table` (the Grundy values of a game's empty R x C boards) and
 * `sized-table` (the outcomes of its starts sized by one number). Each request's cheap check (the
 * game has such a table, its ranges and time limit within their maxima) and its run, with what the
 * face lends (an executor, the keeping of boards, listeners) from ServiceEnv.table, the board
 * searches' resources from env.search, their progress from env.progress and the stop from env.signal.
 */
import type * as z from 'zod';
import { abortSignalOf } from './abort.ts';
import { InputError, checkMax } from '../engine/errors.ts';
import { parseRuleset } from '../engine/spec.ts';
import type { GameRuleset } from '../engine/types.ts';
import { type BoardExecutor, type TableCell, gameTable, gameTableOn } from './board-table.ts';
import type { ServiceEnv } from './env.ts';
import {
  DEFAULT_TABLE_CELL_MS,
  type SideRange,
  type SizeRow,
  parseSideRange,
  sizeTable,
  tableRanges,
} from './games.ts';
import { tableShape } from './operations.ts';
import { requestRuleset } from './user-rules.ts';
import { requireCapability } from '../engine/capabilities.ts';
import type { sizedTableBody, tableBody } from './request-schemas.ts';
import { checkSpread, queuedSizeTable, type StartOptionExecutor } from './start-options.ts';

/** The longest time one board or start of a table may take: a day (the CLI's --time-limit 86400). */
export const MAX_TABLE_CELL_MS = 86_400_000;

export type TableRequest = z.output<typeof tableBody>;
export type SizedTableRequest = z.output<typeof sizedTableBody>;

/** A table of boards (plain data: it crosses threads). */
export interface TableReply {
  readonly ruleset: { readonly spec: string; readonly title: string };
  /** One cell per board, row after row. */
  readonly cells: TableCell[];
  readonly rows: SideRange;
  readonly cols: SideRange;
}

/** A table of sized starts (plain data: it crosses threads). */
export interface SizedTableReply {
  /** The game's spec. */
  readonly ruleset: string;
  /** What the starts are sized by (e.g. spots). */
  readonly size: string;
  readonly rows: SizeRow[];
}

const cellMsOf = (request: { readonly cellMs?: number }) =>
  checkMax(request.cellMs ?? DEFAULT_TABLE_CELL_MS, 'cellMs', MAX_TABLE_CELL_MS);

/**
 * The game and ranges of a table of boards, checked without computing: the game is played on
 * rectangles (a spec naming a start, cram:4x5, stands for its game), each range within the largest side.
 */
export function checkTable(
  request: TableRequest,
  env: ServiceEnv,
): {
  ruleset: GameRuleset;
  rows: SideRange;
  cols: SideRange;
  cellMs: number;
} {
  if (request.rules !== undefined || request.game === undefined) {
    // the user's rules: boards from their rectangle(rows, cols), if they give one
    const ruleset = requestRuleset({ ruleset: request.game, rules: request.rules }, env);
    requireCapability(ruleset, 'rectangles', 'table');
    return {
      ruleset: ruleset as GameRuleset,
      ...tableRanges(ruleset as GameRuleset, request.rows, request.cols),
      cellMs: cellMsOf(request),
    };
  }
  const shape = tableShape(request.game);
  if (!shape.rectangles)
    throw new InputError(
      `'${shape.game}' is sized by ${shape.sizedBy}: give --${shape.sizedBy}, e.g. --${shape.sizedBy} 1..6`,
    );
  const ruleset = parseRuleset(shape.game) as GameRuleset;
  return { ruleset, ...tableRanges(ruleset, request.rows, request.cols), cellMs: cellMsOf(request) };
}

/**
 * The game and range of a table of sized starts, checked: the game is sized by `size`, the range
 * within its largest start; with an executor of options lent (the CLI's --queue), the game's starts
 * can be spread over it.
 */
export function checkSizedTable(
  request: SizedTableRequest,
  env?: ServiceEnv,
): {
  ruleset: GameRuleset;
  sizes: SideRange;
  cellMs: number;
} {
  const shape = tableShape(request.game);
  if (shape.sizedBy !== request.size)
    throw new InputError(
      shape.sizedBy !== null
        ? `'${shape.game}' is sized by ${shape.sizedBy}, not ${request.size}: give --${shape.sizedBy}`
        : `'${shape.game}' is played on rectangles: give --rows and --cols (e.g. --rows 1..4 --cols 1..6), not --${request.size}, which sizes games such as sprouts`,
    );
  const ruleset = parseRuleset(shape.game) as GameRuleset;
  // tableShape names the size only of a game whose starts it sizes
  const sized = ruleset.sized!;
  if (env?.table?.options) checkSpread(ruleset.spec);
  return {
    ruleset,
    sizes: parseSideRange(request.range, `--${sized.name}`, sized.max, 'size'),
    cellMs: cellMsOf(request),
  };
}

/**
 * The table a request asks for: each board reused from the face's keeping, else searched here (board
 * after board, `env.signal` stopping the board under search with its table saved where the keeping
 * resumes it) or computed on the face's executor (one job per board, closed at the end). Each board is
 * kept and then heard as it is known.
 */
export async function runTable(request: TableRequest, env: ServiceEnv): Promise<TableReply> {
  const { ruleset, rows, cols, cellMs } = checkTable(request, env);
  const lent = env.table ?? {};
  lent.onSize?.((rows.to - rows.from + 1) * (cols.to - cols.from + 1));
  const keeping = lent.keeping?.(ruleset.spec) ?? {};
  const options = {
    reuse: keeping.reuse,
    resume: keeping.resume,
    certify: request.certify,
    onCertificate: keeping.certificate,
    resources: env.search,
    signal: env.signal,
  };
  const stop = abortSignalOf(env.signal);
  const onCell = (cell: TableCell) => {
    keeping.keep?.(cell);
    lent.onCell?.(cell);
    stop.heard();
  };
  let cells: TableCell[];
  if (lent.executor) {
    const started = startedWhenNeeded(lent.executor);
    try {
      cells = await gameTableOn(ruleset, rows, cols, cellMs, started.executor, onCell, options, stop.signal);
    } finally {
      await started.close();
    }
  } else cells = gameTable(ruleset, rows, cols, cellMs, onCell, env.progress?.board, options);
  return { ruleset: { spec: ruleset.spec, title: ruleset.title }, cells, rows, cols };
}

/**
 * The table of sized starts a request asks for, each row heard as it finishes: searched here start
 * after start, or with the face's executor of options (the CLI's --queue), one job per distinct
 * option and play of each start (start-options.ts), the executor closed at the end.
 */
export function runSizedTable(request: SizedTableRequest, env: ServiceEnv): SizedTableReply | Promise<SizedTableReply> {
  const { ruleset, sizes, cellMs } = checkSizedTable(request, env);
  const lent = env.table ?? {};
  if (lent.options) {
    return queuedSizedTable(request, ruleset, sizes, cellMs, lent.options, env);
  }
  lent.onSize?.(sizes.to - sizes.from + 1);
  return {
    ruleset: ruleset.spec,
    size: request.size,
    rows: sizeTable(ruleset, sizes, cellMs, lent.onRow, env.search?.endgame),
  };
}

async function queuedSizedTable(
  request: SizedTableRequest,
  ruleset: GameRuleset,
  sizes: SideRange,
  cellMs: number,
  start: () => StartOptionExecutor | Promise<StartOptionExecutor>,
  env: ServiceEnv,
): Promise<SizedTableReply> {
  env.table?.onSize?.(sizes.to - sizes.from + 1);
  const executor = await start();
  try {
    const stop = abortSignalOf(env.signal);
    const rows = await queuedSizeTable(
      ruleset,
      sizes,
      cellMs,
      executor,
      (row) => {
        env.table?.onRow?.(row);
        stop.heard();
      },
      stop.signal,
    );
    return { ruleset: ruleset.spec, size: request.size, rows };
  } finally {
    await executor.close?.();
  }
}

/** The face's executor, started at its first jobs (a table whose boards are all kept opens no connection). */
function startedWhenNeeded(start: () => BoardExecutor | Promise<BoardExecutor>): {
  executor: BoardExecutor;
  close: () => Promise<void>;
} {
  let started: BoardExecutor | undefined;
  return {
    executor: {
      async run(jobs, onResult, signal) {
        started ??= await start();
        await started.run(jobs, onResult, signal);
      },
    },
    close: async () => {
      await started?.close?.();
    },
  };
}
