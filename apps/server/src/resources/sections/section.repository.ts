/** SQL of sections: the zones of an area in number order, and the edit of one. */
import type { SectionUpdateBody } from '@paddock/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sections } from '../../db/schema.ts';
import type { SectionRow } from './section.presenter.ts';

export async function findSection(db: Database, id: number): Promise<SectionRow | null> {
  const [row] = await db.select().from(sections).where(eq(sections.id, id));
  return row ?? null;
}

/** Ordered by number (the zone's label order), then id so equal numbers still sort stably. */
export function listSectionsOfArea(db: Database, areaId: number): Promise<SectionRow[]> {
  return db
    .select()
    .from(sections)
    .where(eq(sections.areaId, areaId))
    .orderBy(asc(sections.number), asc(sections.id));
}

export async function updateSection(
  db: Database,
  id: number,
  body: SectionUpdateBody,
): Promise<SectionRow | null> {
  const [row] = await db
    .update(sections)
    .set({ label: body.label, outline: body.outline, location: body.location })
    .where(eq(sections.id, id))
    .returning();
  return row ?? null;
}
