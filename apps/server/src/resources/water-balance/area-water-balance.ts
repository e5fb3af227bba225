/**
 * An area's soil water balance on a local date (issue 30 items 3 and 8), computed on read: the
 * site's ET0 days at one weather station, daily rain from its gauge (a `rain.avg` rate integrated
 * over each local day, rainInWindowMm), each zone's irrigation per local day as the irrigation
 * history reads it (its valves' runs and its meters' volumes), each zone's soil probe's last
 * reading of each day, and the domain's bucket.
 */
import {
  areaSettingsSchema,
  datesBetween,
  defaultSeason,
  localDayBounds,
  meterVolumesByDay,
  RAIN_GAUGE_METRICS,
  RAIN_READING_LEAD_MS,
  rainInWindowMm,
  seasonStartOnOrBefore,
  siteTimeZone,
  summariseIrrigationHistory,
  todayEt0StandIn,
  waterBalanceFrom,
  waterBalanceToday,
  zoneRunsFromReadings,
  type IrrigationHistoryRow,
  type ZoneWaterRun,
} from '@paddock/domain';
import type { Database } from '../../db/client.ts';
import { readingsBetween, skipRuleSeries } from '../../telemetry/skip-inputs.repository.ts';
import { readEt0Days, type Et0DayRow } from '../et0/et0.repository.ts';
import { programZoneSettings } from '../irrigation-history/irrigation-history.repository.ts';
import { readWaterUseSource } from '../water-use/water-use.repository.ts';
import { readWaterBalanceArea, readZoneProbes } from './water-balance.repository.ts';

/** Longest a run may last (a zone's setting allows 48 hours) and then some, as the history reads. */
const MAX_RUN_MS = 50 * 3_600_000;

export type WaterBalanceInputs = NonNullable<Awaited<ReturnType<typeof readWaterBalanceInputs>>>;

/**
 * The station whose ET0 is read: the one with the most days in the range (lowest area id on a
 * tie), so a station that stopped reporting does not leave every zone with ET0 0.
 */
function et0Station(rows: readonly Et0DayRow[]) {
  const counts = new Map<number, { area: number; label: string; days: number }>();
  for (const row of rows) {
    const entry = counts.get(row.area_id) ?? { area: row.area_id, label: row.label, days: 0 };
    entry.days += 1;
    counts.set(row.area_id, entry);
  }
  return [...counts.values()].sort((a, b) => b.days - a.days || a.area - b.area)[0] ?? null;
}

/**
 * Each local day's rain (mm): the gauge's readings, oldest first, cut to the day (with the one
 * before it, whose time starts the first stretch) and integrated by rainInWindowMm.
 */
function dailyRain(
  readings: readonly { time: number; value: number }[],
  dates: readonly string[],
  timeZone: string,
): Map<string, number> {
  const rain = new Map<string, number>();
  let first = 0;
  for (const day of dates) {
    const bounds = localDayBounds(day, timeZone);
    while (first + 1 < readings.length && (readings[first + 1]?.time ?? 0) <= bounds.start) first++;
    let last = first;
    while (last < readings.length && (readings[last]?.time ?? 0) <= bounds.end) last++;
    rain.set(day, rainInWindowMm(readings.slice(first, last + 1), bounds.start, bounds.end));
  }
  return rain;
}

/** Everything one area's balance to `date` needs; undefined when the area does not exist. */
export async function readWaterBalanceInputs(
  db: Database,
  areaId: number,
  asked: { date?: string | undefined },
  now: Date,
) {
  const area = await readWaterBalanceArea(db, areaId);
  if (!area) return undefined;
  const timeZone = siteTimeZone(area.config, area.tags?.country, 'UTC');
  const date = asked.date ?? waterBalanceToday(now, timeZone);
  const dayMonth = area.config?.season?.start ?? defaultSeason(now, timeZone).start;
  const seasonStart = seasonStartOnOrBefore(dayMonth, date);
  const from = waterBalanceFrom(seasonStart, date);
  const dates = datesBetween(from, date);
  const start = localDayBounds(from, timeZone).start;
  const end = localDayBounds(date, timeZone).end;

  const et0Rows = await readEt0Days(db, area.siteId, { from, to: date });
  const station = et0Station(et0Rows);
  const et0 = new Map(
    et0Rows
      .filter((row) => row.area_id === station?.area)
      .map((row) => [row.date, Number(row.et0)]),
  );
  // Today is not over, so it has no ET0 of its own yet: a recent day's stands in (the rule is
  // todayEt0StandIn's).
  const standIn =
    date === waterBalanceToday(now, timeZone) && !et0.has(date) ? todayEt0StandIn(et0, date) : null;
  if (standIn) et0.set(date, standIn.et0);

  // The gauge: the weather station's (tagged weather) in the ET0 station's area first.
  const series = await skipRuleSeries(db, area.siteId, RAIN_GAUGE_METRICS);
  const gauge =
    series.find((row) => row.weather && row.areaId === station?.area) ??
    series.find((row) => row.weather) ??
    series[0] ??
    null;
  const readings = gauge
    ? await readingsBetween(
        db,
        gauge.seriesId,
        new Date(start - RAIN_READING_LEAD_MS),
        new Date(end),
      )
    : [];
  const rain = dailyRain(readings, dates, timeZone);

  return {
    area,
    timeZone,
    date,
    from,
    seasonStart,
    dates,
    settings: areaSettingsSchema.safeParse(area.settings ?? {}).data?.waterBalance,
    station: station && { area: station.area, label: station.label },
    gauge: gauge && { sensor: gauge.sensorId, label: gauge.label },
    et0,
    et0EstimatedFrom: standIn?.date ?? null,
    rain,
    irrigation: await irrigationByZoneDay(db, areaId, { start, end, timeZone, now }),
    probes: await readZoneProbes(db, areaId, {
      start,
      end: Math.min(end, now.getTime()),
      timeZone,
    }),
  };
}

/**
 * Each zone's irrigation per local day, as GET areas/{id}/irrigation-history reads it by day: a
 * run counts whole on the day it started, applied depth by run time × the program's rate, and
 * the meters' water shared among the runs. Keyed by zone, then date.
 */
async function irrigationByZoneDay(
  db: Database,
  areaId: number,
  window: { start: number; end: number; timeZone: string; now: Date },
): Promise<Map<number, Map<string, IrrigationHistoryRow>>> {
  const source = await readWaterUseSource(db, areaId, {
    from: new Date(window.start),
    to: new Date(window.end + MAX_RUN_MS),
  });
  const until = Math.min(window.end + MAX_RUN_MS, window.now.getTime());
  const runs: ZoneWaterRun[] = [...source.valves.entries()].flatMap(([id, valves]) =>
    zoneRunsFromReadings(id, [...valves.values()], until),
  );
  const meters = [...source.meters.values()].map((samples) =>
    samples.filter((sample) => sample.time < window.end),
  );
  const rows = summariseIrrigationHistory({
    runs: runs.filter((run) => run.start >= window.start && run.start < window.end),
    volumes: meterVolumesByDay(meters, runs, window.timeZone),
    settings: await programZoneSettings(db, areaId),
    timeZone: window.timeZone,
    interval: 'day',
  });
  const byZone = new Map<number, Map<string, IrrigationHistoryRow>>();
  for (const row of rows) {
    const days = byZone.get(row.zoneId) ?? new Map<string, IrrigationHistoryRow>();
    days.set(row.period, row);
    byZone.set(row.zoneId, days);
  }
  return byZone;
}
