/** What the irrigation tests share: the run a program has stored. */
import { runStateSchema, type RunState } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';

/** The program's run as stored (program_runs.state), parsed as the runner parses it. */
export async function storedRun(db: Database, programId: number): Promise<RunState> {
  const [row] = await db.select().from(t.programRuns).where(eq(t.programRuns.programId, programId));
  if (!row) throw new Error(`program ${programId} has no run`);
  return runStateSchema.parse(row.state);
}
