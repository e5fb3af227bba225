/**
 * The broker the field side talks through, which every role needs (ingest reads from it, the
 * worker sends commands and configs on it, the simulator and site gateways log in to it): an
 * external one when MQTT_URL is set, otherwise the embedded one (aedes), started here.
 */
import { loadFieldSecret } from '../auth/secrets.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { startEmbeddedBroker } from '../field/broker.ts';
import type { BrokerEndpoint } from '../field/connection.ts';
import { deviceSiteLookup } from '../field/provisioning.ts';
import type { Log } from '../log.ts';
import { portInUse } from './startup-errors.ts';

export type FieldBroker = {
  broker: BrokerEndpoint;
  /** Derives each device's and gateway's password on that broker. */
  fieldSecret: string;
  /** Stops the embedded broker; nothing to stop for an external one. */
  close: () => Promise<void>;
};

export async function startFieldBroker(deps: {
  db: Database;
  config: ServerConfig;
  log: Log;
}): Promise<FieldBroker> {
  const { db, config, log } = deps;
  const field = config.field;
  const fieldSecret = await loadFieldSecret(db, field.fieldSecret);
  if (field.mqttUrl) {
    return {
      broker: { url: field.mqttUrl, kind: 'external', fieldSecret },
      fieldSecret,
      close: async () => {},
    };
  }
  const embedded = await startEmbeddedBroker({
    port: field.embeddedBrokerPort,
    host: config.host,
    dataDir: config.dataDir,
    topicRoot: field.topicRoot,
    fieldSecret,
    deviceSite: deviceSiteLookup(db),
    log,
  }).catch((error: unknown) => {
    throw portInUse(error, { port: field.embeddedBrokerPort, variable: 'MQTT_PORT' });
  });
  log.info(`field broker listening on ${embedded.url}`);
  return {
    broker: { url: embedded.url, kind: 'embedded', fieldSecret },
    fieldSecret,
    close: () => embedded.close(),
  };
}
