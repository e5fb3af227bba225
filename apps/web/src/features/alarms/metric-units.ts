/**
 * The unit a metric's readings are in, for a set point's field (§9 "Units"). The platform's
 * metrics list (GET metrics/list) is asked first; metrics it does not list fall back to the
 * units the field devices report in. Decision: these fallbacks are ours (the spec names only mm,
 * %, cl and kph); an unknown metric has no unit.
 */
import { WIND_SPEED_UNIT, type MetricsList } from '@paddock/domain';

const KNOWN_UNITS: Readonly<Record<string, string>> = {
  'soil.moisture': '%',
  'soil.temperature': '°C',
  temperature: '°C',
  'temperature.current': '°C',
  humidity: '%',
  pressure: 'kPa',
  'water.flow': 'L/min',
  'water.total': 'm³',
  level: '%',
  'tank.level': '%',
  'power.voltage': 'V',
  'power.current': 'A',
  'pump.current': 'A',
  rain: 'mm',
  'rain.avg': 'mm',
  'wind.speed': WIND_SPEED_UNIT,
  battery: 'V',
  signal: 'dBm',
};

export function metricUnit(metric: string, metrics: MetricsList | undefined): string {
  const listed = metrics?.find((entry) => entry.name === metric)?.unit;
  if (listed) return listed;
  return KNOWN_UNITS[metric] ?? '';
}
