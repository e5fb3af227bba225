/**
 * How a weather reading is written (§9 units: wind in kph): each weather layer's unit and decimals.
 * Shared by the weather page and the site summary's summary kinds (issue 14).
 */
import type { WeatherLayer } from '@paddock/domain';

/** Units shown after a value; wind in kph (§9). */
export const LAYER_UNITS: Record<WeatherLayer, string> = {
  precipitation: 'mm/h',
  temperature: '°C',
  soilMoisture: '%',
  soilTemperature: '°C',
  windSpeed: 'kph',
  windDirection: '°',
  growingDays: 'GDD',
  chillUnits: 'CU',
  humidity: '%',
  dewPoint: '°C',
  airPressure: 'hPa',
  airDensity: 'kg/m³',
  et0: 'mm',
};

const DECIMALS: Record<WeatherLayer, number> = {
  precipitation: 1,
  temperature: 1,
  soilMoisture: 1,
  soilTemperature: 1,
  windSpeed: 0,
  windDirection: 0,
  growingDays: 0,
  chillUnits: 0,
  humidity: 0,
  dewPoint: 1,
  airPressure: 0,
  airDensity: 3,
  et0: 1,
};

/** A layer's value in its decimals and unit, in the user's language: '14.3 °C', '12 kph'. */
export function formatLayerValue(layer: WeatherLayer, value: number, language?: string): string {
  const number = new Intl.NumberFormat(language, {
    maximumFractionDigits: DECIMALS[layer],
    minimumFractionDigits: DECIMALS[layer],
  }).format(value);
  return `${number} ${LAYER_UNITS[layer]}`;
}
