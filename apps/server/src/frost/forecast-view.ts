/**
 * The frost forecast's answers (issue 31): tonight's forecast of an area, and its past nights
 * against what was observed with the season's error (the domain's forecast-schemas.ts).
 */
import {
  forecastSeason,
  frostNightOf,
  nightCurve,
  nightSun,
  type FrostForecast,
  type FrostForecastNight,
  type FrostForecasts,
} from '@paddock/domain';
import type { Queryable } from '../db/database.ts';
import { findForecastRow, forecastRowsBetween, type ForecastRow } from './forecast.repository.ts';
import { currentFit, warningThreshold, type ForecastArea } from './frost-forecast.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Tonight (the frost night `now` lies in) as the area's row has it, or as it will be made. */
export async function readTonightForecast(
  db: Queryable,
  area: ForecastArea,
  now: Date,
): Promise<FrostForecast> {
  const { areaId, timeZone, rules } = area.frost;
  const night = frostNightOf(now, timeZone);
  const sun = nightSun(night, area.location, timeZone);
  if (!sun) return { area: areaId, tonight: null };
  const row: ForecastRow | undefined = await findForecastRow(db, areaId, night);
  const fit = row ?? (await currentFit(db, areaId, night));
  const curve =
    row && row.t2 !== null && row.tmin !== null ? nightCurve(sun, row.t2, row.tmin) : [];
  return {
    area: areaId,
    tonight: {
      night,
      sunset: sun.sunset.toISOString(),
      sunrise: sun.sunrise.toISOString(),
      evaluatedAt: iso(row?.evaluatedAt ?? null),
      t2: row?.t2 ?? null,
      td2: row?.td2 ?? null,
      a: fit.a,
      b: fit.b,
      c: fit.c,
      fit: {
        nights: fit.fitNights,
        meanAbsoluteError: fit.fitError,
        source: fit.fitSource,
      },
      tmin: row?.tmin ?? null,
      startTemperature: rules.startAtOrBelow,
      startExpectedAt: iso(row?.startExpectedAt ?? null),
      curve: curve.map((point) => ({ at: point.at.toISOString(), temperature: point.temperature })),
      warning: {
        threshold: warningThreshold(area),
        sent: row?.warnedAt != null,
        sentAt: iso(row?.warnedAt ?? null),
      },
    },
  };
}

/**
 * The area's nights from `from` to `to` with a forecast or an observation, newest first, and the
 * season's error over the radiative ones.
 */
export async function listForecastNights(
  db: Queryable,
  areaId: number,
  range: { from: string; to: string },
): Promise<FrostForecasts> {
  const rows = await forecastRowsBetween(db, areaId, range.from, range.to);
  const nights: FrostForecastNight[] = rows
    .filter((row) => row.tmin !== null || row.observedMin !== null)
    .map((row) => ({
      night: row.night,
      forecastMin: row.tmin,
      observedMin: row.observedMin,
      error: row.tmin !== null && row.observedMin !== null ? row.tmin - row.observedMin : null,
      radiative: row.radiative === true,
    }));
  // The FFST forecasts radiation frost: a windy or cloudy night's miss says nothing of the fit.
  const radiative = nights.filter((night) => night.radiative);
  return { area: areaId, nights, season: forecastSeason(radiative) };
}
