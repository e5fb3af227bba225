/**
 * At-least-once plus deduplication, end to end: devices publish sequenced readings while the
 * server (src/main.ts with PADDOCK_ROLES=ingest: the embedded broker and ingest, unless MQTT_URL
 * names an external broker) is killed with SIGKILL mid-stream and started again on the same data.
 * Afterwards every reading is stored exactly once: none missing, none counted twice in the rollups.
 */
import { uplinkTopic } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseTarget } from '../../src/db/client.ts';
import { fieldKey, gatewayUsername } from '../../src/field/credentials.ts';
import { seedTestFarm } from '../helpers/farm.ts';
import { freePort } from '../helpers/field.ts';
import {
  createServerData,
  startServerProcess,
  stopProcess,
  type ServerData,
} from '../helpers/server-process.ts';

/** Messages per stream, and the pause between two of a stream's messages. */
const MESSAGES = 300;
const INTERVAL_MS = 20;
const BASE_TIME = Date.parse('2026-11-21T00:00:00.000Z');

type Stream = { siteId: number; serialno: string; sensorId: number; metrics: [string, string] };

let data: ServerData | undefined;
let dataDir: string;
let target: DatabaseTarget;
let env: NodeJS.ProcessEnv;
let brokerUrl: string;
let fieldSecret: string;
let topicRoot: string;
let instance: string;
let streams: Stream[];
let server: ChildProcess | null = null;
const devices: MqttClient[] = [];

beforeAll(async () => {
  data = await createServerData('paddock-crash-');
  ({ dataDir, target } = data);

  // Seed, then let go of the database: PGlite allows one process per data folder.
  const handle = await openDatabase(target);
  const farm = await seedTestFarm(handle.db);
  await handle.close();
  const a = { siteId: farm.sites.a.id, serialno: 'R-1001', sensorId: farm.sensors.soil.id };
  const b = { siteId: farm.sites.b.id, serialno: 'R-2001', sensorId: farm.sensors.b.id };
  streams = [
    { ...a, metrics: ['crash.a1', 'crash.a2'] },
    { ...a, metrics: ['crash.b1', 'crash.b2'] },
    { ...b, metrics: ['crash.c1', 'crash.c2'] },
    { ...b, metrics: ['crash.d1', 'crash.d2'] },
  ];

  fieldSecret = randomBytes(32).toString('base64url');
  const external = process.env.MQTT_URL;
  topicRoot = external ? `paddock-test/${randomUUID()}` : 'paddock/v1';
  instance = `crash-${randomBytes(6).toString('hex')}`;
  const port = await freePort();
  brokerUrl = external ?? `mqtt://127.0.0.1:${port}`;
  env = {
    PATH: process.env.PATH,
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    PADDOCK_ROLES: 'ingest',
    PADDOCK_INSTANCE: instance,
    PADDOCK_DATA_DIR: dataDir,
    MQTT_PORT: String(port),
    FIELD_SECRET: fieldSecret,
    FIELD_TOPIC_ROOT: topicRoot,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
    ...(external ? { MQTT_URL: external } : {}),
  };
});

afterAll(async () => {
  await Promise.all(devices.map((device) => device.endAsync(true)));
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (process.env.MQTT_URL) {
    // Ends the test server's persistent session on the shared broker.
    const session = await mqtt.connectAsync(process.env.MQTT_URL, {
      clientId: `paddock-ingest-${instance}`,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: 0,
    });
    await session.endAsync();
  }
  await data?.remove();
});

/** Starts the server and resolves once ingest has subscribed (its log says so). */
function startServer(): Promise<ChildProcess> {
  return startServerProcess(env, 'ingest subscribed');
}

function messageTime(index: number) {
  return new Date(BASE_TIME + index * 1000).toISOString();
}

/**
 * A device stream: QoS 1 in a persistent session, so unacknowledged messages are resent after a
 * reconnect. Counts the messages the broker has acknowledged.
 */
async function runStream(stream: Stream, index: number, acked: { count: number }): Promise<void> {
  const username = gatewayUsername(stream.siteId);
  const device = await mqtt.connectAsync(brokerUrl, {
    clientId: `crash-device-${index}-${randomUUID()}`,
    username,
    password: fieldKey(fieldSecret, username),
    clean: false,
    reconnectPeriod: 200,
  });
  devices.push(device);
  const topic = uplinkTopic(topicRoot, stream.siteId, stream.serialno, 'readings');
  const sent: Promise<void>[] = [];
  for (let seq = 0; seq < MESSAGES; seq++) {
    const payload = JSON.stringify({
      seq,
      time: messageTime(seq),
      readings: stream.metrics.map((metric, m) => ({
        thing: 'sensor',
        id: stream.sensorId,
        metric,
        value: seq * 10 + m,
      })),
    });
    sent.push(
      new Promise((resolve, reject) =>
        device.publish(topic, payload, { qos: 1 }, (error) => {
          if (error) return reject(error);
          acked.count++;
          resolve();
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
  await Promise.all(sent);
}

type SeriesRow = {
  metric: string;
  readings: number;
  first: string | Date;
  last: string | Date;
  values_ok: boolean;
  rolled: number;
};

/** Per test series: how many readings, their range, whether each value fits its time, rollups. */
async function storedSeries(): Promise<SeriesRow[]> {
  const handle = await openDatabase(target);
  try {
    return await queryRows<SeriesRow>(
      handle.db,
      sql`select s.metric,
                 count(r.*)::int as readings,
                 min(r.time) as first,
                 max(r.time) as last,
                 bool_and(r.value = extract(epoch from r.time - ${messageTime(0)}::timestamptz) * 10
                          + (right(s.metric, 1)::int - 1)) as values_ok,
                 (select sum(ru.count)::int from reading_rollups ru where ru.series_id = s.id) as rolled
          from series s join readings r on r.series_id = s.id
          where s.metric like 'crash.%'
          group by s.id, s.metric
          order by s.metric`,
    );
  } finally {
    await handle.close();
  }
}

it(
  'stores every reading exactly once when the server is killed mid-stream',
  { timeout: 300_000 },
  async () => {
    server = await startServer();
    const acked = { count: 0 };
    const publishing = Promise.all(streams.map((stream, i) => runStream(stream, i, acked)));

    // Kill it while messages flow: some stored, some in a batch, some at the broker.
    const total = streams.length * MESSAGES;
    while (acked.count < total / 4) await new Promise((resolve) => setTimeout(resolve, 10));
    await stopProcess(server, 'SIGKILL');
    server = await startServer();
    await publishing;

    // Every message is now with the broker. Stop the server cleanly and look; what the broker
    // still queues for ingest arrives at the next start (the embedded broker stops with the server).
    let series: SeriesRow[] = [];
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await stopProcess(server, 'SIGTERM');
      series = await storedSeries();
      if (series.every((row) => row.readings >= MESSAGES) && series.length === 8) break;
      server = await startServer();
    }
    server = null;

    expect(series.map((row) => row.metric)).toEqual(streams.flatMap((stream) => stream.metrics));
    for (const row of series) {
      // Times are a second apart from the first: MESSAGES of them between the first and the last
      // expected time means every one is there, and the primary key allows no repeat.
      expect(row).toMatchObject({ readings: MESSAGES, values_ok: true, rolled: MESSAGES });
      expect(new Date(row.first).toISOString()).toBe(messageTime(0));
      expect(new Date(row.last).toISOString()).toBe(messageTime(MESSAGES - 1));
    }
  },
);
