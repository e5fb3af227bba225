/** Units' SQL for their own routes (the site's list lives with the sites). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { units } from '../../db/schema.ts';
import type { UnitRow } from '../sites/site.presenter.ts';

export async function findUnit(db: Database, id: number): Promise<UnitRow | null> {
  const [row] = await db.select().from(units).where(eq(units.id, id));
  return row ?? null;
}

export async function updateUnitInterval(
  db: Database,
  id: number,
  reportIntervalSeconds: number,
): Promise<UnitRow | null> {
  const [row] = await db
    .update(units)
    .set({ reportIntervalSeconds })
    .where(eq(units.id, id))
    .returning();
  return row ?? null;
}
