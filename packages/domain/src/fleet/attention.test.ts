import { describe, expect, it } from 'vitest';
import type { FanNow } from '../frost/summary.ts';
import {
  alarmAttention,
  attentionBySite,
  attentionColumnOrder,
  attentionRoute,
  compareAttention,
  fanAttention,
  fanFaultSince,
  programAttention,
  radioAttention,
  sortAttention,
  sortAttentionBy,
  type AttentionKind,
  type AttentionOrderInput,
} from './attention.ts';

const NOW = new Date('2026-11-21T09:00:00.000Z');

describe('alarmAttention', () => {
  it.each([
    [true, 'raised', 'critical', { kind: 'alarm', severity: 'critical' }],
    [true, 'raised', 'info', { kind: 'alarm', severity: 'info' }],
    [false, 'raised', 'critical', null],
    [true, 'acknowledged', 'critical', null],
    [true, 'normal', 'critical', null],
  ] as const)('on %s, %s at %s → %j', (active, status, severity, expected) => {
    expect(alarmAttention({ active, status, severity })).toEqual(expected);
  });
});

describe('radioAttention', () => {
  const healthy = { overdue: false, fault: false, batteryValue: 3.6 };
  it.each([
    ['healthy', healthy, null],
    ['unreported battery', { ...healthy, batteryValue: null }, null],
    ['at 3.3 V', { ...healthy, batteryValue: 3.3 }, null],
    ['overdue', { ...healthy, overdue: true }, { kind: 'overdueRadio', severity: 'warning' }],
    [
      'overdue hides its fault and battery',
      { overdue: true, fault: true, batteryValue: 2.9 },
      { kind: 'overdueRadio', severity: 'warning' },
    ],
    ['faulted', { ...healthy, fault: true }, { kind: 'faultedRadio', severity: 'warning' }],
    [
      'faulted on a low battery',
      { ...healthy, fault: true, batteryValue: 3.1 },
      { kind: 'faultedRadio', severity: 'warning' },
    ],
    ['low battery', { ...healthy, batteryValue: 3.21 }, { kind: 'lowBattery', severity: 'info' }],
    [
      'empty battery',
      { ...healthy, batteryValue: 3.0 },
      { kind: 'lowBattery', severity: 'warning' },
    ],
  ] as const)('%s', (_, radio, expected) => {
    expect(radioAttention(radio, NOW)).toEqual(expected);
  });
});

describe('programAttention', () => {
  it.each([
    ['failed', { kind: 'failedProgram', severity: 'warning' }],
    ['done', null],
    ['inProgress', null],
    ['cancelled', null],
    [null, null],
  ] as const)('last request %s → %j', (status, expected) => {
    expect(programAttention(status)).toEqual(expected);
  });
});

describe('fanAttention', () => {
  const fan: FanNow = {
    sensor: 7,
    label: 'Fan 1',
    rpm: 0,
    fuel: 60,
    fuelAt: null,
    battery: 12.6,
    trip: 2,
    overdue: false,
  };
  it.each([
    ['sound', fan, null],
    ['low on fuel', { ...fan, fuel: 10 }, ['fuel']],
    [
      'engine fault, radio overdue',
      { ...fan, engineFault: true, overdue: true },
      ['engine', 'overdue'],
    ],
  ] as const)('%s', (_, input, reasons) => {
    expect(fanAttention(input)).toEqual(
      reasons === null ? null : { kind: 'fanFault', severity: 'warning', reasons },
    );
  });
});

describe('compareAttention', () => {
  const item = (
    severity: AttentionOrderInput['severity'],
    since: string,
    site = 'Rapaura',
    target = 'R-1',
    kind: AttentionKind = 'overdueRadio',
  ): AttentionOrderInput => ({
    kind,
    severity,
    since,
    site: { label: site },
    target: { label: target },
  });

  it('puts the most severe first, raised alarms before devices, then the oldest, then by site and thing', () => {
    const items = [
      item('info', '2026-11-01T00:00:00Z'),
      item('warning', '2026-11-20T00:00:00Z'),
      item('warning', '2026-11-21T08:30:00Z', 'Kauri', 'Any radio overdue', 'alarm'),
      item('critical', '2026-11-21T08:00:00Z', 'Rapaura', 'Canopy below 1 °C', 'alarm'),
      item('warning', '2026-11-10T00:00:00Z', 'Te Awa'),
      item('warning', '2026-11-10T00:00:00Z', 'Kauri', 'R-2'),
      item('warning', '2026-11-10T00:00:00Z', 'Kauri', 'R-1'),
    ];
    expect(
      [...items]
        .sort(compareAttention)
        .map(
          (entry) =>
            `${entry.severity} ${entry.since.slice(5, 10)} ${entry.site.label} ${entry.target.label}`,
        ),
    ).toEqual([
      'critical 11-21 Rapaura Canopy below 1 °C',
      'warning 11-21 Kauri Any radio overdue',
      'warning 11-10 Kauri R-1',
      'warning 11-10 Kauri R-2',
      'warning 11-10 Te Awa R-1',
      'warning 11-20 Rapaura R-1',
      'info 11-01 Rapaura R-1',
    ]);
  });
  it('sorts the same with each time read once (sortAttention)', () => {
    const items = [
      item('warning', '2026-11-20T00:00:00Z'),
      item('info', '2026-11-01T00:00:00Z'),
      item('warning', '2026-11-21T08:30:00Z', 'Kauri', 'Any radio overdue', 'alarm'),
      item('warning', '2026-11-10T00:00:00Z', 'Kauri', 'R-2'),
    ];
    expect(sortAttention(items)).toEqual([...items].sort(compareAttention));
  });
  it('sorts the same from times given as milliseconds (sortAttentionBy)', () => {
    const items = [
      item('info', '2026-11-01T00:00:00Z'),
      item('warning', '2026-11-20T00:00:00Z', 'Kauri', 'R-2'),
      item('warning', '2026-11-20T00:00:00Z', 'Ahuriri', 'R-9'),
      item('warning', '2026-11-21T08:30:00Z', 'Kauri', 'Any radio overdue', 'alarm'),
    ];
    const timed = items.map((one) => ({ ...one, sinceMs: Date.parse(one.since) }));
    expect(sortAttentionBy(timed, (one) => one.sinceMs).map((one) => one.since)).toEqual(
      [...items].sort(compareAttention).map((one) => one.since),
    );
  });
});

describe('attentionRoute', () => {
  it.each([
    [{ kind: 'alarm', id: 5 }, '/3/9/alarms/5'],
    [{ kind: 'radio', id: 5 }, '/3/telemetry/9?radio=5'],
    [{ kind: 'program', id: 5 }, '/3/irrigation/9'],
    [{ kind: 'sensor', id: 5 }, '/3/frost/9/fan/5'],
  ] as const)('%j → %s', (target, path) => {
    expect(attentionRoute(3, 9, target)).toBe(path);
  });
});

describe('fanFaultSince', () => {
  const topics = [
    { metric: 'fan.fuelLevel', timestamp: '2026-11-21T06:00:00.000Z' },
    { metric: 'fault', timestamp: '2026-11-21T07:00:00.000Z' },
    { metric: 'fan.rpm', timestamp: '2026-11-20T01:00:00.000Z' },
  ];
  it.each([
    [['fuel'], null, '2026-11-21T06:00:00.000Z'],
    [['engine', 'fuel'], null, '2026-11-21T06:00:00.000Z'],
    [['engine', 'overdue'], '2026-11-19T00:00:00.000Z', '2026-11-19T00:00:00.000Z'],
    [['trip'], null, null],
  ] as const)('%j → %s', (reasons, lastUpdate, expected) => {
    expect(fanFaultSince(reasons, topics, lastUpdate)).toBe(expected);
  });
});

describe('attentionBySite', () => {
  it('counts each site once with its most severe item, sites by label', () => {
    const a = { id: 1, label: 'Rapaura' };
    const b = { id: 2, label: 'Kauri' };
    expect(
      attentionBySite([
        { site: a, severity: 'info' },
        { site: b, severity: 'warning' },
        { site: a, severity: 'critical' },
        { site: a, severity: 'warning' },
      ]),
    ).toEqual([
      { site: b, count: 1, severity: 'warning' },
      { site: a, count: 3, severity: 'critical' },
    ]);
  });
});

describe('attentionColumnOrder', () => {
  const row = (
    kind: AttentionKind,
    severity: AttentionOrderInput['severity'],
    since: string,
    site: string,
    target: string,
  ) => ({ kind, severity, since, site: { label: site }, target: { label: target } });
  const rows = [
    row('lowBattery', 'info', '2026-11-01T00:00:00Z', 'Awatere', 'R-3'),
    row('alarm', 'critical', '2026-11-21T00:00:00Z', 'Rapaura', 'Soil dry'),
    row('overdueRadio', 'warning', '2026-11-10T00:00:00Z', 'Kauri', 'R-1'),
    row('alarm', 'warning', '2026-11-15T00:00:00Z', 'Awatere', 'Tank low'),
  ];
  it.each([
    ['severity', ['Soil dry', 'Tank low', 'R-1', 'R-3']],
    ['age', ['R-3', 'R-1', 'Tank low', 'Soil dry']],
    ['site', ['Tank low', 'R-3', 'R-1', 'Soil dry']],
    ['what', ['Soil dry', 'Tank low', 'R-1', 'R-3']],
  ] as const)('by %s', (column, labels) => {
    expect([...rows].sort(attentionColumnOrder(column)).map((item) => item.target.label)).toEqual(
      labels,
    );
  });
});
