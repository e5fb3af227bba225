/**
 * The simulator as a network server: what a site's radios with a devEUI publish (parsed by the
 * domain's schemas, as a link parses it), and a valve command answered the class A way. The
 * broker is a recording stand-in; time is vitest's.
 */
import {
  chirpStackAckSchema,
  chirpStackDownlink,
  chirpStackDownTopic,
  chirpStackTxAckSchema,
  chirpStackUplinkSchema,
  settlementOfChirpStack,
  settlementOfTts,
  ttsDownlinkEventSchema,
  ttsDownlinkPush,
  ttsDownTopic,
  ttsUplinkSchema,
  type ConfigDownlink,
} from '@paddock/domain';
import type { MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildDevice,
  createFarm,
  goLive,
  report,
  stopRunner,
  type Farm,
  type Runner,
} from './farm.ts';
import { NetworkServer } from './network-server.ts';
import { seededRandom } from './random.ts';
import type { NetworkServerLink } from './simulator-options.ts';
import { config, start } from './testing.ts';

const SITE = 4;
const APP = '0b6c2d9e-5f3a-4c47-9a51-2f0e7d8c1b34';
const PROBE_EUI = '70B3D57ED005A1C2';
const VALVES_EUI = '70B3D57ED005A1C3';

type Sent = { topic: string; body: Record<string, unknown> };

/** A broker client that takes every publish at once and keeps it. */
function recordingClient(sent: Sent[]): MqttClient {
  return {
    on: () => undefined,
    publish: (
      topic: string,
      payload: string,
      _options: unknown,
      callback: (error?: Error) => void,
    ) => {
      sent.push({ topic, body: JSON.parse(payload) as Record<string, unknown> });
      callback();
    },
  } as unknown as MqttClient;
}

const probe = config(
  'LRA-012033',
  { id: 21, type: 'LoRa', devEui: PROBE_EUI },
  [
    {
      id: 31,
      type: 'soilMoisture',
      identifier: null,
      metrics: ['soil.moisture', 'soil.temperature'],
    },
  ],
  [],
);
const valves = config(
  'WVC-004512',
  { id: 22, devEui: VALVES_EUI },
  [],
  [
    { id: 14, type: 'valve', number: 2, sectionId: null },
    { id: 12, type: 'valve', number: 1, sectionId: null },
  ],
);
const native = config(
  'WVC-004513',
  { id: 23 },
  [{ id: 32, type: 'soilMoisture', identifier: null, metrics: ['soil.moisture'] }],
  [],
);

let farm: Farm;
let sent: Sent[];
let nativeSent: Sent[];

function startNetwork(link: Partial<NetworkServerLink> = {}): NetworkServer {
  const server = new NetworkServer(
    farm,
    SITE,
    { kind: 'chirpstack', brokerUrl: 'mqtt://stand-in', applicationId: APP, ...link },
    recordingClient(sent),
  );
  farm.networks.set(SITE, server);
  return server;
}

function live(device: ConfigDownlink): Runner {
  goLive(farm, recordingClient(nativeSent), buildDevice(farm, SITE, device, farm.clock.now()));
  const runner = [...farm.runners.values()].find(
    (candidate) => candidate.device.serialno === device.device.serialno,
  );
  if (!runner) throw new Error('not live');
  // The tests say when a device reports.
  stopRunner(runner);
  return runner;
}

beforeEach(() => {
  vi.useFakeTimers({ now: start });
  sent = [];
  nativeSent = [];
  farm = createFarm({
    brokerUrl: 'mqtt://stand-in',
    sites: [{ siteId: SITE }],
    clock: { now: () => new Date() },
    random: seededRandom(7),
  });
});

afterEach(() => {
  farm.closed = true;
  for (const runner of farm.runners.values()) stopRunner(runner);
  vi.useRealTimers();
});

describe('uplinks', () => {
  it("publishes a radio's reports as ChirpStack v4 uplinks, its fCnt counting up", () => {
    startNetwork();
    const runner = live(probe);
    report(farm, runner);
    vi.advanceTimersByTime(60_000);
    report(farm, runner);
    const ups = sent.filter((message) => message.topic.endsWith('/event/up'));
    expect(ups.map((message) => message.topic)).toEqual(
      Array(2).fill(`application/${APP}/device/70b3d57ed005a1c2/event/up`),
    );
    const parsed = ups.map((message) => chirpStackUplinkSchema.parse(message.body));
    expect(parsed.map((uplink) => uplink.fCnt)).toEqual([0, 1]);
    expect(parsed[0]).toMatchObject({
      deviceInfo: { devEui: PROBE_EUI, applicationId: APP, deviceName: 'LRA-012033' },
      fPort: 2,
      object: { water_SOIL: expect.any(Number), temp_SOIL: expect.any(Number) },
      txInfo: { modulation: { lora: { bandwidth: 125_000 } } },
    });
    expect(parsed[0]?.rxInfo.length).toBeGreaterThanOrEqual(1);
    expect(nativeSent).toEqual([]);
  });

  it('publishes The Things Stack v3 uplinks on its own topics, with the air time', () => {
    startNetwork({ kind: 'tts', applicationId: 'orchard', tenant: 'ttn' });
    report(farm, live(probe));
    expect(sent.map((message) => message.topic)).toEqual([
      'v3/orchard@ttn/devices/eui-70b3d57ed005a1c2/up',
    ]);
    const uplink = ttsUplinkSchema.parse(sent[0]?.body);
    expect(uplink.end_device_ids.dev_eui).toBe(PROBE_EUI);
    expect(uplink.uplink_message.consumed_airtime).toBeGreaterThan(0);
  });

  it('leaves a radio without a devEUI on the field protocol', () => {
    startNetwork();
    report(farm, live(native));
    expect(sent).toEqual([]);
    expect(nativeSent.map((message) => message.topic)).toEqual([
      `paddock/v1/${SITE}/WVC-004513/up/readings`,
      `paddock/v1/${SITE}/WVC-004513/up/status`,
    ]);
  });

  it('publishes an unprovisioned device under its devEUI', () => {
    const server = startNetwork({ unprovisioned: ['70-b3-d5-7e-d0-00-00-01'] });
    server.addUnprovisioned(recordingClient(nativeSent));
    const runner = [...farm.runners.values()][0];
    if (!runner) throw new Error('no device');
    stopRunner(runner);
    report(farm, runner);
    const uplink = chirpStackUplinkSchema.parse(sent[0]?.body);
    expect(uplink.deviceInfo.devEui).toBe('70B3D57ED0000001');
    expect(uplink.object).toMatchObject({ temperature: expect.any(Number) });
  });
});

describe('commands', () => {
  it('opens the output a ChirpStack command names after the next uplink, and acknowledges it', () => {
    const server = startNetwork();
    const runner = live(valves);
    const id = randomUUID();
    const downlink = chirpStackDownlink(id, VALVES_EUI, {
      action: 'open',
      outputs: [2],
      durationSeconds: 600,
    });
    server.onDownlink(chirpStackDownTopic(APP, VALVES_EUI), Buffer.from(JSON.stringify(downlink)));
    expect(sent).toEqual([]);

    // Class A: the device's next uplink (a couple of seconds on) opens its receive windows.
    vi.advanceTimersByTime(2_000);
    const events = () => sent.map((message) => message.topic.split('/').slice(-2).join('/'));
    expect(events()).toEqual(['event/up', 'event/txack']);
    const txack = chirpStackTxAckSchema.parse(sent[1]?.body);
    expect(settlementOfChirpStack('txack', txack)).toEqual({ commandId: id, phase: 'accepted' });
    expect(runner.device.isRunning(14)).toBe(false);

    // The valve's travel, then the uplink that carries the ACK: outputs are the controls in id order.
    vi.advanceTimersByTime(1_000);
    expect(runner.device.isRunning(14)).toBe(true);
    expect(runner.device.isRunning(12)).toBe(false);
    expect(events()).toEqual(['event/up', 'event/txack', 'event/up', 'event/ack']);
    const state = chirpStackUplinkSchema.parse(sent[2]?.body);
    expect(state).toMatchObject({ fPort: 10, data: Buffer.from([0b10]).toString('base64') });
    const ack = chirpStackAckSchema.parse(sent[3]?.body);
    expect(ack).toMatchObject({ deviceInfo: { devEui: VALVES_EUI }, acknowledged: true });
    expect(settlementOfChirpStack('ack', ack)).toEqual({ commandId: id, phase: 'done' });

    // Its fail-safe closes it after the command's ten minutes.
    vi.advanceTimersByTime(600_000);
    expect(runner.device.isRunning(14)).toBe(false);
  });

  it("closes through The Things Stack's down/push, settled by down/sent and down/ack", () => {
    const server = startNetwork({ kind: 'tts', applicationId: 'orchard', tenant: 'ttn' });
    const runner = live(valves);
    const open = randomUUID();
    const close = randomUUID();
    const topic = ttsDownTopic('orchard', 'ttn', 'eui-70b3d57ed005a1c3');
    server.onDownlink(
      topic,
      Buffer.from(
        JSON.stringify(
          ttsDownlinkPush(open, { action: 'open', outputs: [1], durationSeconds: 60 }),
        ),
      ),
    );
    vi.advanceTimersByTime(3_000);
    expect(runner.device.isRunning(12)).toBe(true);
    server.onDownlink(
      topic,
      Buffer.from(JSON.stringify(ttsDownlinkPush(close, { action: 'close', outputs: [1] }))),
    );
    vi.advanceTimersByTime(3_000);
    expect(runner.device.isRunning(12)).toBe(false);
    const settled = sent
      .filter((message) => message.topic.includes('/down/'))
      .map((message) => {
        expect(message.topic.startsWith('v3/orchard@ttn/devices/eui-70b3d57ed005a1c3/down/')).toBe(
          true,
        );
        return settlementOfTts(ttsDownlinkEventSchema.parse(message.body));
      });
    expect(settled).toEqual([
      { commandId: open, phase: 'accepted' },
      { commandId: open, phase: 'done' },
      { commandId: close, phase: 'accepted' },
      { commandId: close, phase: 'done' },
    ]);
  });

  it('keeps a command for a silenced device until it is heard again', () => {
    const server = startNetwork();
    const runner = live(valves);
    farm.faults.push({
      id: 1,
      kind: 'silence',
      serialno: 'WVC-004512',
      injectedAt: start.toISOString(),
    });
    const id = randomUUID();
    server.onDownlink(
      chirpStackDownTopic(APP, VALVES_EUI),
      Buffer.from(
        JSON.stringify(chirpStackDownlink(id, VALVES_EUI, { action: 'close', outputs: [1] })),
      ),
    );
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([]);
    farm.faults.length = 0;
    report(farm, runner);
    vi.advanceTimersByTime(1_000);
    expect(sent.map((message) => message.topic.split('/').pop())).toEqual([
      'up',
      'txack',
      'up',
      'ack',
    ]);
  });
});
