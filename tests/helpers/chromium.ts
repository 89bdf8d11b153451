/** The system's chromium for the browser tests (playwright-core brings none): CHROMIUM_PATH, else `chromium` on the PATH. */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The executable, or null when there is none (the browser tests then skip, saying so). */
export function findChromium(): string | null {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : [];
  if (candidates.length === 0) {
    for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
      for (const name of ['chromium', 'chromium-browser']) candidates.push(join(dir, name));
    }
  }
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there: try the next one
    }
  }
  return null;
}
