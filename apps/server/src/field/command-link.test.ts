/**
 * Control requests over the field link, end to end: the API records a request, the dispatcher
 * claims it and sends commands, a fake site gateway (a real MQTT client with the gateway's
 * credentials) answers with acks, and the request advances. Runs on either engine and broker.
 */
import type { CommandDownlink } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { startCommands, type CommandSender, type CommandSettled } from './command-link.ts';
import { startDeviceRequests } from './device-requests.ts';
import { startJobs } from '../jobs/jobs.ts';
import { startDispatcher, type RequestHandler } from '../requests/dispatcher.ts';
import type { RequestRow } from '../requests/request.repository.ts';
import {
  connectAnsweringGateway,
  quietLog,
  startTestBroker,
  waitFor,
  type GatewayAnswer,
  type TestBroker,
} from '../../test/helpers/field.ts';
import { countRows } from '../../test/helpers/rows.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { deviceSiteLookup } from './provisioning.ts';

const TIMEOUT_SECONDS = 30;
const TEST_SECONDS = 1;

/** How the fake gateway answers a command to one of its devices. */
type Behaviour = (command: CommandDownlink, serialno: string) => GatewayAnswer[];

let testApp: TestApp;
let broker: TestBroker;
let jobs: PgBoss;
let commands: CommandSender & { close(): Promise<void> };
const commandsClientId = `commands-${randomUUID()}`;

function startSender() {
  return startCommands({
    db: testApp.db,
    clock: testApp.clock,
    log: quietLog,
    broker,
    topicRoot: broker.topicRoot,
    timeoutSeconds: TIMEOUT_SECONDS,
    jobs,
    clientId: commandsClientId,
    sweepIntervalMs: 100,
  });
}
let dispatchers: { close(): Promise<void> }[] = [];
let gateway: MqttClient;
const received: { serialno: string; command: CommandDownlink }[] = [];
const settled: CommandSettled[] = [];
const programRequests: RequestRow[] = [];
/** Commands the gateway has sent all its answers to. */
const answered = new Set<string>();
const acceptAndDo: Behaviour = () => [{ phase: 'accepted' }, { phase: 'done' }];
let behaviour: Behaviour = acceptAndDo;

function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

function ackTopic(siteId: number, serialno: string) {
  return `${broker.topicRoot}/${siteId}/${serialno}/up/ack`;
}

async function publishAck(siteId: number, serialno: string, payload: string | Buffer) {
  await gateway.publishAsync(ackTopic(siteId, serialno), payload, { qos: 1 });
}

beforeAll(async () => {
  testApp = await buildTestApp();
  broker = await startTestBroker({ deviceSite: deviceSiteLookup(testApp.db) });
  jobs = await startJobs({ handle: testApp.handle, log: quietLog });
  commands = await startSender();
  commands.onSettled((settlement) => {
    settled.push(settlement);
  });
  const takeUp: RequestHandler = async (request) => {
    programRequests.push(request);
  };
  // Two dispatchers, as two worker processes would run: each request is still carried out once.
  for (let i = 0; i < 2; i++) {
    const common = { db: testApp.db, clock: testApp.clock, log: quietLog };
    const deviceRequests = await startDeviceRequests({
      ...common,
      jobs,
      commands,
      controlTestSeconds: TEST_SECONDS,
    });
    const dispatcher = await startDispatcher({
      ...common,
      handlers: {
        ...deviceRequests.handlers,
        program: { start: takeUp, resume: takeUp, pause: takeUp, test: takeUp },
      },
      pollIntervalMs: 100,
    });
    dispatchers.push({
      async close() {
        await dispatcher.close();
        await deviceRequests.close();
      },
    });
  }

  gateway = await connectAnsweringGateway(
    broker,
    testApp.farm.sites.a.id,
    (command, serialno) => {
      received.push({ serialno, command });
      return behaviour(command, serialno);
    },
    (command) => answered.add(command.commandId),
  );
});

afterEach(() => {
  behaviour = acceptAndDo;
});

afterAll(async () => {
  await gateway?.endAsync();
  for (const dispatcher of dispatchers) await dispatcher.close();
  dispatchers = [];
  await commands?.close();
  await jobs?.stop({ graceful: false, wait: true });
  await broker?.close();
  await testApp?.close();
});

/**
 * Waits until the server has read every ack published so far: acks are taken one at a time in
 * order, so once a dead letter published after them appears, they have all been handled.
 */
async function drainAcks(siteId: number, serialno: string) {
  const before = await countRows(testApp.db, t.deadLetters);
  await publishAck(siteId, serialno, 'marker: not an ack');
  await waitFor('the marker', async () => (await countRows(testApp.db, t.deadLetters)) > before);
}

async function requestStatus(id: number) {
  const [row] = await testApp.db.select().from(t.requests).where(eq(t.requests.id, id));
  return present(row).status;
}

async function waitForStatus(id: number, status: RequestRow['status']) {
  await waitFor(`request ${id} ${status}`, async () => (await requestStatus(id)) === status);
}

/**
 * The request's commands as sent; those sent in one instant of the test's clock (the close right
 * after a failed open) in the order they were written.
 */
async function commandsOf(requestId: number) {
  return testApp.db
    .select()
    .from(t.fieldCommands)
    .where(eq(t.fieldCommands.requestId, requestId))
    .orderBy(t.fieldCommands.sentAt, t.fieldCommands.id);
}

describe('radio ping', () => {
  it('pings the radio and is done when it acks; the request id shows it live', async () => {
    const { radio1 } = testApp.farm.radios;
    const admin = testApp.farm.users.admin.id;
    const posted = await testApp.as(admin, {
      method: 'POST',
      url: `/api/radios/${radio1.id}/ping`,
      payload: {},
    });
    expect(posted.statusCode).toBe(202);
    const requestId = posted.json<{ id: number; status: string }>().id;
    expect(posted.json<{ status: string }>().status).toBe('new');

    await waitForStatus(requestId, 'done');
    const polled = await testApp.as(admin, {
      method: 'GET',
      url: `/api/radios/${radio1.id}/requests/${requestId}`,
    });
    expect(polled.json<{ status: string }>().status).toBe('done');

    const pings = received.filter((entry) => entry.command.requestId === requestId);
    expect(pings).toHaveLength(1);
    expect(pings[0]).toMatchObject({ serialno: 'R-1001', command: { action: 'ping' } });
    const [command] = await commandsOf(requestId);
    expect(command).toMatchObject({ status: 'done', action: 'ping', serialno: 'R-1001' });
    await waitFor('settlement', () => settled.some((s) => s.commandId === present(command).id));
    expect(settled.find((s) => s.commandId === present(command).id)).toMatchObject({
      requestId,
      status: 'done',
      action: 'ping',
      reason: null,
    });

    // Following the request up by its id sends nothing again.
    const again = await testApp.as(admin, {
      method: 'POST',
      url: `/api/radios/${radio1.id}/ping`,
      payload: { requestId },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(requestId);
    expect(await commandsOf(requestId)).toHaveLength(1);
  });

  it('carries out each of many requests once with two dispatchers polling', async () => {
    const { radio1 } = testApp.farm.radios;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const posted = await testApp.as(testApp.farm.users.admin.id, {
        method: 'POST',
        url: `/api/radios/${radio1.id}/ping`,
        payload: {},
      });
      ids.push(posted.json<{ id: number }>().id);
    }
    for (const id of ids) await waitForStatus(id, 'done');
    for (const id of ids) {
      expect(received.filter((entry) => entry.command.requestId === id)).toHaveLength(1);
      expect(await commandsOf(id)).toHaveLength(1);
    }
  });

  it('fails when the radio never answers, once the timeout has passed', async () => {
    const { radio2 } = testApp.farm.radios;
    behaviour = () => [];
    const posted = await testApp.as(testApp.farm.users.admin.id, {
      method: 'POST',
      url: `/api/radios/${radio2.id}/ping`,
      payload: {},
    });
    const requestId = posted.json<{ id: number }>().id;
    await waitFor('the ping to go out', () =>
      received.some((entry) => entry.command.requestId === requestId),
    );
    expect(await requestStatus(requestId)).toBe('pending');

    testApp.clock.advance((TIMEOUT_SECONDS + 1) * 1000);
    await waitForStatus(requestId, 'failed');
    const [command] = await commandsOf(requestId);
    expect(command).toMatchObject({ status: 'timedOut' });
    expect(present(command).reason).toContain(`${TIMEOUT_SECONDS} s`);
    await waitFor('settlement', () =>
      settled.some((s) => s.commandId === present(command).id && s.status === 'timedOut'),
    );

    // The answer that comes too late changes nothing.
    await publishAck(
      testApp.farm.sites.a.id,
      'R-1002',
      JSON.stringify({
        commandId: present(command).id,
        phase: 'done',
        time: new Date().toISOString(),
      }),
    );
    await drainAcks(testApp.farm.sites.a.id, 'R-1002');
    expect((await commandsOf(requestId))[0]).toMatchObject({ status: 'timedOut' });
    expect(await requestStatus(requestId)).toBe('failed');
  });
});

describe('control test', () => {
  it('opens the control on its radio, is done when open, then closes it', async () => {
    const { valve1 } = testApp.farm.controls;
    const posted = await testApp.as(testApp.farm.users.admin.id, {
      method: 'POST',
      url: `/api/controls/${valve1.id}/test`,
    });
    expect(posted.statusCode).toBe(202);
    const requestId = posted.json<{ id: number }>().id;

    await waitForStatus(requestId, 'done');
    await waitFor('the close', () =>
      received.some((e) => e.command.requestId === requestId && e.command.action === 'close'),
    );
    const sent = received.filter((entry) => entry.command.requestId === requestId);
    expect(sent.map((entry) => entry.command)).toMatchObject([
      { action: 'open', controls: [valve1.id], durationSeconds: TEST_SECONDS },
      { action: 'close', controls: [valve1.id] },
    ]);
    expect(sent.every((entry) => entry.serialno === 'R-1001')).toBe(true);
    await waitFor('the close to be done', async () =>
      (await commandsOf(requestId)).every((command) => command.status === 'done'),
    );
    const [control] = await testApp.db
      .select()
      .from(t.controls)
      .where(eq(t.controls.id, valve1.id));
    expect(present(control).startRequested).toBe(false);
    expect(await requestStatus(requestId)).toBe('done');
  });

  it('fails when the device answers failed, with its reason', async () => {
    const { valve2 } = testApp.farm.controls;
    behaviour = (command) =>
      command.action === 'open'
        ? [{ phase: 'accepted' }, { phase: 'failed', reason: 'valve fault' }]
        : [{ phase: 'accepted' }, { phase: 'done' }];
    const posted = await testApp.as(testApp.farm.users.admin.id, {
      method: 'POST',
      url: `/api/controls/${valve2.id}/test`,
    });
    const requestId = posted.json<{ id: number }>().id;
    await waitForStatus(requestId, 'failed');
    const [open] = await commandsOf(requestId);
    expect(open).toMatchObject({ action: 'open', status: 'failed', reason: 'valve fault' });
    await waitFor('settlement', () =>
      settled.some((s) => s.commandId === present(open).id && s.status === 'failed'),
    );
    expect(settled.find((s) => s.commandId === present(open).id)).toMatchObject({
      controls: [valve2.id],
      reason: 'valve fault',
    });
    // The close still goes out: the valve may be half open.
    await waitFor('the close', () =>
      received.some((e) => e.command.requestId === requestId && e.command.action === 'close'),
    );
    expect(await requestStatus(requestId)).toBe('failed');
  });
});

/** A ping to R-1001 of site a that the device does not answer, so the test sends its acks. */
function sendUnansweredPing() {
  behaviour = () => [];
  return commands.send({
    requestId: null,
    programRunId: null,
    siteId: testApp.farm.sites.a.id,
    serialno: 'R-1001',
    command: { action: 'ping' },
  });
}

describe('acks', () => {
  it('keeps bad acks as dead letters and changes nothing', async () => {
    const siteA = testApp.farm.sites.a.id;
    const commandId = await sendUnansweredPing();
    const before = await countRows(testApp.db, t.deadLetters);
    const now = new Date().toISOString();
    await publishAck(siteA, 'R-1001', 'not json');
    await publishAck(siteA, 'R-1001', JSON.stringify({ commandId, phase: 'finished', time: now }));
    await publishAck(
      siteA,
      'R-1001',
      JSON.stringify({ commandId: randomUUID(), phase: 'done', time: now }),
    );
    // R-1002 answering R-1001's command.
    await publishAck(siteA, 'R-1002', JSON.stringify({ commandId, phase: 'done', time: now }));
    await publishAck(siteA, 'R-1001', Buffer.from([0xff, 0xfe, 0x00]));

    await waitFor(
      'five dead letters',
      async () => (await countRows(testApp.db, t.deadLetters)) === before + 5,
    );
    const letters = await testApp.db
      .select()
      .from(t.deadLetters)
      .orderBy(t.deadLetters.id)
      .offset(before);
    expect(letters.map((letter) => letter.reason)).toEqual([
      expect.stringContaining('not JSON'),
      expect.stringContaining('phase'),
      expect.stringContaining('no command'),
      expect.stringContaining('R-1001, not to'),
      expect.stringContaining('not UTF-8'),
    ]);
    expect(present(letters[3]).topic).toBe(ackTopic(siteA, 'R-1002'));
    expect(present(letters[4]).payload).toBe(Buffer.from([0xff, 0xfe, 0x00]).toString('base64'));
    const [command] = await testApp.db
      .select()
      .from(t.fieldCommands)
      .where(eq(t.fieldCommands.id, commandId));
    expect(present(command).status).toBe('sent');
  });

  it('takes a repeated ack once', async () => {
    const { radio1 } = testApp.farm.radios;
    const siteA = testApp.farm.sites.a.id;
    // Every ack twice, as a QoS 1 redelivery would bring it.
    behaviour = () => [
      { phase: 'accepted' },
      { phase: 'accepted' },
      { phase: 'done' },
      { phase: 'done' },
      { phase: 'accepted' },
    ];
    const posted = await testApp.as(testApp.farm.users.admin.id, {
      method: 'POST',
      url: `/api/radios/${radio1.id}/ping`,
      payload: {},
    });
    const requestId = posted.json<{ id: number }>().id;
    await waitForStatus(requestId, 'done');
    const [command] = await commandsOf(requestId);
    await waitFor('all answers', () => answered.has(present(command).id));
    const deadBefore = await countRows(testApp.db, t.deadLetters);
    await drainAcks(siteA, 'R-1001');
    const [after] = await commandsOf(requestId);
    expect(after).toMatchObject({ status: 'done', reason: null });
    expect(await requestStatus(requestId)).toBe('done');
    // Only the marker: a repeated ack is no dead letter.
    expect(await countRows(testApp.db, t.deadLetters)).toBe(deadBefore + 1);
    await waitFor('settlement', () => settled.some((s) => s.commandId === present(command).id));
    expect(settled.filter((s) => s.commandId === present(command).id)).toHaveLength(1);
  });
});

describe('the run of a command', () => {
  /** Program a's run row, for a command to name (program_runs is keyed by its program); its state is not read here. */
  async function programRun(): Promise<number> {
    const programId = testApp.farm.programs.a.id;
    await testApp.db
      .insert(t.programRuns)
      .values({ programId, state: {}, updatedAt: new Date() })
      .onConflictDoNothing();
    return programId;
  }

  it('is recorded with the command and named by its settlement', async () => {
    const siteA = testApp.farm.sites.a.id;
    const programRunId = await programRun();
    const commandId = await commands.send({
      requestId: null,
      programRunId,
      siteId: siteA,
      serialno: 'R-1001',
      command: { action: 'close', controls: [testApp.farm.controls.valve1.id] },
    });
    const [row] = await testApp.db
      .select()
      .from(t.fieldCommands)
      .where(eq(t.fieldCommands.id, commandId));
    expect(present(row).programRunId).toBe(programRunId);
    await waitFor('settlement', () => settled.some((s) => s.commandId === commandId));
    expect(settled.find((s) => s.commandId === commandId)).toMatchObject({
      programRunId,
      status: 'done',
      action: 'close',
    });
  });

  it('is sent once under an id given twice, and an id never sent is unsent', async () => {
    const siteA = testApp.farm.sites.a.id;
    const programRunId = await programRun();
    const commandId = randomUUID();
    const never = randomUUID();
    expect(await commands.unsent([commandId, never])).toEqual([commandId, never]);
    const input = {
      commandId,
      requestId: null,
      programRunId,
      siteId: siteA,
      serialno: 'R-1001',
      command: { action: 'close' as const, controls: [testApp.farm.controls.valve1.id] },
    };
    // Two processes sending the same saved command at once: one records and publishes it.
    const ids = await Promise.all([commands.send(input), commands.send(input)]);
    expect(ids).toEqual([commandId, commandId]);
    expect(await commands.unsent([commandId, never])).toEqual([never]);
    await waitFor('settlement', () => settled.some((s) => s.commandId === commandId));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.filter((r) => r.command.commandId === commandId)).toHaveLength(1);
  });

  it('is none for a command of a control or radio request', async () => {
    const posted = await testApp.as(testApp.farm.users.admin.id, {
      method: 'POST',
      url: `/api/radios/${testApp.farm.radios.radio1.id}/ping`,
      payload: {},
    });
    const requestId = posted.json<{ id: number }>().id;
    await waitForStatus(requestId, 'done');
    const [command] = await commandsOf(requestId);
    expect(present(command).programRunId).toBeNull();
    await waitFor('settlement', () => settled.some((s) => s.commandId === present(command).id));
    expect(settled.find((s) => s.commandId === present(command).id)?.programRunId).toBeNull();
  });
});

describe('program requests', () => {
  it('hands a claimed program request to the runner, once', async () => {
    const program = testApp.farm.programs.a;
    const posted = await testApp.as(testApp.farm.users.admin.id, {
      method: 'POST',
      url: `/api/programs/${program.id}/start`,
    });
    expect(posted.statusCode).toBe(202);
    const requestId = posted.json<{ requestId: number }>().requestId;
    await waitFor('the runner', () => programRequests.some((request) => request.id === requestId));
    expect(programRequests.filter((request) => request.id === requestId)).toHaveLength(1);
    expect(programRequests.find((request) => request.id === requestId)).toMatchObject({
      type: 'program',
      action: 'start',
      status: 'pending',
    });
    // Left to the runner: nothing here moves it on.
    const [row] = await testApp.db
      .select()
      .from(t.requests)
      .where(and(eq(t.requests.id, requestId), eq(t.requests.status, 'pending')));
    expect(row).toBeDefined();
  });
});

describe('restart', () => {
  it('takes the acks that came while it was away when it is back', async () => {
    const siteA = testApp.farm.sites.a.id;
    const commandId = await sendUnansweredPing();
    await waitFor('the ping', () => received.some((e) => e.command.commandId === commandId));
    for (const dispatcher of dispatchers) await dispatcher.close();
    dispatchers = [];
    await commands.close();

    // The broker keeps the acks for the server's session.
    const time = new Date().toISOString();
    await publishAck(siteA, 'R-1001', JSON.stringify({ commandId, phase: 'accepted', time }));
    await publishAck(siteA, 'R-1001', JSON.stringify({ commandId, phase: 'done', time }));

    commands = await startSender();
    commands.onSettled((settlement) => {
      settled.push(settlement);
    });
    await waitFor('the command done', async () => {
      const [row] = await testApp.db
        .select()
        .from(t.fieldCommands)
        .where(eq(t.fieldCommands.id, commandId));
      return row?.status === 'done';
    });
    await waitFor('settlement', () => settled.some((s) => s.commandId === commandId));
  });
});
