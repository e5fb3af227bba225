import { describe, expect, it } from 'vitest';
import type { Trend } from './trend.ts';
import {
  maintenanceQuerySchema,
  maintenanceReasons,
  maintenanceUrgency,
  sortWorklistAreas,
  type MaintenanceArea,
  type MaintenanceInput,
  type MaintenanceItem,
} from './worklist.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

/** A falling battery trend reaching 3.3 V in `days`. */
function fallingTo33In(days: number): Trend {
  return {
    state: 'falling',
    slopePerDay: -0.01,
    level: 3.3 + 0.01 * days,
    fittedFrom: inDays(-14),
    days: 14,
    confidence: 'high',
    crossings: [
      { level: 3.3, crossed: false, at: inDays(days), earliest: null, latest: null },
      { level: 3, crossed: false, at: inDays(days + 30), earliest: null, latest: null },
    ],
  };
}

const healthy: MaintenanceInput = {
  overdue: false,
  fault: false,
  batteryValue: 3.6,
  signalValue: -80,
  missesValue: 0,
  battery: null,
  signal: null,
  airtime: null,
};

describe('maintenanceReasons and maintenanceUrgency', () => {
  it.each<[string, Partial<MaintenanceInput>, string[], number]>([
    ['a healthy radio needs nothing', {}, [], 0],
    ['overdue', { overdue: true }, ['overdue'], 100],
    ['faulted', { fault: true }, ['fault'], 90],
    ['low battery (3.29 V)', { batteryValue: 3.29 }, ['lowBattery'], 80],
    ['an empty battery (3.0 V) ranks with overdue', { batteryValue: 3 }, ['lowBattery'], 95],
    ['at 3.3 V exactly the battery is not low (§9: strictly below)', { batteryValue: 3.3 }, [], 0],
    ['11 misses are many, 10 are not', { missesValue: 11 }, ['manyMisses'], 60],
    ['10 misses', { missesValue: 10 }, [], 0],
    ['weak signal (-100 dBm)', { signalValue: -100 }, ['weakSignal'], 50],
    ['a LoRaWAN device within its fair use', { airtime: 'within' }, [], 0],
    ['a LoRaWAN device that will pass its fair use', { airtime: 'will-pass' }, ['airtime'], 55],
    ['a LoRaWAN device past its fair use', { airtime: 'passed' }, ['airtime'], 55],
    [
      'air time after many misses, before a weak signal',
      { missesValue: 20, airtime: 'will-pass', signalValue: -100 },
      ['manyMisses', 'airtime', 'weakSignal'],
      60,
    ],
    [
      'overdue does not hide the low battery that likely silenced it',
      { overdue: true, batteryValue: 3.1 },
      ['overdue', 'lowBattery'],
      100,
    ],
    ['battery predicted at 3.3 V today', { battery: fallingTo33In(0) }, ['batterySoon'], 40],
    ['battery predicted in 15 of 30 days', { battery: fallingTo33In(15) }, ['batterySoon'], 35],
    ['battery predicted in 30 of 30 days', { battery: fallingTo33In(30) }, ['batterySoon'], 30],
    ['battery predicted in 31 days: not yet', { battery: fallingTo33In(31) }, [], 0],
    [
      'a low battery is not also "soon"',
      { batteryValue: 3.2, battery: fallingTo33In(0) },
      ['lowBattery'],
      80,
    ],
    [
      'a signal predicted weak within the window',
      {
        signal: {
          ...fallingTo33In(10),
          crossings: [{ level: -99, crossed: false, at: inDays(10), earliest: null, latest: null }],
        },
      },
      ['signalSoon'],
      20,
    ],
    [
      'a unit (no battery, signal or misses), overdue',
      { batteryValue: null, signalValue: null, missesValue: null, overdue: true },
      ['overdue'],
      100,
    ],
  ])('%s', (_name, change, reasons, urgency) => {
    const device = { ...healthy, ...change };
    const found = maintenanceReasons(device, NOW, 30);
    expect(found).toEqual(reasons);
    expect(maintenanceUrgency(device, found, NOW, 30)).toBe(urgency);
  });
});

function item(serialno: string, urgency: number, batteryAt?: number): MaintenanceItem {
  return {
    kind: 'radio',
    id: 1,
    serialno,
    type: 'WVC',
    section: null,
    reasons: ['overdue'],
    urgency,
    overdue: false,
    fault: false,
    online: true,
    batteryValue: 3.5,
    signalValue: -80,
    missesValue: 0,
    lastUpdate: null,
    reportIntervalSeconds: 600,
    battery: batteryAt === undefined ? null : fallingTo33In(batteryAt),
    signal: null,
    airtime: null,
  };
}

describe('sortWorklistAreas', () => {
  it('puts the most urgent area first, its items most urgent first, the area-less group last', () => {
    const groups: MaintenanceArea[] = [
      { area: null, items: [item('U-1', 100)] },
      { area: { id: 1, label: 'Block A' }, items: [item('R-3', 35, 15), item('R-2', 80)] },
      { area: { id: 2, label: 'Block B' }, items: [item('R-5', 35, 5), item('R-4', 100)] },
      { area: { id: 3, label: 'Empty' }, items: [] },
    ];
    const sorted = sortWorklistAreas(groups);
    expect(sorted.map((g) => [g.area?.label ?? null, g.items.map((i) => i.serialno)])).toEqual([
      ['Block B', ['R-4', 'R-5']],
      ['Block A', ['R-2', 'R-3']],
      [null, ['U-1']],
    ]);
  });

  it('breaks urgency ties by the sooner battery date, then serial number', () => {
    const [group] = sortWorklistAreas([
      {
        area: { id: 1, label: 'A' },
        items: [item('R-9', 35, 20), item('R-8', 35, 10), item('R-2', 50), item('R-1', 50)],
      },
    ]);
    expect(group?.items.map((i) => i.serialno)).toEqual(['R-1', 'R-2', 'R-8', 'R-9']);
  });
});

describe('maintenanceQuerySchema', () => {
  it.each([
    [{}, 30],
    [{ withinDays: '7' }, 7],
    [{ withinDays: '365' }, 365],
  ])('%j reads as %d days', (query, days) => {
    expect(maintenanceQuerySchema.parse(query).withinDays).toBe(days);
  });

  it.each([
    [{ withinDays: '0' }],
    [{ withinDays: '366' }],
    [{ withinDays: 'soon' }],
    [{ withinDays: '' }],
  ])('refuses %j', (query) => {
    expect(maintenanceQuerySchema.safeParse(query).success).toBe(false);
  });
});
