/**
 * Burst, blocked and leak faults (faults.ts) as the site's water meter reads them: a faulted
 * zone's share of the flow changes only while the zone runs, a leak shows with nothing running,
 * and clearing a fault gives the meter its old readings back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { clearedBy, faultTargets, waterFaultsOf } from './device-faults.ts';
import { NO_FAULTS, VirtualDevice } from './device.ts';
import { faultInputSchema, UnknownTargetError, type Fault, type FaultInput } from './faults.ts';
import { seededRandom } from './random.ts';
import { SiteState } from './site.ts';
import { at, config, open, start } from './testing.ts';
import { BLOCKED_FACTOR, BURST_FACTOR, VALVE_FLOW_M3H } from './water.ts';

let site: SiteState;
let zones: VirtualDevice;
let meter: VirtualDevice;
let faults: Fault[];

/** Injects as the farm does: parsed, aimed at a device, then handed to the site. */
function inject(input: FaultInput): Fault {
  const spec = faultInputSchema.parse(input);
  faultTargets(spec, [zones, meter]);
  const fault: Fault = { ...spec, id: faults.length + 1, injectedAt: start.toISOString() };
  faults.push(fault);
  site.waterFaults = waterFaultsOf(faults);
  return fault;
}

function clear(kind: Fault['kind']): void {
  faults = faults.filter((fault) => !clearedBy(fault, { kind }));
  site.waterFaults = waterFaultsOf(faults);
}

function run(controls: number[], now: Date): void {
  const command = open(controls, 86_400);
  zones.receive(command, now, NO_FAULTS);
  zones.complete(command, now, NO_FAULTS);
}

const read = (now: Date, metric: string) =>
  meter.readingsAt(now, NO_FAULTS).find((r) => r.id === 202 && r.metric === metric)?.value ?? 0;

/**
 * m³ an hour the meter counted over the ten hours after `minute`: its total is whole m³, so ten
 * hours keep the rounding to 0.1 m³/h.
 */
function countedPerHour(minute: number): number {
  const before = read(at(minute), 'water.total');
  return (read(at(minute + 600), 'water.total') - before) / 10;
}

beforeEach(() => {
  // No pump on the area: it is gravity fed, so an open valve alone reaches the meter.
  site = new SiteState(1, 99);
  faults = [];
  zones = new VirtualDevice(
    config(
      'WVC-1',
      { id: 1 },
      [],
      [
        { id: 101, type: 'valve', number: 1, sectionId: 10 },
        { id: 102, type: 'valve', number: 2, sectionId: 11 },
      ],
    ),
    1,
    site,
    seededRandom(1),
    start,
  );
  meter = new VirtualDevice(
    config(
      'WMR-1',
      { id: 2, type: 'WMR' },
      [{ id: 202, type: 'watermeter', identifier: null, metrics: ['water.flow', 'water.total'] }],
      [],
    ),
    1,
    site,
    seededRandom(2),
    start,
  );
});

describe('burst and blocked zones', () => {
  it('multiply the running zone’s flow on its meter by 1.6 and 0.2', () => {
    run([101], at(0));
    expect(read(at(1), 'water.flow')).toBeCloseTo(VALVE_FLOW_M3H, -0.3);
    inject({ kind: 'burst', sectionId: 10 });
    expect(read(at(2), 'water.flow')).toBeCloseTo(VALVE_FLOW_M3H * BURST_FACTOR, -0.3);
    expect(countedPerHour(2)).toBeCloseTo(VALVE_FLOW_M3H * BURST_FACTOR, 0);
    clear('burst');
    inject({ kind: 'blocked', sectionId: 10 });
    expect(read(at(610), 'water.flow')).toBeCloseTo(VALVE_FLOW_M3H * BLOCKED_FACTOR, 0);
    expect(countedPerHour(610)).toBeCloseTo(VALVE_FLOW_M3H * BLOCKED_FACTOR, 0);
  });

  it('change only the faulted zone: another zone running beside it keeps its flow', () => {
    inject({ kind: 'burst', sectionId: 10 });
    run([102], at(0));
    expect(countedPerHour(0)).toBeCloseTo(VALVE_FLOW_M3H, 0);
    run([101], at(600));
    expect(countedPerHour(600)).toBeCloseTo(VALVE_FLOW_M3H * (1 + BURST_FACTOR), 0);
  });

  it('change nothing while the zone is stopped', () => {
    const before = read(at(0), 'water.total');
    inject({ kind: 'burst', sectionId: 10 });
    inject({ kind: 'blocked', sectionId: 11 });
    expect(read(at(30), 'water.flow')).toBe(0);
    expect(read(at(60), 'water.total')).toBe(before);
  });

  it('are taken off by clear: the zone passes its own flow again', () => {
    run([101], at(0));
    inject({ kind: 'burst', sectionId: 10 });
    clear('burst');
    expect(countedPerHour(1)).toBeCloseTo(VALVE_FLOW_M3H, 0);
    inject({ kind: 'blocked', sectionId: 10 });
    clear('blocked');
    expect(read(at(602), 'water.flow')).toBeGreaterThan(VALVE_FLOW_M3H * 0.9);
  });

  it('refuse a zone with no valve', () => {
    expect(() => inject({ kind: 'burst', sectionId: 99 })).toThrow(UnknownTargetError);
    expect(() => inject({ kind: 'blocked', sectionId: 99 })).toThrow('no zone 99');
  });
});

describe('a leak', () => {
  it('shows on the meter while nothing runs, 20 L/min unless told, until cleared', () => {
    expect(read(at(0), 'water.flow')).toBe(0);
    const fault = inject({ kind: 'leak', sensorId: 202 });
    expect(fault).toMatchObject({ kind: 'leak', sensorId: 202, flow: 20 });
    // 20 L/min is 1.2 m³/h.
    expect(read(at(1), 'water.flow')).toBeCloseTo(1.2, 0);
    expect(countedPerHour(1)).toBeCloseTo(1.2, 0);
    clear('leak');
    expect(read(at(602), 'water.flow')).toBe(0);
  });

  it('takes its flow in L/min and adds it to what runs', () => {
    inject({ kind: 'leak', sensorId: 202, flow: 100 });
    run([101], at(0));
    expect(countedPerHour(0)).toBeCloseTo(VALVE_FLOW_M3H + 6, 0);
  });

  it('refuses a sensor that is not a water meter', () => {
    expect(() => inject({ kind: 'leak', sensorId: 999 })).toThrow('no water meter 999');
  });
});
