/**
 * What the Add-ons page needs of the virtual farm: meters that count only while a pump runs, soil
 * that wets only when water reaches it, multi-layer probes, and the tripped pump and failed tank
 * probe faults.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { NO_FAULTS, VirtualDevice, type DeviceFaults } from './device.ts';
import { seededRandom } from './random.ts';
import { SiteState } from './site.ts';
import { nextLayerMoisture } from './soil.ts';
import { at, config, open, start } from './testing.ts';

function run(device: VirtualDevice, controls: number[], now: Date, faults = NO_FAULTS) {
  const command = open(controls, 86_400);
  device.receive(command, now, faults);
  return device.complete(command, now, faults);
}

const read = (device: VirtualDevice, now: Date, id: number, metric: string, faults = NO_FAULTS) =>
  device.readingsAt(now, faults).find((r) => r.id === id && r.metric === metric)?.value;

let site: SiteState;
let valves: VirtualDevice;
let shed: VirtualDevice;
let probe: VirtualDevice;
let tank: VirtualDevice;

beforeEach(() => {
  // Every device is on site 1, sharing its weather and water, each with random draws of its own.
  const onSite = (deviceConfig: ReturnType<typeof config>, seed: number) =>
    new VirtualDevice(deviceConfig, 1, site, seededRandom(seed), start);
  site = new SiteState(1, 99);
  valves = onSite(
    config(
      'WVC-1',
      { id: 1, sectionId: 10 },
      [],
      [{ id: 101, type: 'valve', number: 1, sectionId: 10 }],
    ),
    1,
  );
  shed = onSite(
    config(
      'WMR-1',
      { id: 2, type: 'WMR' },
      [{ id: 202, type: 'watermeter', identifier: null, metrics: ['water.flow', 'water.total'] }],
      [{ id: 301, type: 'pump', number: 101, sectionId: null }],
    ),
    2,
  );
  probe = onSite(
    config(
      'LRA-1',
      { id: 3, type: 'LoRa', sectionId: 10 },
      [
        {
          id: 203,
          type: 'soilMoisture',
          identifier: 'multiLayer',
          metrics: ['soil.moisture', 'soil.moisture.10', 'soil.moisture.60'],
        },
      ],
      [],
    ),
    3,
  );
  tank = onSite(
    config(
      'LRA-2',
      { id: 4, type: 'LoRa', areaId: 2 },
      [{ id: 204, type: 'level', identifier: null, metrics: ['level'] }],
      [],
    ),
    4,
  );
});

describe('water on the virtual farm', () => {
  it('counts no water through open valves while the pump stands, and counts once it runs', () => {
    const before = read(shed, at(0), 202, 'water.total') ?? 0;
    run(valves, [101], at(0));
    expect(read(shed, at(60), 202, 'water.flow')).toBe(0);
    expect(read(shed, at(60), 202, 'water.total')).toBe(before);
    run(shed, [301], at(60));
    expect(read(shed, at(61), 202, 'water.flow')).toBeGreaterThan(5);
    expect((read(shed, at(120), 202, 'water.total') ?? 0) - before).toBeCloseTo(9, 0);
  });

  it('wets the soil only when the pump delivers, its deep layer later than its top', () => {
    const dry = read(probe, at(0), 203, 'soil.moisture') ?? 0;
    read(probe, at(0), 203, 'soil.moisture.60');
    run(valves, [101], at(0));
    const unpumped = read(probe, at(120), 203, 'soil.moisture') ?? 0;
    expect(unpumped).toBeLessThan(dry + 1);
    run(shed, [301], at(120));
    const wet = read(probe, at(360), 203, 'soil.moisture') ?? 0;
    expect(wet).toBeGreaterThan(unpumped + 2);
    expect(nextLayerMoisture(20, 30, 60, 1)).toBeLessThan(nextLayerMoisture(20, 30, 10, 1));
  });
});

describe('add-on faults', () => {
  it('a tripped pump stops, reports a fault and will not start', () => {
    run(shed, [301], at(0));
    expect(shed.trip(301, at(10))).toBe(true);
    const tripped: DeviceFaults = { ...NO_FAULTS, trippedPumps: new Set([301]) };
    expect(read(shed, at(11), 301, 'running', tripped)).toBe(0);
    expect(read(shed, at(11), 301, 'fault', tripped)).toBe(1);
    expect(run(shed, [301], at(12), tripped).ack.phase).toBe('failed');
    expect(run(shed, [301], at(13)).ack.phase).toBe('done');
    expect(read(shed, at(14), 301, 'fault')).toBe(0);
  });

  it('a failed tank probe reads an empty tank and a fault, and clears when mended', () => {
    const failed: DeviceFaults = { ...NO_FAULTS, failedLevels: new Set([204]) };
    expect(read(tank, at(1), 204, 'level', failed)).toBe(0);
    expect(read(tank, at(1), 204, 'fault', failed)).toBe(1);
    expect(read(tank, at(2), 204, 'level')).toBeGreaterThan(30);
    expect(read(tank, at(2), 204, 'fault')).toBe(0);
  });
});
