/** What the irrigation tests share: the run a program has stored, its rows, a fake field link. */
import { runStateSchema, type RunState } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import * as t from '../../src/db/schema.ts';
import type { CommandSender, CommandSettled } from '../../src/field/command-link.ts';
import { startJobs } from '../../src/jobs/jobs.ts';
import { startProgramRunner } from '../../src/irrigation/runner-service.ts';
import { startDispatcher } from '../../src/requests/dispatcher.ts';
import { requestById, type RequestRow } from '../../src/requests/request.repository.ts';
import type { TestApp } from './test-app.ts';
import { quietLog } from './field.ts';

/** Jobs move on real time: the runner must see the time pg-boss sees. */
export const realClock = { now: () => new Date() };

export function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('missing');
  return value;
}

/** The program's run as stored (program_runs.state), parsed as the runner parses it. */
export async function storedRun(db: Database, programId: number): Promise<RunState> {
  const [row] = await db.select().from(t.programRuns).where(eq(t.programRuns.programId, programId));
  if (!row) throw new Error(`program ${programId} has no run`);
  return runStateSchema.parse(row.state);
}

export async function programRow(db: Database, programId: number) {
  const [row] = await db.select().from(t.programs).where(eq(t.programs.id, programId));
  return present(row);
}

export async function requestStatus(db: Database, requestId: number) {
  const [row] = await db.select().from(t.requests).where(eq(t.requests.id, requestId));
  return present(row).status;
}

export async function controlRow(db: Database, controlId: number) {
  const [row] = await db.select().from(t.controls).where(eq(t.controls.id, controlId));
  return present(row);
}

/** A command the fake field link was asked to send, with the id it gave it. */
export type Sent = Parameters<CommandSender['send']>[0] & { commandId: string };

/**
 * A field link that records what the runner sends (`sent`, newest last) and hands the runner
 * the settlements a test writes (`settle`), instead of talking to a broker.
 */
export function fakeCommandLink() {
  const sent: Sent[] = [];
  let hearSettled: ((settled: CommandSettled) => void | Promise<void>) | null = null;
  const link: CommandSender = {
    async send(input) {
      // As the field link: a command id already recorded is not sent again.
      if (input.commandId && sent.some((command) => command.commandId === input.commandId)) {
        return input.commandId;
      }
      const commandId = input.commandId ?? randomUUID();
      sent.push({ ...input, commandId });
      return commandId;
    },
    async unsent(commandIds) {
      return commandIds.filter((id) => !sent.some((command) => command.commandId === id));
    },
    onSettled(listener) {
      hearSettled = listener;
    },
  };
  return {
    link,
    sent,
    /** Hands the runner a settlement, as the field link announces one. */
    async settle(settled: CommandSettled) {
      await present(hearSettled)(settled);
    },
  };
}

/** A worker's job queue and program runner, sending its commands through the fake field link. */
export async function startRunnerOnFakeLink(
  testApp: TestApp,
  field: ReturnType<typeof fakeCommandLink>,
) {
  const jobs = await startJobs({ handle: testApp.handle, log: quietLog });
  const runner = await startProgramRunner({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    jobs,
    commands: field.link,
    pollingIntervalSeconds: 0.5,
  });
  return { jobs, runner };
}

/**
 * A worker process on the fake field link: its job queue, the runner and the dispatcher that
 * hands the runner its requests; close() stops all three.
 */
export async function startWorkerOnFakeLink(
  testApp: TestApp,
  field: ReturnType<typeof fakeCommandLink>,
): Promise<{ close(): Promise<void> }> {
  const { jobs, runner } = await startRunnerOnFakeLink(testApp, field);
  const dispatch = await startDispatcher({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    handlers: runner.handlers,
    pollIntervalMs: 100,
  });
  return {
    async close() {
      await dispatch.close();
      await runner.close();
      await jobs.stop({ graceful: false, wait: true });
    },
  };
}

/**
 * The farm's manager starts the program through the API (with the start's options, e.g. its
 * startTime or zones); the id of the request it queued (accepted, 202).
 */
export async function postProgramStart(
  testApp: TestApp,
  programId: number,
  payload: object = {},
): Promise<number> {
  const posted = await testApp.as(testApp.farm.users.manager.id, {
    method: 'POST',
    url: `/api/programs/${programId}/start`,
    payload,
  });
  expect(posted.statusCode).toBe(202);
  return posted.json<{ requestId: number }>().requestId;
}

/** The farm's manager starts the program through the API; the request it queued (accepted, 202). */
export async function startProgramAsManager(
  testApp: TestApp,
  programId: number,
): Promise<RequestRow> {
  return present(await requestById(testApp.db, await postProgramStart(testApp, programId)));
}
