/**
 * The api role: the REST API, appConfig.json and the built console on the HTTP port. The app is
 * built for every role (its context carries the clock and mailer the others use); only this role
 * listens, and last, so a server that answers is ready.
 */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { ServerConfig } from '../config.ts';
import { applyHttpLimits } from './http-limits.ts';
import { portInUse } from './startup-errors.ts';

/** Opens the HTTP port and answers where the API listens. */
export async function startApiRole(app: FastifyInstance, config: ServerConfig): Promise<string> {
  applyHttpLimits(app.server, config.http);
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw portInUse(error, { port: config.port, variable: 'PORT' });
  });
  const { port } = app.server.address() as AddressInfo;
  return `http://${config.host}:${port}`;
}
