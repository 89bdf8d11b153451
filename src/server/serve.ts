/** Listens: serves createApp() on a host and port until the process is stopped. */
import { serve as listen, type ServerType } from '@hono/node-server';
import { createApp, isLoopbackHost, type AppOptions, type NimberApp } from './app.ts';

export interface ServeOptions extends AppOptions {
  port: number;
  host: string;
}

export interface RunningServer {
  readonly url: string;
  readonly app: NimberApp;
  /** Settles once every worker has loaded the engine (requests before that wait for it). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** Starts the server; resolves once it listens (port 0 picks a free port, reported in `url`); workers warm up meanwhile. */
export function serve(options: ServeOptions): Promise<RunningServer> {
  // On loopback the server answers only its own loopback names (no DNS rebinding); beyond it, any Host.
  const listensOnLoopback = isLoopbackHost(options.host === '::1' ? '[::1]' : options.host);
  const app = createApp({ ...options, hosts: options.hosts ?? (listensOnLoopback ? 'loopback' : 'any') });
  return new Promise((resolvePromise, reject) => {
    let server: ServerType;
    const onError = (e: Error) => void app.close().finally(() => reject(e));
    server = listen({ fetch: app.fetch, port: options.port, hostname: options.host }, (info) => {
      server.off('error', onError);
      const ready = app.pool.warmUp();
      ready.catch(() => {}); // a worker that fails to start shows up again on the first request
      const host = info.address.includes(':') ? `[${info.address}]` : info.address;
      resolvePromise({
        url: `http://${host}:${info.port}/`,
        app,
        ready,
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
