/** SQL of notes: an area's notes, newest first, one note, a new note and its delete. */
import { asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notes, users } from '../../db/schema.ts';
import type { NoteRow } from './note.presenter.ts';

/** Notes with their author's name: a left join, since a gone user leaves the note. */
function selectNotes(db: Queryable) {
  return db
    .select({
      ...getTableColumns(notes),
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
    })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.createdBy));
}

type SelectedNote = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

function noteRow({ authorFirstName, authorLastName, ...note }: SelectedNote): NoteRow {
  return {
    ...note,
    author:
      authorFirstName === null || authorLastName === null
        ? null
        : { firstName: authorFirstName, lastName: authorLastName },
  };
}

export async function listNotesOfArea(db: Queryable, areaId: number): Promise<NoteRow[]> {
  const rows = await selectNotes(db)
    .where(eq(notes.areaId, areaId))
    // Newest first overall is also newest first per target (§3).
    .orderBy(desc(notes.createdAt), desc(notes.id), asc(notes.targetId));
  return rows.map(noteRow);
}

export async function findNote(db: Queryable, id: number): Promise<NoteRow | null> {
  const [row] = await selectNotes(db).where(eq(notes.id, id));
  return row ? noteRow(row) : null;
}

export async function insertNote(
  db: Queryable,
  values: Omit<typeof notes.$inferInsert, 'id'>,
): Promise<NoteRow> {
  const [row] = await db.insert(notes).values(values).returning({ id: notes.id });
  const inserted = row && (await findNote(db, row.id));
  if (!inserted) throw new Error('note insert returned nothing');
  return inserted;
}

/** Deletes the note; false when there was none. */
export async function deleteNoteRow(db: Queryable, id: number): Promise<boolean> {
  const deleted = await db.delete(notes).where(eq(notes.id, id)).returning({ id: notes.id });
  return deleted.length > 0;
}
