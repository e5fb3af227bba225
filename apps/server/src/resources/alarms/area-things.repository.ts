/**
 * Whether an id names a thing of an area, by kind (§3 meta types): alarm and note targets; and
 * which sensor of the area a fan-should-run rule names.
 */
import type { MetaType } from '@paddock/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { controls, radios, sections, sensors, units } from '../../db/schema.ts';

export type AreaRef = { id: number; siteId: number };

/**
 * True when `targetId` is the area's site, the area itself, or a section, control, radio or
 * sensor of the area, or a unit of the site that serves the area.
 */
export async function isThingOfArea(
  db: Database,
  area: AreaRef,
  targetType: MetaType,
  targetId: number,
): Promise<boolean> {
  const exists = async (rows: Promise<unknown[]>) => (await rows).length > 0;
  switch (targetType) {
    case 'site':
      return targetId === area.siteId;
    case 'area':
      return targetId === area.id;
    case 'section':
      return exists(
        db
          .select({ id: sections.id })
          .from(sections)
          .where(and(eq(sections.id, targetId), eq(sections.areaId, area.id))),
      );
    case 'control':
      return exists(
        db
          .select({ id: controls.id })
          .from(controls)
          .where(and(eq(controls.id, targetId), eq(controls.areaId, area.id))),
      );
    case 'radio':
      return exists(
        db
          .select({ id: radios.id })
          .from(radios)
          .where(and(eq(radios.id, targetId), eq(radios.areaId, area.id))),
      );
    case 'sensor':
      return exists(
        db
          .select({ id: sensors.id })
          .from(sensors)
          .where(and(eq(sensors.id, targetId), eq(sensors.areaId, area.id))),
      );
    case 'unit':
      return exists(
        db
          .select({ id: units.id })
          .from(units)
          .where(
            and(
              eq(units.id, targetId),
              eq(units.siteId, area.siteId),
              sql`${area.id}::integer = any(${units.areaIds})`,
            ),
          ),
      );
  }
}

/** The sensor's type, tags and topics (what tells a frost fan), only when it is one of the area's. */
export async function findSensorOfArea(
  db: Database,
  area: AreaRef,
  sensorId: number,
): Promise<Pick<typeof sensors.$inferSelect, 'type' | 'tags' | 'topics'> | null> {
  const [row] = await db
    .select({ type: sensors.type, tags: sensors.tags, topics: sensors.topics })
    .from(sensors)
    .where(and(eq(sensors.id, sensorId), eq(sensors.areaId, area.id)));
  return row ?? null;
}
