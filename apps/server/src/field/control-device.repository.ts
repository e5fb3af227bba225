/**
 * Where commands to a control (or to a frost fan's controller) go: its radio, else its unit —
 * the same device its config is published on (provisioning.ts) — at its area's site. One query
 * for the dispatcher (one control) and the program runner (an area's controls).
 */
import type { RunControl } from '@paddock/domain';
import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { areas, controls, radios, sensors, units } from '../db/schema.ts';

/** The device a command reaches: the radio's, else the unit's; null on neither. */
function commandDevice(siteId: number, radio: string | null, unit: string | null) {
  const serialno = radio ?? unit;
  return serialno === null ? null : { siteId, serialno };
}

export async function controlDevices(db: Database, where: SQL | undefined): Promise<RunControl[]> {
  const rows = await db
    .select({
      id: controls.id,
      type: controls.type,
      section: controls.sectionId,
      siteId: areas.siteId,
      radioSerialno: radios.serialno,
      unitSerialno: units.serialno,
    })
    .from(controls)
    .innerJoin(areas, eq(areas.id, controls.areaId))
    .leftJoin(radios, eq(radios.id, controls.radioId))
    .leftJoin(units, eq(units.id, controls.unitId))
    .where(where);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    section: row.section,
    device: commandDevice(row.siteId, row.radioSerialno, row.unitSerialno),
  }));
}

/** Where a command to a control goes, or null for an unknown or unwired one. */
export async function deviceOfControl(db: Database, controlId: number) {
  const [control] = await controlDevices(db, eq(controls.id, controlId));
  return control?.device ?? null;
}

/**
 * Where a command to a sensor goes (a frost fan's engine controller): its radio, else its unit,
 * as its config is published; null for a sensor on neither, which no command reaches.
 */
export async function deviceOfSensor(
  db: Database,
  sensorId: number,
): Promise<{ siteId: number; serialno: string } | null> {
  const [row] = await db
    .select({ siteId: sensors.siteId, radio: radios.serialno, unit: units.serialno })
    .from(sensors)
    .leftJoin(radios, eq(radios.id, sensors.radioId))
    .leftJoin(units, eq(units.id, sensors.unitId))
    .where(eq(sensors.id, sensorId));
  return row ? commandDevice(row.siteId, row.radio, row.unit) : null;
}
