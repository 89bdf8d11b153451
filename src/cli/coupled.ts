/**
 * CLI helpers for the equal-removal solvers (stone-game, wythoff): a progress bar for long solves
 * and a buffered writer that streams P-positions to stdout.
 */
import cliProgress from 'cli-progress';
import { writeSync } from 'node:fs';

/** Milliseconds before the bar appears: quick solves print nothing. */
const BAR_DELAY = 700;

export interface SolverProgress {
  update(done: number, total: number): void;
  stop(): void;
}

/**
 * A lazily shown bar on stderr; a no-op unless `enabled` (callers pass: stderr is a TTY and no
 * --json). The solver reports (x, y) pairs done out of all of them.
 */
export function solverProgress(enabled: boolean, label = 'P-positions'): SolverProgress {
  let bar: cliProgress.SingleBar | null = null;
  const t0 = Date.now();
  return {
    update(done, total) {
      if (!enabled) return;
      if (!bar) {
        if (Date.now() - t0 < BAR_DELAY || done >= total) return;
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${label} |{bar}| {percentage}% | ETA {eta_formatted}`,
            hideCursor: true,
            clearOnComplete: true,
            etaBuffer: 50,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, done);
      }
      bar.update(done);
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}

/** Whether the progress bar may be shown: stderr is a terminal and the output is not JSON. */
export function progressWanted(json: boolean | undefined): boolean {
  return process.stderr.isTTY === true && !json;
}

/**
 * Streams lines to stdout in large synchronous chunks. A closed pipe (`| head`) is not an error:
 * `write` then returns false so the producer can stop.
 */
export class LineWriter {
  private buffer = '';
  private closed = false;

  write(line: string): boolean {
    if (this.closed) return false;
    this.buffer += line + '\n';
    if (this.buffer.length >= 1 << 16) this.flush();
    return !this.closed;
  }

  flush(): void {
    if (this.closed || this.buffer === '') return;
    const data = Buffer.from(this.buffer);
    this.buffer = '';
    let offset = 0;
    try {
      while (offset < data.length) {
        try {
          offset += writeSync(1, data, offset);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EPIPE') this.closed = true;
      else throw e;
    }
  }
}
