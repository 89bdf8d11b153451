/** `nimber serve`: the web app and HTTP API on a host and port (PORT and HOST from the environment). */
import path from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import { InputError, parseNatural } from '../../engine/errors.ts';
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_TIME_LIMIT_MS } from '../../server/defaults.ts';
import { cacheFrom, computeFlags } from '../compute.ts';
import { print } from '../io.ts';
import { defaultCacheDir } from '../../adapters/disk-cache.ts';

export function serveCommand() {
  return new Command('serve')
    .description('serve the web page and the HTTP API (build the page first: npm start does both)')
    .addOption(
      new Option('--port <port>', 'port to listen on (0: any free port)').env('PORT').default(String(DEFAULT_PORT)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').env('HOST').default(DEFAULT_HOST))
    .addOption(
      new Option('--time-limit <ms>', 'per-request computation time limit in milliseconds').default(
        String(DEFAULT_TIME_LIMIT_MS),
      ),
    )
    .addHelpText(
      'after',
      '\nThe global --threads sets the worker threads (default: the CPU count, at most 4);\n--cache-dir / --no-cache choose the disk cache of Grundy sequences behind the in-memory LRU.',
    )
    .action(async (opts, command) => {
      const flags = computeFlags(command);
      const port = parseNatural(opts.port, '--port', 65535);
      const timeLimitMs = parseNatural(opts.timeLimit, '--time-limit', 3_600_000);
      if (timeLimitMs === 0) throw new InputError('--time-limit must be at least 1 ms');
      const threads = flags.threads === undefined ? undefined : parseNatural(flags.threads, '--threads', 64);
      if (threads === 0) throw new InputError('--threads must be at least 1');
      // Loaded here so that other commands do not pay for the server's modules.
      const { serve } = await import('../../server/serve.ts');
      let server;
      try {
        server = await serve({
          port,
          host: opts.host,
          timeLimitMs,
          threads,
          cacheDir: cacheFrom(flags)?.dir ?? null,
          censusDir: path.join(flags.cacheDir ?? defaultCacheDir(), 'census'),
        });
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'EADDRINUSE')
          throw new InputError(`port ${port} on ${opts.host} is in use; choose another with --port or PORT`);
        if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
          throw new InputError(`cannot listen on host '${opts.host}'`);
        throw e;
      }
      const cacheDir = cacheFrom(flags)?.dir;
      const disk = cacheDir ? `sequences cached in ${cacheDir}` : 'no disk cache';
      print(
        `nimber: serving ${server.url} (time limit ${timeLimitMs} ms, ${server.app.pool.threads} worker threads, ${disk}); Ctrl-C stops`,
      );
      const stop = () => void server.close().finally(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
