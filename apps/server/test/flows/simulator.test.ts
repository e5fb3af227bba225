/**
 * The simulator against a real broker: the server provisions the test farm, the simulator builds
 * its virtual devices from the retained configs alone, and a server-side client sees them report,
 * obey commands and show injected faults — all through the field protocol.
 */
import {
  ackUplinkSchema,
  allUplinksFilter,
  downlinkTopic,
  parseFieldTopic,
  readingsUplinkSchema,
  statusUplinkSchema,
  type AckUplink,
  type ReadingsUplink,
  type StatusUplink,
} from '@paddock/domain';
import {
  backfill,
  runScale,
  seededRandom,
  startSimulator,
  type Simulator,
} from '@paddock/simulator';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/db/client.ts';
import { serverClientOptions } from '../../src/field/connection.ts';
import {
  buildDeviceConfigs,
  fieldKeysFor,
  publishDeviceConfigs,
  retractDeviceConfig,
} from '../../src/field/provisioning.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { seedTestFarm, type TestFarm } from '../helpers/farm.ts';
import { startTestBroker, type TestBroker, quietLog, waitFor } from '../helpers/field.ts';

type Uplink =
  | { kind: 'readings'; serialno: string; siteId: number; message: ReadingsUplink; at: number }
  | { kind: 'status'; serialno: string; siteId: number; message: StatusUplink; at: number }
  | { kind: 'ack'; serialno: string; siteId: number; message: AckUplink; at: number };

let handle: DatabaseHandle;
let db: Database;
let farm: TestFarm;
let broker: TestBroker;
let server: MqttClient;
let simulator: Simulator;
const uplinks: Uplink[] = [];

const of = (serialno: string, kind: Uplink['kind'], since = 0) =>
  uplinks.filter(
    (uplink) => uplink.serialno === serialno && uplink.kind === kind && uplink.at >= since,
  );

function acksOf(commandId: string): AckUplink[] {
  return uplinks.flatMap((uplink) =>
    uplink.kind === 'ack' && uplink.message.commandId === commandId ? [uplink.message] : [],
  );
}

/** The value of a control's metric in the newest readings of a device since a moment. */
function latest(
  serialno: string,
  controlId: number,
  metric: string,
  since: number,
): number | undefined {
  const values = of(serialno, 'readings', since).flatMap((uplink) =>
    uplink.kind === 'readings'
      ? uplink.message.readings.filter(
          (r) => r.thing === 'control' && r.id === controlId && r.metric === metric,
        )
      : [],
  );
  return values[values.length - 1]?.value;
}

type CommandBody =
  | { action: 'open'; controls: number[]; durationSeconds: number }
  | { action: 'close'; controls: number[] }
  | { action: 'ping' };

async function command(siteId: number, serialno: string, body: CommandBody) {
  const commandId = randomUUID();
  const payload = { commandId, requestId: null, time: new Date().toISOString(), ...body };
  await server.publishAsync(
    downlinkTopic(broker.topicRoot, siteId, serialno, 'command'),
    JSON.stringify(payload),
    {
      qos: 1,
    },
  );
  return commandId;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  farm = await seedTestFarm(db);
  broker = await startTestBroker();
  server = await mqtt.connectAsync(broker.url, {
    ...serverClientOptions(broker, `simulator-test-${randomUUID()}`),
    clean: true,
  });
  server.on('message', (topic, payload) => {
    const parsed = parseFieldTopic(broker.topicRoot, topic);
    if (!parsed || parsed.direction !== 'up') return;
    const json: unknown = JSON.parse(payload.toString());
    const base = { serialno: parsed.serialno, siteId: parsed.siteId, at: Date.now() };
    if (parsed.kind === 'readings')
      uplinks.push({ ...base, kind: 'readings', message: readingsUplinkSchema.parse(json) });
    if (parsed.kind === 'status')
      uplinks.push({ ...base, kind: 'status', message: statusUplinkSchema.parse(json) });
    if (parsed.kind === 'ack')
      uplinks.push({ ...base, kind: 'ack', message: ackUplinkSchema.parse(json) });
  });
  await server.subscribeAsync(allUplinksFilter(broker.topicRoot), { qos: 1 });

  const provisioned = await publishDeviceConfigs({
    db,
    clock: { now: () => new Date() },
    broker,
    topicRoot: broker.topicRoot,
  });
  expect(provisioned.published).toBe(5);

  const siteIds = [farm.sites.a.id, farm.sites.b.id];
  simulator = await startSimulator({
    brokerUrl: broker.url,
    topicRoot: broker.topicRoot,
    sites: fieldKeysFor(broker.fieldSecret, siteIds).map(({ siteId, username, key }) => ({
      siteId,
      username,
      password: key,
    })),
    random: seededRandom(42),
    reportEverySeconds: 0.25,
    actuationSeconds: 0.05,
    controlPort: 0,
  });
});

afterAll(async () => {
  await simulator?.close();
  // A shared broker keeps retained messages for ever: take the test's configs back.
  if (server && db) {
    const { configs } = await buildDeviceConfigs(db, new Date());
    for (const { siteId, serialno } of configs) {
      await retractDeviceConfig(server, broker.topicRoot, siteId, serialno);
    }
  }
  await server?.endAsync();
  await broker?.close();
  await handle?.close();
});

describe('the simulator on the broker', () => {
  it('builds one virtual device per retained config, with the things of each', async () => {
    await waitFor('the virtual devices', () => simulator.devices().length === 5);
    const devices = simulator.devices();
    expect(devices.map((device) => device.serialno).sort()).toEqual([
      'R-1001',
      'R-1002',
      'R-2001',
      'U-1001',
      'U-2001',
    ]);
    const radio1 = devices.find((device) => device.serialno === 'R-1001');
    expect(radio1?.siteId).toBe(farm.sites.a.id);
    expect(radio1?.controls.map((control) => control.id).sort((a, b) => a - b)).toEqual(
      [
        farm.controls.valve1.id,
        farm.controls.valve2.id,
        farm.controls.valve3.id,
        farm.controls.pump.id,
      ].sort((a, b) => a - b),
    );
  });

  it('reports readings and status of every device on its own topics', async () => {
    await waitFor('readings and status of the radios with things', () =>
      ['R-1001', 'R-2001'].every(
        (serial) => of(serial, 'readings').length > 0 && of(serial, 'status').length > 0,
      ),
    );
    // The repeater has no sensor or control: it reports its health only.
    await waitFor('the repeater status', () => of('R-1002', 'status').length > 0);
    expect(of('R-1002', 'readings')).toEqual([]);
    const readings = of('R-1001', 'readings');
    expect(readings.every((uplink) => uplink.siteId === farm.sites.a.id)).toBe(true);
    const first = readings[0];
    if (first?.kind !== 'readings') throw new Error('no readings');
    expect(first.message.readings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          thing: 'sensor',
          id: farm.sensors.soil.id,
          metric: 'soil.moisture',
        }),
        expect.objectContaining({
          thing: 'control',
          id: farm.controls.valve1.id,
          metric: 'running',
          value: 0,
        }),
        expect.objectContaining({
          thing: 'control',
          id: farm.controls.valve1.id,
          metric: 'fault',
          value: 0,
        }),
      ]),
    );
    // Site b's radio reports under site b.
    expect(of('R-2001', 'readings').every((uplink) => uplink.siteId === farm.sites.b.id)).toBe(
      true,
    );
    // Each device numbers its messages upwards.
    const seqs = readings.flatMap((uplink) =>
      uplink.kind === 'readings' ? [uplink.message.seq] : [],
    );
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const status = of('R-1001', 'status')[0];
    expect(status?.message).toMatchObject({
      online: true,
      battery: expect.any(Number),
      signal: expect.any(Number),
    });
    await waitFor('a unit status', () => of('U-1001', 'status').length > 0);
  });

  it('opens a valve on command: accepted, done, running = 1, and closes it when the fail-safe runs out', async () => {
    const since = Date.now();
    const valve = farm.controls.valve1.id;
    const commandId = await command(farm.sites.a.id, 'R-1001', {
      action: 'open',
      controls: [valve],
      durationSeconds: 1.5,
    });
    await waitFor('the done ack', () => acksOf(commandId).some((ack) => ack.phase === 'done'));
    expect(acksOf(commandId).map((ack) => ack.phase)).toEqual(['accepted', 'done']);
    await waitFor('running = 1', () => latest('R-1001', valve, 'running', since) === 1);
    await waitFor('the fail-safe close', () => latest('R-1001', valve, 'running', since) === 0);
    expect(
      simulator
        .devices()
        .find((d) => d.serialno === 'R-1001')
        ?.controls.find((c) => c.id === valve)?.running,
    ).toBe(false);
  });

  it('answers a ping', async () => {
    const commandId = await command(farm.sites.b.id, 'R-2001', { action: 'ping' });
    await waitFor('the ping done', () => acksOf(commandId).some((ack) => ack.phase === 'done'));
  });

  it('fails a command to a faulted valve and reports the fault', async () => {
    const valve = farm.controls.valve2.id;
    const since = Date.now();
    const fault = simulator.inject({ kind: 'valveFault', controlId: valve });
    try {
      await waitFor('fault = 1', () => latest('R-1001', valve, 'fault', since) === 1);
      const commandId = await command(farm.sites.a.id, 'R-1001', {
        action: 'open',
        controls: [valve],
        durationSeconds: 60,
      });
      await waitFor('the failed ack', () =>
        acksOf(commandId).some((ack) => ack.phase === 'failed'),
      );
      expect(acksOf(commandId).find((ack) => ack.phase === 'failed')?.reason).toMatch(/fault/);
      expect(latest('R-1001', valve, 'running', since)).toBe(0);
    } finally {
      simulator.clear({ id: fault.id });
    }
    const cleared = Date.now();
    await waitFor('fault = 0 again', () => latest('R-1001', valve, 'fault', cleared) === 0);
  });

  it('silences a radio: no uplinks until cleared, while the others go on', async () => {
    simulator.inject({ kind: 'silence', serialno: 'R-1002' });
    // Let what was already on its way arrive, then count.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const mark = Date.now();
    await waitFor(
      'other radios reporting meanwhile',
      () => of('R-1001', 'readings', mark).length >= 4,
    );
    expect(uplinks.filter((uplink) => uplink.serialno === 'R-1002' && uplink.at >= mark)).toEqual(
      [],
    );
    const commandId = await command(farm.sites.a.id, 'R-1002', { action: 'ping' });
    await waitFor('more reports of the others', () => of('R-1001', 'readings', mark).length >= 8);
    expect(acksOf(commandId)).toEqual([]);

    expect(simulator.clear({ kind: 'silence' }).map((fault) => fault.kind)).toEqual(['silence']);
    const cleared = Date.now();
    await waitFor('the radio back', () => of('R-1002', 'status', cleared).length > 0);
  });

  it('takes faults over its control server, refusing what it cannot do', async () => {
    const url = simulator.controlUrl;
    if (!url) throw new Error('no control server');
    const created = await fetch(`${url}/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'lowBattery', serialno: 'R-2001' }),
    });
    expect(created.status).toBe(201);
    const since = Date.now();
    await waitFor('a low battery', () =>
      of('R-2001', 'status', since).some(
        (uplink) => uplink.kind === 'status' && (uplink.message.battery ?? 9) < 3.3,
      ),
    );
    expect((await fetch(`${url}/faults`, { method: 'POST', body: '{"kind":"melt"}' })).status).toBe(
      400,
    );
    expect(
      (
        await fetch(`${url}/faults`, {
          method: 'POST',
          body: JSON.stringify({ kind: 'silence', serialno: 'NOPE-1' }),
        })
      ).status,
    ).toBe(404);
    const devices = (await (await fetch(`${url}/devices`)).json()) as { devices: unknown[] };
    expect(devices.devices).toHaveLength(5);
    const cleared = (await (await fetch(`${url}/faults`, { method: 'DELETE' })).json()) as {
      cleared: unknown[];
    };
    expect(cleared.cleared).toHaveLength(1);
    expect(simulator.faults()).toEqual([]);
  });

  it('back-fills history in protocol batches with past device times', async () => {
    const until = new Date('2020-06-01T00:00:00.000Z');
    const since = Date.now();
    const sites = fieldKeysFor(broker.fieldSecret, [farm.sites.a.id]).map(
      ({ siteId, username, key }) => ({
        siteId,
        username,
        password: key,
      }),
    );
    const result = await backfill({
      brokerUrl: broker.url,
      topicRoot: broker.topicRoot,
      sites,
      span: '1d',
      until,
      serialnos: ['R-1001'],
      random: seededRandom(7),
    });
    // 145 ten-minute steps of 1 soil reading and 4 controls × (running, fault).
    expect(result).toMatchObject({ devices: 1, readings: 145 * 9, messages: 3 });
    await waitFor('the history', () =>
      of('R-1001', 'readings', since).some((uplink) => uplink.message.time === until.toISOString()),
    );
    const history = of('R-1001', 'readings', since).flatMap((uplink) =>
      uplink.kind === 'readings' &&
      uplink.message.readings.every((r) => r.time && r.time <= until.toISOString())
        ? [uplink.message]
        : [],
    );
    expect(history.map((message) => message.readings.length)).toEqual([500, 500, 305]);
    const times = new Set(history.flatMap((message) => message.readings.map((r) => r.time)));
    expect(times.size).toBe(145);
  });

  it('sends synthetic readings at a given rate in scale mode', async () => {
    const since = Date.now();
    const result = await runScale({
      brokerUrl: broker.url,
      topicRoot: broker.topicRoot,
      sites: fieldKeysFor(broker.fieldSecret, [farm.sites.b.id]).map(
        ({ siteId, username, key }) => ({
          siteId,
          username,
          password: key,
        }),
      ),
      devices: 5,
      rate: 40,
      durationSeconds: 1,
      log: quietLog,
    });
    // Site b has one device with things (R-2001: a valve; its sensor lists no metric yet).
    expect(result.devices).toBe(1);
    expect(result.acknowledged).toBe(result.sent);
    expect(result.sent).toBeGreaterThanOrEqual(30);
    // Its messages carry one reading each; the live device's carry the valve's running and fault.
    await waitFor(
      'the synthetic readings',
      () =>
        of('R-2001', 'readings', since).filter(
          (uplink) => uplink.kind === 'readings' && uplink.message.readings.length === 1,
        ).length === result.sent,
    );
  });
});
