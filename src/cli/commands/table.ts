/** `nimber table <game>`: the values of the empty R x C boards of a game played on rectangles. */
import { Command } from '@commander-js/extra-typings';
import { InputError, parseNatural } from '../../engine/errors.ts';
import type { SearchProgress } from '../../engine/types.ts';
import type { TableCell } from '../../service/board-table.ts';
import { ENGINE_ENV, type ServiceEnv } from '../../service/env.ts';
import { DEFAULT_TABLE_CELL_MS } from '../../service/games.ts';
import { checkOperation, type OperationRequest, readRequest, runOperation } from '../../service/operation-table.ts';
import { tableSizeNames } from '../../service/operations.ts';
import { parseRedisUrl } from '../../adapters/queue/connection.ts';
import type { SizeRow } from '../../service/games.ts';
import type { QueuedSizeRow, StartOptionExecutor } from '../../service/start-options.ts';
import type { SizedTableReply, TableReply } from '../../service/table-requests.ts';
import { type ComputeFlags, computeFlags, searchResources } from '../compute.ts';
import { grouped, print, toJson } from '../io.ts';
import { jsonOption, namedGame, rulesOption, saveEveryMs, saveEveryOption, timeLimitOption } from '../options.ts';
import { runNamed } from '../rules-thread.ts';

/** How long a table of a rules file may take in all (each board within its own --time-limit). */
const RULES_TABLE_MS = 120_000;
import { progressBar, progressWanted } from '../progress.ts';
import { sizedTableOnThread, tableOnThread } from '../search-thread.ts';
import { timeMark, timeNote, timeSince } from '../time-note.ts';
import { type TableFiles, tableKeeping } from '../table-run.ts';

export function tableCommand() {
  const sizeNames = tableSizeNames();
  const command = new Command('table')
    .description(
      `Grundy values of the empty R x C boards of a game played on rectangles, or outcomes of starts sized by ${sizeNames.join(' or ')}`,
    )
    .argument('[game]', 'a game played on rectangles or sized by one number (see `nimber rulesets`); none with --rules')
    .addOption(rulesOption())
    .option('--rows <range>', 'rows, e.g. 1..5', '1..5')
    .option('--cols <range>', 'columns, e.g. 1..9', '1..9')
    .option('--times', 'also print the seconds each board took and how it was answered')
    .option(
      '--store <file>',
      'keep each finished board in this file and reuse the boards it has, and the search table of a board not finished beside it (<file>.<R>x<C>.search): a killed run resumes where it stopped, inside a board too',
    )
    .addOption(saveEveryOption())
    .option(
      '--queue <url>',
      'send one job per board to the workers of this Redis queue (`nimber worker --queue <url>`), redis://host:port; with --spots, one job per distinct option of each start and per play (normal and misère), a start decided as its options come back',
    )
    .option(
      '--certificates <dir>',
      'write a certificate of each value there (<game>-<R>x<C>.cert.gz, checked by `nimber verify`) and mark the values checked',
    )
    .addOption(timeLimitOption(DEFAULT_TABLE_CELL_MS / 1000).default(undefined))
    .addOption(jsonOption())
    .action(async (first, opts) => {
      const started = timeMark();
      const { game } = namedGame(first, [], opts.rules, false);
      const spec = 'ruleset' in game ? game.ruleset : undefined;
      const cellMs =
        opts.timeLimit === undefined ? undefined : parseNatural(opts.timeLimit, '--time-limit', 86_400) * 1000;
      const sizes = command.opts() as unknown as Record<string, string | undefined>;
      const sizeName = sizeNames.find((name) => sizes[name] !== undefined);
      const boardOptions = TABLE_BOARD_OPTIONS.filter((name) => command.getOptionValueSource(name) === 'cli');
      const kept = boardOptions.find((name) => name !== 'rows' && name !== 'cols');
      if (spec === undefined && (sizeName !== undefined || kept !== undefined))
        throw new InputError(
          `${flag(sizeName ?? kept ?? '')} takes a ruleset spec, not --rules: a table of your rules varies its rectangle(rows, cols) by --rows and --cols`,
        );
      if (sizeName !== undefined && spec !== undefined) {
        const request = readRequest('sized-table', { game: spec, size: sizeName, range: sizes[sizeName]!, cellMs });
        // the request's own refusal first (a game on rectangles, another size), then the options it ignores
        // --queue spreads the starts' options over the workers, for a game whose search answers outcomes first
        const options = opts.queue === undefined ? undefined : optionsOnQueue(opts.queue);
        checkOperation('sized-table', request, { ...ENGINE_ENV, table: { options } });
        if (opts.queue !== undefined) parseRedisUrl(opts.queue);
        refuseBoardOptions(
          request.game,
          sizeName,
          boardOptions.filter((name) => name !== 'queue'),
        );
        await printSizedTable(request, opts.json === true, computeFlags(command), options);
        return;
      }
      const input = {
        ...(spec === undefined ? { rules: (game as { rules: { file: string } }).rules } : { game: spec }),
        rows: opts.rows,
        cols: opts.cols,
        cellMs,
        certify: opts.certificates !== undefined,
      };
      const request = readRequest('table', input);
      // refused before any option of the face's is read: a game without boards, a range too large (the
      // rules of --rules are read on their own thread)
      if (spec !== undefined) checkOperation('table', request, ENGINE_ENV);
      if (opts.saveEvery !== undefined && opts.store === undefined)
        throw new InputError('--save-every saves the board tables kept beside --store: give --store <file> too');
      const files: TableFiles = {
        store: opts.store,
        saveEveryMs: saveEveryMs(opts.saveEvery),
        certificates: opts.certificates,
      };
      const bar = await progressBar(progressWanted(opts.json), 'table', 'boards');
      let done = 0;
      let total = 0;
      const note = (board: { rows: number; cols: number }, nodes: number, entries: number, ms: number) =>
        `${board.rows} x ${board.cols}: ${grouped(nodes)} positions, ${grouped(entries)} in the table, ${grouped(Math.round((nodes * 1000) / Math.max(ms, 1)))}/s`;
      const onSize = (count: number) => {
        total = count;
      };
      const onCell = () => bar.update(++done, total);
      const onProgress = (board: { rows: number; cols: number }, stats: SearchProgress) =>
        bar.update(done, total, note(board, stats.nodes, stats.tableEntries, stats.elapsedMs));
      let table: TableReply;
      if (spec === undefined)
        // the whole table on the rules' thread, ended past RULES_TABLE_MS or each board's limit, whichever is longer
        table = await runNamed('table', input, {
          ...ENGINE_ENV,
          limits: { searchMs: Math.max(RULES_TABLE_MS, cellMs ?? DEFAULT_TABLE_CELL_MS) },
        });
      else if (opts.queue !== undefined) table = await onQueue(opts.queue, request, files, onSize, onCell);
      else if (opts.store !== undefined) {
        // boards the user means to keep: on a thread of their own, so Ctrl-C stops the board under search with its table saved
        const { cache, cacheDir, threads } = computeFlags(command);
        table = await tableOnThread(
          {
            request,
            files: { ...files, store: opts.store },
            flags: { cache, cacheDir, threads },
            progress: progressWanted(opts.json),
          },
          onSize,
          onCell,
          onProgress,
          () => bar.stop(),
        );
      } else
        table = await runOperation('table', request, {
          ...ENGINE_ENV,
          search: searchResources(computeFlags(command)),
          progress: { board: onProgress },
          table: { keeping: tableKeeping(files), onSize, onCell },
        });
      const { ruleset, cells, rows, cols } = table;
      bar.stop();
      if (opts.json) {
        print(toJson({ ruleset: ruleset.spec, cells }));
        return;
      }
      const marked = cells.some((c) => c.verified);
      const grid = (title: string, text: (c: TableCell) => string) => {
        const width = Math.max(3, ...cells.map((c) => text(c).length + 1));
        const pad = (s: string) => s.padStart(width);
        const lines = [
          title,
          pad('R\\C') + Array.from({ length: cols.to - cols.from + 1 }, (_, i) => pad(String(cols.from + i))).join(''),
        ];
        for (let r = rows.from; r <= rows.to; r++)
          lines.push(
            pad(String(r)) +
              cells
                .filter((c) => c.rows === r)
                .map((c) => pad(text(c)))
                .join(''),
          );
        return lines.join('\n');
      };
      const out = [
        grid(
          `${ruleset.title}: Grundy values of R x C boards (? = not finished within the time limit${marked ? ', ✓ = certificate checked' : ''})`,
          (c) => (c.grundy === null ? '?' : `${c.grundy}${c.verified ? '✓' : ''}`),
        ),
      ];
      const reused = cells.filter((c) => c.reused).length;
      const unfinished = cells.filter((c) => c.grundy === null).length;
      if (unfinished > 0) {
        // the limit counts wall time: a busy machine alone can leave boards unfinished
        const spent = timeSince(started);
        out.push(
          `${unfinished} ${unfinished === 1 ? 'board' : 'boards'} not finished within ${((cellMs ?? DEFAULT_TABLE_CELL_MS) / 1000).toFixed(1)} s of wall time each; the table took ${timeNote(spent.wallMs, spent.cpuMs)}`,
        );
      }
      if (opts.store !== undefined) out.push(`${reused} of ${cells.length} boards reused from ${opts.store}`);
      if (opts.times)
        out.push(
          '',
          grid('Seconds per board (T = a theorem, no search)', (c) =>
            c.method === 'theorem' ? 'T' : (c.elapsedMs / 1000).toFixed(c.elapsedMs < 10_000 ? 1 : 0),
          ),
        );
      print(out.join('\n'));
    });
  // one option per size the registry's games are sized by (e.g. --spots 1..8)
  for (const name of sizeNames) command.option(`--${name} <range>`, `${name}, e.g. 1..6 (games sized by ${name})`);
  return command;
}

/** The options of tables of boards on rectangles (commander's names): a table of sized starts takes none of them (it always shows times). */
const TABLE_BOARD_OPTIONS = ['rows', 'cols', 'store', 'saveEvery', 'queue', 'certificates'] as const;

/** The option as the user writes it: saveEvery -> --save-every. */
const flag = (name: string) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Refuses --rows, --store and the like given with a size (a game sized by one number, as the
 * sized-table request's check found): they were ignored before. A size given to a game on rectangles
 * is the request's own refusal.
 */
function refuseBoardOptions(game: string, sizeName: string, boardOptions: readonly string[]): void {
  if (boardOptions.length > 0)
    throw new InputError(
      `'${game}' is sized by ${sizeName}, not played on rectangles: ${boardOptions.map(flag).join(', ')} ${boardOptions.length === 1 ? 'is' : 'are'} for tables of boards; give --${sizeName} alone`,
    );
}

/** The executor of a sized table's options on the queue at `url`, started when the table's first start is. */
function optionsOnQueue(url: string): () => Promise<StartOptionExecutor> {
  return async () =>
    (await import('../../adapters/queue/option-executor.ts')).createOptionExecutor(url, {
      // two runs per start (one per play): their rows say the progress a waiting line would
      onStatus: (line) => {
        if (!line.startsWith('waiting for workers')) process.stderr.write(`nimber: ${line}\n`);
      },
    });
}

/**
 * The outcomes of starts sized over a range, a row printed as soon as it is known: on a thread of its
 * own, so that Ctrl-C stops it at once with a line saying where; or, with a queue, each start's
 * options as jobs for the workers (Ctrl-C stops waiting; the jobs stay queued).
 */
async function printSizedTable(
  request: OperationRequest<'sized-table'>,
  json: boolean,
  flags: ComputeFlags,
  options: (() => Promise<StartOptionExecutor>) | undefined,
): Promise<void> {
  const sizeName = request.size;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const outcome = (o: string | null) => o ?? '?';
  let header = false;
  const onRow = (row: SizeRow & Partial<QueuedSizeRow>) => {
    if (json) return;
    if (!header) {
      print(`${sizeName.padStart(6)}  normal  time      misère  time      (? = not finished within the time limit)`);
      header = true;
    }
    // how a queued row was answered: its options, and the option found P for an N start
    const by = (play: string, text: string | null | undefined) => (text ? `, ${play} N by ${text}` : '');
    const how =
      row.method === undefined
        ? ''
        : `  ${row.method}${by('normal', row.winning?.normal)}${by('misère', row.winning?.misere)}`;
    print(
      `${String(row.size).padStart(6)}  ${outcome(row.normal).padEnd(6)}  ${seconds(row.normalMs).padEnd(8)}  ${outcome(row.misere).padEnd(6)}  ${seconds(row.misereMs).padEnd(8)}${how}`.trimEnd(),
    );
  };
  if (options !== undefined) {
    const { ruleset, rows } = await onQueueSized(options, request, onRow);
    if (json) print(toJson({ ruleset, size: sizeName, rows }));
    else print(`the workers searched ${grouped(rows.reduce((n, r) => n + r.nodes, 0))} positions`);
    return;
  }
  const { cache, cacheDir, threads } = flags;
  const { ruleset, rows } = await sizedTableOnThread(
    { request, flags: { cache, cacheDir, threads }, progress: false },
    onRow,
  );
  if (json) print(toJson({ ruleset, size: sizeName, rows }));
}

/** A table of sized starts with its options computed on the queue; Ctrl-C stops waiting (the jobs stay queued). */
async function onQueueSized(
  options: () => Promise<StartOptionExecutor>,
  request: OperationRequest<'sized-table'>,
  onRow: (row: SizeRow) => void,
): Promise<SizedTableReply> {
  return untilInterrupted((signal) =>
    runOperation('sized-table', request, { ...ENGINE_ENV, signal, table: { options, onRow } }),
  );
}

/** Runs an operation that Ctrl-C stops through its signal (a queued table stops waiting; its jobs stay queued). */
async function untilInterrupted<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    return await run(controller.signal);
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/**
 * Runs a table on the queue at `url`, connected once a board needs computing: Ctrl-C stops waiting
 * (the jobs stay queued for the workers); the operation closes the connection at the end.
 */
async function onQueue(
  url: string,
  request: OperationRequest<'table'>,
  files: TableFiles,
  onSize: (count: number) => void,
  onCell: () => void,
): Promise<TableReply> {
  return untilInterrupted((signal) => {
    const env: ServiceEnv = {
      ...ENGINE_ENV,
      signal,
      table: {
        executor: async () =>
          (await import('../../adapters/queue/board-executor.ts')).createBoardExecutor(url, {
            onStatus: (line) => process.stderr.write(`nimber: ${line}\n`),
          }),
        keeping: tableKeeping(files),
        onSize,
        onCell,
      },
    };
    return runOperation('table', request, env);
  });
}
