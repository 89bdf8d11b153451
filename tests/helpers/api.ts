/** The HTTP API for a test file, without a port (app.request): started before its tests, closed after, with JSON helpers. */
import { afterAll, beforeAll } from 'vitest';
import { createApp, type NimberApp } from '../../src/server/app.ts';

export interface TestApi {
  /** The app itself (for routes the helpers do not cover). */
  readonly app: () => NimberApp;
  post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** Registers the app's start (workers warmed) and close with the test file's hooks. */
export function useTestApi(options: { timeLimitMs?: number; threads?: number } = {}): TestApi {
  let app: NimberApp;
  beforeAll(async () => {
    app = createApp({ timeLimitMs: options.timeLimitMs ?? 300_000, threads: options.threads ?? 1, staticDir: null });
    await app.pool.warmUp();
  });
  afterAll(() => app.close());
  const reply = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  return {
    app: () => app,
    post: async (path, body) =>
      reply(
        await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    get: async (path) => reply(await app.request(path)),
  };
}
