/** CLI helper for the equal-removal solvers (stone-game, wythoff): a buffered writer that streams P-positions to stdout. */
import { writeSync } from 'node:fs';

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
