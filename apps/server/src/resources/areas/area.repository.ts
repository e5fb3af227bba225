/** SQL of areas: one area, and the three edits of PUT areas/{id}. */
import type { AreaUpdateBody } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { areas } from '../../db/schema.ts';
import type { AreaRow } from './area.presenter.ts';

export async function findArea(db: Database, id: number): Promise<AreaRow | null> {
  const [row] = await db.select().from(areas).where(eq(areas.id, id));
  return row ?? null;
}

/** `site` only names the area's site (checked by the route); it is never written. */
export async function updateArea(
  db: Database,
  id: number,
  body: AreaUpdateBody,
): Promise<AreaRow | null> {
  const changes =
    'label' in body
      ? { label: body.label }
      : 'alarmsActive' in body
        ? { alarmsActive: body.alarmsActive }
        : { snoozed: body.snoozed };
  const [row] = await db.update(areas).set(changes).where(eq(areas.id, id)).returning();
  return row ?? null;
}
