/**
 * Starts the whole server for one process: the database (migrated), the HTTP app, the field
 * broker, then each role the process has (docs/field-protocol.md "Running several processes"):
 * ingest (start/ingest.ts), the worker (start/worker.ts) and, with the `api` role, the listening
 * HTTP port last (start/api.ts), so a server that answers is ready. `npm run serve` runs it
 * alone; apps/devstack runs it with the demo farm and the simulator beside it.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import type { PeopleFirst } from '../db/lanes.ts';
import type { BrokerEndpoint } from '../field/connection.ts';
import { fieldKey, NETWORK_SERVER_USERNAME } from '../field/credentials.ts';
import { allSiteIds } from '../field/device.repository.ts';
import { fieldKeysFor, type GatewayKey } from '../field/provisioning.ts';
import { credentialBox } from '../network-links/credential-box.ts';
import { startApiRole } from './api.ts';
import { startFieldBroker } from './field-broker.ts';
import { startIngestRole } from './ingest.ts';
import { checkPortsFree } from './startup-errors.ts';
import { startWorkerRole } from './worker.ts';

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
  /**
   * The network server stand-in's user and key on the embedded broker (credentials.ts): the
   * demo's simulated ChirpStack publishes with them and its site's link reads with them.
   */
  networkServerLogin: () => { username: string; key: string };
  /** A network link's password sealed as the API seals it (network-links/credential-box.ts). */
  sealLinkPassword: (plain: string) => string;
  /** Stops the HTTP port, then the field side, then the database. */
  close: () => Promise<void>;
};

export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  await checkPortsFree(config);
  const handle = await openDatabase(config.database);
  let app: FastifyInstance | undefined;
  /** The field side: the broker, then each role's work; stopped in reverse after the app. */
  const field: { close: () => Promise<void> }[] = [];
  const closeField = async () => {
    for (const part of field.splice(0).reverse()) await part.close();
  };
  const close = async () => {
    await app?.close();
    await closeField();
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
    const { roles } = config.field;
    const fieldLog = app.log.child({ part: 'field' });
    const { clock, mailer } = app.ctx;
    let broker: BrokerEndpoint;
    let fieldSecret: string;
    try {
      const fieldBroker = await startFieldBroker({ db: handle.db, config, log: fieldLog });
      field.push(fieldBroker);
      ({ broker, fieldSecret } = fieldBroker);
      const roleDeps = { config, clock, log: fieldLog, broker };
      if (roles.includes('ingest'))
        field.push(await startIngestRole({ ...roleDeps, db: handle.db }));
      if (roles.includes('worker'))
        field.push(await startWorkerRole({ ...roleDeps, handle, mailer }));
    } catch (error) {
      // As before the app: a field side that failed half-way stops what it started first.
      await closeField();
      throw error;
    }
    const url = roles.includes('api') ? await startApiRole(app, config) : null;
    return {
      app,
      log: app.log,
      url,
      broker,
      gatewayKeys: async () => fieldKeysFor(fieldSecret, await allSiteIds(handle.db)),
      networkServerLogin: () => ({
        username: NETWORK_SERVER_USERNAME,
        key: fieldKey(fieldSecret, NETWORK_SERVER_USERNAME),
      }),
      sealLinkPassword: (plain) => credentialBox(fieldSecret).seal(plain),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
