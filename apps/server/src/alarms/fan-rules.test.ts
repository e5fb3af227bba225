/**
 * "Fan should be running" through ingest (issue 15): a frost fan's engine controller and its
 * block's canopy sensor publish through the broker, ingest stores the readings and commits a
 * followup, and the alarm followup judges the fan against the canopy: a stopped fan under a
 * canopy at or below its start temperature raises a critical alarm once the grace has passed (on
 * the next batch, or on the sweep's timer between batches), and the fan starting clears it. On
 * PGlite and the embedded broker, or DATABASE_URL and MQTT_URL.
 */
import { alarmRuleFromTemplate, ALARM_TEMPLATES, uplinkTopic } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarmFollowupHandler } from './engine.ts';
import { evaluateFanShouldRun } from './fan-rules.ts';
import * as t from '../db/schema.ts';
import { meshRole } from '../seed/rows.ts';
import { runFollowups } from '../ingest/followups.ts';
import { quietLog, useIngestAndGateway, useTestField, waitFor } from '../../test/helpers/field.ts';
import { addAlarm } from '../../test/helpers/alarms.ts';
import { testClock } from '../../test/helpers/test-app.ts';

const field = useTestField({ deviceSite: true });
const MIN = 60_000;
/** 02:00 NZDT: a frost night at the test farm (Hawke's Bay). */
const T0 = new Date('2026-11-20T13:00:00.000Z');

const clock = testClock(T0);
let fanId = 0;
let canopyId = 0;
let alarmId = 0;
let seq = 1;

beforeAll(async () => {
  const [radio] = await field.db
    .insert(t.radios)
    .values({
      siteId: field.farm.sites.a.id,
      areaId: field.farm.areas.frost.id,
      type: 'LoRa',
      serialno: 'R-FAN-1',
      location: '[-39.642,176.843]',
      tags: { identifier: 'canopy' },
      config: meshRole({}),
    })
    .returning();
  if (!radio) throw new Error('radio not inserted');
  const sensor = (
    values: Pick<typeof t.sensors.$inferInsert, 'type' | 'tags' | 'label' | 'serialno'>,
  ): typeof t.sensors.$inferInsert => ({
    siteId: field.farm.sites.a.id,
    areaId: field.farm.areas.frost.id,
    radioId: radio.id,
    location: '[-39.642,176.843]',
    topics: [],
    ...values,
  });
  const [fan, canopy] = await field.db
    .insert(t.sensors)
    .values([
      sensor({
        type: 'external',
        tags: { identifier: 'frostFan' },
        label: 'Fan 1 engine',
        serialno: 'FAN-1',
      }),
      sensor({
        type: 'temperature',
        tags: { identifier: 'canopy' },
        label: 'Block 1 canopy temperature',
        serialno: 'CANOPY-1',
      }),
    ])
    .returning();
  if (!fan || !canopy) throw new Error('sensors not inserted');
  fanId = fan.id;
  canopyId = canopy.id;
}, 120_000);

const live = useIngestAndGateway(field, { name: 'fan-alarms', clock });

beforeEach(async () => {
  // Each test an hour on: a sensor's latest value only moves for a newer reading.
  clock.advance(60 * MIN);
  await field.db.delete(t.alarmNotifications);
  await field.db.delete(t.alarmStates);
  await field.db.delete(t.alarms);
  await field.db.delete(t.events);
  // Start at 1 °C, the fan's own controller setting (the site's default rule says 2 °C).
  const rule = alarmRuleFromTemplate(ALARM_TEMPLATES.fanShouldRun, {
    target: fanId,
    targetType: 'sensor',
    startTemperature: 1,
  });
  const alarm = await addAlarm(field.db, field.farm, {
    areaId: field.farm.areas.frost.id,
    rule: { ...rule, id: 1 },
    notifications: [field.farm.notifications.smsA.id],
    label: 'Fan 1 should be running',
  });
  alarmId = alarm.id;
});

const handler = alarmFollowupHandler({ groupMs: 0, now: () => clock.now() });

/**
 * The radio publishes the fan's RPM and the canopy temperature now; ingest stores them and the
 * batch's followup runs the alarm rules.
 */
async function report(rpm: number, canopy: number) {
  const target = live.ingest.stats().committed + 1;
  const time = clock.now().toISOString();
  await live.gateway.publishAsync(
    uplinkTopic(field.broker.topicRoot, field.farm.sites.a.id, 'R-FAN-1', 'readings'),
    JSON.stringify({
      seq: seq++,
      time,
      readings: [
        { thing: 'sensor', id: fanId, metric: 'fan.rpm', value: rpm },
        { thing: 'sensor', id: canopyId, metric: 'temperature', value: canopy },
      ],
    }),
    { qos: 1 },
  );
  await waitFor('the readings stored', () => live.ingest.stats().committed >= target);
  expect(await runFollowups(field.db, [handler], quietLog)).toEqual({ done: 1, failed: 0 });
}

async function state() {
  const [row] = await field.db
    .select()
    .from(t.alarmStates)
    .where(eq(t.alarmStates.alarmId, alarmId));
  return row?.status ?? 'normal';
}

const openEvents = () =>
  field.db
    .select()
    .from(t.events)
    .where(and(eq(t.events.alarmId, alarmId), eq(t.events.open, true)));

describe('a fan that should be running', () => {
  it('is raised after the grace for a stopped fan under a cold canopy, and clears when it starts', async () => {
    await report(0, 0.6);
    expect(await state()).toBe('normal');
    clock.advance(3 * MIN);
    await report(0, 0.4);
    // Within the five minutes' grace: the controller may still be cranking.
    expect(await state()).toBe('normal');
    clock.advance(3 * MIN);
    await report(0, 0.2);
    expect(await state()).toBe('raised');

    const [event] = await openEvents();
    expect(event?.type).toBe('error');
    expect(event?.targetType).toBe('sensor');
    expect(event?.targetId).toBe(fanId);
    expect(event?.message).toContain('Fan 1 engine not running');
    expect(event?.message).toContain('0.2 °C');
    const messages = await field.db
      .select()
      .from(t.alarmNotifications)
      .where(eq(t.alarmNotifications.alarmId, alarmId));
    expect(messages.map((m) => [m.kind, m.severity, m.method])).toEqual([
      ['raised', 'critical', 'sms'],
    ]);

    // Still stopped and still cold: raised once, nothing more.
    clock.advance(MIN);
    await report(0, 0.1);
    expect(await openEvents()).toHaveLength(1);

    clock.advance(MIN);
    await report(2350, 0.1);
    expect(await state()).toBe('normal');
    expect(await openEvents()).toEqual([]);
    const cleared = await field.db
      .select()
      .from(t.events)
      .where(and(eq(t.events.alarmId, alarmId), eq(t.events.open, false)));
    expect(cleared.map((e) => e.message)).toContain('Alarm cleared: Fan 1 should be running');
  });

  it('is not raised above the start temperature, nor for a fan that runs', async () => {
    await report(0, 1.5);
    clock.advance(10 * MIN);
    await report(0, 1.2);
    expect(await state()).toBe('normal');
    clock.advance(MIN);
    await report(2300, -1);
    clock.advance(10 * MIN);
    await report(2310, -1.5);
    expect(await state()).toBe('normal');
    expect(await openEvents()).toEqual([]);
  });

  it('is raised on the timer when the grace runs out between readings', async () => {
    await report(0, 0.5);
    clock.advance(6 * MIN);
    expect(await evaluateFanShouldRun(field.db, clock.now(), { groupMs: 0 })).toBe(1);
    expect(await state()).toBe('raised');
    // The canopy warms past the start temperature and its margin with the fan still stopped.
    clock.advance(MIN);
    await report(0, 1.2);
    expect(await state()).toBe('raised');
    clock.advance(MIN);
    await report(0, 1.6);
    expect(await state()).toBe('normal');
  });
});
