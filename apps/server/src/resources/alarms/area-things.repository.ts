/**
 * Whether an id names a thing of an area, by kind (§3 meta types): alarm and note targets; and
 * which sensor of the area a fan-should-run rule names.
 */
import type { AlarmRule, MetaType } from '@paddock/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import type { AuditSubject } from '../../http/touched.ts';
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

/**
 * The names of the things an alarm's rule may target that have a history of their own (the kinds
 * the permission check resolves), as the audit log names them: a radio or unit by its serial.
 */
const SUBJECT_NAMES: Partial<Record<MetaType, { table: string; name: SQL }>> = {
  section: { table: 'sections', name: sql`label` },
  control: { table: 'controls', name: sql`label` },
  sensor: { table: 'sensors', name: sql`label` },
  radio: { table: 'radios', name: sql`'radio ' || serialno` },
  unit: { table: 'units', name: sql`'unit ' || serialno` },
};

/**
 * What a change to an alarm is about for the audit log (http/touched.ts): the thing its rule
 * watches, so a fan's start temperature (a fan-should-run rule's) is in that fan's history. Null
 * for a rule on the site or the area, which the path's area already names, or a thing gone.
 */
export async function alarmSubjectOf(
  db: Database,
  rule: Pick<AlarmRule, 'target' | 'targetType'>,
): Promise<AuditSubject | null> {
  const names = SUBJECT_NAMES[rule.targetType];
  if (!names) return null;
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select ${names.name} as name from ${sql.identifier(names.table)} where id = ${rule.target}`,
  );
  return row ? { kind: rule.targetType, id: rule.target, label: row.name } : null;
}
