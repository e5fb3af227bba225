/**
 * The frost report kinds `events` (the area's event log over the range) and `frostExplorer` (one
 * night of the area in steps) read from the database into report documents; the tables are the
 * domain's (frost/night-tables.ts), rendering is in src/exports/.
 */
import {
  FAN_METRICS,
  explorerNight,
  explorerStepMs,
  explorerSteps,
  findRuns,
  frostEventsDocument,
  frostExplorerDocument,
  frostRuns,
  type FrostEventRow,
  type ReportDocument,
  type TimedValue,
} from '@paddock/domain';
import type { Queryable } from '../db/database.ts';
import {
  CANOPY_METRIC,
  FROST_RECORD_METRICS,
  fanReadingsOf,
  readSensorReadings,
  type FrostArea,
} from './frost-data.ts';
import { frostEventRows, TARGET_NAMES } from './frost.repository.ts';

/** The names of events' targets, by `type:id`; one query per kind of target the events name. */
async function targetNames(
  db: Queryable,
  rows: readonly { targetType: string | null; targetId: number | null }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const [type, read] of Object.entries(TARGET_NAMES)) {
    const ids = [
      ...new Set(
        rows.flatMap((row) => (row.targetType === type && row.targetId ? row.targetId : [])),
      ),
    ];
    if (ids.length === 0) continue;
    for (const row of await read(db, ids)) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}

/**
 * The events report. The area's events in [from, to), oldest first; alarm raises, clears and
 * acknowledgements are events of the alarm's area, so they are among them, with the alarm's
 * label. Narrowed to fans (`things`), it keeps the events whose target is one of them.
 */
export async function frostEventsReport(
  db: Queryable,
  area: FrostArea,
  range: { from: Date; to: Date },
  things: readonly number[],
): Promise<ReportDocument> {
  const rows = await frostEventRows(db, area.areaId, range, things);
  const names = await targetNames(db, rows);
  const list: FrostEventRow[] = rows.map((row) => ({
    at: row.createdAt,
    type: row.type,
    target:
      row.targetType && row.targetId
        ? (names.get(`${row.targetType}:${row.targetId}`) ?? `${row.targetType} ${row.targetId}`)
        : null,
    alarm: row.alarm,
    message: row.message,
    open: row.open,
    acknowledgedAt: row.acknowledgedAt,
    acknowledgedBy: row.acknowledgedBy,
  }));
  return frostEventsDocument(
    { site: area.siteLabel, area: area.areaLabel },
    { from: range.from, to: range.to, timeZone: area.timeZone },
    list,
  );
}

/** A run still going at the night's end is followed this far past it, to find its stop. */
const NIGHT_FOLLOW_MS = 12 * 3_600_000;

/**
 * The explorer report: one night (explorerNight: the range when it is a night or shorter, else the
 * night the range starts in). Canopy: every canopy sensor of the area and every fan's own canopy
 * probe; tower and wind: the fans' own (the controller's tower probe and anemometer). A fan ran in
 * a step by its run periods from its RPM, as the compliance report finds them.
 */
export async function frostExplorerReport(
  db: Queryable,
  area: FrostArea,
  range: { from: Date; to: Date },
  now: Date,
): Promise<ReportDocument> {
  const night = explorerNight(range, area.timeZone);
  const data = await readSensorReadings(
    db,
    [...area.fans.map((fan) => fan.id), ...area.canopies.map((canopy) => canopy.id)],
    [...FROST_RECORD_METRICS, CANOPY_METRIC],
    night.from,
    new Date(Math.min(night.to.getTime() + NIGHT_FOLLOW_MS, now.getTime() + 1)),
  );
  const fans = fanReadingsOf(area, data);
  const within = (readings: readonly TimedValue[]) =>
    readings.filter((r) => r.t >= night.from.getTime() && r.t < night.to.getTime());
  const canopy = [
    ...area.canopies.map((sensor) => within(data.get(sensor.id)?.get(CANOPY_METRIC) ?? [])),
    ...area.fans.map((fan) => within(data.get(fan.id)?.get(FAN_METRICS.canopyTemperature) ?? [])),
  ].filter((readings) => readings.length > 0);
  const tower = fans.map((fan) => within(fan.tower)).filter((readings) => readings.length > 0);
  const wind = fans.map((fan) => within(fan.wind)).filter((readings) => readings.length > 0);
  const end = Math.min(now.getTime(), night.to.getTime());
  const stepMs = explorerStepMs(canopy.length > 0 ? canopy : tower);
  const steps = explorerSteps({
    night,
    stepMs,
    canopy,
    tower,
    wind,
    fans: fans.map((fan) => ({ label: fan.label, runs: findRuns(fan.rpm) })),
    end,
  });
  const window = { from: night.from.getTime(), to: night.to.getTime() };
  const runs = fans
    .flatMap((fan) => frostRuns(fan, area.rules, area.timeZone, window, now.getTime()))
    .sort((a, b) => a.start.localeCompare(b.start) || a.fan - b.fan);
  return frostExplorerDocument(
    { site: area.siteLabel, area: area.areaLabel },
    { ...night, timeZone: area.timeZone },
    area.rules,
    stepMs,
    steps,
    runs,
  );
}
