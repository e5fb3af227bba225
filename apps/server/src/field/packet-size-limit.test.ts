/**
 * Message size limits on the field side: the embedded broker closes the connection of a client
 * that announces a packet over its limit before the body arrives (a 200 MB publish once cost the
 * server over a gigabyte), and ingest drops a payload over its limit with a log line instead of
 * storing it (an external broker without a limit may still hand one over).
 */
import { uplinkTopic } from '@paddock/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { generate } from 'mqtt-packet';
import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.ts';
import { fieldKey, SERVER_USERNAME } from './credentials.ts';
import { MAX_FIELD_PACKET_BYTES } from './packet-size-limit.ts';
import { startIngestClient, type IncomingMessage } from '../ingest/mqtt-client.ts';
import { waitFor } from '../../test/helpers/field.ts';

const ROOT = 'paddock/v1';
const SITE = 7;
const DEVICE = 'R-1001';
const secret = randomBytes(32).toString('base64url');

type Warning = { object: object; message: string | undefined };

function recordingLog() {
  const warnings: Warning[] = [];
  return {
    warnings,
    log: {
      info: () => {},
      error: () => {},
      warn: (object: object, message?: string) => void warnings.push({ object, message }),
    },
  };
}

/** The embedded broker in memory, knowing one device. */
function startBroker(log?: ReturnType<typeof recordingLog>['log']) {
  return startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    topicRoot: ROOT,
    fieldSecret: secret,
    deviceSite: async (serialno) => (serialno === DEVICE ? SITE : null),
    ...(log ? { log } : {}),
  });
}

describe('the embedded broker refuses a packet over its size limit', () => {
  const { warnings, log } = recordingLog();
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startBroker(log);
  });
  afterAll(async () => {
    await broker?.close();
  });

  it('closes the connection of a device announcing a 200 MB publish, without buffering it', async () => {
    const socket = connect(broker.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clientId: `${DEVICE}-${randomUUID()}`,
        clean: true,
        keepalive: 30,
        username: DEVICE,
        password: Buffer.from(fieldKey(secret, DEVICE)),
      }),
    );
    const topic = uplinkTopic(ROOT, SITE, DEVICE, 'readings');
    const announced = 200 * 1024 * 1024;
    const header = generate({
      cmd: 'publish',
      topic,
      payload: Buffer.alloc(0),
      qos: 1,
      messageId: 1,
      retain: false,
      dup: false,
    });
    // The same fixed header with the remaining length of a 200 MB payload.
    const variable = header.subarray(2);
    const remaining = variable.length + announced;
    const lengthBytes: number[] = [];
    for (let left = remaining; ;) {
      const byte = left % 128;
      left = Math.floor(left / 128);
      lengthBytes.push(left > 0 ? byte | 0x80 : byte);
      if (left === 0) break;
    }
    const rssBefore = process.memoryUsage().rss;
    socket.write(Buffer.concat([Buffer.from([header[0] as number, ...lengthBytes]), variable]));
    // Keep sending the body as a client that ignores the broker would, until the broker hangs up.
    const chunk = Buffer.alloc(64 * 1024, 0x7b);
    let sent = 0;
    let open = true;
    void closed.then(() => (open = false));
    while (open && sent < announced) {
      if (!socket.write(chunk)) await new Promise((resolve) => setTimeout(resolve, 5));
      sent += chunk.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await closed;

    expect(sent).toBeLessThan(announced);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    await waitFor('the warning', () => warnings.length > 0);
    expect(warnings[0]?.object).toMatchObject({ bytes: remaining, limit: MAX_FIELD_PACKET_BYTES });
  });

  it('passes the largest message the limit allows', async () => {
    const options = (username: string) => ({
      clientId: `${username}-${randomUUID()}`,
      username,
      password: fieldKey(secret, username),
      reconnectPeriod: 0,
    });
    const clients: MqttClient[] = [];
    try {
      const server = await mqtt.connectAsync(broker.url, options(SERVER_USERNAME));
      clients.push(server);
      const device = await mqtt.connectAsync(broker.url, options(DEVICE));
      clients.push(device);
      const topic = uplinkTopic(ROOT, SITE, DEVICE, 'readings');
      await server.subscribeAsync(topic, { qos: 1 });
      const received = new Promise<Buffer>((resolve) =>
        server.once('message', (_topic, payload) => resolve(payload)),
      );
      const payload = Buffer.alloc(MAX_FIELD_PACKET_BYTES - 1024, 0x20);
      await device.publishAsync(topic, payload, { qos: 1 });
      expect((await received).length).toBe(payload.length);
    } finally {
      await Promise.all(clients.map((client) => client.endAsync(true)));
    }
  });
});

describe('ingest drops a payload over its limit', () => {
  it('logs it, acknowledges it and hands on only the messages within the limit', async () => {
    const broker = await startBroker();
    const { warnings, log } = recordingLog();
    const received: IncomingMessage[] = [];
    const ingest = await startIngestClient({
      url: broker.url,
      clientId: `ingest-${randomUUID()}`,
      username: SERVER_USERNAME,
      password: fieldKey(secret, SERVER_USERNAME),
      protocolVersion: 4,
      filters: [`${ROOT}/+/+/up/readings`],
      onMessage: (message) => {
        received.push(message);
        message.ack();
      },
      log,
      maxPayloadBytes: 1000,
    });
    const device = await mqtt.connectAsync(broker.url, {
      clientId: `${DEVICE}-${randomUUID()}`,
      username: DEVICE,
      password: fieldKey(secret, DEVICE),
      reconnectPeriod: 0,
    });
    try {
      const topic = uplinkTopic(ROOT, SITE, DEVICE, 'readings');
      await device.publishAsync(topic, Buffer.alloc(2000, 0x20), { qos: 1 });
      await device.publishAsync(topic, '{"small":true}', { qos: 1 });
      await waitFor('the small message', () => received.length === 1);

      expect(received.map((message) => message.payload.toString())).toEqual(['{"small":true}']);
      expect(warnings).toEqual([
        {
          object: { topic, bytes: 2000, limit: 1000 },
          message: 'ingest dropped a message over the size limit',
        },
      ]);
    } finally {
      await device.endAsync(true);
      await ingest.close();
      await broker.close();
    }
  });
});
