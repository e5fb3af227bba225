/**
 * The §3 summary kinds a site summary shows (issue 14): which readings each is read from, and the
 * §9 weather layer that names it and gives its unit in the console. Decision: `meta` and `air`
 * name no single reading (a sensor's metadata, the barometer as a whole), so they are never shown.
 */
import type { SummaryKind } from '../entities/vocabulary.ts';
import { WEATHER_LAYER_MARKER_TYPES, type WeatherLayer } from './weather.ts';

export interface SummaryKindSource {
  /** The weather layer of the same reading: its label and unit (§9). */
  readonly layer: WeatherLayer;
  /** Metric paths, the §9 marker type first, then the short names devices also report. */
  readonly metrics: readonly string[];
  /**
   * Read from the weather station only (sensors tagged `weather`, as the agronomy reads them):
   * the air's kinds, which canopy probes and fan controllers also report about their own block.
   * Soil and rain come from any sensor that reports them (soil probes, rain gauges).
   */
  readonly stationOnly: boolean;
  /** How old its value may be and still show (ms); SUMMARY_KIND_MAX_AGE_MS when absent. */
  readonly maxAgeMs?: number;
}

export const SUMMARY_KIND_SOURCES = {
  chillUnits: {
    layer: 'chillUnits',
    metrics: [WEATHER_LAYER_MARKER_TYPES.chillUnits],
    stationOnly: true,
  },
  growingDegreeDay: {
    layer: 'growingDays',
    metrics: [WEATHER_LAYER_MARKER_TYPES.growingDays],
    stationOnly: true,
  },
  temperature: {
    layer: 'temperature',
    metrics: [WEATHER_LAYER_MARKER_TYPES.temperature],
    stationOnly: true,
  },
  windSpeed: {
    layer: 'windSpeed',
    metrics: [WEATHER_LAYER_MARKER_TYPES.windSpeed],
    stationOnly: true,
  },
  soilMoisture: {
    layer: 'soilMoisture',
    metrics: [WEATHER_LAYER_MARKER_TYPES.soilMoisture],
    stationOnly: false,
  },
  soilTemperature: {
    layer: 'soilTemperature',
    metrics: [WEATHER_LAYER_MARKER_TYPES.soilTemperature],
    stationOnly: false,
  },
  rain: {
    layer: 'precipitation',
    metrics: [WEATHER_LAYER_MARKER_TYPES.precipitation, 'rain'],
    stationOnly: false,
  },
  humidity: {
    layer: 'humidity',
    metrics: [WEATHER_LAYER_MARKER_TYPES.humidity, 'humidity'],
    stationOnly: true,
  },
  dewpoint: {
    layer: 'dewPoint',
    metrics: [WEATHER_LAYER_MARKER_TYPES.dewPoint, 'temperature.dewpoint'],
    stationOnly: true,
  },
  airDensity: {
    layer: 'airDensity',
    metrics: [WEATHER_LAYER_MARKER_TYPES.airDensity, 'air.density'],
    stationOnly: true,
  },
  airPressure: {
    layer: 'airPressure',
    metrics: [WEATHER_LAYER_MARKER_TYPES.airPressure, 'air.pressure'],
    stationOnly: true,
  },
  et0: {
    layer: 'et0',
    metrics: [WEATHER_LAYER_MARKER_TYPES.et0],
    stationOnly: true,
    // A day's ET0 is stamped at the day's start and written once the day is over, so the latest
    // is a day old when it appears and two days old when the next replaces it; a third day lets
    // one missed computation pass before it stops showing.
    maxAgeMs: 3 * 24 * 3_600_000,
  },
} as const satisfies Partial<Record<SummaryKind, SummaryKindSource>>;

export type ShownSummaryKind = keyof typeof SUMMARY_KIND_SOURCES;

/** The kinds in §3 order. */
export const SHOWN_SUMMARY_KINDS = Object.keys(SUMMARY_KIND_SOURCES) as ShownSummaryKind[];

/** Every metric a summary kind is read from (what the summary's query asks for). */
export const SUMMARY_KIND_METRICS: readonly string[] = [
  ...new Set(SHOWN_SUMMARY_KINDS.flatMap((kind) => SUMMARY_KIND_SOURCES[kind].metrics)),
];

/**
 * Decision: a value older than this is left out, so a station that went silent stops showing
 * its last temperature as today's a day on (the hardware counts show it overdue meanwhile).
 */
export const SUMMARY_KIND_MAX_AGE_MS = 24 * 3_600_000;

/** One sensor's latest value of one metric, as the summary's query reads it. */
export interface SummaryKindReading {
  readonly sensor: number;
  readonly metric: string;
  readonly value: number;
  /** ISO time of the value; null when the device gave none. */
  readonly at: string | null;
  /** The sensor is the weather station's (tags.identifier weather). */
  readonly station: boolean;
}

export interface SummaryKindValue {
  readonly kind: ShownSummaryKind;
  /** Mean of the latest values of the sensors that report it. */
  readonly value: number;
  readonly min: number;
  readonly max: number;
  /** How many sensors it is read from. */
  readonly sensors: number;
  /** The newest of those values' times. */
  readonly at: string | null;
}

/**
 * The summary kinds a site has data for, in §3 order, each from its sources' latest values: a
 * sensor counts once per kind, by the first of the kind's metrics it reports; values older than
 * their kind's maxAgeMs, else SUMMARY_KIND_MAX_AGE_MS (or with no time), are left out; kinds
 * with no value are absent.
 */
export function summaryKindValues(
  readings: readonly SummaryKindReading[],
  now: Date,
): SummaryKindValue[] {
  const fresh = readings.filter((reading) => reading.at !== null && Number.isFinite(reading.value));
  const out: SummaryKindValue[] = [];
  for (const kind of SHOWN_SUMMARY_KINDS) {
    const source: SummaryKindSource = SUMMARY_KIND_SOURCES[kind];
    const oldest = now.getTime() - (source.maxAgeMs ?? SUMMARY_KIND_MAX_AGE_MS);
    const bySensor = new Map<number, SummaryKindReading>();
    for (const metric of source.metrics) {
      for (const reading of fresh) {
        if (reading.metric !== metric || bySensor.has(reading.sensor)) continue;
        if (Date.parse(reading.at ?? '') < oldest) continue;
        if (source.stationOnly && !reading.station) continue;
        bySensor.set(reading.sensor, reading);
      }
    }
    const values = [...bySensor.values()];
    if (values.length === 0) continue;
    const numbers = values.map((reading) => reading.value);
    const at = values.reduce<string | null>(
      (newest, reading) =>
        reading.at !== null && (newest === null || Date.parse(reading.at) > Date.parse(newest))
          ? reading.at
          : newest,
      null,
    );
    out.push({
      kind,
      value: numbers.reduce((sum, value) => sum + value, 0) / numbers.length,
      min: Math.min(...numbers),
      max: Math.max(...numbers),
      sensors: numbers.length,
      at,
    });
  }
  return out;
}
