/**
 * The CLI's progress bar: drawn on stderr only when it is a terminal and the output is not JSON,
 * only once a run has lasted BAR_DELAY (quick runs print nothing), and cleared when done.
 * cli-progress is loaded only when a bar may be drawn.
 */
import { grouped } from './io.ts';

/** Milliseconds before a bar appears. */
const BAR_DELAY = 700;

export interface Progress {
  /** `note`: shown after the label while set (e.g. the kernel fell back to a quadratic scan). */
  update(done: number, total: number, note?: string): void;
  stop(): void;
}

/** Whether a bar may be shown: stderr is a terminal and the output is not JSON. */
export function progressWanted(json: boolean | undefined): boolean {
  return process.stderr.isTTY === true && !json;
}

/**
 * A bar labelled `label`; with `unit` it also shows done/total and the rate in that unit.
 * A no-op when `enabled` is false.
 */
export async function progressBar(enabled: boolean, label: string, unit?: string): Promise<Progress> {
  if (!enabled) return { update() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  let bar: InstanceType<typeof cliProgress.SingleBar> | null = null;
  const t0 = Date.now();
  const counts = unit ? ` | {value}/{total} ${unit} | {rate} ${unit}/s` : '';
  return {
    update(done, total, note) {
      const elapsed = Date.now() - t0;
      if (!bar) {
        if (elapsed < BAR_DELAY || done >= total) return;
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${label}{note} |{bar}| {percentage}%${counts} | ETA {eta_formatted}`,
            hideCursor: true,
            clearOnComplete: true,
            etaBuffer: 20,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done, { rate: '-', note: '' });
      }
      const rate = elapsed > 0 ? grouped(Math.round((done * 1000) / elapsed)) : '-';
      bar.update(done, { rate, note: note ? ` (${note})` : '' });
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}

/** Milliseconds between two redraws of a status line. */
const STATUS_EVERY = 250;

/** A line of status (work of unknown length, e.g. a search), redrawn in place. */
export interface StatusLine {
  update(text: string): void;
  stop(): void;
}

/**
 * A status line on stderr, for work whose total is unknown (a search): drawn only when `enabled`,
 * once the work has lasted BAR_DELAY, at most every STATUS_EVERY ms, and erased when done.
 */
export function statusLine(enabled: boolean): StatusLine {
  if (!enabled) return { update() {}, stop() {} };
  const t0 = Date.now();
  let drawnAt = 0;
  let drawn = false;
  return {
    update(text) {
      const now = Date.now();
      if (now - t0 < BAR_DELAY || now - drawnAt < STATUS_EVERY) return;
      drawnAt = now;
      drawn = true;
      // \r and erase-line: the line is redrawn in place, cut to the terminal's width
      const width = process.stderr.columns || 80;
      process.stderr.write(`\r\x1b[K${text.slice(0, Math.max(width - 1, 10))}`);
    },
    stop() {
      if (drawn) process.stderr.write('\r\x1b[K');
      drawn = false;
    },
  };
}

/** A search's progress in words: positions, table entries (or the root's moves searched), rate and time. */
export function searchProgressText(stats: {
  readonly nodes: number;
  readonly tableEntries: number;
  readonly elapsedMs: number;
  readonly rootMoves?: { readonly done: number; readonly of: number };
}): string {
  const rate = Math.round((stats.nodes * 1000) / Math.max(stats.elapsedMs, 1));
  const n = (x: number) => grouped(x);
  const where =
    stats.rootMoves === undefined
      ? `${n(stats.tableEntries)} in the table`
      : `root move ${n(stats.rootMoves.done + 1)} of at most ${n(stats.rootMoves.of)}`;
  return `search: ${n(stats.nodes)} positions | ${where} | ${n(rate)}/s | ${Math.round(stats.elapsedMs / 1000)} s`;
}
