/**
 * Frost protection's SQL (issue 15): a site's frost rules, an area with its site and rules, the
 * area's sensors with their radio's overdue flag, sensors' readings over a range, and the names
 * and events the frost reports list. frost-data.ts and frost-night-report.ts shape the rows.
 */
import type { FrostRules } from '@paddock/domain';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import {
  alarms,
  areas,
  controls,
  events,
  frostRules,
  radios,
  readings,
  sections,
  sensors,
  series,
  sites,
  units,
} from '../db/schema.ts';

/** The site's tags (its region names the default rules); undefined when the site is gone. */
export async function findSiteTags(db: Queryable, siteId: number) {
  const [site] = await db.select({ tags: sites.tags }).from(sites).where(eq(sites.id, siteId));
  return site;
}

/** The site's own frost rules row; undefined when it keeps its region's default. */
export async function findFrostRulesRow(db: Queryable, siteId: number) {
  const [row] = await db.select().from(frostRules).where(eq(frostRules.siteId, siteId));
  return row;
}

export async function writeSiteFrostRules(
  db: Queryable,
  siteId: number,
  rules: FrostRules,
  now: Date,
) {
  await db
    .insert(frostRules)
    .values({ siteId, rules, modifiedAt: now })
    .onConflictDoUpdate({ target: frostRules.siteId, set: { rules, modifiedAt: now } });
}

/** The area with its site and the site's own frost rules (null: the default); undefined: gone. */
export async function findFrostAreaRow(db: Queryable, areaId: number) {
  const [area] = await db
    .select({
      id: areas.id,
      label: areas.label,
      siteId: areas.siteId,
      siteLabel: sites.label,
      config: sites.config,
      tags: sites.tags,
      rules: frostRules.rules,
    })
    .from(areas)
    .innerJoin(sites, eq(sites.id, areas.siteId))
    .leftJoin(frostRules, eq(frostRules.siteId, areas.siteId))
    .where(eq(areas.id, areaId));
  return area;
}

/** The area's sensors with their radio's overdue flag, by id. */
export async function frostSensorRows(db: Queryable, areaId: number) {
  return db
    .select({
      id: sensors.id,
      type: sensors.type,
      label: sensors.label,
      radioId: sensors.radioId,
      tags: sensors.tags,
      topics: sensors.topics,
      overdue: radios.overdue,
    })
    .from(sensors)
    .leftJoin(radios, eq(radios.id, sensors.radioId))
    .where(eq(sensors.areaId, areaId))
    .orderBy(asc(sensors.id));
}

/** Readings of sensors' metrics in [from, to), by series then time. */
export async function sensorReadingRows(
  db: Queryable,
  sensorIds: readonly number[],
  metrics: readonly string[],
  from: Date,
  to: Date,
) {
  return db
    .select({
      thingId: series.thingId,
      metric: series.metric,
      time: readings.time,
      value: readings.value,
    })
    .from(series)
    .innerJoin(readings, eq(readings.seriesId, series.id))
    .where(
      and(
        eq(series.thingType, 'sensor'),
        inArray(series.thingId, [...sensorIds]),
        inArray(series.metric, [...metrics]),
        gte(readings.time, from),
        lt(readings.time, to),
      ),
    )
    .orderBy(asc(readings.seriesId), asc(readings.time));
}

type TargetName = { id: number; name: string };

/** How each kind of event target is named: its label, or the serial number of hardware. */
export const TARGET_NAMES: Record<string, (db: Queryable, ids: number[]) => Promise<TargetName[]>> =
  {
    sensor: (db, ids) =>
      db
        .select({ id: sensors.id, name: sensors.label })
        .from(sensors)
        .where(inArray(sensors.id, ids)),
    section: (db, ids) =>
      db
        .select({ id: sections.id, name: sections.label })
        .from(sections)
        .where(inArray(sections.id, ids)),
    control: (db, ids) =>
      db
        .select({ id: controls.id, name: controls.label })
        .from(controls)
        .where(inArray(controls.id, ids)),
    radio: (db, ids) =>
      db
        .select({ id: radios.id, name: radios.serialno })
        .from(radios)
        .where(inArray(radios.id, ids)),
    unit: (db, ids) =>
      db.select({ id: units.id, name: units.serialno }).from(units).where(inArray(units.id, ids)),
  };

/**
 * The area's events in [from, to), oldest first, with their alarm's label; narrowed to events on
 * these sensors (`things`) unless none are given.
 */
export async function frostEventRows(
  db: Queryable,
  areaId: number,
  range: { from: Date; to: Date },
  things: readonly number[],
) {
  return db
    .select({
      createdAt: events.createdAt,
      type: events.type,
      targetType: events.targetType,
      targetId: events.targetId,
      message: events.message,
      open: events.open,
      acknowledgedAt: events.acknowledgedAt,
      acknowledgedBy: events.acknowledgedBy,
      alarm: alarms.label,
    })
    .from(events)
    .leftJoin(alarms, eq(alarms.id, events.alarmId))
    .where(
      and(
        eq(events.areaId, areaId),
        gte(events.createdAt, range.from),
        lt(events.createdAt, range.to),
        things.length === 0
          ? undefined
          : and(eq(events.targetType, 'sensor'), inArray(events.targetId, [...things])),
      ),
    )
    .orderBy(asc(events.createdAt), asc(events.id));
}
