/** Listens: serves createApp() on a host and port until the process is stopped. */
import { serve as listen, type ServerType } from '@hono/node-server';
import { createApp, isLoopbackHost, type AppOptions, type NimberApp } from './app.ts';

export interface ServeOptions extends AppOptions {
  port: number;
  host: string;
  /** How long a socket may take to send what it owes; a slow or stalled one is closed. Defaults: SOCKET_TIMEOUTS. */
  socketTimeouts?: Partial<SocketTimeouts>;
}

/** Limits on a client's sockets (node:http's timeouts), in milliseconds. */
export interface SocketTimeouts {
  /** From connecting (or the previous reply) to the end of a request's headers. */
  headersMs: number;
  /** From connecting to the end of a request's body (at least headersMs). */
  requestMs: number;
  /** An idle kept-alive connection between requests. */
  keepAliveMs: number;
}

/** Node's defaults (60 s for headers, 300 s for a request, checked every 30 s) let slow-loris sockets linger. */
export const SOCKET_TIMEOUTS: SocketTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

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
    const timeouts = { ...SOCKET_TIMEOUTS, ...options.socketTimeouts };
    const serverOptions = {
      headersTimeout: timeouts.headersMs,
      requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often node:http looks for sockets past their time (its default, 30 s, would add to every limit).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, timeouts.headersMs / 4)),
    };
    server = listen({ fetch: app.fetch, port: options.port, hostname: options.host, serverOptions }, (info) => {
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
