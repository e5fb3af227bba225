/**
 * The field side of a test, set up in one place: a broker (the embedded one, in memory, by
 * default, or the machine's Mosquitto when MQTT_URL is set, as in CI), a database with the test
 * farm beside it, ingest reading from the broker, a site gateway publishing to it; and the small
 * pieces field tests share (a quiet log, waiting for a condition, a free port). On a shared
 * broker every test uses its own topic root, so retained configs and queued messages of one test
 * never reach another.
 */
import {
  commandDownlinkSchema,
  siteDownlinksFilter,
  type AckUplink,
  type CommandDownlink,
} from '@paddock/domain';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../../src/clock.ts';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { startEmbeddedBroker } from '../../src/field/broker.ts';
import { serverLogin, type BrokerEndpoint } from '../../src/field/connection.ts';
import { fieldKey, gatewayUsername } from '../../src/field/credentials.ts';
import { deviceSiteLookup } from '../../src/field/provisioning.ts';
import { startIngest, type Ingest, type IngestOptions } from '../../src/ingest/ingest.ts';
import type { Log } from '../../src/log.ts';
import { createTestDatabase } from './database.ts';
import { seedTestFarm, type TestFarm } from './farm.ts';

export const quietLog: Log = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Resolves once `check` holds; fails with `what` after `timeoutMs`. The default is a hang guard,
 * not a measure of speed: beside the end-to-end stack on two cores, an export or a program's stop
 * that takes 2 s alone has taken more than 20 s.
 */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * For a fake device's answer sent while its client is ending (a command heard as the test file
 * ends): it goes unsent, as a switched-off device's would. Any other failure is the test's.
 */
function unsentWhenEnding(client: MqttClient): (error: unknown) => void {
  return (error) => {
    if (!client.disconnecting && !client.disconnected) throw error;
  };
}

/** A port nothing listens on right now, for a server process a test starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export type TestBroker = BrokerEndpoint & {
  topicRoot: string;
  /** Connect options for a device or gateway user (the key is ignored by an external broker). */
  clientOptions: (username: string, clientId?: string) => IClientOptions;
  close: () => Promise<void>;
};

export async function startTestBroker(
  options: { deviceSite?: (serialno: string) => Promise<number | null> } = {},
): Promise<TestBroker> {
  const fieldSecret = randomBytes(32).toString('base64url');
  const clientOptions = (username: string, clientId = `${username}-${randomUUID()}`) => ({
    clientId,
    username,
    password: fieldKey(fieldSecret, username),
    reconnectPeriod: 0,
  });
  const external = process.env.MQTT_URL;
  if (external) {
    return {
      url: external,
      kind: 'external',
      fieldSecret,
      topicRoot: `paddock-test/${randomUUID()}`,
      clientOptions,
      close: async () => {},
    };
  }
  const broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    topicRoot: 'paddock/v1',
    fieldSecret,
    deviceSite: options.deviceSite ?? (async () => null),
  });
  return {
    url: broker.url,
    kind: 'embedded',
    fieldSecret,
    topicRoot: 'paddock/v1',
    clientOptions,
    close: broker.close,
  };
}

/** A fresh database with the test farm in it, and a broker beside it. */
type TestField = {
  handle: DatabaseHandle;
  farm: TestFarm;
  broker: TestBroker;
  /** Closes the broker, then the database (what runs on them is closed before). */
  close: () => Promise<void>;
};

/**
 * `deviceSite`: the broker asks the database which site a device belongs to (as in production),
 * for tests whose devices publish on their own; without it the broker knows no device's site.
 */
async function startTestField(options: { deviceSite?: boolean } = {}): Promise<TestField> {
  const handle = await createTestDatabase();
  const farm = await seedTestFarm(handle.db);
  const broker = await startTestBroker(
    options.deviceSite ? { deviceSite: deviceSiteLookup(handle.db) } : {},
  );
  return {
    handle,
    farm,
    broker,
    close: async () => {
      await broker.close();
      await handle.close();
    },
  };
}

/** The field a file's tests share, read once it is started; `db` is its handle's. */
export type FileField = Omit<TestField, 'close'> & { readonly db: Database };

/**
 * One test field for the whole file: started before its first test, closed after its last.
 * Vitest runs after-hooks in reverse, so what the file starts on the field in its own hooks
 * (ingest, a gateway) is closed before the field is.
 */
export function useTestField(options: { deviceSite?: boolean } = {}): FileField {
  let started: TestField | undefined;
  beforeAll(async () => {
    started = await startTestField(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  const current = (): TestField => {
    if (!started) throw new Error('the test field is started before the first test');
    return started;
  };
  return {
    get handle() {
      return current().handle;
    },
    get db() {
      return current().handle.db;
    },
    get farm() {
      return current().farm;
    },
    get broker() {
      return current().broker;
    },
  };
}

/**
 * Ingest on the test broker with a quiet log and small, quick batches; `name` makes its client
 * id, which is new per run so no two tests share a broker session.
 */
export function startTestIngest(
  handle: DatabaseHandle,
  broker: TestBroker,
  options: { name: string; clock: Clock } & Partial<IngestOptions>,
): Promise<Ingest> {
  const { name, ...overrides } = options;
  return startIngest({
    db: handle.db,
    log: quietLog,
    broker: serverLogin(broker),
    topicRoot: broker.topicRoot,
    clientId: `${name}-test-${randomUUID()}`,
    batch: { maxMessages: 50, maxDelayMs: 10 },
    // A shared test broker should forget this test's session soon after it ends.
    sessionExpirySeconds: 60,
    ...overrides,
  });
}

/**
 * Ingest on the file's test field (as {@link startTestIngest}) and site a's gateway publishing
 * to it, for the whole file: started after what the file's earlier before-all hooks seed, closed
 * after its last test; read them once started.
 */
export function useIngestAndGateway(
  field: FileField,
  options: Parameters<typeof startTestIngest>[2],
): { readonly ingest: Ingest; readonly gateway: MqttClient } {
  let ingest: Ingest | undefined;
  let gateway: MqttClient | undefined;
  beforeAll(async () => {
    ingest = await startTestIngest(field.handle, field.broker, options);
    gateway = await connectGateway(field.broker, field.farm.sites.a.id);
  });
  afterAll(async () => {
    await gateway?.endAsync();
    await ingest?.close();
  });
  const started = <T>(thing: T | undefined): T => {
    if (!thing) throw new Error('ingest and the gateway are started before the first test');
    return thing;
  };
  return {
    get ingest() {
      return started(ingest);
    },
    get gateway() {
      return started(gateway);
    },
  };
}

/** An ack the fake site gateway sends for a command: its phase and, for a failure, why. */
export type GatewayAnswer = { phase: AckUplink['phase']; reason?: string };

/**
 * A fake site gateway: the site's gateway client, which hears every command the server sends a
 * device of its site and publishes the acks `answer` gives for it, in order, as the device's.
 * `answered` runs once the last of them is published.
 */
export async function connectAnsweringGateway(
  broker: TestBroker,
  siteId: number,
  answer: (command: CommandDownlink, serialno: string) => GatewayAnswer[],
  answered: (command: CommandDownlink) => void = () => {},
): Promise<MqttClient> {
  const gateway = await connectGateway(broker, siteId);
  gateway.on('message', (topic, payload) => {
    // <root>/<site>/<serialno>/down/command
    const serialno = topic.split('/').at(-3);
    if (serialno === undefined) throw new Error(`no device in the topic ${topic}`);
    const command = commandDownlinkSchema.parse(JSON.parse(payload.toString('utf8')));
    void (async () => {
      for (const { phase, reason } of answer(command, serialno)) {
        await gateway.publishAsync(
          `${broker.topicRoot}/${siteId}/${serialno}/up/ack`,
          JSON.stringify({
            commandId: command.commandId,
            phase,
            time: new Date().toISOString(),
            ...(reason !== undefined && { reason }),
          }),
          { qos: 1 },
        );
      }
      answered(command);
    })().catch(unsentWhenEnding(gateway));
  });
  await gateway.subscribeAsync(`${broker.topicRoot}/${siteId}/+/down/command`, { qos: 1 });
  return gateway;
}

/** The site gateway, which speaks for every device of its site (and may publish to any branch). */
function connectGateway(broker: TestBroker, siteId: number): Promise<MqttClient> {
  return mqtt.connectAsync(broker.url, broker.clientOptions(gatewayUsername(siteId)));
}

/**
 * The site gateway subscribed to every downlink of its site, with the last payload it got on
 * each topic (null once a retained one is taken back), for tests of what the server provisions.
 */
export async function watchSiteDownlinks(
  broker: TestBroker,
  siteId: number,
): Promise<{ gateway: MqttClient; received: Map<string, unknown> }> {
  const gateway = await connectGateway(broker, siteId);
  const received = new Map<string, unknown>();
  gateway.on('message', (topic, payload) => {
    received.set(topic, payload.length ? JSON.parse(payload.toString()) : null);
  });
  try {
    await gateway.subscribeAsync(siteDownlinksFilter(broker.topicRoot, siteId), { qos: 1 });
  } catch (error) {
    await gateway.endAsync();
    throw error;
  }
  return { gateway, received };
}
