/** Listens: serves createApp() on a host and port until the process is stopped. */
import { serve as listen, type ServerType } from '@hono/node-server';
import { createApp, type AppOptions, type NimberApp } from './app.ts';

export interface ServeOptions extends AppOptions {
  port: number;
  host: string;
}

export interface RunningServer {
  readonly url: string;
  readonly app: NimberApp;
  close(): Promise<void>;
}

/** Starts the server; resolves once it is listening (port 0 picks a free port, reported in `url`). */
export function serve(options: ServeOptions): Promise<RunningServer> {
  const app = createApp(options);
  return new Promise((resolvePromise, reject) => {
    let server: ServerType;
    const onError = (e: Error) => void app.close().finally(() => reject(e));
    server = listen({ fetch: app.fetch, port: options.port, hostname: options.host }, async (info) => {
      server.off('error', onError);
      await app.pool.warmUp();
      const host = info.address.includes(':') ? `[${info.address}]` : info.address;
      resolvePromise({
        url: `http://${host}:${info.port}/`,
        app,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive connections would hold close() open.
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          }).then(() => app.close()),
      });
    });
    server.once('error', onError);
  });
}
