/**
 * The metrics the console draws (§9 weather layers, by metric id), kept in the metrics table.
 * Run at every start-up: it inserts missing rows and brings known ones up to date, so it does not
 * depend on which migration created the table.
 */
import {
  WEATHER_LAYERS,
  WEATHER_LAYER_MARKER_TYPES,
  WIND_SPEED_UNIT,
  type WeatherLayer,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { upsertMetrics } from './metrics.repository.ts';

/** Display label and unit per layer. Decision: §9 gives ids and paths only; these are ours. */
const LAYER_METRICS: Record<WeatherLayer, { label: string; unit: string }> = {
  precipitation: { label: 'Precipitation', unit: 'mm' },
  temperature: { label: 'Temperature', unit: '°C' },
  soilMoisture: { label: 'Soil moisture', unit: '%' },
  soilTemperature: { label: 'Soil temperature', unit: '°C' },
  windSpeed: { label: 'Wind speed', unit: WIND_SPEED_UNIT },
  windDirection: { label: 'Wind direction', unit: '°' },
  growingDays: { label: 'Growing degree days', unit: 'GDD' },
  chillUnits: { label: 'Chill units', unit: 'CU' },
  humidity: { label: 'Relative humidity', unit: '%' },
  dewPoint: { label: 'Dew point', unit: '°C' },
  airPressure: { label: 'Air pressure', unit: 'hPa' },
  airDensity: { label: 'Air density', unit: 'kg/m³' },
  et0: { label: 'Reference evapotranspiration (ET0)', unit: 'mm' },
};

/** The rows `ensureMetrics` keeps: id from §9, name the reading path the layer's markers show. */
const SEEDED_METRICS = (Object.keys(WEATHER_LAYERS) as WeatherLayer[]).map((layer) => ({
  id: WEATHER_LAYERS[layer],
  name: WEATHER_LAYER_MARKER_TYPES[layer],
  ...LAYER_METRICS[layer],
}));

export async function ensureMetrics(db: Database): Promise<void> {
  await upsertMetrics(db, SEEDED_METRICS);
}
