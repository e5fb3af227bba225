/**
 * The ingest role: field uplinks → readings, latest values, dead letters (src/ingest/), and the
 * LoRaWAN network server links' uplinks (src/network-links/). Its
 * broker session is kept under the instance's name, so what was queued while it was away comes
 * back to it.
 */
import type { Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { loadFieldSecret } from '../auth/secrets.ts';
import { serverLogin, type BrokerEndpoint } from '../field/connection.ts';
import { startIngest } from '../ingest/ingest.ts';
import type { Log } from '../log.ts';
import { credentialBox } from '../network-links/credential-box.ts';
import { startLinkRunner } from '../network-links/link-runner.ts';

export async function startIngestRole(deps: {
  db: Database;
  config: ServerConfig;
  clock: Clock;
  log: Log;
  broker: BrokerEndpoint;
}): Promise<{ close: () => Promise<void> }> {
  const { db, config, clock, log, broker } = deps;
  const ingest = await startIngest({
    db,
    clock,
    log,
    broker: serverLogin(broker),
    topicRoot: config.field.topicRoot,
    clientId: `paddock-ingest-${config.field.instance}`,
  });
  // LoRaWAN network server links (issue 32): one client per link, beside the native ingest.
  const links = await startLinkRunner({
    db,
    clock,
    log,
    box: credentialBox(await loadFieldSecret(db, config.field.fieldSecret)),
    clientIdPrefix: `paddock-link-${config.field.instance}`,
    commands: {
      broker,
      topicRoot: config.field.topicRoot,
      clientId: `paddock-lorawan-${config.field.instance}`,
    },
  });
  return {
    close: async () => {
      await links.close();
      await ingest.close();
    },
  };
}
