/** Note rows as the console reads them (§3 Note), with their author's name. */
import { personName, type Note } from '@paddock/domain';
import type { notes } from '../../db/schema.ts';

/** A note with the name of the user who wrote it (null once that user is gone). */
export type NoteRow = typeof notes.$inferSelect & {
  author: { firstName: string; lastName: string } | null;
};

/** `callerId`: who asks, so the answer says which notes are theirs to delete. */
export function presentNote(row: NoteRow, callerId: number): Note {
  return {
    id: row.id,
    target: row.targetId,
    targetType: row.targetType,
    area: row.areaId,
    text: row.text,
    timestamp: row.createdAt.toISOString(),
    author:
      row.createdBy === null || row.author === null
        ? null
        : { id: row.createdBy, name: personName(row.author) },
    mine: row.createdBy === callerId,
  };
}
