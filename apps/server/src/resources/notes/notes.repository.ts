/** SQL of notes: an area's notes, newest first, and a new note. */
import { asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notes } from '../../db/schema.ts';
import type { NoteRow } from './note.presenter.ts';

export function listNotesOfArea(db: Database, areaId: number): Promise<NoteRow[]> {
  return (
    db
      .select()
      .from(notes)
      .where(eq(notes.areaId, areaId))
      // Newest first overall is also newest first per target (§3).
      .orderBy(desc(notes.createdAt), desc(notes.id), asc(notes.targetId))
  );
}

export async function insertNote(
  db: Database,
  values: Omit<typeof notes.$inferInsert, 'id'>,
): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  if (!row) throw new Error('note insert returned nothing');
  return row;
}
