/** SQL of radios: the radios of an area, one radio and its edit (its pings: requests/). */
import type { RadioUpdateBody } from '@paddock/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { rowsFingerprint } from '../../db/row-versions.ts';
import { tableVersionsOf } from '../../db/table-versions.ts';
import { areas, radios, sections } from '../../db/schema.ts';
import type { RadioRow } from './radio.presenter.ts';

/** One indexed query (radios_area_idx); the console fetches it per area, often. */
export function listRadiosOfArea(db: Database, areaId: number): Promise<RadioRow[]> {
  return db.select().from(radios).where(eq(radios.areaId, areaId)).orderBy(asc(radios.id));
}

/**
 * A text that changes whenever the area's radio rows do: embedded, the radios table's version
 * (no statement; db/table-versions.ts), otherwise a fingerprint of the rows (db/row-versions.ts;
 * served by radios_area_idx).
 */
export async function radiosOfAreaVersion(db: Database, areaId: number): Promise<string> {
  const embedded = tableVersionsOf(db);
  if (embedded) return embedded.of(['radios']);
  const [row] = await radiosOfAreaVersionStatement(db).execute({ areaId });
  return row?.fingerprint ?? '';
}

const radiosOfAreaVersionStatement = perDatabase((db) =>
  db
    .select({ fingerprint: rowsFingerprint(radios, radios.id) })
    .from(radios)
    .where(eq(radios.areaId, sql.placeholder('areaId')))
    .prepare('radios_of_area_version'),
);

export async function findRadio(db: Database, id: number): Promise<RadioRow | null> {
  const [row] = await db.select().from(radios).where(eq(radios.id, id));
  return row ?? null;
}

/** Whether the section lies in an area of the site. */
export async function isSectionOfSite(
  db: Database,
  sectionId: number,
  siteId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sections.id })
    .from(sections)
    .innerJoin(areas, eq(areas.id, sections.areaId))
    .where(and(eq(sections.id, sectionId), eq(areas.siteId, siteId)));
  return row !== undefined;
}

/** The ids among `ids` that are radios of the site. */
export async function radioIdsOfSite(
  db: Database,
  ids: number[],
  siteId: number,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: radios.id })
    .from(radios)
    .where(and(inArray(radios.id, ids), eq(radios.siteId, siteId)));
  return new Set(rows.map((row) => row.id));
}

export async function updateRadio(
  db: Database,
  id: number,
  body: RadioUpdateBody,
): Promise<RadioRow | null> {
  const [row] = await db
    .update(radios)
    .set({
      sectionId: body.section,
      location: body.location,
      tags: body.tags,
      config: body.config,
      reportIntervalSeconds: body.reportIntervalSeconds,
      devEui: body.devEui,
    })
    .where(eq(radios.id, id))
    .returning();
  return row ?? null;
}

/** Whether another radio than `id` has the devEUI (radios_dev_eui_idx keeps it to one). */
export async function isDevEuiTaken(db: Database, devEui: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: radios.id })
    .from(radios)
    .where(and(eq(radios.devEui, devEui), ne(radios.id, id)));
  return row !== undefined;
}
