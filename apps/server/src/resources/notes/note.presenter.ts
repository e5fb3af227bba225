/** Note rows as the console reads them (§3 Note). */
import type { Note } from '@paddock/domain';
import type { notes } from '../../db/schema.ts';

export type NoteRow = typeof notes.$inferSelect;

export function presentNote(row: NoteRow): Note {
  return {
    id: row.id,
    target: row.targetId,
    targetType: row.targetType,
    area: row.areaId,
    text: row.text,
    timestamp: row.createdAt.toISOString(),
  };
}
