/**
 * Starts the whole server for one process: the database (migrated), the HTTP app, the field
 * side by role (docs/field-protocol.md "Running several processes") and, with the `api` role,
 * the listening HTTP port last, so a server that answers is ready. `npm run serve` runs it
 * alone; apps/devstack runs it with the demo farm and the simulator beside it.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import type { PeopleFirst } from '../db/lanes.ts';
import type { BrokerEndpoint } from '../field/connection.ts';
import { startFieldServices, type FieldServices } from '../field/field-services.ts';
import type { GatewayKey } from '../field/provisioning.ts';
import { applyHttpLimits } from './http-limits.ts';
import { portInUse } from './startup-errors.ts';

export type StartOptions = {
  /**
   * Fills the database after its migrations and before the field side starts, so the devices
   * provisioned at start-up include what it added (the devstack's demo seed).
   */
  prepare?: (
    db: Database,
    context: {
      now: Date;
      log: FastifyBaseLogger;
      /** The database's background lane and the people it yields to (db/lanes.ts). */
      background: Database;
      people: PeopleFirst;
    },
  ) => Promise<void>;
};

export type RunningServer = {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  /** Where the HTTP API listens; null without the `api` role. */
  url: string | null;
  /** The broker the field devices and site gateways use. */
  broker: BrokerEndpoint;
  /** Each site's gateway user and key on that broker (the simulator logs in with them). */
  gatewayKeys: () => Promise<GatewayKey[]>;
  /** Stops the HTTP port, then the field side, then the database. */
  close: () => Promise<void>;
};

export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const handle = await openDatabase(config.database);
  let app: FastifyInstance | undefined;
  let field: FieldServices | undefined;
  const close = async () => {
    await app?.close();
    await field?.close();
    await handle.close();
  };
  try {
    app = await buildApp(config, { db: handle.db });
    const log = app.log;
    handle.onConnectionLost = (error) =>
      log.warn({ err: error.message }, 'database connection lost; reconnecting when asked');
    await options.prepare?.(handle.db, {
      now: app.ctx.clock.now(),
      log: app.log,
      background: handle.background,
      people: handle.people,
    });
    field = await startFieldServices({
      handle,
      config,
      clock: app.ctx.clock,
      log: app.log.child({ part: 'field' }),
      mailer: app.ctx.mailer,
    });
    let url: string | null = null;
    if (config.field.roles.includes('api')) {
      applyHttpLimits(app.server, config.http);
      await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
        throw portInUse(error, { port: config.port, variable: 'PORT' });
      });
      const { port } = app.server.address() as AddressInfo;
      url = `http://${config.host}:${port}`;
    }
    return {
      app,
      log: app.log,
      url,
      broker: field.broker,
      gatewayKeys: field.gatewayKeys,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
