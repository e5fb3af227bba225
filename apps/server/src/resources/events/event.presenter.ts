/** Event rows as the console reads them (§3 Event data). */
import { metaTypeSchema, type Event } from '@paddock/domain';
import type { events } from '../../db/schema.ts';

export type EventRow = typeof events.$inferSelect;

export function presentEvent(row: EventRow): Event {
  // target_type is free text in the table (the field link writes it); only meta types go out.
  const targetType = metaTypeSchema.safeParse(row.targetType);
  return {
    id: row.id,
    type: row.type,
    target: row.targetId,
    ...(targetType.success ? { targetType: targetType.data } : {}),
    area: row.areaId,
    message: row.message,
    open: row.open,
    timestamp: row.createdAt.toISOString(),
    alarm: row.alarmId,
    acknowledgedAt: row.acknowledgedAt ? row.acknowledgedAt.toISOString() : null,
    acknowledgedBy: row.acknowledgedBy,
  };
}
