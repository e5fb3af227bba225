/**
 * The worker's frost forecast (issue 31), every minute for every frost area in its site's zone:
 * at sunset + 2 h tonight's forecast and, when it calls for it, the early warning; each morning
 * (an hour after sunrise) the night's observed minimum, which the next night's fit takes. Nights
 * of the last BACKFILL_NIGHTS without a row are filled oldest first from the readings kept, so a
 * database with history (the demo's season) has its fit without waiting a season.
 */
import { forecastTime, frostNightOf, type NightSun } from '@paddock/domain';
import type { Database } from '../db/client.ts';
import { repeatEvery, type PeriodicJobDeps } from '../jobs/repeat.ts';
import type { EngineOptions } from '../alarms/transitions.ts';
import { findForecastRow, forecastNightsSince } from '../frost/forecast.repository.ts';
import { clearForecastAlarm, warnIfDue } from './forecast-warning.ts';
import {
  OBSERVE_AFTER_SUNRISE_MS,
  evaluateNight,
  nightSun,
  observeNight,
  readForecastAreas,
  type ForecastArea,
} from '../frost/frost-forecast.ts';

/** How often the worker looks. */
const FORECAST_INTERVAL_MS = 60_000;
/** How many past nights are filled in: a frost season of four months. */
const BACKFILL_NIGHTS = 120;
/**
 * A night that had no reading at T₂ time or none overnight is looked at again this long after,
 * for three days after it first got its row: readings can come later than the night (a radio's
 * backlog, the demo's history loading), but a night with none after three days has none to
 * come, and looking again at every such night of the season every 10 minutes is work for nothing.
 */
const RETRY_INCOMPLETE_MS = 10 * 60_000;
const RETRY_FOR_MS = 3 * 24 * 3_600_000;
/** Nights evaluated or observed in one round; a round with more to do asks for the next at once. */
const NIGHTS_PER_ROUND = 60;

export type ForecastRound = { evaluated: number; observed: number; warned: number; more: boolean };

/** The local date `days` before `night` (YYYY-MM-DD). */
function nightBefore(night: string, days: number): string {
  const [year, month, day] = night.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** One round over every frost area (or one): what is due is done, oldest night first. */
export async function runForecastRound(
  db: Database,
  now: Date,
  engine: EngineOptions,
  areaId?: number,
): Promise<ForecastRound> {
  const round: ForecastRound = { evaluated: 0, observed: 0, warned: 0, more: false };
  for (const area of await readForecastAreas(db, areaId)) {
    await forecastArea(db, area, now, engine, round);
  }
  return round;
}

async function forecastArea(
  db: Database,
  area: ForecastArea,
  now: Date,
  engine: EngineOptions,
  round: ForecastRound,
) {
  const zone = area.frost.timeZone;
  const tonight = frostNightOf(now, zone);
  const oldest = nightBefore(tonight, BACKFILL_NIGHTS);
  const known = await forecastNightsSince(db, area.frost.areaId, oldest);
  for (let back = BACKFILL_NIGHTS; back >= 0; back--) {
    const night = nightBefore(tonight, back);
    const row = known.get(night);
    // An area with no canopy sensor has nothing to wait for.
    const retry =
      area.air !== null &&
      row !== undefined &&
      row.observedAt !== null &&
      !row.complete &&
      now.getTime() - row.modifiedAt.getTime() >= RETRY_INCOMPLETE_MS &&
      now.getTime() - row.createdAt.getTime() < RETRY_FOR_MS;
    if (row?.observedAt && !retry) continue;
    const sun = nightSun(night, area.location, zone);
    if (!sun || now < forecastTime(sun.sunset)) continue;
    if (round.evaluated + round.observed >= NIGHTS_PER_ROUND) {
      round.more = true;
      return;
    }
    await forecastNight(
      db,
      area,
      { night, sun, hasRow: row !== undefined, retry },
      now,
      engine,
      round,
    );
  }
}

async function forecastNight(
  db: Database,
  area: ForecastArea,
  { night, sun, hasRow, retry }: { night: string; sun: NightSun; hasRow: boolean; retry: boolean },
  now: Date,
  engine: EngineOptions,
  round: ForecastRound,
) {
  let row = hasRow ? await findForecastRow(db, area.frost.areaId, night) : undefined;
  // A "forecast now" before sunset + 2 h does not stand in for the night's own forecast.
  const t2At = forecastTime(sun.sunset);
  if (!row || retry || row.evaluatedAt === null || row.evaluatedAt < t2At) {
    row = await evaluateNight(db, area, night, sun, null, now);
    round.evaluated++;
    // Only a night still under way warns: a filled-in past night is history.
    if (now < sun.sunrise && (await warnIfDue(db, area, row, now, engine)) === 'warned') {
      round.warned++;
    }
  }
  if (now.getTime() >= sun.sunrise.getTime() + OBSERVE_AFTER_SUNRISE_MS) {
    await observeNight(db, area, row, now);
    round.observed++;
    if (row.warnedAt) await clearForecastAlarm(db, area.frost.areaId, row.warnedAt, now, engine);
  }
}

export function startFrostForecasts(deps: PeriodicJobDeps & { engine: EngineOptions }): {
  close(): Promise<void>;
} {
  return repeatEvery({
    intervalMs: deps.intervalMs ?? FORECAST_INTERVAL_MS,
    first: 'now',
    round: async () => {
      const round = await runForecastRound(deps.db, deps.clock.now(), deps.engine);
      if (round.evaluated + round.observed > 0) deps.log.info(round, 'frost forecasts');
      return round.more;
    },
    onError: (error) => deps.log.error({ err: error }, 'frost forecasts failed'),
  });
}
