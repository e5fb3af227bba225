/**
 * The frost forecast's SQL (issue 31): a frost area's forecast row per night, its fitted nights,
 * the morning's observation, the early warning's once-a-night claim, and the sensors of a site
 * that can serve as an area's reference. frost-forecast.ts makes the forecasts; the warning's
 * alarm rows are frost-watch/frost-alarm.repository.ts's.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/database.ts';
import { areas, frostForecasts, sensors, sites } from '../db/schema.ts';

export type ForecastRow = typeof frostForecasts.$inferSelect;
export type ForecastInsert = typeof frostForecasts.$inferInsert;

/** The area's rows whose nights meet these conditions (every one of them). */
function areaNights(areaId: number, ...conditions: SQL[]) {
  return and(eq(frostForecasts.areaId, areaId), ...conditions);
}

/** The area's row of the night: the table's key. */
function areaNight(areaId: number, night: string) {
  return areaNights(areaId, eq(frostForecasts.night, night));
}

/** Every frost area with its site's location, zone and tags. */
export async function frostAreaRows(db: Queryable, areaId?: number) {
  return db
    .select({
      id: areas.id,
      siteId: areas.siteId,
      location: sites.location,
      config: sites.config,
      tags: sites.tags,
    })
    .from(areas)
    .innerJoin(sites, eq(sites.id, areas.siteId))
    .where(and(eq(areas.type, 'frost'), areaId === undefined ? undefined : eq(areas.id, areaId)))
    .orderBy(asc(areas.id));
}

/** The site's sensors with their area, for the reference readings. */
export async function siteSensorRows(db: Queryable, siteId: number) {
  return db
    .select({
      id: sensors.id,
      areaId: sensors.areaId,
      type: sensors.type,
      tags: sensors.tags,
      topics: sensors.topics,
    })
    .from(sensors)
    .innerJoin(areas, eq(areas.id, sensors.areaId))
    .where(eq(areas.siteId, siteId))
    .orderBy(asc(sensors.id));
}

export async function findForecastRow(db: Queryable, areaId: number, night: string) {
  const [row] = await db.select().from(frostForecasts).where(areaNight(areaId, night));
  return row;
}

/** The area's rows of nights from `from` to `to` (inclusive), newest first. */
export async function forecastRowsBetween(db: Queryable, areaId: number, from: string, to: string) {
  return db
    .select()
    .from(frostForecasts)
    .where(areaNights(areaId, gte(frostForecasts.night, from), lte(frostForecasts.night, to)))
    .orderBy(desc(frostForecasts.night));
}

/** The nights since `from` that have a row, with what the round needs to know of each. */
export async function forecastNightsSince(db: Queryable, areaId: number, from: string) {
  const rows = await db
    .select({
      night: frostForecasts.night,
      observedAt: frostForecasts.observedAt,
      complete: sql<boolean>`(${frostForecasts.t2} is not null and ${frostForecasts.observedMin} is not null)`,
      createdAt: frostForecasts.createdAt,
      modifiedAt: frostForecasts.modifiedAt,
    })
    .from(frostForecasts)
    .where(areaNights(areaId, gte(frostForecasts.night, from)));
  return new Map(rows.map((row) => [row.night, row]));
}

/** The area's radiative nights before `night` with all the fit needs. */
export async function fitNightRows(db: Queryable, areaId: number, night: string) {
  return db
    .select({
      t2: frostForecasts.t2,
      td2: frostForecasts.td2,
      observedMin: frostForecasts.observedMin,
    })
    .from(frostForecasts)
    .where(
      areaNights(
        areaId,
        lt(frostForecasts.night, night),
        eq(frostForecasts.radiative, true),
        isNotNull(frostForecasts.t2),
        isNotNull(frostForecasts.td2),
        isNotNull(frostForecasts.observedMin),
      ),
    );
}

/**
 * Writes the night's evaluation, keeping what the morning observed and the warning's claim: a
 * second evaluation of the same night ("forecast now") replaces the first's numbers only.
 */
export async function saveForecastEvaluation(db: Queryable, row: ForecastInsert) {
  const evaluation = { ...row };
  delete evaluation.warnedAt;
  delete evaluation.createdAt;
  const [saved] = await db
    .insert(frostForecasts)
    .values(row)
    .onConflictDoUpdate({
      target: [frostForecasts.areaId, frostForecasts.night],
      set: evaluation,
    })
    .returning();
  if (!saved) throw new Error(`frost forecast ${row.areaId} ${row.night} not saved`);
  return saved;
}

/** Stores the morning's observed minimum and the radiative-night verdict. */
export async function saveObservation(
  db: Queryable,
  areaId: number,
  night: string,
  observation: { observedMin: number | null; radiative: boolean; observedAt: Date },
) {
  await db
    .update(frostForecasts)
    .set({ ...observation, modifiedAt: observation.observedAt })
    .where(areaNight(areaId, night));
}

/**
 * Claims the night's early warning: true for exactly one caller, whatever the number of
 * processes or restarts, since the update sets warned_at only where it is still unset.
 */
export async function claimWarning(
  db: Queryable,
  areaId: number,
  night: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(frostForecasts)
    .set({ warnedAt: now })
    .where(and(areaNight(areaId, night), isNull(frostForecasts.warnedAt)))
    .returning({ areaId: frostForecasts.areaId });
  return rows.length === 1;
}
