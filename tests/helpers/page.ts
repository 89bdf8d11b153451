/**
 * The page as every browser test opens it: built by vite into a fresh folder, served by the real
 * server on a free loopback port, and a headless chromium with its own profile on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { type RunningServer, type ServeOptions, serve } from '../../src/server/serve.ts';
import { launchBrowser } from './chromium.ts';

export interface OpenPage {
  readonly server: RunningServer;
  readonly context: BrowserContext;
  readonly page: Page;
  /** The built page (assets under assets/). */
  readonly outDir: string;
  /** Closes the browser and the server and removes the folders. */
  close(): Promise<void>;
}

/** Builds, serves and opens the page; `serveOptions` add to a 10 s time limit on 127.0.0.1. */
export async function openPage(
  chromiumPath: string,
  options: { serve?: Partial<ServeOptions>; acceptDownloads?: boolean } = {},
): Promise<OpenPage> {
  const outDir = mkdtempSync(join(tmpdir(), 'nimber-web-'));
  const profile = mkdtempSync(join(tmpdir(), 'nimber-chromium-'));
  const removeFolders = () => {
    for (const dir of [outDir, profile]) rmSync(dir, { recursive: true, force: true });
  };
  let server: RunningServer | undefined;
  let context: BrowserContext | undefined;
  try {
    await build({ configFile: 'web/vite.config.ts', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    server = await serve({ port: 0, host: '127.0.0.1', staticDir: outDir, timeLimitMs: 10_000, ...options.serve });
    await server.ready;
    context = await launchBrowser(chromiumPath, profile, { acceptDownloads: options.acceptDownloads });
    const page = context.pages()[0] ?? (await context.newPage());
    // a busy machine makes chromium slow: waits are guards against a hang, not speed limits
    page.setDefaultTimeout(120_000);
    const opened = { server, context };
    return {
      server,
      context,
      page,
      outDir,
      async close() {
        await opened.context.close();
        await opened.server.close();
        removeFolders();
      },
    };
  } catch (e) {
    await context?.close();
    await server?.close();
    removeFolders();
    throw e;
  }
}

/**
 * Opens an address in a fresh document, as a link followed from elsewhere: the page before it is
 * gone first, so none of its late work (an answer arriving, the address it writes after paint) can
 * reach the new one, as it could between a same-document hash change and a reload.
 */
export async function openAddress(page: Page, url: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(url);
}
