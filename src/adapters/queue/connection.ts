/**
 * Where the census queue lives: a redis:// URL checked into connection options for BullMQ, and a
 * bounded wait for the first connection (an unreachable Redis is one clear error within seconds,
 * never ioredis's endless reconnect loop).
 */
import { InputError } from '../../engine/errors.ts';

/** A Redis server named by a URL: redis://[[user]:password@]host[:port][/db]. */
export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  /** The URL without its password, for messages. */
  readonly display: string;
}

const FORM = 'redis://host:port (optionally redis://:password@host:port/db)';

/** Parses the --queue URL; anything else is an InputError naming the expected form. */
export function parseRedisUrl(text: string): RedisTarget {
  const shown = `'${text.length > 80 ? text.slice(0, 80) + '…' : text}'`;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new InputError(`--queue ${shown} is not a URL; expected ${FORM}`);
  }
  if (url.protocol !== 'redis:')
    throw new InputError(`--queue ${shown}: the scheme must be redis://; expected ${FORM}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw new InputError(`--queue ${shown} names no host; expected ${FORM}`);
  if (url.search !== '' || url.hash !== '')
    throw new InputError(`--queue ${shown}: options after '?' or '#' are not supported; expected ${FORM}`);
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new InputError(`--queue ${shown}: port must be 1..65535`);
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,5}$/.test(path))
    throw new InputError(`--queue ${shown}: the path must be a database number (/0, /1, …); expected ${FORM}`);
  const db = path === '' ? 0 : Number(path);
  const username = url.username === '' ? undefined : decodeURIComponent(url.username);
  const password = url.password === '' ? undefined : decodeURIComponent(url.password);
  const display = `redis://${url.host}${db === 0 ? '' : `/${db}`}`;
  return { host, port, db, username, password, display };
}

/** The connection's phase: until `ready` is set, failed attempts are retried only until the deadline. */
export interface ConnectPhase {
  ready: boolean;
  readonly deadline: number;
}

export function startPhase(timeoutMs: number): ConnectPhase {
  return { ready: false, deadline: Date.now() + timeoutMs };
}

/**
 * ioredis options for BullMQ. Before the first connection succeeds, reconnection stops at the
 * deadline (BullMQ then reports the last error); afterwards a lost connection is retried for good
 * (a Redis restart must not end a long census), at most 5 s apart.
 */
export function connectionOptions(target: RedisTarget, phase: ConnectPhase, timeoutMs: number) {
  return {
    host: target.host,
    port: target.port,
    db: target.db,
    username: target.username,
    password: target.password,
    connectTimeout: timeoutMs,
    retryStrategy: (times: number): number | null => {
      if (phase.ready) return Math.min(250 * times, 5000);
      return Date.now() + 250 < phase.deadline ? 250 : null;
    },
  };
}

/** A BullMQ Queue (one connection): waitUntilReady resolves once Redis answers; errors arrive as events. */
interface Connectable {
  waitUntilReady(): Promise<unknown>;
  readonly client: Promise<object>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * Waits until `part` is connected, or fails with an InputError (exit code 2: the --queue URL names
 * no reachable Redis) once the deadline passes, quoting the last connection error. Pass a Queue: it
 * has a single connection, whose first attempt has settled when this returns, so closing it then is
 * safe (BullMQ reports a first attempt that fails after close() to no one, and Node treats that
 * unheard 'error' event as a crash). A Worker has two connections: probe with a Queue first. A database
 * number the server does not have (/99 on a default Redis) is an InputError too.
 */
export async function waitForRedis(
  target: RedisTarget,
  part: Connectable,
  phase: ConnectPhase,
  timeoutMs: number,
): Promise<void> {
  let lastError: Error | undefined;
  part.on('error', (e) => (lastError = e));
  const ready = part.waitUntilReady();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), Math.max(0, phase.deadline - Date.now()) + 1000);
  });
  try {
    await Promise.race([ready, expired]);
    phase.ready = true;
  } catch (e) {
    // the attempt in flight ends at the deadline (retryStrategy) or by connectTimeout: let it settle
    await Promise.race([ready.catch(() => {}), new Promise((r) => setTimeout(r, timeoutMs + 1000).unref())]);
    const cause = lastError ?? (e instanceof Error && e.message !== 'timeout' ? e : undefined);
    const why = cause ? ` (${oneLine(cause.message)})` : '';
    throw new InputError(
      `cannot reach Redis at ${target.display} within ${Math.round(timeoutMs / 100) / 10} s${why}; is redis-server running there?`,
    );
  } finally {
    clearTimeout(timer);
  }
  // ioredis reports a failed SELECT as an 'error' event and goes on in database 0: ask again, and refuse.
  if (target.db !== 0) {
    try {
      const client = (await part.client) as { select?: (db: number) => Promise<unknown> };
      // BullMQ made the client from our options, so it is ioredis, which has select()
      await client.select?.(target.db);
    } catch (e) {
      throw new InputError(
        `Redis at ${target.display} has no database ${target.db} (${oneLine(e instanceof Error ? e.message : String(e))}); name one it has (0..15 by default, its 'databases' setting)`,
      );
    }
  }
}

/** An error message on one line (Redis and ioredis messages can carry newlines). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
