import { describe, expect, it } from 'vitest';
import { buildSensor } from '../testing/factories.ts';
import { sensorSchema, sensorTopicSchema, sensorUpdateBodySchema } from './sensor.ts';

describe('§3 sensor topics', () => {
  it.each([
    [
      {
        metric: 'soil.moisture',
        type: 'analog',
        lastValue: 31.5,
        timestamp: '2024-09-01T06:00:00+12:00',
      },
      true,
    ],
    [{ metric: 'overdue', type: 'digital', lastValue: null, timestamp: null }, true],
    [{ metric: '', type: 'analog', lastValue: 1, timestamp: null }, false],
    [{ metric: 'rain.avg', type: 'analog', lastValue: '2', timestamp: null }, false],
    [{ metric: 'rain.avg', type: 'analog', lastValue: 2 }, false],
  ])('%j is accepted: %s', (value, ok) => {
    expect(sensorTopicSchema.safeParse(value).success).toBe(ok);
  });
});

describe('§3 sensor', () => {
  it.each([
    ['a soil moisture probe', buildSensor()],
    [
      'a water meter in NSW',
      buildSensor({
        id: 401,
        type: 'watermeter',
        label: 'Bore meter',
        location: '[-34.2886,146.0506]',
        tags: {},
      }),
    ],
    [
      'a rain bucket with geometry',
      buildSensor({
        type: 'rainbucket',
        geometry: { type: 'Point', coordinates: [176.8216, -39.6111] },
      }),
    ],
  ])('accepts %s', (_why, sensor) => {
    expect(sensorSchema.parse(sensor)).toEqual(sensor);
  });

  it.each([
    ['an unknown type', { type: 'camera' }],
    ['no topics', { topics: undefined }],
    ['a geometry with lat first', { geometry: { type: 'Point', coordinates: [-39.6, 176.8] } }],
  ])('refuses %s', (_why, overrides) => {
    expect(sensorSchema.safeParse({ ...buildSensor(), ...overrides }).success).toBe(false);
  });
});

describe('§7 PUT sensors/{id}', () => {
  it.each([
    [{ label: 'Block B probe' }, true],
    [{ tags: { identifier: 'canopy' } }, true],
    [{}, false],
    [{ label: '' }, false],
    [{ label: '  ' }, false],
  ])('%j is accepted: %s', (body, ok) => {
    expect(sensorUpdateBodySchema.safeParse(body).success).toBe(ok);
  });
});
