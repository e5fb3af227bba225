/**
 * The embedded broker's gatekeeping and memory: who may connect, publish and subscribe
 * (credentials.ts), and a persistent session's queue surviving a broker restart. Always against
 * the embedded broker: an external broker's users and ACLs are its operator's configuration.
 */
import { downlinkTopic, uplinkTopic } from '@paddock/domain';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.ts';
import {
  fieldKey,
  gatewayUsername,
  mayPublish,
  maySubscribe,
  NETWORK_SERVER_USERNAME,
  SERVER_USERNAME,
} from './credentials.ts';
import { startIngestClient } from '../ingest/mqtt-client.ts';
import { waitFor } from '../../test/helpers/field.ts';

const ROOT = 'paddock/v1';
const SITE = 7;
const OTHER_SITE = 8;
const secret = randomBytes(32).toString('base64url');
/** The devices the broker knows, by serial number. */
const deviceSites = new Map([
  ['R-1001', SITE],
  ['R-1002', SITE],
  ['R-2001', OTHER_SITE],
]);

function startBroker(options: { port?: number; dataDir?: string | null } = {}) {
  return startEmbeddedBroker({
    port: options.port ?? 0,
    host: '127.0.0.1',
    dataDir: options.dataDir ?? null,
    topicRoot: ROOT,
    fieldSecret: secret,
    deviceSite: async (serialno) => deviceSites.get(serialno) ?? null,
  });
}

function as(username: string, extra: IClientOptions = {}): IClientOptions {
  return {
    clientId: `${username}-${randomUUID()}`,
    username,
    password: fieldKey(secret, username),
    reconnectPeriod: 0,
    ...extra,
  };
}

const clients: MqttClient[] = [];

async function connect(url: string, options: IClientOptions) {
  const client = await mqtt.connectAsync(url, options);
  clients.push(client);
  return client;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});

describe('authentication and topic rules', () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startBroker();
  });
  afterAll(async () => {
    await broker?.close();
  });

  it.each([SERVER_USERNAME, 'R-1001', gatewayUsername(SITE), NETWORK_SERVER_USERNAME])(
    'lets %s in with its key',
    async (user) => {
      const client = await connect(broker.url, as(user));
      expect(client.connected).toBe(true);
    },
  );

  it.each([
    { name: 'a wrong key', options: { ...as('R-1001'), password: fieldKey(secret, 'R-1002') } },
    {
      name: 'another secret',
      options: { ...as('R-1001'), password: fieldKey('x'.repeat(32), 'R-1001') },
    },
    { name: 'no key', options: { ...as('R-1001'), password: undefined } },
    { name: 'an unknown device', options: as('R-9999') },
    { name: 'a malformed user name', options: as('R/1001') },
  ])('refuses $name', async ({ options }) => {
    await expect(mqtt.connectAsync(broker.url, options)).rejects.toThrow(
      /Bad username or password|Not authorized/i,
    );
  });

  it('lets a device publish only to its own uplinks', async () => {
    const server = await connect(broker.url, as(SERVER_USERNAME));
    const seen: string[] = [];
    server.on('message', (topic) => seen.push(topic));
    await server.subscribeAsync(`${ROOT}/#`, { qos: 1 });

    const device = await connect(broker.url, as('R-1001'));
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    // Another device's uplink: the broker drops it and the connection (MQTT 3.1.1 has no NACK).
    device.publish(uplinkTopic(ROOT, SITE, 'R-1002', 'readings'), '{}', { qos: 1 });
    await closed;

    // Nor may it publish downlinks, even its own: only the server commands devices.
    const again = await connect(broker.url, as('R-1001'));
    const closedAgain = new Promise<void>((resolve) => again.once('close', () => resolve()));
    again.publish(downlinkTopic(ROOT, SITE, 'R-1001', 'command'), '{}', { qos: 1 });
    await closedAgain;

    const honest = await connect(broker.url, as('R-1001'));
    const own = uplinkTopic(ROOT, SITE, 'R-1001', 'readings');
    await honest.publishAsync(own, '{}', { qos: 1 });
    await waitFor('the own uplink delivered', () => seen.length > 0);
    expect(seen).toEqual([own]);
  });

  it('lets a gateway publish for the devices of its site only', async () => {
    const server = await connect(broker.url, as(SERVER_USERNAME));
    const seen: string[] = [];
    server.on('message', (topic) => seen.push(topic));
    await server.subscribeAsync(`${ROOT}/#`, { qos: 1 });

    const gateway = await connect(broker.url, as(gatewayUsername(SITE)));
    const closed = new Promise<void>((resolve) => gateway.once('close', () => resolve()));
    gateway.publish(uplinkTopic(ROOT, OTHER_SITE, 'R-2001', 'status'), '{}', { qos: 1 });
    await closed;

    const again = await connect(broker.url, as(gatewayUsername(SITE)));
    const own = uplinkTopic(ROOT, SITE, 'R-1002', 'status');
    await again.publishAsync(own, '{}', { qos: 1 });
    await waitFor('the site uplink delivered', () => seen.length > 0);
    expect(seen).toEqual([own]);
  });

  it.each([
    { user: 'R-1001', filter: downlinkTopic(ROOT, SITE, 'R-1001', 'command') },
    { user: gatewayUsername(SITE), filter: `${ROOT}/${SITE}/+/down/+` },
    { user: SERVER_USERNAME, filter: `${ROOT}/+/+/up/+` },
  ])('lets $user subscribe to $filter', async ({ user, filter }) => {
    const client = await connect(broker.url, as(user));
    const result = await client.subscribeAsync(filter, { qos: 1 });
    expect(result.map((grant) => grant.qos)).toEqual([1]);
  });

  it.each([
    { user: 'R-1001', filter: downlinkTopic(ROOT, SITE, 'R-1002', 'command') },
    { user: 'R-1001', filter: `${ROOT}/${SITE}/+/down/command` },
    { user: 'R-1001', filter: uplinkTopic(ROOT, SITE, 'R-1002', 'readings') },
    { user: 'R-1001', filter: `${ROOT}/#` },
    { user: gatewayUsername(SITE), filter: `${ROOT}/${OTHER_SITE}/+/down/+` },
  ])('refuses $user subscribing to $filter', async ({ user, filter }) => {
    const client = await connect(broker.url, as(user));
    // mqtt.js turns a SUBACK with 0x80 into an error that carries the packet.
    const refusal: unknown = await client.subscribeAsync(filter, { qos: 1 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect((refusal as { packet?: { granted?: number[] } } | null)?.packet?.granted).toEqual([128]);
    // The connection stays, and the client's own topics are still granted on it.
    expect(client.connected).toBe(true);
    const own =
      user === gatewayUsername(SITE)
        ? `${ROOT}/${SITE}/+/down/+`
        : downlinkTopic(ROOT, SITE, user, 'command');
    expect((await client.subscribeAsync(own, { qos: 1 })).map((grant) => grant.qos)).toEqual([1]);
  });
});

describe('the network server stand-in', () => {
  const networkServer = { kind: 'networkServer' } as const;
  const up = 'application/4f1c/device/70b3d57ed005a1c2/event/up';

  it.each([
    up,
    'application/4f1c/device/70b3d57ed005a1c2/command/down',
    'v3/orchard@ttn/devices/eui-70b3d57ed005a1c2/up',
    'v3/orchard@ttn/devices/eui-70b3d57ed005a1c2/down/push',
  ])('may publish to %s', (topic) => {
    expect(mayPublish(ROOT, networkServer, topic)).toBe(true);
  });

  it.each([
    uplinkTopic(ROOT, SITE, 'R-1001', 'readings'),
    downlinkTopic(ROOT, SITE, 'R-1001', 'command'),
    'devices/elsewhere',
  ])('may not publish to %s', (topic) => {
    expect(mayPublish(ROOT, networkServer, topic)).toBe(false);
  });

  it.each(['application/+/device/+/event/up', 'application/#', 'v3/+/devices/+/down/push'])(
    'may subscribe to %s',
    (filter) => {
      expect(maySubscribe(ROOT, networkServer, filter)).toBe(true);
    },
  );

  it.each(['#', '+/#', '+/v1/#', `${ROOT}/#`, `${ROOT}/${SITE}/+/down/+`, '$SYS/#'])(
    'may not subscribe to %s',
    (filter) => {
      expect(maySubscribe(ROOT, networkServer, filter)).toBe(false);
    },
  );

  it('keeps its trees closed when the field root is set inside them', () => {
    expect(maySubscribe('application/paddock', networkServer, 'application/#')).toBe(false);
    expect(
      maySubscribe('application/paddock', networkServer, 'application/+/device/+/event/up'),
    ).toBe(false);
    expect(
      maySubscribe('application/paddock', networkServer, 'application/4f1c/device/+/event/up'),
    ).toBe(true);
    expect(
      mayPublish('application/paddock', networkServer, 'application/paddock/7/R-1001/up/status'),
    ).toBe(false);
  });

  it('carries uplinks and commands between a network server and a link, and is shut out of the field root', async () => {
    const broker = await startBroker();
    try {
      const link = await connect(broker.url, as(NETWORK_SERVER_USERNAME));
      const seen: string[] = [];
      link.on('message', (topic) => seen.push(topic));
      await link.subscribeAsync('application/4f1c/device/+/event/up', { qos: 1 });
      const networkServerClient = await connect(broker.url, as(NETWORK_SERVER_USERNAME));
      await networkServerClient.publishAsync(up, '{}', { qos: 1 });
      await waitFor('the uplink delivered', () => seen.length > 0);
      expect(seen).toEqual([up]);

      const refusal: unknown = await networkServerClient
        .subscribeAsync(`${ROOT}/${SITE}/+/up/+`, { qos: 1 })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect((refusal as { packet?: { granted?: number[] } } | null)?.packet?.granted).toEqual([
        128,
      ]);
      const closed = new Promise<void>((resolve) =>
        networkServerClient.once('close', () => resolve()),
      );
      networkServerClient.publish(uplinkTopic(ROOT, SITE, 'R-1001', 'readings'), '{}', { qos: 1 });
      await closed;
    } finally {
      await broker.close();
    }
  });
});

describe('persistent sessions', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'paddock-broker-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every message of concurrent publishers to an online persistent subscriber', async () => {
    // Messages finish storing in LevelDB out of order; none may be held back for that.
    const broker = await startBroker({ dataDir });
    try {
      const received = new Set<string>();
      const server = await connect(
        broker.url,
        as(SERVER_USERNAME, { clientId: `server-${randomUUID()}`, clean: false }),
      );
      server.on('message', (_topic, payload) => received.add(payload.toString()));
      await server.subscribeAsync(`${ROOT}/+/+/up/readings`, { qos: 1 });

      const perDevice = 400;
      const publishers = await Promise.all(
        ['R-1001', 'R-1002', 'R-2001'].map((serialno) => connect(broker.url, as(serialno))),
      );
      await Promise.all(
        publishers.map((device, index) => {
          const serialno = ['R-1001', 'R-1002', 'R-2001'][index] as string;
          const site = deviceSites.get(serialno) as number;
          const topic = uplinkTopic(ROOT, site, serialno, 'readings');
          return Promise.all(
            Array.from({ length: perDevice }, (_, n) =>
              device.publishAsync(topic, `${serialno}:${n}`, { qos: 1 }),
            ),
          );
        }),
      );
      await waitFor('every message delivered', () => received.size >= 3 * perDevice);
      expect(received.size).toBe(3 * perDevice);
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
      await broker.close();
    }
  });

  it('keeps queued QoS 1 commands for an absent device across a broker restart', async () => {
    let broker = await startBroker({ dataDir });
    const port = broker.port;
    const clientId = `R-1001-${randomUUID()}`;
    const device = await connect(broker.url, as('R-1001', { clientId, clean: false }));
    const topic = downlinkTopic(ROOT, SITE, 'R-1001', 'command');
    await device.subscribeAsync(topic, { qos: 1 });
    await device.endAsync();

    const server = await connect(broker.url, as(SERVER_USERNAME));
    await server.publishAsync(topic, 'one', { qos: 1 });
    await server.publishAsync(topic, 'two', { qos: 1 });
    await server.endAsync();
    await broker.close();

    broker = await startBroker({ dataDir, port });
    try {
      const received: string[] = [];
      const back = mqtt.connect(broker.url, as('R-1001', { clientId, clean: false }));
      clients.push(back);
      // No subscribe: the session brought the subscription and the queue back from LevelDB.
      back.on('message', (_topic, payload) => received.push(payload.toString()));
      await waitFor('the queued commands', () => received.length >= 2);
      expect(received).toEqual(['one', 'two']);
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
      await broker.close();
    }
  });

  it('keeps queued QoS 1 messages for an absent subscriber across a broker restart', async () => {
    let broker = await startBroker({ dataDir });
    const port = broker.port;
    const clientId = `server-${randomUUID()}`;
    const server = await connect(broker.url, as(SERVER_USERNAME, { clientId, clean: false }));
    await server.subscribeAsync(`${ROOT}/+/+/up/readings`, { qos: 1 });
    await server.endAsync();

    const device = await connect(broker.url, as('R-1001'));
    const topic = uplinkTopic(ROOT, SITE, 'R-1001', 'readings');
    await device.publishAsync(topic, 'one', { qos: 1 });
    await device.publishAsync(topic, 'two', { qos: 1 });
    await device.endAsync();
    await broker.close();

    broker = await startBroker({ dataDir, port });
    try {
      const received: string[] = [];
      const back = mqtt.connect(broker.url, as(SERVER_USERNAME, { clientId, clean: false }));
      clients.push(back);
      // No subscribe: the session brought the subscription and the queue back.
      back.on('message', (_topic, payload) => received.push(payload.toString()));
      await waitFor('the queued messages', () => received.length >= 2);
      expect(received).toEqual(['one', 'two']);
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
      await broker.close();
    }
  });

  it('acknowledges a reading to a device only once the connected server has acknowledged it', async () => {
    // Readings for a connected subscriber wait in memory, not in LevelDB; one it leaves
    // unacknowledged when it goes is written to LevelDB then (stored-uplinks.ts).
    let broker = await startBroker({ dataDir });
    const port = broker.port;
    const serverId = `server-${randomUUID()}`;
    const held: string[] = [];
    // Ingest's own client: it acknowledges only when told (after its commit); here never.
    const server = await startIngestClient({
      url: broker.url,
      clientId: serverId,
      username: SERVER_USERNAME,
      password: fieldKey(secret, SERVER_USERNAME),
      protocolVersion: 4,
      filters: [`${ROOT}/+/+/up/readings`],
      onMessage: (message) => held.push(message.payload.toString()),
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });

    const device = await connect(broker.url, as('R-1001'));
    let acknowledged = false;
    const publish = device
      .publishAsync(uplinkTopic(ROOT, SITE, 'R-1001', 'readings'), 'one', { qos: 1 })
      .then(() => {
        acknowledged = true;
      });
    await waitFor('the reading at the server', () => held.length >= 1);
    // A message of another client round-trips meanwhile; the reading's PUBACK still waits.
    const other = await connect(broker.url, as(SERVER_USERNAME));
    await other.publishAsync(downlinkTopic(ROOT, SITE, 'R-1001', 'command'), 'x', { qos: 1 });
    expect(acknowledged).toBe(false);

    // The server goes without acknowledging: the reading is kept for its session, and the
    // device has its PUBACK.
    await server.close();
    await publish;
    await broker.close();

    broker = await startBroker({ dataDir, port });
    try {
      const received: string[] = [];
      const back = mqtt.connect(
        broker.url,
        as(SERVER_USERNAME, { clientId: serverId, clean: false }),
      );
      clients.push(back);
      back.on('message', (_topic, payload) => received.push(payload.toString()));
      await waitFor('the kept reading', () => received.length >= 1);
      expect(received).toEqual(['one']);
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
      await broker.close();
    }
  });
});
