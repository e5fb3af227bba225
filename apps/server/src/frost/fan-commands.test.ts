/**
 * Frost fans started and stopped from the console (issue 31), through the request backbone: the
 * API judges and records the request, the dispatcher sends fanStart or fanStop to the fan's radio,
 * a fake site gateway acks it, and the start check (on the test clock) writes what came of it
 * from the fan's RPM — raising "Fan failed to start" when no RPM came within 120 s. On PGlite and
 * the embedded broker, or DATABASE_URL and MQTT_URL.
 */
import {
  ALARM_TEMPLATES,
  FAN_START_REFUSED_REASON,
  FROST_RULE_PRESETS,
  type CommandDownlink,
  type FanRequest,
} from '@paddock/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../db/schema.ts';
import { startCommands } from '../field/command-link.ts';
import { startDeviceRequests } from '../field/device-requests.ts';
import { deviceSiteLookup } from '../field/provisioning.ts';
import { startJobs } from '../jobs/jobs.ts';
import { startDispatcher } from '../requests/dispatcher.ts';
import { meshRole } from '../seed/rows.ts';
import { checkFanCommands } from '../frost-watch/fan-start-check.ts';
import {
  connectAnsweringGateway,
  quietLog,
  startTestBroker,
  waitFor,
  type TestBroker,
} from '../../test/helpers/field.ts';
import { smsThenEmailRoster } from '../../test/helpers/alarms.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

const ENGINE = { groupMs: 0 };
let testApp: TestApp;
let broker: TestBroker;
let jobs: PgBoss;
let gateway: MqttClient;
const closers: { close(): Promise<void> }[] = [];
const heard: CommandDownlink[] = [];
let fanId = 0;
let canopyId = 0;

/** The fan's and its block's latest readings, as ingest would have left them, measured now. */
async function readings(values: { rpm: number; wind: number; canopy: number }) {
  const at = testApp.clock.now().toISOString();
  const topic = (metric: string, lastValue: number) => ({
    metric,
    type: 'analog',
    lastValue,
    timestamp: at,
  });
  await testApp.db
    .update(t.sensors)
    .set({ topics: [topic('fan.rpm', values.rpm), topic('fan.windSpeed', values.wind)] })
    .where(eq(t.sensors.id, fanId));
  await testApp.db
    .update(t.sensors)
    .set({ topics: [topic('temperature', values.canopy)] })
    .where(eq(t.sensors.id, canopyId));
}

function post(action: 'start' | 'stop', payload: object = {}, userId?: number) {
  return testApp.as(userId ?? testApp.farm.users.admin.id, {
    method: 'POST',
    url: `/api/fans/${fanId}/${action}`,
    payload,
  });
}

async function request(id: number): Promise<FanRequest> {
  const response = await testApp.as(testApp.farm.users.monitor.id, {
    method: 'GET',
    url: `/api/fans/${fanId}/requests/${id}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<FanRequest>();
}

async function fanEvents(): Promise<string[]> {
  const rows = await testApp.db
    .select({ message: t.events.message })
    .from(t.events)
    .where(and(eq(t.events.targetType, 'sensor'), eq(t.events.targetId, fanId)))
    .orderBy(t.events.id);
  return rows.map((row) => row.message);
}

/** The start check on the worker's timer, run here on the test clock. */
const check = () => checkFanCommands(testApp.db, testApp.clock.now(), ENGINE);

beforeAll(async () => {
  testApp = await buildTestApp();
  const { db, clock, farm } = testApp;
  broker = await startTestBroker({ deviceSite: deviceSiteLookup(db) });
  jobs = await startJobs({ handle: testApp.handle, log: quietLog });
  const common = { db, clock, log: quietLog };
  const commands = await startCommands({
    ...common,
    broker,
    topicRoot: broker.topicRoot,
    timeoutSeconds: 30,
    jobs,
    clientId: `fan-commands-${randomUUID()}`,
    sweepIntervalMs: 100,
  });
  const deviceRequests = await startDeviceRequests({ ...common, jobs, commands });
  const dispatcher = await startDispatcher({
    ...common,
    handlers: deviceRequests.handlers,
    pollIntervalMs: 50,
  });
  closers.push(dispatcher, deviceRequests, commands);

  // The fan's controller and its block's canopy sensor, on one radio of the frost area.
  const [radio] = await db
    .insert(t.radios)
    .values({
      siteId: farm.sites.a.id,
      areaId: farm.areas.frost.id,
      type: 'LoRa',
      serialno: 'R-FAN-9',
      location: '[-39.642,176.843]',
      tags: {},
      config: meshRole({}),
    })
    .returning();
  if (!radio) throw new Error('radio not inserted');
  const [fan, canopy] = await db
    .insert(t.sensors)
    .values(
      (['external', 'temperature'] as const).map((type) => ({
        siteId: farm.sites.a.id,
        areaId: farm.areas.frost.id,
        radioId: radio.id,
        type,
        tags: type === 'external' ? { identifier: 'frostFan' } : { identifier: 'canopy' },
        label: type === 'external' ? 'Fan 9' : 'Block 9 canopy',
        serialno: type === 'external' ? 'FAN-9' : 'CANOPY-9',
        topics: [],
      })),
    )
    .returning();
  if (!fan || !canopy) throw new Error('sensors not inserted');
  fanId = fan.id;
  canopyId = canopy.id;
  // Start at or below 1 °C, shut down above 8 km/h.
  const rules = await testApp.as(farm.users.admin.id, {
    method: 'PUT',
    url: `/api/sites/${farm.sites.a.id}/frost-rules`,
    payload: FROST_RULE_PRESETS.marlboroughConsent,
  });
  expect(rules.statusCode).toBe(200);

  gateway = await connectAnsweringGateway(broker, farm.sites.a.id, (command) => {
    heard.push(command);
    return [{ phase: 'accepted' }, { phase: 'done' }];
  });
}, 120_000);

afterAll(async () => {
  await gateway?.endAsync();
  for (const closer of closers) await closer.close();
  await jobs?.stop({ graceful: false, wait: true });
  await broker?.close();
  await testApp?.close();
});

beforeEach(async () => {
  // Each test starts with no request open or waiting for the start check.
  testApp.clock.advance(1_000);
  await testApp.db
    .update(t.requests)
    .set({
      status: sql`case when ${t.requests.status} in ('new', 'pending', 'inProgress')
                  then 'cancelled' else ${t.requests.status} end`,
      payload: sql`${t.requests.payload} || '{"settled": true}'::jsonb`,
    })
    .where(eq(t.requests.type, 'fan'));
});

async function waitUntilDone(id: number) {
  await waitFor(`fan request ${id} done`, async () => (await request(id)).status === 'done');
}

describe('a fan started from the console', () => {
  it('is refused in wind above the site limit, with the reason shown, and nothing recorded', async () => {
    await readings({ rpm: 0, wind: 12, canopy: 0.2 });
    const response = await post('start');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      reason: FAN_START_REFUSED_REASON,
      detail: ["the wind is 12 km/h, above the site's shutdown speed of 8 km/h"],
    });
    expect(response.json<{ message: string }>().message).toContain('Fan 9 not started');
    const requests = await testApp.db
      .select()
      .from(t.requests)
      .where(and(eq(t.requests.type, 'fan'), eq(t.requests.targetId, fanId)));
    expect(requests).toEqual([]);
    expect(await fanEvents()).toEqual([]);
  });

  it('is only for users with edit rights on the area', async () => {
    await readings({ rpm: 0, wind: 2, canopy: 0.2 });
    const response = await post('start', {}, testApp.farm.users.monitor.id);
    expect(response.statusCode).toBe(403);
  });

  it('goes out with an override, which the request and the event log record with who asked, and runs', async () => {
    await readings({ rpm: 0, wind: 12, canopy: 0.2 });
    const response = await post('start', { override: true });
    expect(response.statusCode).toBe(202);
    const created = response.json<FanRequest>();
    expect(created).toMatchObject({
      type: 'fan',
      action: 'start',
      target: fanId,
      status: 'new',
      override: true,
      overridden: ["the wind is 12 km/h, above the site's shutdown speed of 8 km/h"],
      outcome: null,
      requestedBy: { id: testApp.farm.users.admin.id },
    });
    const who = created.requestedBy?.name ?? '';
    expect((await fanEvents()).at(-1)).toBe(
      `Fan 9: Start from the console by ${who} (canopy 0.2 °C, wind 12 km/h); override of: ` +
        "the wind is 12 km/h, above the site's shutdown speed of 8 km/h",
    );

    await waitUntilDone(created.id);
    expect(heard.filter((command) => command.requestId === created.id)).toEqual([
      expect.objectContaining({ action: 'fanStart', fan: fanId }),
    ]);
    // The controller reports its RPM; the start check sees the fan running.
    testApp.clock.advance(5_000);
    await readings({ rpm: 2350, wind: 12, canopy: 0.2 });
    expect(await check()).toBe(1);
    expect(await request(created.id)).toMatchObject({ status: 'done', outcome: 'running' });
    expect((await fanEvents()).at(-1)).toBe(
      'Fan 9 running after the start from the console (2350 RPM)',
    );
    // Settled once: a second check (another worker's) changes nothing.
    expect(await check()).toBe(0);
  });

  it('raises "Fan failed to start", critical, when no RPM comes within 120 s, and escalates', async () => {
    // The site's roster: the contact by sms, then by email 5 minutes later.
    const roster = await testApp.as(testApp.farm.users.manager.id, {
      method: 'PUT',
      url: `/api/sites/${testApp.farm.sites.a.id}/roster`,
      payload: smsThenEmailRoster(testApp.farm, 5, 0),
    });
    expect(roster.statusCode).toBe(200);
    await readings({ rpm: 0, wind: 2, canopy: -0.4 });
    const response = await post('start');
    expect(response.statusCode).toBe(202);
    const created = response.json<FanRequest>();
    expect(created.override).toBe(false);
    await waitUntilDone(created.id);

    testApp.clock.advance(119_000);
    expect(await check()).toBe(0);
    testApp.clock.advance(1_000);
    expect(await check()).toBe(1);
    expect(await request(created.id)).toMatchObject({ outcome: 'failedToStart' });

    const [alarm] = await testApp.db
      .select()
      .from(t.alarms)
      .where(
        and(
          eq(t.alarms.areaId, testApp.farm.areas.frost.id),
          sql`(${t.alarms.rule}->>'template')::integer = ${ALARM_TEMPLATES.fanFailedToStart}`,
        ),
      );
    expect(alarm).toMatchObject({
      label: 'Fan failed to start: Fan 9',
      rule: { target: fanId, targetType: 'sensor', severity: 'critical' },
    });
    const [state] = await testApp.db
      .select()
      .from(t.alarmStates)
      .where(eq(t.alarmStates.alarmId, alarm?.id ?? 0));
    expect(state?.status).toBe('raised');
    const messages = await testApp.db
      .select()
      .from(t.alarmNotifications)
      .where(eq(t.alarmNotifications.alarmId, alarm?.id ?? 0));
    expect(messages.map((m) => [m.kind, m.method, m.step])).toEqual(
      expect.arrayContaining([
        ['raised', 'sms', expect.any(Number)],
        ['raised', 'email', expect.any(Number)],
      ]),
    );
    const events = await fanEvents();
    expect(events).toContain(
      'Fan 9 failed to start: no RPM within 120 s of the start from the console',
    );
    expect(events.at(-1)).toMatch(/^Alarm: Fan failed to start: Fan 9: /);

    // The next start that runs clears it.
    const again = (await post('start')).json<FanRequest>();
    await waitUntilDone(again.id);
    await readings({ rpm: 2300, wind: 2, canopy: -0.4 });
    expect(await check()).toBe(1);
    const [cleared] = await testApp.db
      .select()
      .from(t.alarmStates)
      .where(eq(t.alarmStates.alarmId, alarm?.id ?? 0));
    expect(cleared?.status).toBe('normal');
  });

  it('is stopped from the console whatever the wind, and the stop is recorded once the RPM is 0', async () => {
    await readings({ rpm: 2350, wind: 30, canopy: 3 });
    const response = await post('stop');
    expect(response.statusCode).toBe(202);
    const created = response.json<FanRequest>();
    await waitUntilDone(created.id);
    expect(heard.filter((command) => command.requestId === created.id)).toEqual([
      expect.objectContaining({ action: 'fanStop', fan: fanId }),
    ]);
    expect(await check()).toBe(0);
    testApp.clock.advance(2_000);
    await readings({ rpm: 0, wind: 30, canopy: 3 });
    expect(await check()).toBe(1);
    expect(await request(created.id)).toMatchObject({ action: 'stop', outcome: 'stopped' });
    expect((await fanEvents()).at(-1)).toBe('Fan 9 stopped after the stop from the console');

    const listed = await testApp.as(testApp.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/fans/${fanId}/requests`,
    });
    expect(listed.json<FanRequest[]>()[0]).toMatchObject({ id: created.id, action: 'stop' });
  });

  it('refuses a second start while the first is still open, and a stop overtakes it', async () => {
    await readings({ rpm: 0, wind: 2, canopy: 0 });
    // Recorded straight in the store, so no dispatcher takes it up before the calls below.
    const [open] = await testApp.db
      .insert(t.requests)
      .values({
        action: 'start',
        type: 'fan',
        targetId: fanId,
        siteId: testApp.farm.sites.a.id,
        status: 'inProgress',
        requestedBy: testApp.farm.users.admin.id,
        createdAt: testApp.clock.now(),
      })
      .returning();
    const second = await post('start');
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toContain(
      `request ${open?.id} is still being carried out`,
    );
    const stop = await post('stop');
    expect(stop.statusCode).toBe(202);
    expect((await request(open?.id ?? 0)).status).toBe('cancelled');
  });
});
