/** The system's chromium for the browser tests (playwright-core brings none): CHROMIUM_PATH, else `chromium` on the PATH. */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** The executable, or null when there is none. */
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

/**
 * The executable for a browser test file to call at its top: without one the file fails with this one
 * line (it never skips: a test that cannot run on this machine fails and says why).
 */
export function requireChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH)
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable; the browser tests need chromium`);
  throw new Error(
    'chromium is not installed; the browser tests need it: apt-get install chromium (.ci/run installs it)',
  );
}

/** Headless chromium with its own profile, as every browser test starts it (no network chatter, no sandbox, no GPU). */
export function launchBrowser(
  executablePath: string,
  profile: string,
  options: { acceptDownloads?: boolean } = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1100, height: 900 },
    ...options,
  });
}
