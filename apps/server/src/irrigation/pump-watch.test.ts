/**
 * A pump's fault pauses the programs it feeds when they have autoProgramPause, and its recovery
 * resumes those it paused when they have autoProgramResume (§3 pump actions), through the
 * followup of the ingest batch that heard from the pump. On PGlite, or PostgreSQL with
 * DATABASE_URL.
 */
import type { ProgramStatus, PumpAction, SensorTopic } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { recordFollowup, runFollowups } from '../ingest/followups.ts';
import { pumpWatchFollowup, watchPumps } from './pump-watch.ts';
import { createTestDatabase } from '../../test/helpers/database.ts';
import { seedTestFarm, type TestFarm } from '../../test/helpers/farm.ts';

let handle: DatabaseHandle;
let farm: TestFarm;
const now = new Date('2026-11-21T09:00:00.000Z');
const log = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  handle = await createTestDatabase();
  farm = await seedTestFarm(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

const status = (activity: ProgramStatus['activity']): ProgramStatus => ({
  activity,
  startTime: new Date(now.getTime() - 600_000).toISOString(),
  endTime: new Date(now.getTime() + 3_600_000).toISOString(),
  stoppedTime: null,
  requestActive: false,
  requestId: null,
});

async function setProgram(activity: ProgramStatus['activity'], pumpActions: PumpAction[]) {
  const program = farm.programs.a;
  await handle.db
    .update(t.programs)
    .set({ status: status(activity), schedule: { ...program.schedule, pumpActions } })
    .where(eq(t.programs.id, program.id));
}

async function pumpReports(fault: 0 | 1) {
  const topics: SensorTopic[] = [
    { metric: 'fault', type: 'digital', lastValue: fault, timestamp: now.toISOString() },
  ];
  await handle.db
    .update(t.controls)
    .set({ topics })
    .where(eq(t.controls.id, farm.controls.pump.id));
  await watchPumps(handle.db, { controlIds: [farm.controls.pump.id], now, log });
}

async function programRequests() {
  const rows = await handle.db
    .select()
    .from(t.requests)
    .where(eq(t.requests.targetId, farm.programs.a.id))
    .orderBy(t.requests.id);
  return rows.filter((row) => row.type === 'program').map((row) => row.action);
}

async function activity() {
  const [row] = await handle.db
    .select({ status: t.programs.status })
    .from(t.programs)
    .where(eq(t.programs.id, farm.programs.a.id));
  return row?.status.activity;
}

const holds = () => handle.db.select().from(t.programPumpHolds);

beforeEach(async () => {
  await handle.db.delete(t.programPumpHolds);
  await handle.db.delete(t.requests);
});

describe('pump watch', () => {
  it('pauses on a fault with autoProgramPause and resumes on recovery with autoProgramResume', async () => {
    await setProgram('running', [
      'autoPumpStart',
      'autoPumpStop',
      'autoProgramPause',
      'autoProgramResume',
    ]);
    await pumpReports(1);
    expect(await programRequests()).toEqual(['pause']);
    expect(await activity()).toBe('pausing');
    expect(await holds()).toHaveLength(1);
    const [request] = await handle.db.select().from(t.requests);
    expect(request?.requestedBy).toBeNull();

    // The fault goes on being reported: nothing more is asked.
    await pumpReports(1);
    expect(await programRequests()).toEqual(['pause']);

    // The runner has paused the run; the pump recovers.
    await setProgram('paused', [
      'autoPumpStart',
      'autoPumpStop',
      'autoProgramPause',
      'autoProgramResume',
    ]);
    await pumpReports(0);
    expect(await programRequests()).toEqual(['pause', 'resume']);
    expect(await activity()).toBe('resuming');
    expect(await holds()).toHaveLength(0);
  });

  it('leaves the program alone without autoProgramPause', async () => {
    await setProgram('running', ['autoPumpStart', 'autoPumpStop']);
    await pumpReports(1);
    expect(await programRequests()).toEqual([]);
    expect(await activity()).toBe('running');
  });

  it('keeps a program paused on recovery without autoProgramResume', async () => {
    await setProgram('running', ['autoProgramPause']);
    await pumpReports(1);
    await setProgram('paused', ['autoProgramPause']);
    await pumpReports(0);
    expect(await programRequests()).toEqual(['pause']);
    expect(await activity()).toBe('paused');
    expect(await holds()).toHaveLength(0);
  });

  it('never resumes a program the operator paused', async () => {
    await setProgram('paused', ['autoProgramPause', 'autoProgramResume']);
    await pumpReports(0);
    expect(await programRequests()).toEqual([]);
  });

  it('runs as the followup of the batch that heard from the pump', async () => {
    await setProgram('running', ['autoProgramPause', 'autoProgramResume']);
    await handle.db
      .update(t.controls)
      .set({
        topics: [{ metric: 'fault', type: 'digital', lastValue: 1, timestamp: now.toISOString() }],
      })
      .where(eq(t.controls.id, farm.controls.pump.id));
    await handle.db.transaction((tx) =>
      recordFollowup(tx, {
        sensors: [],
        controls: [farm.controls.pump.id],
        radios: [],
        units: [],
        readingsInserted: 1,
        deadLettered: 0,
      }),
    );
    const result = await runFollowups(
      handle.db,
      [pumpWatchFollowup({ clock: { now: () => now }, log })],
      log,
    );
    expect(result).toEqual({ done: 1, failed: 0 });
    expect(await programRequests()).toEqual(['pause']);
  });
});
