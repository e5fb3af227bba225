/**
 * A program request claimed by a worker that died before handing it to the runner is claimed
 * again once its lease lapses, and carried out; it no longer stays pending for good, blocking the
 * program's next start with 409 (issue 19). One the run has taken up stays as the run left it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import { startJobs } from '../../src/jobs/jobs.ts';
import { startProgramRunner } from '../../src/irrigation/runner-service.ts';
import { startDispatcher } from '../../src/requests/dispatcher.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { quietLog, waitFor } from '../helpers/field.ts';
import { fakeCommandLink, realClock, requestStatus, storedRun } from '../helpers/run-kit.ts';

let testApp: TestApp;
const stops: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  testApp = await buildTestApp();
});

afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
  await testApp?.close();
});

it('claims again a program request whose worker died after claiming it', async () => {
  const programId = testApp.farm.programs.a.id;
  const asked = await testApp.as(testApp.farm.users.manager.id, {
    method: 'POST',
    url: `/api/programs/${programId}/test`,
  });
  expect(asked.statusCode).toBe(202);
  const requestId = asked.json().requestId as number;
  // The dead worker's claim: pending, a minute ago, handed to no runner.
  await testApp.db
    .update(t.requests)
    .set({ status: 'pending', updatedAt: new Date(Date.now() - 60_000) })
    .where(eq(t.requests.id, requestId));

  const jobs = await startJobs({ handle: testApp.handle, log: quietLog });
  stops.push(() => jobs.stop({ graceful: false, wait: true }));
  const runner = await startProgramRunner({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    jobs,
    commands: fakeCommandLink().link,
    pollingIntervalSeconds: 0.5,
    requestLeaseMs: 1000,
  });
  stops.push(() => runner.close());
  const dispatcher = await startDispatcher({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    handlers: runner.handlers,
    pollIntervalMs: 100,
  });
  stops.push(() => dispatcher.close());

  await waitFor('the run takes the request up', async () => {
    const run = await storedRun(testApp.db, programId).catch(() => null);
    return run?.handledRequests.includes(requestId) ?? false;
  });
  expect(await requestStatus(testApp.db, requestId)).toBe('inProgress');
});
