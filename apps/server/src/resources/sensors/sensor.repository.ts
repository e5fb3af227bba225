/** SQL of sensors: the sensors of an area and the edit of one. */
import type { SensorUpdateBody } from '@paddock/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sensors } from '../../db/schema.ts';
import type { SensorRow } from './sensor.presenter.ts';

export function listSensorsOfArea(db: Database, areaId: number): Promise<SensorRow[]> {
  return db.select().from(sensors).where(eq(sensors.areaId, areaId)).orderBy(asc(sensors.id));
}

export async function findSensor(db: Database, id: number): Promise<SensorRow | null> {
  const [row] = await db.select().from(sensors).where(eq(sensors.id, id));
  return row ?? null;
}

export async function updateSensor(
  db: Database,
  id: number,
  body: SensorUpdateBody,
): Promise<SensorRow | null> {
  const [row] = await db
    .update(sensors)
    .set({ label: body.label, location: body.location, tags: body.tags })
    .where(eq(sensors.id, id))
    .returning();
  return row ?? null;
}
