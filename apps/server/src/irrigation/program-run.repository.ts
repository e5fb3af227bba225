/**
 * The program runner's SQL: a run as stored (program_runs, saved only at the version read), the
 * program and controls a run is planned from, what the console reads after a step (programs.status
 * and zones, controls.application, an event on the area), and the program requests whose claim
 * has lapsed.
 */
import type {
  ProgramStatus,
  ProgramZone,
  RunControl,
  RunControlState,
  RunProgram,
  RunState,
} from '@paddock/domain';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../db/client.ts';
import { areas, controls, events, programRuns, programs } from '../db/schema.ts';
import { controlDevices } from '../field/control-device.repository.ts';

/** The run as stored (program_runs.state, read by the domain's stepStoredRun) and its version. */
export async function loadRun(
  db: Database,
  programId: number,
): Promise<{ raw: unknown; version: number } | null> {
  const [row] = await db
    .select({ state: programRuns.state, version: programRuns.version })
    .from(programRuns)
    .where(eq(programRuns.programId, programId));
  return row ? { raw: row.state, version: row.version } : null;
}

/** The program parts a run is planned from and the controls of its area; null: no such program. */
export async function loadRunProgram(
  db: Database,
  programId: number,
): Promise<{ program: RunProgram; controls: RunControl[] } | null> {
  const [program] = await db.select().from(programs).where(eq(programs.id, programId));
  if (!program) return null;
  return {
    program: { id: program.id, schedule: program.schedule, zones: program.zones },
    controls: await controlDevices(db, eq(controls.areaId, program.areaId)),
  };
}

/**
 * Saves the run if it is still at the version read (null: there was none, and none may have been
 * saved since); false when another process won.
 */
export async function saveRunState(
  tx: Transaction,
  programId: number,
  readVersion: number | null,
  state: RunState,
  now: Date,
): Promise<boolean> {
  const saved =
    readVersion !== null
      ? await tx
          .update(programRuns)
          .set({ state, version: readVersion + 1, updatedAt: now })
          .where(and(eq(programRuns.programId, programId), eq(programRuns.version, readVersion)))
          .returning({ version: programRuns.version })
      : await tx
          .insert(programRuns)
          .values({ programId, state, version: 1, updatedAt: now })
          .onConflictDoNothing()
          .returning({ version: programRuns.version });
  return saved.length > 0;
}

/**
 * The program's shown status and zones, locked until the step's transaction ends, with its name
 * and where it is (what the site's webhooks are told of the run).
 */
export async function lockProgramView(
  tx: Transaction,
  programId: number,
): Promise<{
  status: ProgramStatus;
  zones: ProgramZone[];
  name: string;
  areaId: number;
  siteId: number;
} | null> {
  const [program] = await tx
    .select({
      status: programs.status,
      zones: programs.zones,
      name: programs.name,
      areaId: programs.areaId,
      siteId: areas.siteId,
    })
    .from(programs)
    .innerJoin(areas, eq(areas.id, programs.areaId))
    .where(eq(programs.id, programId))
    .for('update', { of: programs });
  return program ?? null;
}

export async function insertProgramEvent(
  tx: Transaction,
  areaId: number,
  programId: number,
  event: { type: 'error'; message: string },
  now: Date,
) {
  await tx.insert(events).values({
    areaId,
    type: event.type,
    targetType: 'program',
    targetId: programId,
    message: event.message,
    createdAt: now,
  });
}

export async function updateProgramView(
  tx: Transaction,
  programId: number,
  view: { status: ProgramStatus; zones: ProgramZone[] },
) {
  await tx
    .update(programs)
    .set({ status: view.status, zones: view.zones })
    .where(eq(programs.id, programId));
}

export async function updateControlState(tx: Transaction, control: RunControlState, now: Date) {
  await tx
    .update(controls)
    .set({
      application: control.application,
      startRequested: control.startRequested,
      isRunning: control.isRunning,
      modifiedAt: now,
    })
    .where(eq(controls.id, control.id));
}

/** Programs whose run is not stopped. */
export async function liveRunPrograms(db: Database): Promise<number[]> {
  const live = await db
    .select({ programId: programRuns.programId })
    .from(programRuns)
    .where(sql`${programRuns.state}->>'activity' is distinct from 'stopped'`);
  return live.map((row) => row.programId);
}

/**
 * Puts back as new the program requests pending since before `lapsed` that their program's run
 * has neither taken up (in its handled requests) nor made its own request (a start waiting for
 * its start time is pending on purpose); answers their ids.
 */
export async function reclaimLapsedProgramRequests(
  db: Database,
  now: Date,
  lapsed: Date,
): Promise<number[]> {
  const reclaimed = await queryRows<{ id: number }>(
    db,
    sql`update requests set status = 'new', updated_at = ${now}
        where status = 'pending' and type = 'program' and updated_at < ${lapsed}
          and not exists (
            select 1 from program_runs run
            where run.program_id = requests.target_id
              and (run.state->'handledRequests' @> to_jsonb(requests.id)
                   or run.state->'request'->>'id' = requests.id::text))
        returning id`,
  );
  return reclaimed.map((row) => row.id);
}
