/** Weather map settings of §9: layers with their metric ids, default layers and marker types. */
import { z } from 'zod';

/** Weather layers and the metric id each one draws. */
export const WEATHER_LAYERS = {
  precipitation: 126,
  temperature: 24,
  soilMoisture: 8,
  soilTemperature: 9,
  windSpeed: 27,
  windDirection: 156,
  growingDays: 105,
  chillUnits: 106,
  humidity: 161,
  dewPoint: 136,
  airPressure: 183,
  airDensity: 188,
  /**
   * Beyond §9 (issue 30 item 2): the daily FAO-56 reference evapotranspiration, mm, that the
   * server computes per weather station. Decision: 200, clear of §9's ids.
   */
  et0: 200,
} as const;

export type WeatherLayer = keyof typeof WEATHER_LAYERS;
export type WeatherMetricId = (typeof WEATHER_LAYERS)[WeatherLayer];

/** A layer name as stored in the weatherLayerSelection preference (§3). */
export const weatherLayerSchema = z.enum(
  Object.keys(WEATHER_LAYERS) as [WeatherLayer, ...WeatherLayer[]],
);

/** Layers shown before the user picks any. */
export const DEFAULT_WEATHER_LAYERS = [
  'temperature',
  'soilMoisture',
] as const satisfies readonly WeatherLayer[];

/** The reading paths a weather marker can show. */
export const WEATHER_MARKER_TYPES = [
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
  'evapotranspiration.et0.daily',
] as const;

export const weatherMarkerTypeSchema = z.enum(WEATHER_MARKER_TYPES);
export type WeatherMarkerType = z.infer<typeof weatherMarkerTypeSchema>;

/**
 * The marker type each layer shows. Decision: the spec lists twelve layers and twelve marker
 * types without pairing them; they pair one to one by meaning.
 */
export const WEATHER_LAYER_MARKER_TYPES = {
  precipitation: 'rain.avg',
  temperature: 'temperature',
  soilMoisture: 'soil.moisture',
  soilTemperature: 'soil.temperature',
  windSpeed: 'wind.speed',
  windDirection: 'wind.direction.current',
  growingDays: 'growingDays.gdd10',
  chillUnits: 'chillUnits.total',
  humidity: 'humidity.relative.current',
  dewPoint: 'temperature.dewpoint.current',
  airPressure: 'air.pressure.relative.current',
  airDensity: 'air.density.current',
  et0: 'evapotranspiration.et0.daily',
} as const satisfies Record<WeatherLayer, WeatherMarkerType>;

/** Wind speeds are shown in kilometres per hour. */
export const WIND_SPEED_UNIT = 'kph';
