/**
 * A program can never stick. A zone variation of 1e308 once gave an infinite runtime, which the
 * stored run (jsonb) kept as null: every later step of the run failed to read it, and the program
 * stayed starting, then pausing, for good, with its pump on. Now every number of a program is
 * bounded by the domain's schemas; a stored run that cannot be read (written before those bounds,
 * or damaged) ends failed with an event, every valve and pump told to close; and a pause takes
 * effect from every open activity. The field link is a fake that records what the runner sends.
 */
import type { ProgramZone } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import type { CommandSettled } from '../field/command-link.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { waitFor } from '../../test/helpers/field.ts';
import {
  controlRow,
  fakeCommandLink,
  present,
  programRow,
  requestStatus as statusOf,
  startWorkerOnFakeLink,
  storedRun,
} from '../../test/helpers/run-kit.ts';

let testApp: TestApp;
const field = fakeCommandLink();
let worker: { close(): Promise<void> } | null = null;

const startWorker = () => startWorkerOnFakeLink(testApp, field);

beforeAll(async () => {
  testApp = await buildTestApp();
  worker = await startWorker();
});

afterAll(async () => {
  await worker?.close();
  await testApp?.close();
});

const programId = () => testApp.farm.programs.a.id;
const manager = () => testApp.farm.users.manager.id;

const program = () => programRow(testApp.db, programId());
const requestStatus = (id: number) => statusOf(testApp.db, id);
const control = (id: number) => controlRow(testApp.db, id);

async function put(payload: object) {
  testApp.clock.set(new Date());
  return testApp.as(manager(), {
    method: 'PUT',
    url: `/api/programs/${programId()}`,
    payload,
  });
}

async function post(action: 'start' | 'pause' | 'resume') {
  testApp.clock.set(new Date());
  return testApp.as(manager(), {
    method: 'POST',
    url: `/api/programs/${programId()}/${action}`,
    payload: {},
  });
}

/** The zones of the seeded program with one setting changed on the first. */
function zonesWith(setting: Partial<ProgramZone['setting']>): ProgramZone[] {
  return testApp.farm.programs.a.zones.map((zone, i) =>
    i === 0 ? { ...zone, setting: { ...zone.setting, ...setting } } : zone,
  );
}

/** The program as the farm seeded it, stopped, with no run, no request and no program event. */
async function resetProgram() {
  const seeded = testApp.farm.programs.a;
  await testApp.db.delete(t.programRuns);
  await testApp.db.delete(t.requests);
  await testApp.db.delete(t.events).where(eq(t.events.targetType, 'program'));
  await testApp.db
    .update(t.programs)
    .set({ status: seeded.status, schedule: seeded.schedule, zones: seeded.zones })
    .where(eq(t.programs.id, seeded.id));
  field.sent.length = 0;
}

/** Waits until the run has recorded the id of its first command: it is quiet until answered. */
async function firstCommandRecorded() {
  await waitFor('the pump open', () => field.sent.some((c) => c.command.action === 'open'));
  const first = present(field.sent[0]);
  await waitFor('the run to record the command', async () =>
    (await storedRun(testApp.db, programId())).commands.some(
      (command) => command.commandId === first.commandId,
    ),
  );
}

/** Damages the stored run as an infinite number did: JSON keeps it as null. */
async function damageStoredRun() {
  const [row] = await testApp.db
    .select()
    .from(t.programRuns)
    .where(eq(t.programRuns.programId, programId()));
  const state = structuredClone(present(row).state) as {
    zones: { cycleMs: number | null }[];
  };
  for (const zone of state.zones) zone.cycleMs = null;
  await testApp.db
    .update(t.programRuns)
    .set({ state, version: present(row).version + 1 })
    .where(eq(t.programRuns.programId, programId()));
}

/** Settles every command sent so far as done, as the field link would announce it. */
async function settleAll(status: CommandSettled['status'] = 'done') {
  for (const command of field.sent.splice(0)) {
    if (!('controls' in command.command)) continue;
    await field.settle({
      commandId: command.commandId,
      requestId: command.requestId,
      programRunId: command.programRunId,
      siteId: command.siteId,
      serialno: command.serialno,
      action: command.command.action,
      controls: command.command.controls,
      status,
      reason: null,
    });
  }
}

/** The controls the run has told to close since the last reset. */
function closed(): number[] {
  return field.sent.flatMap((command) =>
    command.command.action === 'close' ? command.command.controls : [],
  );
}

async function expectAllOff() {
  const { valve1, valve2, valve3, pump } = testApp.farm.controls;
  await waitFor('every valve and pump told to close', () =>
    [valve1.id, valve2.id, valve3.id, pump.id].every((id) => closed().includes(id)),
  );
  for (const id of [valve1.id, valve2.id, valve3.id, pump.id]) {
    expect(await control(id)).toMatchObject({
      startRequested: false,
      isRunning: false,
      application: { status: 'stopped' },
    });
  }
}

async function runEvents() {
  return testApp.db
    .select()
    .from(t.events)
    .where(and(eq(t.events.targetType, 'program'), eq(t.events.targetId, programId())));
}

beforeEach(async () => {
  await resetProgram();
  worker ??= await startWorker();
});

describe('every number of a program is bounded (400, nothing saved)', () => {
  const huge = 1e308;
  it.each<[string, () => object, string]>([
    [
      'a schedule variation of 1e308',
      () => ({
        schedule: {
          ...testApp.farm.programs.a.schedule,
          variations: [{ id: testApp.farm.sections.zone1.id, variation: huge, manual: false }],
        },
      }),
      'schedule.variations.0.variation',
    ],
    [
      'a control variation of 1e308',
      () => ({
        schedule: {
          ...testApp.farm.programs.a.schedule,
          controls: [{ id: testApp.farm.controls.valve1.id, variation: huge, exclude: false }],
        },
      }),
      'schedule.controls.0.variation',
    ],
    ['a zone variation of 1e308', () => ({ zones: zonesWith({ variation: huge }) }), 'variation'],
    ['a depth of 1e308 mm', () => ({ zones: zonesWith({ depth: huge }) }), 'depth'],
    ['a billion cycles', () => ({ zones: zonesWith({ cycles: 1e9 }) }), 'cycles'],
    ['a billion repeats', () => ({ zones: zonesWith({ repeatCount: 1e9 }) }), 'repeatCount'],
    [
      'repeats 1e308 hours apart',
      () => ({ zones: zonesWith({ repeatInterval: huge }) }),
      'repeatInterval',
    ],
    [
      'an application rate of 1e-300 mm/h',
      () => ({ zones: zonesWith({ applicationRate: 1e-300 }) }),
      'applicationRate',
    ],
    [
      'a zone that would water for a year',
      () => ({ zones: zonesWith({ depth: 200, applicationRate: 0.1 }) }),
      '',
    ],
  ])('%s', async (_, body, field) => {
    const before = await program();
    const response = await put(body());
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(field);
    expect(await program()).toEqual(before);
  });
});

describe('a stored run that cannot be read', () => {
  it('ends failed with an event: the program stopped and every valve and pump told to close', async () => {
    const start = await post('start');
    expect(start.statusCode).toBe(202);
    const startId = start.json<{ requestId: number }>().requestId;
    // The pump's open goes out first; the run waits for its answer.
    await firstCommandRecorded();
    await damageStoredRun();
    await settleAll();

    await waitFor(
      'the program stopped',
      async () => (await program()).status.activity === 'stopped',
    );
    expect((await program()).status).toMatchObject({ activity: 'stopped', requestActive: false });
    expect(await requestStatus(startId)).toBe('failed');
    await expectAllOff();
    const [event] = await runEvents();
    expect(event).toMatchObject({ type: 'error', areaId: testApp.farm.areas.irrigation.id });
    expect(event?.message).toMatch(/could not be read/);

    // The program can run again.
    const again = await post('start');
    expect(again.statusCode).toBe(202);
  });

  it('a pause of a program stuck pausing takes effect: 202, then stopped with everything off', async () => {
    await post('start');
    await firstCommandRecorded();
    // The run became unreadable and the worker gave up on it: nothing more is heard from it.
    await worker?.close();
    worker = null;
    await damageStoredRun();
    const pause = await post('pause');
    expect(pause.statusCode).toBe(202);
    expect((await program()).status.activity).toBe('pausing');

    // Pausing again is always taken: the operator's stop never waits on a pause in flight.
    const again = await post('pause');
    expect(again.statusCode).toBe(202);
    const againId = again.json<{ requestId: number }>().requestId;
    expect(await requestStatus(pause.json<{ requestId: number }>().requestId)).toBe('new');

    // Across a restart: the new worker takes the pauses up and ends the run.
    field.sent.length = 0;
    worker = await startWorker();
    await waitFor(
      'the program stopped',
      async () => (await program()).status.activity === 'stopped',
    );
    expect(await requestStatus(againId)).toBe('done');
    await expectAllOff();
    expect(await runEvents()).toHaveLength(1);
  });

  it('is ended when a worker starts, with no request needed', async () => {
    await post('start');
    await firstCommandRecorded();
    await worker?.close();
    worker = null;
    await damageStoredRun();
    field.sent.length = 0;
    worker = await startWorker();
    await waitFor(
      'the program stopped',
      async () => (await program()).status.activity === 'stopped',
    );
    await expectAllOff();
  });
});

describe('a program whose stored numbers are out of range (saved before the bounds)', () => {
  it('still shows, each number brought into range, so it can be edited back', async () => {
    const zones = testApp.farm.programs.a.zones.map((zone) => ({
      ...zone,
      setting: { ...zone.setting, variation: 1e308, depth: 1e308 },
    }));
    await testApp.db.update(t.programs).set({ zones }).where(eq(t.programs.id, programId()));
    const response = await testApp.as(manager(), {
      method: 'GET',
      url: `/api/programs?area=${testApp.farm.areas.irrigation.id}`,
    });
    expect(response.statusCode).toBe(200);
    const [shown] = response.json<{ zones: ProgramZone[] }[]>();
    expect(shown?.zones[0]?.setting).toMatchObject({ variation: 100 });
    expect(shown?.zones[0]?.setting.depth).toBeLessThanOrEqual(200);
    // Saved back as shown, it is in range.
    expect((await put({ zones: shown?.zones })).statusCode).toBe(200);
  });

  it('runs none of the zones out of range, and ends stopped', async () => {
    const zones = testApp.farm.programs.a.zones.map((zone) => ({
      ...zone,
      setting: { ...zone.setting, variation: 1e308 },
    }));
    await testApp.db.update(t.programs).set({ zones }).where(eq(t.programs.id, programId()));
    const start = await post('start');
    expect(start.statusCode).toBe(202);
    const startId = start.json<{ requestId: number }>().requestId;
    await waitFor('the start failed', async () => (await requestStatus(startId)) === 'failed');
    expect((await program()).status).toMatchObject({ activity: 'stopped', requestActive: false });
    expect(field.sent.filter((command) => command.command.action === 'open')).toEqual([]);
  });
});
