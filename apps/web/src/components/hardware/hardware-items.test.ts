import { COLOURS, HARDWARE_FILTER } from '@paddock/domain';
import { buildRadio, buildSection, buildUnit } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import {
  filterHardwareItems,
  hardwareItems,
  hardwareStatus,
  hardwareTally,
  nextSort,
  signalBars,
  sortHardware,
  stateColour,
  type HardwareItem,
} from './hardware-items.ts';

const now = new Date('2026-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

const healthy = { overdue: false, fault: false, online: true, batteryValue: 3.6, signalValue: -70 };
const radios = [
  buildRadio({ id: 1, serialno: 'WVC-1', section: 11, ...healthy, lastUpdate: ago(30) }),
  buildRadio({ id: 2, serialno: 'WVC-2', ...healthy, overdue: true, lastUpdate: ago(4000) }),
  buildRadio({ id: 3, serialno: 'WVC-3', ...healthy, fault: true, lastUpdate: ago(60) }),
  buildRadio({ id: 4, serialno: 'WVC-4', ...healthy, batteryValue: 3.1, lastUpdate: ago(90) }),
  buildRadio({ id: 5, serialno: 'WVC-5', ...healthy, signalValue: -105, lastUpdate: null }),
  buildRadio({
    id: 6,
    serialno: 'LRA-6',
    type: 'LoRa',
    ...healthy,
    config: { repeater: true, coordinator: false, children: [1, 3] },
    lastUpdate: ago(10),
  }),
  // Overdue and low: overdue wins, it counts as neither a warning nor a fault (§4).
  buildRadio({
    id: 7,
    serialno: 'WVC-7',
    ...healthy,
    overdue: true,
    batteryValue: 3.0,
    lastUpdate: ago(5000),
  }),
];
const units = [
  buildUnit({ id: 50, serialno: 'U-50', areas: [10], overdue: true, lastUpdate: ago(7000) }),
  buildUnit({ id: 51, serialno: 'U-51', areas: [99], overdue: false, lastUpdate: ago(5) }),
];
const items = hardwareItems({
  radios,
  units,
  areaId: 10,
  sections: [buildSection({ id: 11, label: 'Block A', area: 10 })],
});
const serials = (list: readonly HardwareItem[]) => list.map((item) => item.serialno);

describe('hardware rows (§3)', () => {
  it('lists the area radios and the units serving the area, with zone and role', () => {
    expect(serials(items)).toEqual([
      'WVC-1',
      'WVC-2',
      'WVC-3',
      'WVC-4',
      'WVC-5',
      'LRA-6',
      'WVC-7',
      'U-50',
    ]);
    expect(items[0]).toMatchObject({ kind: 'radio', zone: 'Block A', state: 'normal' });
    expect(items[5]).toMatchObject({ repeater: true, children: [1, 3], state: 'repeater' });
    expect(items[7]).toMatchObject({ kind: 'unit', type: 'unit', state: 'fault', online: null });
  });

  it.each([
    ['WVC-2', 'fault'],
    ['WVC-3', 'fault'],
    ['WVC-4', 'warning'],
    ['WVC-5', 'warning'],
    ['LRA-6', 'repeater'],
  ])('%s is in state %s (§4)', (serial, state) => {
    expect(items.find((item) => item.serialno === serial)?.state).toBe(state);
  });

  it('colours states with §9 colours', () => {
    expect(stateColour('fault')).toBe(COLOURS.fault);
    expect(stateColour('repeater-fault')).toBe(COLOURS.fault);
    expect(stateColour('warning')).toBe(COLOURS.warning);
    expect(stateColour('repeater')).toBe(COLOURS.info);
    expect(stateColour('normal')).toBeNull();
  });
});

describe('hardware filter and counts (§4, §9)', () => {
  it('warning: not overdue and weak signal, low battery or offline without fault', () => {
    expect(serials(filterHardwareItems(items, HARDWARE_FILTER.warning))).toEqual([
      'WVC-4',
      'WVC-5',
    ]);
  });

  it('fault: faulted or overdue, units included', () => {
    expect(serials(filterHardwareItems(items, HARDWARE_FILTER.fault))).toEqual([
      'WVC-2',
      'WVC-3',
      'WVC-7',
      'U-50',
    ]);
  });

  it('all keeps every row', () => {
    expect(filterHardwareItems(items, HARDWARE_FILTER.all)).toHaveLength(items.length);
  });

  it('counts overdue apart from faults and warnings, and sizes each filter', () => {
    expect(hardwareTally(items)).toEqual({
      all: 8,
      faults: 1,
      warnings: 2,
      overdue: 3,
      faultFilter: 4,
      warningFilter: 2,
    });
  });
});

describe('hardware sort (§3 hardwareSort, default last report ascending)', () => {
  it('last report ascending: never reported first, then the longest silent', () => {
    expect(serials(sortHardware(items, { column: 'updated', ascending: true }))).toEqual([
      'WVC-5',
      'U-50',
      'WVC-7',
      'WVC-2',
      'WVC-4',
      'WVC-3',
      'WVC-1',
      'LRA-6',
    ]);
  });

  it('descending reverses, missing values last', () => {
    expect(serials(sortHardware(items, { column: 'updated', ascending: false }))).toEqual([
      'LRA-6',
      'WVC-1',
      'WVC-3',
      'WVC-4',
      'WVC-2',
      'WVC-7',
      'U-50',
      'WVC-5',
    ]);
  });

  it('battery, ties and missing values by serial number', () => {
    expect(serials(sortHardware(items, { column: 'battery', ascending: true }))).toEqual([
      'U-50',
      'WVC-7',
      'WVC-4',
      'LRA-6',
      'WVC-1',
      'WVC-2',
      'WVC-3',
      'WVC-5',
    ]);
  });

  it('state puts overdue faults first', () => {
    expect(serials(sortHardware(items, { column: 'state', ascending: true })).slice(0, 4)).toEqual([
      'U-50',
      'WVC-2',
      'WVC-7',
      'WVC-3',
    ]);
  });

  it('an unknown stored column sorts by last report', () => {
    expect(sortHardware(items, { column: 'colour', ascending: true })).toEqual(
      sortHardware(items, { column: 'updated', ascending: true }),
    );
  });

  it('clicking the sorted column flips it; another column starts ascending', () => {
    expect(nextSort({ column: 'updated', ascending: true }, 'updated')).toEqual({
      column: 'updated',
      ascending: false,
    });
    expect(nextSort({ column: 'updated', ascending: false }, 'battery')).toEqual({
      column: 'battery',
      ascending: true,
    });
  });
});

describe('the Telemetry tab status (§1), shared with the page', () => {
  it('takes the newest report and counts what the Fault filter lists', () => {
    expect(hardwareStatus(items, now)).toEqual({
      lastUpdate: { unit: 'second', value: 10 },
      faults: 4,
    });
    expect(hardwareStatus([], now)).toEqual({
      lastUpdate: { unit: 'none', text: '--' },
      faults: 0,
    });
  });
});

describe('signal bars (§9 signal scale)', () => {
  it.each([
    [-60, {}, 4, 4],
    [-99, {}, 1, 4],
    [-119, {}, 1, 4],
    [-125, {}, 0, 4],
    [null, {}, 0, 4],
    [-60, { repeater: true }, 5, 5],
    [-90, { repeater: true }, 3, 5],
    [-90, { large: true }, 4, 7],
    [-40, { large: true, repeater: true }, 7, 7],
  ] as const)('%s dBm %j lights %i of %i', (signal, options, lit, of) => {
    expect(signalBars(signal, options)).toEqual({ lit, of });
  });
});
