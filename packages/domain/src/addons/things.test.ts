import { describe, expect, it } from 'vitest';
import type { SensorTopic } from '../entities/sensor.ts';
import {
  filterThings,
  groupThings,
  soilLayers,
  thingCondition,
  type AddonThing,
} from './things.ts';

const now = new Date('2026-01-10T12:00:00Z');
const fresh = '2026-01-10T11:50:00.000Z';
const topic = (metric: string, lastValue: number | null, timestamp = fresh): SensorTopic => ({
  metric,
  type: 'analog',
  lastValue,
  timestamp,
});
const thing = (type: AddonThing['type'], topics: SensorTopic[], id = 1): AddonThing => ({
  kind: 'sensor',
  id,
  type,
  label: `${type} ${id}`,
  topics,
});

describe('thingCondition', () => {
  it.each([
    ['tank full', thing('level', [topic('level', 80)]), 'ok'],
    ['tank at the warning level', thing('level', [topic('level', 20)]), 'warning'],
    ['tank nearly empty', thing('level', [topic('level', 5)]), 'fault'],
    ['soil between refill and full', thing('soilMoisture', [topic('soil.moisture', 30)]), 'ok'],
    ['soil below refill', thing('soilMoisture', [topic('soil.moisture', 20)]), 'warning'],
    [
      'deep layer stressed',
      thing('soilMoisture', [topic('soil.moisture.10', 30), topic('soil.moisture.60', 12)]),
      'fault',
    ],
    ['pressure normal', thing('pressure', [topic('pressure', 320)]), 'ok'],
    ['pressure near the pipe rating', thing('pressure', [topic('pressure', 700)]), 'warning'],
    ['pressure over', thing('pressure', [topic('pressure', 900)]), 'fault'],
    ['supply at 415 V', thing('power', [topic('power.voltage', 415)]), 'ok'],
    ['supply sagging', thing('power', [topic('power.voltage', 380)]), 'warning'],
    ['supply collapsed', thing('power', [topic('power.voltage', 200)]), 'fault'],
    ['a reported fault', thing('waterMeter', [topic('water.flow', 3), topic('fault', 1)]), 'fault'],
    [
      'nothing for hours',
      thing('waterMeter', [topic('water.total', 5, '2026-01-10T06:00:00.000Z')]),
      'warning',
    ],
  ])('%s', (_, subject, expected) => {
    expect(thingCondition(subject, now)).toBe(expected);
  });

  it('takes a control fault flag', () => {
    expect(thingCondition({ ...thing('pump', [topic('running', 0)]), hasFaults: true }, now)).toBe(
      'fault',
    );
  });
});

describe('soilLayers', () => {
  it('orders the layers of a multi-layer probe by depth', () => {
    expect(
      soilLayers([
        topic('soil.moisture.60', 31),
        topic('soil.temperature', 12),
        topic('soil.moisture.10', 25),
      ]),
    ).toEqual([
      { metric: 'soil.moisture.10', depthCm: 10, value: 25 },
      { metric: 'soil.moisture.60', depthCm: 60, value: 31 },
    ]);
  });
});

describe('filterThings and groupThings', () => {
  const things = [
    thing('level', [topic('level', 5)], 1),
    thing('level', [topic('level', 20)], 2),
    thing('soilMoisture', [topic('soil.moisture', 30)], 3),
    thing('waterMeter', [topic('water.total', 30)], 4),
    thing('combine', [topic('water.total', 60)], 5),
  ];
  it.each([
    ['all', [1, 2, 3, 4, 5]],
    ['fault', [1]],
    ['warning', [1, 2]],
    ['soilMoisture', [3]],
    ['waterMeter', [4, 5]],
  ] as const)('%s', (filter, ids) => {
    expect(filterThings(things, filter, now).map((t) => t.id)).toEqual(ids);
  });

  it('shows at most three things a card, faults first', () => {
    const tanks = [80, 5, 60, 20, 70].map((level, i) =>
      thing('level', [topic('level', level)], i + 1),
    );
    const [group] = groupThings(tanks, now);
    expect(group?.total).toBe(5);
    expect(group?.shown.map((t) => t.id)).toEqual([2, 4, 1]);
  });
});
