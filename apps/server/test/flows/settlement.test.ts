/**
 * A settled command is heard by its listeners even when the process that settled it died: one
 * killed between settling the command and queueing its settlement leaves it unannounced, and the
 * deadline sweep of any process announces it; one killed while a listener ran leaves the job
 * active, and the settlement queue's expiry hands it to another (issue 19).
 */
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import {
  COMMAND_SETTLED_QUEUE,
  startCommands,
  type CommandSettled,
} from '../../src/field/command-link.ts';
import { startJobs } from '../../src/jobs/jobs.ts';
import { deviceSiteLookup } from '../../src/field/provisioning.ts';
import { startTestBroker, type TestBroker, quietLog, waitFor } from '../helpers/field.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { realClock } from '../helpers/run-kit.ts';

let testApp: TestApp;
let broker: TestBroker;
let jobs: PgBoss;
let commands: Awaited<ReturnType<typeof startCommands>>;
const heard: CommandSettled[] = [];

beforeAll(async () => {
  testApp = await buildTestApp();
  broker = await startTestBroker({ deviceSite: deviceSiteLookup(testApp.db) });
  jobs = await startJobs({ handle: testApp.handle, log: quietLog });
  commands = await startCommands({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    broker,
    topicRoot: broker.topicRoot,
    timeoutSeconds: 30,
    jobs,
    clientId: `settlement-${randomUUID()}`,
    sweepIntervalMs: 100,
  });
  commands.onSettled((settled) => {
    heard.push(settled);
  });
});

afterAll(async () => {
  await commands?.close();
  await jobs?.stop({ graceful: false, wait: true });
  await broker?.close();
  await testApp?.close();
});

it('announces a command its dying process settled but never announced', async () => {
  const commandId = randomUUID();
  const past = new Date(Date.now() - 60_000);
  await testApp.db.insert(t.fieldCommands).values({
    id: commandId,
    requestId: null,
    siteId: testApp.farm.sites.a.id,
    serialno: 'R-1001',
    action: 'ping',
    payload: { action: 'ping', commandId },
    status: 'done',
    sentAt: past,
    deadline: new Date(past.getTime() + 30_000),
    updatedAt: past,
    announcedAt: null,
  });
  await waitFor('the settlement heard', () => heard.some((s) => s.commandId === commandId));
  expect(heard.find((s) => s.commandId === commandId)).toMatchObject({
    status: 'done',
    action: 'ping',
  });
});

it('gives a settlement job whose worker died mid-way an expiry, so it runs again', async () => {
  const queue = await jobs.getQueue(COMMAND_SETTLED_QUEUE);
  expect(queue?.expireInSeconds).toBeGreaterThan(0);
  // Well before a program run gives up a command as unanswered (timeout 30 s and grace 30 s).
  expect(queue?.expireInSeconds).toBeLessThanOrEqual(20);
});
