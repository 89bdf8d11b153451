/** Connections after a refusal (issue 35): a 413 body closes its connection; a client that hangs up mid-body is no internal error. */
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/server/defaults.ts';
import { type RunningServer, serve } from '../../src/server/serve.ts';

let server: RunningServer;
let port: number;
beforeAll(async () => {
  server = await serve({ port: 0, host: '127.0.0.1', staticDir: null, threads: 1, timeLimitMs: 10_000 });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.close();
});

/** Writes `text` on a fresh socket; resolves with everything the server sent once it closed the socket. */
function exchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      reply += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(reply));
  });
}

it('a body over the limit is 413 and its connection closes: the rest of the body is never read as a request', async () => {
  const body = JSON.stringify({ problem: 'nim-square', input: 'x'.repeat(MAX_BODY_BYTES + 10) });
  const head = `POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n`;
  // a second request behind the body on the same connection: it must not be answered as if the body ended early
  const next = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  const reply = await exchange(head + body + next);
  expect(reply).toMatch(/^HTTP\/1\.1 413/);
  expect(reply.toLowerCase()).toContain('connection: close');
  expect(reply.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
  // the server still answers new connections
  expect((await fetch(`${server.url}api/health`)).status).toBe(200);
});

it('a client that hangs up mid-body is not logged as an internal error', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"ruleset":',
          );
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
    }
    // the server has read what it could and answered no one; one more request shows it is still up
    expect((await fetch(`${server.url}api/health`)).status).toBe(200);
    expect(errors.mock.calls.map((call) => String(call[0]))).not.toContainEqual(expect.stringContaining('internal'));
  } finally {
    errors.mockRestore();
  }
});

it('a client still sending a body over the limit hears the 413 (the rest is read and dropped, not cut off)', async () => {
  const size = 3 * MAX_BODY_BYTES;
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', async () => {
      socket.write(
        `POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
      );
      // the body in 64 KiB pieces, as a client on a slow link sends it, reading nothing until it is all sent
      // (an answer followed by a reset while data is unread would be lost: a broken pipe, no status)
      socket.pause();
      const piece = 'x'.repeat(64 * 1024);
      for (let sent = 0; sent < size && !socket.destroyed; sent += piece.length) {
        const ok = socket.write(piece.slice(0, Math.min(piece.length, size - sent)));
        if (!ok) await new Promise((r) => socket.once('drain', r));
        await new Promise((r) => setTimeout(r, 5));
      }
      socket.resume();
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', () => resolve(text));
    socket.on('close', () => resolve(text));
    setTimeout(() => reject(new Error('no answer')), 120_000).unref();
  });
  expect(reply).toMatch(/^HTTP\/1\.1 413/);
});
