/**
 * The ingest role: field uplinks → readings, latest values, dead letters (src/ingest/). Its
 * broker session is kept under the instance's name, so what was queued while it was away comes
 * back to it.
 */
import type { Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { serverLogin, type BrokerEndpoint } from '../field/connection.ts';
import { startIngest } from '../ingest/ingest.ts';
import type { Log } from '../log.ts';

export async function startIngestRole(deps: {
  db: Database;
  config: ServerConfig;
  clock: Clock;
  log: Log;
  broker: BrokerEndpoint;
}): Promise<{ close: () => Promise<void> }> {
  const { db, config, clock, log, broker } = deps;
  return startIngest({
    db,
    clock,
    log,
    broker: serverLogin(broker),
    topicRoot: config.field.topicRoot,
    clientId: `paddock-ingest-${config.field.instance}`,
  });
}
