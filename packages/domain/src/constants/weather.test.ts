import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEATHER_LAYERS,
  WEATHER_LAYER_MARKER_TYPES,
  WEATHER_LAYERS,
  WEATHER_MARKER_TYPES,
  weatherLayerSchema,
  weatherMarkerTypeSchema,
  WIND_SPEED_UNIT,
} from './weather.ts';

describe('§9 weather layers and their metric ids', () => {
  it.each([
    ['precipitation', 126],
    ['temperature', 24],
    ['soilMoisture', 8],
    ['soilTemperature', 9],
    ['windSpeed', 27],
    ['windDirection', 156],
    ['growingDays', 105],
    ['chillUnits', 106],
    ['humidity', 161],
    ['dewPoint', 136],
    ['airPressure', 183],
    ['airDensity', 188],
  ] as const)('%s draws metric %d', (layer, metric) => {
    expect(WEATHER_LAYERS[layer]).toBe(metric);
    expect(weatherLayerSchema.safeParse(layer).success).toBe(true);
  });

  it('has twelve layers with distinct metric ids', () => {
    expect(new Set(Object.values(WEATHER_LAYERS)).size).toBe(12);
  });

  it.each(['rain', 'wind', ''])('%j is not a layer', (value) => {
    expect(weatherLayerSchema.safeParse(value).success).toBe(false);
  });

  it('defaults to temperature and soil moisture', () => {
    expect(DEFAULT_WEATHER_LAYERS).toEqual(['temperature', 'soilMoisture']);
  });

  it('wind is in kph', () => {
    expect(WIND_SPEED_UNIT).toBe('kph');
  });
});

describe('§9 weather marker types', () => {
  it('lists the twelve marker types of §9 in order', () => {
    expect(WEATHER_MARKER_TYPES).toEqual([
      'temperature',
      'wind.speed',
      'growingDays.gdd10',
      'chillUnits.total',
      'soil.moisture',
      'soil.temperature',
      'rain.avg',
      'humidity.relative.current',
      'temperature.dewpoint.current',
      'air.density.current',
      'air.pressure.relative.current',
      'wind.direction.current',
    ]);
  });

  it.each([
    ['wind.speed', true],
    ['rain.avg', true],
    ['rain', false],
    ['wind.direction', false],
  ])('%s is a marker type: %s', (value, ok) => {
    expect(weatherMarkerTypeSchema.safeParse(value).success).toBe(ok);
  });

  it('pairs every layer with a different marker type', () => {
    const paired = Object.values(WEATHER_LAYER_MARKER_TYPES);
    expect([...paired].sort()).toEqual([...WEATHER_MARKER_TYPES].sort());
  });

  it.each([
    ['precipitation', 'rain.avg'],
    ['dewPoint', 'temperature.dewpoint.current'],
    ['growingDays', 'growingDays.gdd10'],
  ] as const)('%s shows %s', (layer, marker) => {
    expect(WEATHER_LAYER_MARKER_TYPES[layer]).toBe(marker);
  });
});
