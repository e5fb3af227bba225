import type { CommandDownlink } from '@paddock/domain';
import {
  ackUplinkSchema,
  BATTERY_VOLTAGE_THRESHOLD_V,
  readingsUplinkSchema,
  statusUplinkSchema,
} from '@paddock/domain';
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_FAULTS, VirtualDevice, type DeviceFaults } from './device.ts';
import { seededRandom } from './random.ts';
import { SiteState } from './site.ts';
import { at, config, open, start } from './testing.ts';

const valveRadio = config(
  'WVC-1',
  { id: 1, sectionId: 10 },
  [],
  [
    { id: 101, type: 'valve', number: 1, sectionId: 10 },
    { id: 102, type: 'valve', number: 2, sectionId: 10 },
  ],
);
const soilRadio = config(
  'LRA-1',
  { id: 2, type: 'LoRa', sectionId: 10 },
  [
    {
      id: 201,
      type: 'soilMoisture',
      identifier: null,
      metrics: ['soil.moisture', 'soil.temperature'],
    },
  ],
  [],
);
const pumpRadio = config(
  'WMR-1',
  { id: 3, type: 'WMR' },
  [
    { id: 202, type: 'watermeter', identifier: null, metrics: ['water.flow', 'water.total'] },
    { id: 203, type: 'pump', identifier: null, metrics: ['pump.running', 'pump.current'] },
    { id: 204, type: 'pressure', identifier: null, metrics: ['pressure', 'mystery.metric'] },
  ],
  [{ id: 301, type: 'pump', number: 101, sectionId: null }],
);

function close(controls: number[]): CommandDownlink {
  return {
    commandId: randomUUID(),
    requestId: 8,
    time: start.toISOString(),
    action: 'close',
    controls,
  };
}

const value = (
  device: VirtualDevice,
  now: Date,
  thing: 'sensor' | 'control',
  id: number,
  metric: string,
) =>
  device.readingsAt(now).find((r) => r.thing === thing && r.id === id && r.metric === metric)
    ?.value;

let site: SiteState;
let valves: VirtualDevice;
let soil: VirtualDevice;
let pump: VirtualDevice;

beforeEach(() => {
  site = new SiteState(1, 99);
  valves = new VirtualDevice(valveRadio, 1, site, seededRandom(1), start);
  soil = new VirtualDevice(soilRadio, 1, site, seededRandom(2), start);
  pump = new VirtualDevice(pumpRadio, 1, site, seededRandom(3), start);
});

/** Reports until one is not lost on the air (a weak link now and then loses one). */
function reportThrough(device: VirtualDevice, now: Date, faults: DeviceFaults = NO_FAULTS) {
  for (let tries = 0; tries < 50; tries++) {
    const outcome = device.report(now, faults);
    if (!outcome.missed) return outcome;
  }
  throw new Error('every report was lost');
}

describe('a virtual device', () => {
  it('reports every metric of its config and its controls, in valid uplinks with rising sequence numbers', () => {
    const first = reportThrough(pump, at(10));
    const second = reportThrough(pump, at(20));
    const message = first.readings[0];
    if (!message || !first.status) throw new Error('nothing reported');
    readingsUplinkSchema.parse(message);
    statusUplinkSchema.parse(first.status);
    const keys = message.readings.map((r) => `${r.thing}:${r.id}:${r.metric}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'sensor:202:water.flow',
        'sensor:202:water.total',
        'sensor:203:pump.running',
        'sensor:203:pump.current',
        'sensor:204:pressure',
        'control:301:running',
        'control:301:fault',
      ]),
    );
    // A metric no model knows is left out and listed, never invented.
    expect(keys).not.toContain('sensor:204:mystery.metric');
    expect(pump.summary(NO_FAULTS).sensors.find((s) => s.id === 204)?.unmodelled).toEqual([
      'mystery.metric',
    ]);
    expect(second.readings[0]?.seq).toBeGreaterThan(message.seq);
    expect(second.status?.seq).toBeGreaterThan(first.status.seq ?? -1);
    expect(first.status.battery).toBeGreaterThan(BATTERY_VOLTAGE_THRESHOLD_V);
    expect(first.status.signal).toBeLessThan(-50);
  });

  it('accepts an open, carries it out, reports running and closes by itself when the fail-safe runs out', () => {
    const command = open([101], 60);
    const received = valves.receive(command, at(0), NO_FAULTS);
    expect(received.pending).toBe(true);
    expect(received.acks.map((ack) => ack.phase)).toEqual(['accepted']);
    ackUplinkSchema.parse(received.acks[0]);
    const { ack, changed } = valves.complete(command, at(0), NO_FAULTS);
    expect(ack).toMatchObject({ commandId: command.commandId, phase: 'done' });
    expect(changed).toBe(true);
    expect(value(valves, at(0.5), 'control', 101, 'running')).toBe(1);
    expect(value(valves, at(0.5), 'control', 102, 'running')).toBe(0);
    expect(valves.nextDeadline()).toBe(at(1).getTime());
    expect(valves.expire(at(0.9))).toBe(false);
    expect(valves.expire(at(1))).toBe(true);
    expect(value(valves, at(2), 'control', 101, 'running')).toBe(0);
    expect(valves.nextDeadline()).toBeNull();
  });

  it('closes on command', () => {
    const opening = open([101, 102]);
    valves.receive(opening, at(0), NO_FAULTS);
    valves.complete(opening, at(0), NO_FAULTS);
    const closing = close([101, 102]);
    valves.receive(closing, at(5), NO_FAULTS);
    expect(valves.complete(closing, at(5), NO_FAULTS)).toMatchObject({
      ack: { phase: 'done' },
      changed: true,
    });
    expect(valves.controlReport(at(5), NO_FAULTS)[0]?.readings).toEqual(
      expect.arrayContaining([{ thing: 'control', id: 101, metric: 'running', value: 0 }]),
    );
  });

  it('never carries out the same command twice: a redelivery gets the final ack again', () => {
    const command = open([101], 60);
    valves.receive(command, at(0), NO_FAULTS);
    valves.complete(command, at(0), NO_FAULTS);
    valves.expire(at(1));
    const again = valves.receive(command, at(2), NO_FAULTS);
    expect(again.pending).toBe(false);
    expect(again.acks.map((ack) => ack.phase)).toEqual(['done']);
    expect(valves.isRunning(101)).toBe(false);
  });

  it('fails an open of a faulted valve or of a control it does not have', () => {
    const faults: DeviceFaults = { ...NO_FAULTS, faultedControls: new Set([101]) };
    const command = open([101]);
    valves.receive(command, at(0), faults);
    const result = valves.complete(command, at(0), faults);
    expect(result.ack).toMatchObject({ phase: 'failed', reason: expect.stringContaining('fault') });
    expect(valves.isRunning(101)).toBe(false);
    expect(value(valves, at(0), 'control', 101, 'fault')).toBe(0);
    expect(
      valves.readingsAt(at(0), faults).find((r) => r.id === 101 && r.metric === 'fault')?.value,
    ).toBe(1);
    expect(valves.status(at(0), faults).fault).toBe(true);
    const foreign = open([999]);
    valves.receive(foreign, at(0), NO_FAULTS);
    expect(valves.complete(foreign, at(0), NO_FAULTS).ack).toMatchObject({
      phase: 'failed',
      reason: expect.stringContaining('999'),
    });
  });

  it('answers a ping', () => {
    const ping: CommandDownlink = {
      commandId: randomUUID(),
      requestId: 3,
      time: start.toISOString(),
      action: 'ping',
    };
    expect(valves.receive(ping, at(0), NO_FAULTS).acks[0]?.phase).toBe('accepted');
    expect(valves.complete(ping, at(0), NO_FAULTS)).toMatchObject({
      ack: { phase: 'done' },
      changed: false,
    });
  });

  it('says and hears nothing while silenced', () => {
    const silenced: DeviceFaults = { ...NO_FAULTS, silenced: true };
    expect(valves.report(at(10), silenced)).toEqual({ readings: [], status: null, missed: false });
    expect(valves.receive(open([101]), at(10), silenced)).toEqual({ acks: [], pending: false });
    expect(valves.controlReport(at(10), silenced)).toEqual([]);
  });

  it('reads a nearly spent battery when told its battery is low', () => {
    const low: DeviceFaults = { ...NO_FAULTS, lowBattery: true };
    expect(valves.status(at(0), low).battery).toBeLessThan(BATTERY_VOLTAGE_THRESHOLD_V);
  });

  it('spikes a sensor’s readings while the spike lasts', () => {
    const spiked: DeviceFaults = {
      ...NO_FAULTS,
      spikes: new Map([[201, { metric: 'soil.moisture', value: 250 }]]),
    };
    const readings = soil.readingsAt(at(10), spiked);
    expect(readings.find((r) => r.metric === 'soil.moisture')?.value).toBe(250);
    expect(readings.find((r) => r.metric === 'soil.temperature')?.value).toBeLessThan(40);
    const unspecified: DeviceFaults = {
      ...NO_FAULTS,
      spikes: new Map([[201, { metric: null, value: null }]]),
    };
    for (const reading of soil.readingsAt(at(20), unspecified))
      expect(reading.value).toBeGreaterThan(1000);
  });

  it('wets the soil of its zone while the zone’s valves run, and lets it dry otherwise', () => {
    const before = value(soil, at(0), 'sensor', 201, 'soil.moisture') ?? NaN;
    const command = open([101, 102], 4 * 3600);
    valves.receive(command, at(0), NO_FAULTS);
    valves.complete(command, at(0), NO_FAULTS);
    // The area's pump delivers the water (addons.test.ts: without it the soil stays dry).
    const pumpOn = open([301], 4 * 3600);
    pump.receive(pumpOn, at(0), NO_FAULTS);
    pump.complete(pumpOn, at(0), NO_FAULTS);
    const watered = value(soil, at(4 * 60), 'sensor', 201, 'soil.moisture') ?? NaN;
    // Four hours at 4 mm/h over a 400 mm root zone: about +4 %, less a little evaporation.
    expect(watered - before).toBeGreaterThan(2.5);
    valves.expire(at(4 * 60));
    const later = value(soil, at(4 * 60 + 3 * 24 * 60), 'sensor', 201, 'soil.moisture') ?? NaN;
    expect(later).toBeLessThan(watered);
  });

  it('counts water through the mainline while its area’s valves run, and runs the pump sensor with the pump', () => {
    expect(value(pump, at(1), 'sensor', 202, 'water.flow')).toBe(0);
    const totalBefore = value(pump, at(1), 'sensor', 202, 'water.total') ?? NaN;
    const valvesOpen = open([101, 102], 7200);
    valves.receive(valvesOpen, at(1), NO_FAULTS);
    valves.complete(valvesOpen, at(1), NO_FAULTS);
    const pumpOn = open([301], 7200);
    pump.receive(pumpOn, at(1), NO_FAULTS);
    pump.complete(pumpOn, at(1), NO_FAULTS);
    expect(value(pump, at(2), 'sensor', 202, 'water.flow')).toBeGreaterThan(15);
    expect(value(pump, at(2), 'sensor', 203, 'pump.running')).toBe(1);
    expect(value(pump, at(2), 'sensor', 204, 'pressure')).toBeGreaterThan(250);
    // Two valves at 9 m³/h for an hour: 18 m³.
    expect((value(pump, at(61), 'sensor', 202, 'water.total') ?? NaN) - totalBefore).toBeCloseTo(
      18,
      -1,
    );
  });

  it('keeps sensors it still has when its config changes, and stops controls it lost', () => {
    const command = open([102]);
    valves.receive(command, at(0), NO_FAULTS);
    valves.complete(command, at(0), NO_FAULTS);
    valves.update(
      { ...valveRadio, controls: valveRadio.controls.filter((c) => c.id !== 102) },
      at(1),
    );
    expect(site.isRunning(102)).toBe(false);
    expect(valves.summary(NO_FAULTS).controls.map((c) => c.id)).toEqual([101]);
  });

  it('starts a frost fan on command, reports its RPM at once with trigger remote, and stops it', () => {
    // A summer noon: far too warm for the controller to start the fan on its own.
    const fanRadio = config(
      'WVC-FAN',
      { id: 4 },
      [{ id: 401, type: 'external', identifier: 'frostFan', metrics: ['fan.rpm'] }],
      [],
    );
    const fan = new VirtualDevice(fanRadio, 1, site, seededRandom(4), start);
    expect(value(fan, at(0), 'sensor', 401, 'fan.rpm')).toBe(0);
    const fanCommand = (action: 'fanStart' | 'fanStop', id = 401): CommandDownlink => ({
      commandId: randomUUID(),
      requestId: 9,
      time: start.toISOString(),
      action,
      fan: id,
    });

    const starting = fanCommand('fanStart');
    expect(fan.receive(starting, at(1), NO_FAULTS).acks.map((ack) => ack.phase)).toEqual([
      'accepted',
    ]);
    expect(fan.complete(starting, at(1), NO_FAULTS)).toMatchObject({
      ack: { phase: 'done' },
      fan: 401,
    });
    const [report] = fan.sensorReport(at(1), NO_FAULTS, 401);
    readingsUplinkSchema.parse(report);
    const reported = new Map(report?.readings.map((r) => [r.metric, r.value]));
    expect(reported.get('fan.rpm')).toBeGreaterThan(2000);
    expect(reported.get('fan.trigger')).toBe(3);
    // It keeps running through the warm afternoon until it is told to stop.
    expect(value(fan, at(60), 'sensor', 401, 'fan.rpm')).toBeGreaterThan(2000);

    const stopping = fanCommand('fanStop');
    fan.receive(stopping, at(61), NO_FAULTS);
    expect(fan.complete(stopping, at(61), NO_FAULTS).ack.phase).toBe('done');
    expect(value(fan, at(61), 'sensor', 401, 'fan.rpm')).toBe(0);
    expect(value(fan, at(120), 'sensor', 401, 'fan.rpm')).toBe(0);

    const unknown = fanCommand('fanStart', 999);
    fan.receive(unknown, at(121), NO_FAULTS);
    expect(fan.complete(unknown, at(121), NO_FAULTS).ack).toMatchObject({
      phase: 'failed',
      reason: 'no fan 999 on WVC-FAN',
    });
  });
});
