/**
 * The program runner end to end: the API records a program request, the dispatcher hands it to
 * the runner, the runner opens and closes the test farm's valves and pump through the field link,
 * and a fake site gateway (a real MQTT client with the gateway's credentials) answers every
 * command. Zones are a second or two long (tiny depths at a high application rate). Runs on either
 * engine (DATABASE_URL) and broker (MQTT_URL).
 */
import {
  programDisplay,
  type CommandDownlink,
  type ProgramZone,
  type RunState,
} from '@paddock/domain';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { startCommands, type CommandSender } from '../field/command-link.ts';
import { startDeviceRequests } from '../field/device-requests.ts';
import { startJobs } from '../jobs/jobs.ts';
import { startProgramRunner } from './runner-service.ts';
import { startDispatcher } from '../requests/dispatcher.ts';
import {
  connectAnsweringGateway,
  quietLog,
  startTestBroker,
  waitFor,
  type GatewayAnswer,
  type TestBroker,
} from '../../test/helpers/field.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { deviceSiteLookup } from '../field/provisioning.ts';
import {
  controlRow,
  present,
  programRow,
  realClock,
  requestStatus as statusOf,
  storedRun,
} from '../../test/helpers/run-kit.ts';

const TIMEOUT_SECONDS = 30;
/** mm/h: 1 mm of depth is one second of watering. */
const FAST_RATE = 3600;

type Heard = { at: number; serialno: string; command: CommandDownlink };

let testApp: TestApp;
let broker: TestBroker;
let gateway: MqttClient;
/** One worker process: its job queue, field link, dispatcher and runner. */
let worker: {
  jobs: PgBoss;
  shutOff(programId: number, zones: number[]): Promise<void>;
  close(): Promise<void>;
} | null = null;
let heard: Heard[] = [];
const acceptAndDo = (): GatewayAnswer[] => [{ phase: 'accepted' }, { phase: 'done' }];
let answer: (command: CommandDownlink) => GatewayAnswer[] = acceptAndDo;

/**
 * Starts everything a worker process runs, as start/worker.ts does. The same client id is the same
 * process coming back: its broker session (and the acks queued in it) carries over.
 */
async function startWorker(clientId = commandsClientId) {
  const jobs = await startJobs({ handle: testApp.handle, log: quietLog });
  const commands: CommandSender & { close(): Promise<void> } = await startCommands({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    broker,
    topicRoot: broker.topicRoot,
    timeoutSeconds: TIMEOUT_SECONDS,
    jobs,
    clientId,
    sweepIntervalMs: 200,
  });
  const runner = await startProgramRunner({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    jobs,
    commands,
    commandTimeoutSeconds: TIMEOUT_SECONDS,
    pollingIntervalSeconds: 0.5,
  });
  const deviceRequests = await startDeviceRequests({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    jobs,
    commands,
  });
  const dispatch = await startDispatcher({
    db: testApp.db,
    clock: realClock,
    log: quietLog,
    handlers: { ...deviceRequests.handlers, ...runner.handlers },
    pollIntervalMs: 100,
  });
  return {
    jobs,
    shutOff: runner.shutOff,
    async close() {
      await dispatch.close();
      await deviceRequests.close();
      await runner.close();
      await commands.close();
      await jobs.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

let commandsClientId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  broker = await startTestBroker({ deviceSite: deviceSiteLookup(testApp.db) });
  commandsClientId = `commands-${randomUUID()}`;
  worker = await startWorker();

  gateway = await connectAnsweringGateway(broker, testApp.farm.sites.a.id, (command, serialno) => {
    heard.push({ at: Date.now(), serialno, command });
    return answer(command);
  });
});

afterEach(async () => {
  answer = acceptAndDo;
  // A test that failed mid-run leaves its program going (or its worker closed): the next test
  // starts from a stopped program, so one failure is reported once and not as a cascade of 409s.
  worker ??= await startWorker();
  if ((await program()).status.activity === 'paused') await act('resume');
  await waitForActivity('stopped', 120_000);
  heard = [];
});

afterAll(async () => {
  await gateway?.endAsync();
  await worker?.close();
  await broker?.close();
  await testApp?.close();
});

const programId = () => testApp.farm.programs.a.id;
const manager = () => testApp.farm.users.manager.id;

/** Gives every zone of the farm's program this many seconds of water (one cycle, no repeats). */
async function setZoneSeconds(seconds: number) {
  testApp.clock.set(new Date());
  const [program] = await testApp.db
    .select()
    .from(t.programs)
    .where(eq(t.programs.id, programId()));
  const zones: ProgramZone[] = present(program).zones.map((zone) => ({
    ...zone,
    setting: { ...zone.setting, depth: seconds, applicationRate: FAST_RATE },
  }));
  const response = await testApp.as(manager(), {
    method: 'PUT',
    url: `/api/programs/${programId()}`,
    payload: { zones },
  });
  expect(response.statusCode).toBe(200);
}

async function act(action: 'start' | 'pause' | 'resume'): Promise<number> {
  // The API reads its own clock for §4 (e.g. running with an end time past reads stopped).
  testApp.clock.set(new Date());
  const response = await testApp.as(manager(), {
    method: 'POST',
    url: `/api/programs/${programId()}/${action}`,
    payload: {},
  });
  expect(response.statusCode).toBe(202);
  return response.json<{ requestId: number }>().requestId;
}

const program = () => programRow(testApp.db, programId());
const requestStatus = (id: number) => statusOf(testApp.db, id);

function run(): Promise<RunState> {
  return storedRun(testApp.db, programId());
}

const control = (id: number) => controlRow(testApp.db, id);

async function waitForActivity(activity: string, timeoutMs?: number) {
  await waitFor(
    `program ${activity}`,
    async () => (await program()).status.activity === activity,
    timeoutMs,
  );
}

/** The commands the gateway heard, as "open 12,13" texts in order. */
function heardTexts(): string[] {
  return heard.map(({ command }) =>
    'controls' in command ? `${command.action} ${command.controls.join(',')}` : command.action,
  );
}

function indexOf(text: string): number {
  const index = heardTexts().indexOf(text);
  expect(index, `the gateway heard "${text}"`).toBeGreaterThanOrEqual(0);
  return index;
}

describe('a program run', () => {
  it('runs the sequences zone by zone with the pump around them and ends stopped and irrigated', async () => {
    const { valve1, valve2, valve3, pump } = testApp.farm.controls;
    await setZoneSeconds(1.5);
    const requestId = await act('start');
    await waitFor('the start done', async () => (await requestStatus(requestId)) === 'done');
    expect((await program()).status).toMatchObject({ activity: 'running', requestActive: false });
    expect(await control(valve1.id)).toMatchObject({
      startRequested: true,
      isRunning: true,
      application: { status: 'running', hasFaults: false, exclude: false },
    });
    await waitForActivity('stopped');

    // The pump first and last; the sequences side by side; zone 2 only after zone 1 closed.
    const texts = heardTexts();
    expect(texts[0]).toBe(`open ${pump.id}`);
    expect(texts.at(-1)).toBe(`close ${pump.id}`);
    expect(indexOf(`open ${valve3.id}`)).toBeLessThan(indexOf(`close ${valve1.id}`));
    expect(indexOf(`close ${valve1.id}`)).toBeLessThan(indexOf(`open ${valve2.id}`));
    const open1 = present(heard[indexOf(`open ${valve1.id}`)]).command;
    expect(open1).toMatchObject({ action: 'open', requestId, durationSeconds: 122 });

    const finished = await program();
    expect(finished.status).toMatchObject({ activity: 'stopped', requestActive: false, requestId });
    const now = new Date();
    const irrigated = finished.zones.every((zone) => zone.application.irrigated === true);
    expect(irrigated).toBe(true);
    expect(programDisplay(finished.status, now, irrigated)).toBe('irrigated');
    for (const zone of finished.zones) {
      expect(zone.application).toMatchObject({ status: 'stopped', cycleCount: 1, lastCycle: true });
    }
    for (const id of [valve1.id, valve2.id, valve3.id, pump.id]) {
      expect(await control(id)).toMatchObject({
        startRequested: false,
        isRunning: false,
        application: { status: 'stopped', hasFaults: false },
      });
    }
    const state = await run();
    for (const zone of state.zones) expect(zone.valves[0]?.wateredMs).toBe(1500);
  });

  it('closes a zone the flow supervisor shuts off and goes on with the next zone', async () => {
    const { valve1, valve2 } = testApp.farm.controls;
    const zone1Id = testApp.farm.sections.zone1.id;
    await setZoneSeconds(6);
    await act('start');
    await waitFor('valve 1 opened', async () => heardTexts().includes(`open ${valve1.id}`));
    await waitFor('zone 1 running', async () => {
      const zone = (await program()).zones.find((z) => z.id === zone1Id);
      return zone?.application.status === 'running';
    });

    await present(worker).shutOff(programId(), [zone1Id]);
    await waitFor('zone 2 opened', async () => heardTexts().includes(`open ${valve2.id}`));
    expect(indexOf(`close ${valve1.id}`)).toBeLessThan(indexOf(`open ${valve2.id}`));
    const watered = present((await run()).zones.find((z) => z.id === zone1Id)?.valves[0]).wateredMs;
    // Closed when told, not after its 6 s.
    expect(watered).toBeLessThan(6000);
    await waitForActivity('stopped');
    expect(heardTexts().filter((text) => text === `open ${valve1.id}`)).toHaveLength(1);
  });

  it('pauses mid-zone, closes everything, and resumes with the watering still owed', async () => {
    const { valve1, pump } = testApp.farm.controls;
    // Long enough that the pause lands mid-zone on a machine short of CPU too.
    await setZoneSeconds(6);
    await act('start');
    await waitFor('zone 1 running', async () => {
      const zone = (await program()).zones.find((z) => z.id === testApp.farm.sections.zone1.id);
      return zone?.application.status === 'running';
    });
    // Its valve open in the field, not only planned: the pause then closes a running valve.
    await waitFor('valve 1 opened', async () => heardTexts().includes(`open ${valve1.id}`));

    const pauseId = await act('pause');
    expect((await program()).status.activity).toBe('pausing');
    await waitFor('the pause done', async () => (await requestStatus(pauseId)) === 'done');
    const paused = await program();
    expect(paused.status).toMatchObject({ activity: 'paused', requestActive: false });
    expect(paused.status.stoppedTime).toEqual(expect.any(String));
    const zone1 = present(paused.zones.find((z) => z.id === testApp.farm.sections.zone1.id));
    expect(zone1.application.status).toBe('paused');
    expect(heardTexts().slice(-2).at(-1)).toBe(`close ${pump.id}`);
    expect(await control(valve1.id)).toMatchObject({
      startRequested: false,
      application: { status: 'paused' },
    });
    const owed = present((await run()).zones.find((z) => z.id === zone1.id)?.valves[0]).remainingMs;
    expect(owed).toBeGreaterThan(0);
    expect(owed).toBeLessThan(6000);

    // Nothing opens while paused.
    const heardWhilePaused = heard.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(heard.length).toBe(heardWhilePaused);

    const resumeId = await act('resume');
    await waitFor('the resume done', async () => (await requestStatus(resumeId)) === 'done');
    const reopened = present(
      heard
        .slice(heardWhilePaused)
        .find((h) => h.command.action === 'open' && h.command.controls.includes(valve1.id)),
    );
    expect(reopened.command).toMatchObject({ durationSeconds: Math.ceil(owed / 1000) + 120 });
    await waitForActivity('stopped');
    const state = await run();
    for (const zone of state.zones) expect(zone.valves[0]?.wateredMs).toBe(6000);
    expect((await program()).zones.every((zone) => zone.application.irrigated)).toBe(true);
  });

  it('carries on after a restart mid-zone: the new process finishes the run', async () => {
    await setZoneSeconds(2);
    const requestId = await act('start');
    await waitFor('the start done', async () => (await requestStatus(requestId)) === 'done');

    // The worker process goes away mid-zone; a new one starts on the same database.
    await present(worker).close();
    worker = null;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await program()).status.activity).toBe('running');
    worker = await startWorker();

    await waitForActivity('stopped');
    const finished = await program();
    expect(finished.zones.every((zone) => zone.application.irrigated)).toBe(true);
    const state = await run();
    for (const zone of state.zones) expect(zone.valves[0]?.wateredMs).toBe(2000);
    expect(heardTexts().at(-1)).toBe(`close ${testApp.farm.controls.pump.id}`);
  });

  it('starts at its start time, also when the worker restarts while the start waits', async () => {
    await setZoneSeconds(1);
    testApp.clock.set(new Date());
    const startTime = new Date(Date.now() + 6000);
    const response = await testApp.as(manager(), {
      method: 'POST',
      url: `/api/programs/${programId()}/start`,
      payload: { startTime: startTime.toISOString() },
    });
    expect(response.statusCode).toBe(202);
    const { requestId } = response.json<{ requestId: number }>();
    // The runner has taken the start up: the program shows its start time (the dispatcher's
    // claim alone marks the request pending too, so the request's status does not tell).
    await waitFor(
      'the runner to take the start up',
      async () => (await program()).status.startTime === startTime.toISOString(),
    );
    expect(await requestStatus(requestId)).toBe('pending');
    expect((await program()).status).toMatchObject({
      activity: 'starting',
      startTime: startTime.toISOString(),
      requestActive: true,
    });

    // The worker process goes away while the start waits; a new one starts before its time.
    await present(worker).close();
    worker = null;
    expect(heard).toEqual([]);
    worker = await startWorker();

    await waitFor('the start done', async () => (await requestStatus(requestId)) === 'done');
    const firstOpen = present(heard.find((h) => h.command.action === 'open'));
    expect(firstOpen.at).toBeGreaterThanOrEqual(startTime.getTime());
    await waitForActivity('stopped');
    expect((await program()).zones.every((zone) => zone.application.irrigated)).toBe(true);
  });

  it('marks a valve that fails to open and waters the rest of the program', async () => {
    const { valve2 } = testApp.farm.controls;
    await setZoneSeconds(1);
    answer = (command) =>
      command.action === 'open' && command.controls.includes(valve2.id)
        ? [{ phase: 'accepted' }, { phase: 'failed', reason: 'valve fault' }]
        : acceptAndDo();
    const requestId = await act('start');
    await waitForActivity('stopped');
    expect(await requestStatus(requestId)).toBe('done');
    const finished = await program();
    const irrigated = Object.fromEntries(
      finished.zones.map((zone) => [zone.id, zone.application.irrigated]),
    );
    const { zone1, zone2, zone3 } = testApp.farm.sections;
    expect(irrigated).toEqual({ [zone1.id]: true, [zone2.id]: false, [zone3.id]: true });
    expect(await control(valve2.id)).toMatchObject({
      startRequested: false,
      application: { status: 'stopped', hasFaults: true },
    });
  });

  it('is driven once when two worker processes share the database', async () => {
    const { valve1, valve2, valve3, pump } = testApp.farm.controls;
    const second = await startWorker(`commands-${randomUUID()}`);
    try {
      await setZoneSeconds(1);
      await act('start');
      await waitForActivity('stopped');
    } finally {
      await second.close();
    }
    // Each actuation went out once, whichever process took each step.
    const texts = heardTexts();
    for (const id of [valve1.id, valve2.id, valve3.id, pump.id]) {
      expect(texts.filter((text) => text === `open ${id}`)).toHaveLength(1);
      expect(texts.filter((text) => text === `close ${id}`)).toHaveLength(1);
    }
    expect((await program()).zones.every((zone) => zone.application.irrigated)).toBe(true);
    // The program request handler belongs to the last runner started: start this file's own again.
    await present(worker).close();
    worker = await startWorker();
  });
});
