/**
 * The pump watch's SQL (pump-watch.ts): the pumps among the controls a batch heard from, the
 * programs a pump feeds, and the holds (program_pump_holds) that record a program paused for a
 * pump's fault, so the pump's recovery resumes only the programs it paused.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { areas, controls, programPumpHolds, programs } from '../db/schema.ts';

/** The pumps among these controls, with their topics. */
export async function pumpsAmong(db: Database, controlIds: readonly number[]) {
  return db
    .select({ id: controls.id, topics: controls.topics })
    .from(controls)
    .where(and(inArray(controls.id, [...controlIds]), eq(controls.type, 'pump')));
}

/** The programs whose schedule has this pump among its attachments, with their area's site. */
export async function programsFedBy(db: Database, pumpId: number) {
  return db
    .select({
      id: programs.id,
      status: programs.status,
      schedule: programs.schedule,
      siteId: areas.siteId,
    })
    .from(programs)
    .innerJoin(areas, eq(areas.id, programs.areaId))
    .where(sql`${programs.schedule}->'attachments' @> ${JSON.stringify([pumpId])}::jsonb`);
}

/** The hold this pump has on this program, if any. */
export async function pumpHold(db: Database, programId: number, pumpId: number) {
  const [hold] = await db
    .select()
    .from(programPumpHolds)
    .where(and(eq(programPumpHolds.programId, programId), eq(programPumpHolds.pumpId, pumpId)));
  return hold;
}

/** Records that the pump holds the program (a hold already there stays as it is). */
export async function holdProgramForPump(
  db: Database,
  hold: { programId: number; pumpId: number; since: Date; requestId: number | null },
) {
  await db.insert(programPumpHolds).values(hold).onConflictDoNothing();
}

/** Releases the pump's hold on the program. */
export async function releasePumpHold(db: Database, programId: number, pumpId: number) {
  await db
    .delete(programPumpHolds)
    .where(and(eq(programPumpHolds.programId, programId), eq(programPumpHolds.pumpId, pumpId)));
}
