/**
 * Flow supervision's SQL on zone_flows and meter_flows (issue 30 item 1): a zone's limits,
 * designed and learned flow, read with its section (a zone with no row yet has the defaults);
 * a water meter's limits and the supervisor's state between readings.
 */
import type { MeterFlowLimitsInput, MeterFlowState, ZoneFlowLimitsInput } from '@paddock/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { areas, meterFlows, sections, sensors, zoneFlows } from '../../db/schema.ts';

export type ZoneFlowRow = {
  sectionId: number;
  label: string;
  areaId: number;
  siteId: number;
  limits: ZoneFlowLimitsInput | null;
  designedFlow: number | null;
  learnedFlow: number | null;
  learnedRuns: number;
  learnedAt: Date | null;
};

async function zoneFlowRows(db: Database, where: SQL | undefined): Promise<ZoneFlowRow[]> {
  const rows = await db
    .select({
      sectionId: sections.id,
      label: sections.label,
      areaId: sections.areaId,
      siteId: areas.siteId,
      limits: zoneFlows.limits,
      designedFlow: zoneFlows.designedFlow,
      learnedFlow: zoneFlows.learnedFlow,
      learnedRuns: zoneFlows.learnedRuns,
      learnedAt: zoneFlows.learnedAt,
    })
    .from(sections)
    .innerJoin(areas, eq(areas.id, sections.areaId))
    .leftJoin(zoneFlows, eq(zoneFlows.sectionId, sections.id))
    .where(where)
    .orderBy(sections.number, sections.id);
  return rows.map((row) => ({ ...row, learnedRuns: row.learnedRuns ?? 0 }));
}

/** A zone with its flow settings; undefined when there is no such section. */
export async function zoneFlowOf(db: Database, sectionId: number) {
  const [row] = await zoneFlowRows(db, eq(sections.id, sectionId));
  return row;
}

/** Every zone of an area with its flow settings, in zone order. */
export async function zoneFlowsOfArea(db: Database, areaId: number) {
  return zoneFlowRows(db, eq(sections.areaId, areaId));
}

/** Sets a zone's limits and designed flow, keeping what it has learned. */
export async function saveZoneFlowSettings(
  db: Database,
  zone: { sectionId: number; siteId: number },
  settings: { limits: ZoneFlowLimitsInput; designedFlow: number | null },
) {
  await db
    .insert(zoneFlows)
    .values({ ...zone, ...settings })
    .onConflictDoUpdate({ target: zoneFlows.sectionId, set: settings });
}

/** Keeps what each zone learned (a flow, or null with the runs it had), at `at`. */
export async function saveLearnedFlows(
  db: Database,
  learned: readonly { sectionId: number; siteId: number; flow: number | null; runs: number }[],
  at: Date,
) {
  for (const zone of learned) {
    const values = { learnedFlow: zone.flow, learnedRuns: zone.runs, learnedAt: at };
    await db
      .insert(zoneFlows)
      .values({ sectionId: zone.sectionId, siteId: zone.siteId, ...values })
      .onConflictDoUpdate({ target: zoneFlows.sectionId, set: values });
  }
}

export type MeterFlowRow = {
  sensorId: number;
  label: string;
  type: string;
  areaId: number;
  siteId: number;
  limits: MeterFlowLimitsInput | null;
  state: MeterFlowState | null;
};

const meterColumns = {
  sensorId: sensors.id,
  label: sensors.label,
  type: sensors.type,
  areaId: sensors.areaId,
  siteId: sensors.siteId,
  limits: meterFlows.limits,
  state: meterFlows.state,
};

/** A sensor with its flow limits and the supervisor's state; undefined when there is none. */
export async function meterFlowOf(
  db: Database,
  sensorId: number,
): Promise<MeterFlowRow | undefined> {
  const [row] = await db
    .select(meterColumns)
    .from(sensors)
    .leftJoin(meterFlows, eq(meterFlows.sensorId, sensors.id))
    .where(eq(sensors.id, sensorId));
  return row;
}

/**
 * The water meters among these sensors that the supervisor watches: those in an irrigation area
 * (a tank outlet's meter in a water area feeds no zones), with their limits and state.
 */
export async function watchedMetersAmong(
  db: Database,
  sensorIds: readonly number[],
): Promise<MeterFlowRow[]> {
  if (sensorIds.length === 0) return [];
  return db
    .select(meterColumns)
    .from(sensors)
    .innerJoin(areas, eq(areas.id, sensors.areaId))
    .leftJoin(meterFlows, eq(meterFlows.sensorId, sensors.id))
    .where(
      and(
        inArray(sensors.id, [...sensorIds]),
        eq(sensors.type, 'watermeter'),
        eq(areas.type, 'irrigation'),
      ),
    );
}

/** Sets a meter's limits, keeping the supervisor's state. */
export async function saveMeterLimits(
  db: Database,
  meter: { sensorId: number; siteId: number },
  limits: MeterFlowLimitsInput,
) {
  await db
    .insert(meterFlows)
    .values({ ...meter, limits })
    .onConflictDoUpdate({ target: meterFlows.sensorId, set: { limits } });
}

/** Keeps the supervisor's state of a meter after the readings it judged. */
export async function saveMeterState(
  db: Database,
  meter: { sensorId: number; siteId: number },
  state: MeterFlowState,
  at: Date,
) {
  await db
    .insert(meterFlows)
    .values({ ...meter, state, updatedAt: at })
    .onConflictDoUpdate({
      target: meterFlows.sensorId,
      set: { state, updatedAt: sql`excluded.updated_at` },
    });
}
