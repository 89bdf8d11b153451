/** CLI helper for listings (count --list): a buffered writer that streams lines to stdout. */
import { writeSync } from 'node:fs';
import { TERMINAL_OUTPUT_LIMIT } from './io.ts';

/**
 * Streams lines to stdout in large synchronous chunks. A closed pipe (`| head`) is not an error:
 * `write` then returns false so the producer can stop. At a terminal the listing stops after
 * TERMINAL_OUTPUT_LIMIT characters (`cutAtTerminal`), so the command can say how to get all of it.
 */
export class LineWriter {
  private buffer = '';
  private closed = false;
  private written = 0;
  private readonly limit = process.stdout.isTTY === true ? TERMINAL_OUTPUT_LIMIT : Number.POSITIVE_INFINITY;
  cutAtTerminal = false;

  write(line: string): boolean {
    if (this.closed) return false;
    if (this.written + this.buffer.length + line.length + 1 > this.limit) {
      this.flush();
      this.closed = true;
      this.cutAtTerminal = true;
      return false;
    }
    this.buffer += line + '\n';
    if (this.buffer.length >= 1 << 16) this.flush();
    return !this.closed;
  }

  flush(): void {
    if (this.closed || this.buffer === '') return;
    const data = Buffer.from(this.buffer);
    this.written += this.buffer.length;
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
