/**
 * What the tests of a program's start decisions share (issue 30 items 4 to 6): an app with a
 * worker on a fake field link for the whole file, the rain gauge of site a's weather station and
 * a steady rain on it, program a put back as seeded with the schedule a test needs, a start of it
 * now through the API, and the decisions kept for it.
 */
import type { ProgramSchedule } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import { insertReadings } from '../../src/telemetry/reading.repository.ts';
import { addSeries } from './farm.ts';
import { waitFor } from './field.ts';
import {
  postProgramStart,
  present,
  requestStatus,
  startWorkerOnFakeLink,
  type fakeCommandLink,
} from './run-kit.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

const HOUR = 3_600_000;

/**
 * One test app for the whole file with a worker on the fake field link `field` and the rain gauge
 * of site a's weather station: started before the file's first test, once `seed` has stored what
 * the file's decisions read; closed after its last. The returned functions read the app and the
 * gauge's series in the tests.
 */
export function useDecisionApp(
  field: ReturnType<typeof fakeCommandLink>,
  seed: (testApp: TestApp) => Promise<void> = async () => {},
): { testApp: () => TestApp; rainSeries: () => number } {
  let testApp: TestApp | undefined;
  let worker: { close(): Promise<void> } | undefined;
  let rainSeries: number | undefined;
  beforeAll(async () => {
    testApp = await buildTestApp();
    worker = await startWorkerOnFakeLink(testApp, field);
    await seed(testApp);
    rainSeries = await addRainGauge(testApp);
  });
  afterAll(async () => {
    await worker?.close();
    await testApp?.close();
  });
  const started = <T>(thing: T | undefined): T => {
    if (thing === undefined) throw new Error('the decision app is started before the first test');
    return thing;
  };
  return { testApp: () => started(testApp), rainSeries: () => started(rainSeries) };
}

/** The rain gauge of site a's weather station, "Te Awa station": its rain.avg series (mm/h). */
async function addRainGauge(testApp: TestApp): Promise<number> {
  const { sites, areas, units } = testApp.farm;
  const [gauge] = await testApp.db
    .insert(t.sensors)
    .values({
      siteId: sites.a.id,
      areaId: areas.irrigation.id,
      type: 'rainbucket',
      unitId: units.a.id,
      tags: { identifier: 'weather' },
      topics: [],
      label: 'Te Awa station',
      serialno: 'RG-1',
    })
    .returning();
  return addSeries(testApp.db, sites.a.id, {
    type: 'sensor',
    id: present(gauge).id,
    metric: 'rain.avg',
  });
}

/**
 * Rain over the last 25 hours at a steady rate, so the last 24 h hold `mm` (give or take ms), in
 * place of the series' readings before.
 */
export async function steadyRain(db: Database, rainSeries: number, mm: number) {
  await db.delete(t.readings).where(eq(t.readings.seriesId, rainSeries));
  const now = Date.now();
  const rows = Array.from({ length: 26 }, (_, i) => ({
    seriesId: rainSeries,
    time: now - 25 * HOUR + i * HOUR,
    value: mm / 24,
  }));
  await insertReadings(db, rows);
}

/**
 * Program a as seeded but for its schedule: stopped, no run, no request, decision or program
 * event left, and nothing sent on the fake field link.
 */
export async function resetProgramA(
  testApp: TestApp,
  field: ReturnType<typeof fakeCommandLink>,
  schedule: ProgramSchedule,
) {
  const seeded = testApp.farm.programs.a;
  await testApp.db.delete(t.programRuns);
  await testApp.db.delete(t.requests);
  await testApp.db.delete(t.programDecisions);
  await testApp.db.delete(t.events).where(eq(t.events.targetType, 'program'));
  await testApp.db
    .update(t.programs)
    .set({ status: seeded.status, schedule, zones: seeded.zones })
    .where(eq(t.programs.id, seeded.id));
  field.sent.length = 0;
}

/** The manager starts program a now (the test clock set to it); the request's id. */
export async function startProgramANow(testApp: TestApp, payload: object = {}): Promise<number> {
  testApp.clock.set(new Date());
  return postProgramStart(testApp, testApp.farm.programs.a.id, payload);
}

/**
 * The manager starts program a a few seconds from now; its request waits for that time with
 * nothing decided yet. The request's id. The margin is the runner's time to take the request: one
 * it takes after the start time is a start now (beside the end-to-end stack on two cores, 1.5 s
 * was once not enough).
 */
const SOON_MS = 5_000;

export async function startProgramASoon(testApp: TestApp): Promise<number> {
  const startTime = new Date(Date.now() + SOON_MS).toISOString();
  const requestId = await startProgramANow(testApp, { startTime });
  await waitFor(
    'the start to wait',
    async () => (await requestStatus(testApp.db, requestId)) === 'pending',
  );
  expect(await keptDecisions(testApp)).toEqual([]);
  return requestId;
}

/**
 * The manager saves program a's seeded schedule with these fields changed (their values as a
 * client sends them, valid or not), now; the response.
 */
export function putProgramASchedule(testApp: TestApp, changes: Record<string, unknown>) {
  const { id, schedule } = testApp.farm.programs.a;
  testApp.clock.set(new Date());
  return testApp.as(testApp.farm.users.manager.id, {
    method: 'PUT',
    url: `/api/programs/${id}`,
    payload: { schedule: { ...schedule, ...changes } },
  });
}

/** The decisions kept for program a. */
export function keptDecisions(testApp: TestApp) {
  return testApp.db
    .select()
    .from(t.programDecisions)
    .where(eq(t.programDecisions.programId, testApp.farm.programs.a.id));
}
