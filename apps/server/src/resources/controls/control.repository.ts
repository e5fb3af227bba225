/** The SQL of the control calls: an area's controls, one control, and its lock for a test. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { controls } from '../../db/schema.ts';
import type { ControlRow } from './control.presenter.ts';

export function controlsOfArea(db: Database, areaId: number): Promise<ControlRow[]> {
  return db
    .select()
    .from(controls)
    .where(eq(controls.areaId, areaId))
    .orderBy(asc(controls.number), asc(controls.id));
}

export async function findControl(db: Database, id: number): Promise<ControlRow | null> {
  const [row] = await db.select().from(controls).where(eq(controls.id, id));
  return row ?? null;
}

/** Locks the control until the transaction ends; answers whether it exists. */
export async function lockControl(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: controls.id })
    .from(controls)
    .where(eq(controls.id, id))
    .for('update');
  return rows.length > 0;
}
