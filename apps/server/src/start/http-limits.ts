/**
 * The HTTP server's limits on slow and idle clients (config.ts `HTTP_*`). Without them Node and
 * Fastify hold a connection that never finishes its request, or never sends one, for good: 20,000
 * such connections used up the process's open files and the server stopped answering, its MQTT
 * broker included. Set on the listening server before it listens.
 */
import type { Server } from 'node:http';
import type { HttpLimits } from '../config.ts';

export function applyHttpLimits(server: Server, limits: HttpLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  // Both are checked on this period, read when the server starts listening (Node's default,
  // 30 s, would let a 10 s timeout run to 40 s). Node's types leave the property out.
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    Math.min(1000, limits.headersTimeoutMs);
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.setTimeout(limits.idleTimeoutMs);
  // Beyond it Node closes a new connection as soon as it is accepted.
  server.maxConnections = limits.maxConnections;
}
