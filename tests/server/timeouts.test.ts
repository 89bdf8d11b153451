/** Slow and stalled sockets (issue 28, item 17): partial headers, a partial body and long 404 paths. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ERROR_CHARS } from '../../src/engine/errors.ts';
import { type RunningServer, SOCKET_TIMEOUTS, serve } from '../../src/server/serve.ts';

let server: RunningServer;
let port: number;
const staticDir = mkdtempSync(join(tmpdir(), 'nimber-timeouts-'));
beforeAll(async () => {
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>page</title>');
  server = await serve({
    port: 0,
    host: '127.0.0.1',
    staticDir,
    threads: 1,
    timeLimitMs: 10_000,
    socketTimeouts: { headersMs: 300, requestMs: 600, keepAliveMs: 300 },
  });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/**
 * Sends `text` and never more; resolves with the milliseconds until the server closed the socket and what it said.
 * The tests below bound that time by the default timeout that would close the socket (SOCKET_TIMEOUTS), not by
 * a margin over this server's: a socket closed before the default was closed by the timeout given, and on a busy
 * machine the server's timer (checked every 75 ms) may fire late by any amount short of that.
 */
function stall(
  text: string,
  giveUpMs = 2 * SOCKET_TIMEOUTS.requestMs,
): Promise<{ closedAfterMs: number; reply: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      reply += chunk;
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the socket open ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedAfterMs: Date.now() - started, reply });
    });
    socket.on('error', () => {});
  });
}

describe('stalled sockets are closed', () => {
  it('a socket that sends part of its headers is closed after the headers timeout', async () => {
    const { closedAfterMs, reply } = await stall('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(closedAfterMs).toBeLessThan(SOCKET_TIMEOUTS.headersMs);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a socket that sends nothing is closed too', async () => {
    const { closedAfterMs } = await stall('');
    expect(closedAfterMs).toBeLessThan(SOCKET_TIMEOUTS.headersMs);
  });

  it('a socket that sends part of its body is closed after the request timeout', async () => {
    const head =
      'POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const { closedAfterMs } = await stall(`${head}{"ruleset": "nim", `);
    expect(closedAfterMs).toBeLessThan(SOCKET_TIMEOUTS.requestMs);
  });

  it('a whole request is still answered', async () => {
    const res = await fetch(`${server.url}api/health`);
    expect(res.status).toBe(200);
  });
});

describe('404 replies quote at most MAX_ERROR_CHARS of the path', () => {
  it.each([
    ['an API route', `/api/${'x'.repeat(15_000)}`],
    ['a file', `/${'x'.repeat(15_000)}.ico`],
  ])('a 15 KB path naming %s', async (_, path) => {
    const res = await fetch(`${server.url.slice(0, -1)}${path}`);
    expect(res.status).toBe(404);
    const { error } = (await res.json()) as { error: string };
    expect(error.length).toBeLessThan(MAX_ERROR_CHARS + 50);
  });
});
