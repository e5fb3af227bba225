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

/**
 * §9's twelve weather layers and ET0: the metric id each draws and the marker type it shows,
 * listed in the order §9 lists the marker types.
 */
const LAYERS = [
  ['temperature', 24, 'temperature'],
  ['windSpeed', 27, 'wind.speed'],
  ['growingDays', 105, 'growingDays.gdd10'],
  ['chillUnits', 106, 'chillUnits.total'],
  ['soilMoisture', 8, 'soil.moisture'],
  ['soilTemperature', 9, 'soil.temperature'],
  ['precipitation', 126, 'rain.avg'],
  ['humidity', 161, 'humidity.relative.current'],
  ['dewPoint', 136, 'temperature.dewpoint.current'],
  ['airDensity', 188, 'air.density.current'],
  ['airPressure', 183, 'air.pressure.relative.current'],
  ['windDirection', 156, 'wind.direction.current'],
  // Beyond §9: the daily reference evapotranspiration (issue 30 item 2).
  ['et0', 200, 'evapotranspiration.et0.daily'],
] as const;

describe('§9 weather layers and their metric ids', () => {
  it.each(LAYERS)('%s draws metric %d and shows marker type %s', (layer, metric, marker) => {
    expect(WEATHER_LAYERS[layer]).toBe(metric);
    expect(weatherLayerSchema.safeParse(layer).success).toBe(true);
    expect(WEATHER_LAYER_MARKER_TYPES[layer]).toBe(marker);
  });

  it('has twelve layers and ET0 with distinct metric ids', () => {
    expect(new Set(Object.values(WEATHER_LAYERS)).size).toBe(13);
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
  it('lists the twelve marker types of §9 in order, then ET0', () => {
    expect(WEATHER_MARKER_TYPES).toEqual(LAYERS.map(([, , marker]) => marker));
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
});
