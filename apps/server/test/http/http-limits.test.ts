/**
 * The HTTP server's limits on slow and idle clients (HTTP_* settings): a half-sent request and a
 * connection that never sends one are closed, and beyond the connection limit a new connection
 * is closed at once, so held connections cannot use up the process's open files. Small timeouts
 * and a limit of 20 here; bench/idle-connections.bench.ts shows 20,000 against the defaults.
 */
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startServer, type RunningServer } from '../../src/start/server.ts';

/** Opens a connection and resolves with it once connected, with when it closed and what it got. */
async function open(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  const opened = Date.now();
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(Date.now() - opened)),
  );
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  return { socket, closed, received: () => received };
}

describe('HTTP limits', () => {
  let running: RunningServer;
  let url: string;
  beforeAll(async () => {
    running = await startServer(
      loadConfig({
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        PADDOCK_ROLES: 'api',
        PADDOCK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'paddock-http-limits-')),
        HTTP_HEADERS_TIMEOUT_SECONDS: '0.3',
        HTTP_REQUEST_TIMEOUT_SECONDS: '1',
        HTTP_IDLE_TIMEOUT_SECONDS: '1',
        HTTP_MAX_CONNECTIONS: '20',
      }),
    );
    url = running.url as string;
  });
  afterAll(async () => {
    await running?.close();
  });

  it('answers a request whose headers never end 408 and closes it after the headers timeout', async () => {
    const client = await open(url);
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');
    const after = await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(after).toBeLessThan(2000);
  });

  it('closes a connection that never sends a request', async () => {
    const client = await open(url);
    // Node counts the headers' time from the connection, so the headers timeout closes it first.
    expect(await client.closed).toBeLessThan(2000);
  });

  it('closes a connection beyond the limit at once, and answers again once the idle ones are closed', async () => {
    const idle = await Promise.all(Array.from({ length: 20 }, () => open(url)));
    // The server counts a connection when it accepts it, a moment after the client sees it open.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const beyond = await open(url);
    // Closed at once: before any of the idle ones, which the headers timeout (0.3 s) closes.
    // An order, not a time: on a machine short of CPU every close comes late.
    const firstClosed = await Promise.race([
      beyond.closed.then(() => 'beyond'),
      ...idle.map((client) => client.closed.then(() => 'idle')),
    ]);
    expect(firstClosed).toBe('beyond');
    expect(beyond.received()).toBe('');

    await Promise.all(idle.map((client) => client.closed));
    // Asked again on a 408: with a headers timeout of 0.3 s, a machine short of CPU can take
    // longer than that between the connection and the request's last header.
    await expect
      .poll(async () => (await fetch(`${url}/api/health`)).status, { timeout: 10_000 })
      .toBe(200);
  });
});
