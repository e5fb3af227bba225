/** The SQL of the program calls: the program itself and the parts of its area it may name. */
import type { ControlType } from '@paddock/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { controls, programs, sections } from '../../db/schema.ts';
import type { ProgramRow } from './program.presenter.ts';

export function programsOfArea(db: Database, areaId: number): Promise<ProgramRow[]> {
  return db.select().from(programs).where(eq(programs.areaId, areaId)).orderBy(asc(programs.id));
}

/** The program, locked until the transaction ends so two writers never act on the same state. */
export async function lockProgram(db: Database, id: number): Promise<ProgramRow | null> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id)).for('update');
  return row ?? null;
}

export async function updateProgram(
  db: Database,
  id: number,
  values: Partial<Pick<ProgramRow, 'name' | 'status' | 'schedule' | 'zones'>> & {
    modifiedAt: Date;
  },
): Promise<ProgramRow> {
  const [row] = await db.update(programs).set(values).where(eq(programs.id, id)).returning();
  if (!row) throw new Error(`program ${id} vanished during its update`);
  return row;
}

/** What of the area a program may refer to: its sections (zones) and its controls. */
export type AreaParts = {
  /** Section ids in the area's order (number), with their labels for messages. */
  sections: { id: number; label: string }[];
  controls: Map<number, ControlType>;
};

export async function areaParts(db: Database, areaId: number): Promise<AreaParts> {
  const sectionRows = await db
    .select({ id: sections.id, label: sections.label })
    .from(sections)
    .where(eq(sections.areaId, areaId))
    .orderBy(asc(sections.number), asc(sections.id));
  const controlRows = await db
    .select({ id: controls.id, type: controls.type })
    .from(controls)
    .where(eq(controls.areaId, areaId));
  return {
    sections: sectionRows,
    controls: new Map(controlRows.map((row) => [row.id, row.type])),
  };
}
