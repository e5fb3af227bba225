import { describe, expect, it } from 'vitest';
import { buildWeatherSensor } from '../testing/factories.ts';
import { weatherSensorSchema } from './weather-sensor.ts';

describe('§3 weather sensor', () => {
  it.each([
    ['a temperature measurement', buildWeatherSensor()],
    ['a reading with no value (--)', buildWeatherSensor({ value: '--' })],
    [
      'a meta reading without section',
      buildWeatherSensor({ type: 'meta', section: null, value: 0 }),
    ],
  ])('accepts %s', (_why, sensor) => {
    expect(weatherSensorSchema.parse(sensor)).toEqual(sensor);
  });

  it.each([
    ['an unknown type', { type: 'forecast' }],
    ['another text value', { value: 'n/a' }],
    ['a number as text', { value: '14.2' }],
    ['a location given as text', { location: '[-39.61,176.82]' }],
    ['a location out of range', { location: { lat: -39.61, lng: 200 } }],
  ])('refuses %s', (_why, overrides) => {
    expect(weatherSensorSchema.safeParse({ ...buildWeatherSensor(), ...overrides }).success).toBe(
      false,
    );
  });
});
