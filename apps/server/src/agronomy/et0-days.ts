/**
 * Daily reference evapotranspiration of a weather station (issue 30 item 2), part of the agronomy
 * job's run of the station (agronomy.ts) so it shares its change detection: the local days from
 * the one holding `from` that are over by now are computed from the rollups (domain
 * stationEt0Days: FAO-56 eq. 6 and its rules for what is missing), stored with their inputs in
 * et0_days and as one point a local day (at its start, as growing degree days) of the computed
 * series evapotranspiration.et0.daily (mm) on the station's temperature sensor.
 */
import {
  ET0_DEFAULT_WIND_HEIGHT_METRES,
  localDayAt,
  stationEt0Days,
  type Et0Variable,
  type TemperatureBucket,
} from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { ROLLUP_BUCKET_SECONDS } from '../telemetry/reading.repository.ts';
import { seriesIdOfAny, temperatureBuckets } from './agronomy.repository.ts';
import { replaceEt0Days } from './et0.repository.ts';

export const ET0_METRIC = 'evapotranspiration.et0.daily';

/** A station's metrics for ET0 besides temperature, as devices name them. */
const ET0_METRICS = {
  humidity: ['humidity.relative.current', 'humidity'],
  /** km/h (WIND_SPEED_UNIT). */
  wind: ['wind.speed'],
  /** W/m², from a pyranometer. */
  solarRadiation: ['solar.radiation.current', 'solar.radiation'],
  /** hPa reduced to sea level. */
  pressure: ['air.pressure.relative.current', 'air.pressure'],
} as const;

type Sensor = { id: number } | null;

/** What the ET0 of a station needs to know of it (agronomy.ts' Station has it all). */
export type Et0Station = {
  siteId: number;
  areaId: number;
  timeZone: string;
  latitude: number;
  elevation: number;
  kRs: number;
  temperature: { id: number };
  humidity: Sensor;
  wind: Sensor;
  solarRadiation: Sensor;
  pressure: Sensor;
};

/** Two decimals: ET0 is read to the hundredth of a millimetre. */
const round2 = (value: number) => Math.round(value * 100) / 100;

async function variable(
  tx: Database,
  sensor: Sensor,
  metrics: readonly string[],
  from: number,
): Promise<Et0Variable | null> {
  if (!sensor) return null;
  const seriesId = await seriesIdOfAny(tx, sensor.id, metrics);
  if (seriesId === null) return null;
  return { sensorId: sensor.id, buckets: await temperatureBuckets(tx, seriesId, from) };
}

/**
 * Computes and stores the station's days from the one holding `from`; returns the series write
 * (the agronomy job's storeWrites replaces the series from its `from`).
 */
export async function et0Write(
  tx: Database,
  station: Et0Station,
  temperatureSeries: number,
  span: { from: number; now: Date },
) {
  const day = localDayAt(span.from, station.timeZone);
  const temperature: TemperatureBucket[] = await temperatureBuckets(
    tx,
    temperatureSeries,
    day.start,
  );
  const readings = {
    temperature: { sensorId: station.temperature.id, buckets: temperature },
    humidity: await variable(tx, station.humidity, ET0_METRICS.humidity, day.start),
    wind: await variable(tx, station.wind, ET0_METRICS.wind, day.start),
    solarRadiation: await variable(
      tx,
      station.solarRadiation,
      ET0_METRICS.solarRadiation,
      day.start,
    ),
    pressure: await variable(tx, station.pressure, ET0_METRICS.pressure, day.start),
  };
  const days = stationEt0Days(
    readings,
    {
      timeZone: station.timeZone,
      latitudeDegrees: station.latitude,
      elevationMetres: station.elevation,
      kRs: station.kRs,
      // Sensors carry no height in this codebase: FAO's standard 2 m (see the domain constant).
      windHeightMetres: ET0_DEFAULT_WIND_HEIGHT_METRES,
      bucketMs: ROLLUP_BUCKET_SECONDS * 1000,
    },
    { from: day.start, until: span.now.getTime() },
  );
  const rounded = days.map((computed) => ({ ...computed, et0: round2(computed.et0) }));
  await replaceEt0Days(tx, station, day.date, rounded, span.now);
  return {
    sensorId: station.temperature.id,
    metric: ET0_METRIC,
    from: day.start,
    points: rounded.map((computed) => ({ time: computed.start, value: computed.et0 })),
  };
}
