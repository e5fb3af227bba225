/**
 * Commands down a LoRaWAN network server link (issue 32 item 3), end to end on a real broker: a
 * valve test recorded by the API is claimed by the dispatcher and sent by the command link; the
 * bridge carries it to a network server that answers as ChirpStack v4 or The Things Stack v3
 * would (a real MQTT client on the link's broker), and the request settles on the device's
 * acknowledgement. No native gateway answers here: only the bridge can settle these commands.
 */
import {
  chirpStackDownlinkSchema,
  decodeValveCommand,
  isFinalRequestStatus,
  ttsDownlinkPushSchema,
  type RequestStatus,
  type ValveCommand,
} from '@paddock/domain';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFieldSecret } from '../auth/secrets.ts';
import * as t from '../db/schema.ts';
import { startCommands, type CommandSender } from '../field/command-link.ts';
import { fieldKey, SERVER_USERNAME } from '../field/credentials.ts';
import { startDeviceRequests } from '../field/device-requests.ts';
import { deviceSiteLookup } from '../field/provisioning.ts';
import { startJobs } from '../jobs/jobs.ts';
import { startDispatcher } from '../requests/dispatcher.ts';
import { addedByAdmin } from '../../test/helpers/added.ts';
import { quietLog, startTestBroker, waitFor, type TestBroker } from '../../test/helpers/field.ts';
import { ttsUp } from '../../test/helpers/lorawan.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { credentialBox } from './credential-box.ts';
import { startLinkRunner, type LinkRunner } from './link-runner.ts';

const TIMEOUT_SECONDS = 30;
const REPORT_INTERVAL_SECONDS = 900;
const DEV_EUI = '70B3D57ED005A1C2';
const CHIRPSTACK_APP = randomUUID();
const TTS_APP = `orchard-${randomUUID().slice(0, 8)}`;

let testApp: TestApp;
let broker: TestBroker;
let jobs: PgBoss;
let commands: CommandSender & { close(): Promise<void> };
let dispatcher: { close(): Promise<void> };
let runner: LinkRunner;
let networkServer: MqttClient;

/** How the network server answers a downlink: its events, by name, in order. */
type Answer = 'ack' | 'nack' | 'none';
let answer: Answer = 'ack';
/** Each downlink the network server took: its topic and the valve command it carried. */
const downlinks: { topic: string; command: ValveCommand | null }[] = [];
/** The acks of ChirpStack downlinks not answered yet (`none`), to send when the device wakes. */
const waiting: (() => Promise<unknown>)[] = [];

function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/** Answers as ChirpStack does: txack when a gateway sends it, ack when the device answers. */
async function answerChirpStack(topic: string, body: unknown) {
  const downlink = chirpStackDownlinkSchema.parse(body);
  downlinks.push({ topic, command: decodeValveCommand(Buffer.from(downlink.data, 'base64')) });
  const events = topic.replace(/command\/down$/, 'event');
  const deviceInfo = { devEui: downlink.devEui.toLowerCase(), applicationId: CHIRPSTACK_APP };
  const common = { deviceInfo, queueItemId: downlink.id, fCntDown: downlinks.length };
  if (answer === 'none') {
    waiting.push(() =>
      networkServer.publishAsync(
        `${events}/ack`,
        JSON.stringify({ ...common, acknowledged: true }),
        { qos: 1 },
      ),
    );
    return;
  }
  await networkServer.publishAsync(`${events}/txack`, JSON.stringify(common), { qos: 1 });
  const ack = { ...common, acknowledged: answer === 'ack' };
  await networkServer.publishAsync(`${events}/ack`, JSON.stringify(ack), { qos: 1 });
}

/** Answers as The Things Stack does: down/sent, then down/ack or down/nack. */
async function answerTts(topic: string, body: unknown) {
  const [downlink] = ttsDownlinkPushSchema.parse(body).downlinks;
  const { frm_payload: payload, correlation_ids: ids } = present(downlink);
  downlinks.push({ topic, command: decodeValveCommand(Buffer.from(payload, 'base64')) });
  const device = topic.replace(/\/down\/push$/, '');
  const end_device_ids = { device_id: present(device.split('/').at(-1)), dev_eui: DEV_EUI };
  if (answer === 'none') return;
  const event = (name: string, field: string) =>
    networkServer.publishAsync(
      `${device}/down/${name}`,
      JSON.stringify({
        end_device_ids,
        correlation_ids: ['as:down:01J'],
        [field]: { correlation_ids: ids },
      }),
      { qos: 1 },
    );
  await event('sent', 'downlink_sent');
  await (answer === 'ack' ? event('ack', 'downlink_ack') : event('nack', 'downlink_nack'));
}

beforeAll(async () => {
  testApp = await buildTestApp();
  broker = await startTestBroker({ deviceSite: deviceSiteLookup(testApp.db) });
  jobs = await startJobs({ handle: testApp.handle, log: quietLog });
  const common = { db: testApp.db, clock: testApp.clock, log: quietLog };
  commands = await startCommands({
    ...common,
    broker,
    topicRoot: broker.topicRoot,
    timeoutSeconds: TIMEOUT_SECONDS,
    jobs,
    clientId: `commands-${randomUUID()}`,
    sweepIntervalMs: 100,
  });
  const deviceRequests = await startDeviceRequests({
    ...common,
    jobs,
    commands,
    controlTestSeconds: 1,
  });
  const requests = await startDispatcher({
    ...common,
    handlers: deviceRequests.handlers,
    pollIntervalMs: 100,
  });
  dispatcher = {
    async close() {
      await requests.close();
      await deviceRequests.close();
    },
  };
  runner = await startLinkRunner({
    ...common,
    box: credentialBox(await loadFieldSecret(testApp.db, testApp.config.field.fieldSecret)),
    clientIdPrefix: `test-link-${randomUUID()}`,
    pollMs: 100,
    commands: { broker, topicRoot: broker.topicRoot, clientId: `lorawan-${randomUUID()}` },
  });

  networkServer = await mqtt.connectAsync(broker.url, broker.clientOptions(SERVER_USERNAME));
  networkServer.on('message', (topic, payload) => {
    const body: unknown = JSON.parse(payload.toString('utf8'));
    const answering = topic.startsWith('v3/')
      ? answerTts(topic, body)
      : answerChirpStack(topic, body);
    void answering.catch((error: unknown) => {
      throw error;
    });
  });
  await networkServer.subscribeAsync(
    [
      `application/${CHIRPSTACK_APP}/device/+/command/down`,
      `v3/${TTS_APP}@ttn/devices/+/down/push`,
    ],
    { qos: 1 },
  );

  const { radio1 } = testApp.farm.radios;
  await testApp.db
    .update(t.radios)
    .set({ devEui: DEV_EUI, reportIntervalSeconds: REPORT_INTERVAL_SECONDS })
    .where(eq(t.radios.id, radio1.id));
});

afterAll(async () => {
  await networkServer?.endAsync();
  await runner?.close();
  await dispatcher?.close();
  await commands?.close();
  await jobs?.stop({ graceful: false, wait: true });
  await broker?.close();
  await testApp?.close();
});

/** Links site A to one network server application on the test broker, and waits for it. */
async function linkSite(kind: 'chirpstack' | 'tts-mqtt') {
  await testApp.db.delete(t.networkLinks);
  const { id } = await addedByAdmin<{ id: number }>(
    testApp,
    `/api/sites/${testApp.farm.sites.a.id}/network-links`,
    {
      kind,
      url: broker.url,
      username: SERVER_USERNAME,
      password: fieldKey(broker.fieldSecret, SERVER_USERNAME),
      applicationId: kind === 'chirpstack' ? CHIRPSTACK_APP : TTS_APP,
      tenant: kind === 'chirpstack' ? null : 'ttn',
    },
  );
  await runner.refresh();
  await waitFor(`the ${kind} link connected`, async () => {
    const [link] = await testApp.db.select().from(t.networkLinks).where(eq(t.networkLinks.id, id));
    return link?.state === 'connected';
  });
  return id;
}

async function testValve(controlId: number) {
  const posted = await testApp.as(testApp.farm.users.admin.id, {
    method: 'POST',
    url: `/api/controls/${controlId}/test`,
  });
  expect(posted.statusCode).toBe(202);
  return posted.json<{ id: number }>().id;
}

async function requestOf(id: number) {
  const [row] = await testApp.db.select().from(t.requests).where(eq(t.requests.id, id));
  return present(row);
}

function commandsOf(requestId: number) {
  return testApp.db
    .select()
    .from(t.fieldCommands)
    .where(eq(t.fieldCommands.requestId, requestId))
    .orderBy(t.fieldCommands.sentAt, t.fieldCommands.id);
}

describe('through a ChirpStack link', () => {
  beforeAll(async () => {
    answer = 'ack';
    await linkSite('chirpstack');
  });

  it('a valve test opens and closes the valve by command/down and settles on its ack', async () => {
    const { valve2 } = testApp.farm.controls;
    const requestId = await testValve(valve2.id);
    await waitFor('the test done', async () => (await requestOf(requestId)).status === 'done');
    await waitFor('the close done', async () => {
      const sent = await commandsOf(requestId);
      return sent.length === 2 && sent.every((command) => command.status === 'done');
    });
    // Valve 2 is the radio's second control: output 2; a second's test opens it for a minute.
    const topic = `application/${CHIRPSTACK_APP}/device/${DEV_EUI.toLowerCase()}/command/down`;
    expect(downlinks.slice(-2)).toEqual([
      { topic, command: { action: 'open', outputs: [2], durationSeconds: 60 } },
      { topic, command: { action: 'close', outputs: [2] } },
    ]);
    // A class A device hears a command after its next uplink: the deadline allows for it.
    const open = (await commandsOf(requestId)).find((command) => command.action === 'open');
    expect(present(open).deadline.getTime() - present(open).sentAt.getTime()).toBe(
      (TIMEOUT_SECONDS + REPORT_INTERVAL_SECONDS) * 1000,
    );
  });

  it('a downlink the device never acknowledged fails the request, with the reason', async () => {
    answer = 'nack';
    const { valve1 } = testApp.farm.controls;
    const requestId = await testValve(valve1.id);
    await waitFor('the test failed', async () => (await requestOf(requestId)).status === 'failed');
    const open = (await commandsOf(requestId)).find((command) => command.action === 'open');
    expect(open).toMatchObject({
      action: 'open',
      status: 'failed',
      reason: 'the device did not acknowledge it',
    });
    // The close that follows a failed open goes down too (and is not acknowledged either).
    await waitFor('the close settled', async () => {
      const sent = await commandsOf(requestId);
      return sent.length === 2 && sent.every((command) => command.status === 'failed');
    });
    answer = 'ack';
  });

  it('a valve test is "waiting for the device" until the class A device takes its command', async () => {
    answer = 'none';
    const { valve1 } = testApp.farm.controls;
    const requestId = await testValve(valve1.id);
    const followUp = () =>
      testApp.as(testApp.farm.users.admin.id, {
        method: 'POST',
        url: `/api/controls/${valve1.id}/test`,
        payload: { requestId },
      });
    await waitFor('the open down the link', () => waiting.length === 1);
    const pending = (await followUp()).json<{ status: RequestStatus; waitingForDevice: boolean }>();
    expect(pending.waitingForDevice).toBe(true);
    expect(isFinalRequestStatus(pending.status)).toBe(false);

    // The device's next uplink opens its receive window: it takes the open and acknowledges.
    await present(waiting.shift())();
    await waitFor('the test done', async () => (await requestOf(requestId)).status === 'done');
    // The close that ends the test waits for the device's next uplink in turn; the test has
    // ended meanwhile, and an ended request waits for nothing.
    await waitFor('the close down the link', () => waiting.length === 1);
    await waitFor('the close sent', async () => {
      const sent = await commandsOf(requestId);
      return sent.find((command) => command.action === 'close')?.status === 'sent';
    });
    expect((await followUp()).json()).toMatchObject({ status: 'done', waitingForDevice: false });
    answer = 'ack';
    await present(waiting.shift())();
    await waitFor('the close done', async () => {
      const sent = await commandsOf(requestId);
      return sent.length === 2 && sent.every((command) => command.status === 'done');
    });
  });

  it('a command settled before the bridge heard it (queued while it was away) is not sent down', async () => {
    const { radio1 } = testApp.farm.radios;
    const { valve1, valve2 } = testApp.farm.controls;
    const before = downlinks.length;
    // A command as the command link publishes it, but one no longer awaiting the device.
    const stale = randomUUID();
    await networkServer.publishAsync(
      `${broker.topicRoot}/${radio1.siteId}/${radio1.serialno}/down/command`,
      JSON.stringify({
        commandId: stale,
        requestId: null,
        time: testApp.clock.now().toISOString(),
        action: 'open',
        controls: [valve1.id],
        durationSeconds: 600,
      }),
      { qos: 1 },
    );
    // The bridge takes commands in order: once a later one has gone down, the stale one was read.
    const requestId = await testValve(valve2.id);
    await waitFor('the test done', async () => (await requestOf(requestId)).status === 'done');
    await waitFor('the close done', async () => {
      const sent = await commandsOf(requestId);
      return sent.length === 2 && sent.every((command) => command.status === 'done');
    });
    expect(downlinks.slice(before).map((downlink) => downlink.command?.action)).toEqual([
      'open',
      'close',
    ]);
    expect(downlinks.slice(before).every((downlink) => downlink.command?.outputs[0] === 2)).toBe(
      true,
    );
  });

  it('a command a valve controller cannot carry fails at once, not at its deadline', async () => {
    const { radio1 } = testApp.farm.radios;
    const commandId = await commands.send({
      requestId: null,
      programRunId: null,
      siteId: radio1.siteId,
      serialno: radio1.serialno,
      command: { action: 'ping' },
    });
    await waitFor('the ping failed', async () => {
      const [row] = await testApp.db
        .select()
        .from(t.fieldCommands)
        .where(eq(t.fieldCommands.id, commandId));
      return row?.status === 'failed';
    });
    const [row] = await testApp.db
      .select()
      .from(t.fieldCommands)
      .where(eq(t.fieldCommands.id, commandId));
    expect(row?.reason).toBe('a ping cannot go down a LoRaWAN network server link');
  });
});

describe('through a The Things Stack link', () => {
  beforeAll(async () => {
    answer = 'ack';
    const linkId = await linkSite('tts-mqtt');
    // The device's uplink names the device id its downlink topic takes.
    const up = ttsUp({
      applicationId: TTS_APP,
      devEui: DEV_EUI,
      fCnt: 7,
      time: testApp.clock.now().toISOString(),
    });
    await networkServer.publishAsync(
      `v3/${TTS_APP}@ttn/devices/${up.end_device_ids.device_id}/up`,
      JSON.stringify(up),
      { qos: 1 },
    );
    await waitFor('the uplink taken', () => runner.counts(linkId).stored >= 1);
  });

  it("a valve test goes by down/push on the device's own id and settles on down/ack", async () => {
    const { valve3 } = testApp.farm.controls;
    const requestId = await testValve(valve3.id);
    await waitFor('the test done', async () => (await requestOf(requestId)).status === 'done');
    await waitFor('the close done', async () => {
      const sent = await commandsOf(requestId);
      return sent.length === 2 && sent.every((command) => command.status === 'done');
    });
    const topic = `v3/${TTS_APP}@ttn/devices/em300-th-frost-1/down/push`;
    expect(downlinks.filter((downlink) => downlink.topic === topic)).toEqual([
      { topic, command: { action: 'open', outputs: [3], durationSeconds: 60 } },
      { topic, command: { action: 'close', outputs: [3] } },
    ]);
  });
});
