import { FAN_METRIC_LABELS } from '@paddock/domain';
import { buildRadio, buildSensor } from '@paddock/domain/testing';
import { describe, expect, it } from 'vitest';
import { fanRows, metricLevel, temperatureRows } from './fans.ts';

const topic = (metric: string, lastValue: number | null) => ({
  metric,
  type: 'analog',
  lastValue,
  timestamp: lastValue === null ? null : '2026-07-10T02:00:00.000Z',
});

const fan = (id: number, radio: number, topics: ReturnType<typeof topic>[]) =>
  buildSensor({
    id,
    type: 'external',
    radio,
    label: `Fan ${id}`,
    tags: { identifier: 'frostFan' },
    topics,
  });
const canopy = (id: number, radio: number, value: number) =>
  buildSensor({
    id,
    type: 'temperature',
    radio,
    label: `Block ${id} canopy`,
    tags: { identifier: 'canopy' },
    topics: [topic('temperature', value)],
  });

describe('frost fans as the page shows them', () => {
  it.each([
    ['running with RPM', [topic('fan.rpm', 2350)], 'running'],
    ['stopped at 0 RPM', [topic('fan.rpm', 0)], 'stopped'],
    ['fault: fuel at the fault level', [topic('fan.rpm', 0), topic('fan.fuelLevel', 12)], 'fault'],
    [
      'fault: the controller reports an engine fault',
      [topic('fan.rpm', 0), topic('fault', 1)],
      'fault',
    ],
    ['unknown without RPM', [], 'unknown'],
  ])('%s', (_name, topics, state) => {
    const [row] = fanRows([fan(1, 10, topics)], [buildRadio({ id: 10 })]);
    expect(row?.state).toBe(state);
  });

  it('pairs each fan with the canopy sensor on its radio and gives the inversion', () => {
    const rows = fanRows(
      [
        fan(2, 20, [topic('fan.rpm', 2350), topic('fan.towerTemperature', 3.1)]),
        canopy(3, 20, -0.4),
        canopy(4, 30, 5),
      ],
      [buildRadio({ id: 20 }), buildRadio({ id: 30 })],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.canopy).toMatchObject({ sensorId: 3, value: -0.4 });
    expect(rows[0]?.inversion).toBe(3.5);
    expect(rows[0]?.inversionClass).toBe('strong');
    expect(temperatureRows([canopy(3, 20, -0.4), canopy(4, 30, 5)])).toMatchObject([
      { id: 3, belowZero: true },
      { id: 4, belowZero: false },
    ]);
  });

  it('lists every §9 fan metric with its label and unit', () => {
    const [row] = fanRows([fan(1, 10, [topic('fan.battery', 12.6)])], []);
    // The labels themselves are pinned to §9 by the domain's chart constants test.
    expect(row?.metrics.map((metric) => [metric.key, metric.label])).toEqual(
      Object.entries(FAN_METRIC_LABELS),
    );
    expect(row?.metrics[0]).toMatchObject({ metric: 'fan.battery', unit: 'V', value: 12.6 });
  });

  it.each([
    ['battery', 12.5, 'normal'],
    ['battery', 11.8, 'warning'],
    ['battery', 10.7, 'fault'],
    ['fuelLevel', 50, 'normal'],
    ['fuelLevel', 49, 'warning'],
    ['fuelLevel', 12, 'fault'],
    ['trip', 23.9, 'normal'],
    ['trip', 24, 'fault'],
    ['windSpeed', 100, 'normal'],
    ['windSpeed', 101, 'fault'],
  ] as const)('%s %d is %s (§9)', (key, value, level) => {
    expect(metricLevel(key, value)).toBe(level);
  });
});
