/**
 * Alarms that fire and reach a person: set-point evaluation with its event and outbox rows, the
 * sender through the real Twilio adapter and the local stand-in, grouping, escalation stopped by
 * an acknowledgement (console, link, 1 on a call), quiet hours, snooze, retries and final
 * failures, overdue templates, and one raise for a value oscillating at its set point.
 */
import { alarmRuleFromTemplate, ALARM_TEMPLATES } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evaluateOverdue } from './overdue-rules.ts';
import type { RuleCache } from './rule-cache.ts';
import { evaluateSetPoints } from './set-points.ts';
import { sendDueNotifications, type SenderDeps } from './sender.ts';
import { createTwilio, twilioSignature } from './twilio.ts';
import {
  startTwilioStandin,
  type TwilioStandin,
} from '../../../devstack/src/twilio-standin/standin.ts';
import { loadAlarmLinkSecret } from '../auth/secrets.ts';
import * as schema from '../db/schema.ts';
import { addAlarm, smsThenEmailRoster, soilDryRule } from '../../test/helpers/alarms.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';

const PUBLIC_URL = 'http://paddock.test';
/** 11:00 in Hawke's Bay (NZDT, UTC+13): working hours for site a. */
const MORNING = new Date('2026-11-20T22:00:00.000Z');

let standin: TwilioStandin;
let t: TestApp;
let sender: SenderDeps;

beforeAll(async () => {
  standin = await startTwilioStandin({ callbackDelayMs: 60_000 });
  t = await buildTestApp({
    TWILIO_BASE_URL: standin.url,
    TWILIO_ACCOUNT_SID: standin.accountSid,
    TWILIO_AUTH_TOKEN: standin.authToken,
    TWILIO_SMS_FROM: '+15005550006',
    PUBLIC_URL,
  });
  const twilio = t.config.alarms.twilio;
  if (!twilio) throw new Error('twilio not configured');
  sender = {
    db: t.db,
    mailer: t.app.ctx.mailer,
    twilio: createTwilio(twilio),
    outboxDir: t.outboxDir,
    publicUrl: PUBLIC_URL,
    apiBasePath: '/api',
    linkSecret: await loadAlarmLinkSecret(t.db),
    clock: t.clock,
    log: { info: () => {}, warn: () => {} },
  };
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

let alarmId: number;
beforeEach(async () => {
  t.clock.set(MORNING);
  standin.records.length = 0;
  await t.db.delete(schema.alarmNotifications);
  await t.db.delete(schema.siteRosters);
  await t.db.delete(schema.alarms);
  await t.db.delete(schema.events);
  await t.db.update(schema.areas).set({ snoozed: false, alarmsActive: true });
  const rule = soilDryRule(t.farm, { template: ALARM_TEMPLATES.anySetPoint });
  const alarm = await addAlarm(t.db, t.farm, {
    rule: { ...rule, id: 1, clearValue: 22 },
    notifications: [t.farm.notifications.emailA.id, t.farm.notifications.smsA.id],
  });
  alarmId = alarm.id;
});
afterEach(() => {
  standin.records.length = 0;
});

/** The soil sensor reports `value` now; the batch's followup evaluates its rules. */
async function report(value: number, rules?: RuleCache) {
  const now = t.clock.now();
  await t.db
    .update(schema.sensors)
    .set({
      topics: [
        { metric: 'soil.moisture', type: 'analog', lastValue: value, timestamp: now.toISOString() },
      ],
    })
    .where(eq(schema.sensors.id, t.farm.sensors.soil.id));
  return t.db.transaction((tx) =>
    evaluateSetPoints(
      tx,
      { sensors: [t.farm.sensors.soil.id], controls: [] },
      now,
      { groupMs: 0 },
      rules,
    ),
  );
}

const outbox = () =>
  t.db.select().from(schema.alarmNotifications).orderBy(schema.alarmNotifications.id);
const state = async () =>
  (await t.db.select().from(schema.alarmStates).where(eq(schema.alarmStates.alarmId, alarmId)))[0];

describe('a set point crossed', () => {
  it('raises once, records an open event, and sends the email and the sms', async () => {
    expect(await report(25)).toBe(0);
    expect(await report(12)).toBe(1);
    expect(await report(11)).toBe(0);
    expect((await state())?.status).toBe('raised');

    const events = await t.as(t.farm.users.monitor.id, {
      method: 'POST',
      url: `/api/areas/${t.farm.areas.irrigation.id}/events`,
    });
    expect(events.json().stats.open).toBe(1);
    expect(events.json().events[0]).toMatchObject({
      type: 'warning',
      alarm: alarmId,
      open: true,
      target: t.farm.sensors.soil.id,
      targetType: 'sensor',
    });
    expect(events.json().events[0].message).toContain('Zone 1 too dry');

    const result = await sendDueNotifications(sender);
    expect(result).toEqual({ sent: 2, failed: 0 });
    const [sms] = standin.records;
    expect(sms).toMatchObject({ kind: 'sms', to: '+64211234567', from: '+15005550006' });
    expect(sms?.body).toContain('ALARM [warning] Block A: Zone 1 too dry (12)');
    expect(sms?.body).toMatch(/Acknowledge: http:\/\/paddock\.test\/ack\/\d+\.[\w-]{22}/);
    expect(sms?.statusCallback).toBe(`${PUBLIC_URL}/api/providers/twilio/status`);
    const rows = await outbox();
    expect(rows.map((row) => [row.method, row.status])).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
  });

  it('judges by a set point changed after its rule was last read', async () => {
    // The rules a followup worker keeps between batches.
    const rules: RuleCache = new Map();
    expect(await report(25, rules)).toBe(0);
    const [alarm] = await t.db.select().from(schema.alarms).where(eq(schema.alarms.id, alarmId));
    if (!alarm) throw new Error('alarm missing');
    const [condition, ...others] = alarm.rule.conditions.all;
    await t.db
      .update(schema.alarms)
      .set({
        rule: {
          ...alarm.rule,
          conditions: { all: [{ ...condition, value: 30 }, ...others] },
          clearValue: 32,
        },
      })
      .where(eq(schema.alarms.id, alarmId));
    expect(await report(25, rules)).toBe(1);
    expect((await state())?.status).toBe('raised');
  });

  it('clears past the clear threshold, not at the set point (hysteresis)', async () => {
    await report(12);
    await report(21);
    expect((await state())?.status).toBe('raised');
    // reset-after of any set point: 30 minutes back past the clear threshold.
    await report(23);
    t.clock.advance(29 * 60_000);
    await report(23);
    expect((await state())?.status).toBe('raised');
    t.clock.advance(60_000);
    await report(23);
    expect((await state())?.status).toBe('normal');
    const events = await t.db.select().from(schema.events).orderBy(schema.events.id);
    expect(events.map((e) => [e.type, e.open])).toEqual([
      ['warning', false],
      ['info', false],
    ]);
  });

  it('a value oscillating around the set point for ten minutes raises one alarm', async () => {
    let transitions = 0;
    for (let second = 0; second < 600; second += 15) {
      transitions += await report(second % 30 === 0 ? 19.6 : 20.4);
      t.clock.advance(15_000);
    }
    expect(transitions).toBe(1);
    expect((await outbox()).filter((row) => row.kind === 'raised')).toHaveLength(2);
  });
});

describe('acknowledging', () => {
  beforeEach(async () => {
    // The roster: the manager by sms at once, then by email after 5 minutes, once more after 30.
    await t.as(t.farm.users.manager.id, {
      method: 'PUT',
      url: `/api/sites/${t.farm.sites.a.id}/roster`,
      payload: smsThenEmailRoster(t.farm, 5, 1),
    });
  });

  it('from the console stops the escalation, closes the event and records who', async () => {
    await report(12);
    // Email and sms at once; the roster's first sms is the same message, so only its email
    // after 5 minutes and the reminder round (sms at 35, email at 40) are added.
    expect((await outbox()).filter((r) => r.status === 'pending')).toHaveLength(5);
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'POST',
      url: `/api/areas/${t.farm.areas.irrigation.id}/alarms/${alarmId}/acknowledge`,
      payload: { comment: 'Pump restarted' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().state).toMatchObject({
      status: 'acknowledged',
      acknowledgedBy: 'Mo Tester',
      acknowledgedVia: 'console',
      comment: 'Pump restarted',
    });
    const again = await t.as(t.farm.users.monitor.id, {
      method: 'POST',
      url: `/api/areas/${t.farm.areas.irrigation.id}/alarms/${alarmId}/acknowledge`,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    t.clock.advance(60 * 60_000);
    await sendDueNotifications(sender);
    // The alarm's own notifications had not gone yet either: nothing reaches anyone.
    expect(standin.records).toHaveLength(0);
    const rows = await outbox();
    expect(rows.every((row) => row.status === 'suppressed')).toBe(true);
    expect(rows[0]?.reason).toBe('Acknowledged by Mo Tester');
    // Back to when the signed-in session is valid.
    t.clock.advance(-60 * 60_000);
    const log = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/areas/${t.farm.areas.irrigation.id}/alarms/${alarmId}/notifications`,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toHaveLength(5);
    const events = await t.db.select().from(schema.events).orderBy(schema.events.id);
    expect(events.map((e) => [e.type, e.open, e.acknowledgedBy])).toEqual([
      ['warning', false, 'Mo Tester'],
      ['info', false, 'Mo Tester'],
    ]);
  });

  it('by the single-use link in the sms; the next step of the roster gets nothing', async () => {
    await report(12);
    await sendDueNotifications(sender);
    const sms = standin.records.find((r) => r.kind === 'sms');
    const token = /\/ack\/([\w.-]+)/.exec(sms?.body ?? '')?.[1];
    expect(token).toBeDefined();
    const view = await t.app.inject({ method: 'GET', url: `/api/alarm-acks/${token}` });
    expect(view.json()).toMatchObject({ alarm: alarmId, status: 'raised', used: false });
    const used = await t.app.inject({
      method: 'POST',
      url: `/api/alarm-acks/${token}`,
      payload: { comment: 'On my way' },
    });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ status: 'acknowledged', acknowledgedBy: 'Max Tester' });
    const twice = await t.app.inject({ method: 'POST', url: `/api/alarm-acks/${token}` });
    expect(twice.statusCode).toBe(410);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/alarm-acks/${token?.replace(/\.\w/, '.A')}x`,
    });
    expect(forged.statusCode).toBe(404);
    standin.records.length = 0;
    t.clock.advance(10 * 60_000);
    await sendDueNotifications(sender);
    expect(standin.records).toHaveLength(0);
  });

  it('by pressing 1 on the call', async () => {
    await t.db
      .update(schema.contactNotifications)
      .set({ method: 'voice' })
      .where(eq(schema.contactNotifications.id, t.farm.notifications.smsA.id));
    try {
      await report(12);
      await sendDueNotifications(sender);
      const call = standin.records.find((r) => r.kind === 'call');
      expect(call?.twiml).toContain('<Gather numDigits="1"');
      expect(call?.twiml).toContain('Press 1 to acknowledge.');
      const action = /action="([^"]+)"/.exec(call?.twiml ?? '')?.[1] ?? '';
      expect(action.startsWith(`${PUBLIC_URL}/api/providers/twilio/gather/`)).toBe(true);
      const params = { CallSid: call?.sid ?? '', Digits: '1' };
      const unsigned = await t.app.inject({
        method: 'POST',
        url: action.slice(PUBLIC_URL.length),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(params).toString(),
      });
      expect(unsigned.statusCode).toBe(403);
      const pressed = await t.app.inject({
        method: 'POST',
        url: action.slice(PUBLIC_URL.length),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(standin.authToken, action, params),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(pressed.statusCode).toBe(200);
      expect(pressed.headers['content-type']).toContain('text/xml');
      expect(pressed.body).toContain('<Say>Acknowledged. Thank you.</Say>');
      expect(await state()).toMatchObject({ status: 'acknowledged', acknowledgedVia: 'voice' });
    } finally {
      await t.db
        .update(schema.contactNotifications)
        .set({ method: 'sms' })
        .where(eq(schema.contactNotifications.id, t.farm.notifications.smsA.id));
    }
  });
});

describe('delivery', () => {
  it('groups several alarms of the site due together into one message per person', async () => {
    await addAlarm(t.db, t.farm, {
      rule: { ...soilDryRule(t.farm, { threshold: 15, name: 'Zone 1 very dry' }), id: 2 },
      notifications: [t.farm.notifications.smsA.id],
    });
    expect(await report(10)).toBe(2);
    await sendDueNotifications(sender);
    const sms = standin.records.filter((r) => r.kind === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain('2 alarms');
    expect(sms[0]?.body).toContain('Zone 1 too dry');
    expect(sms[0]?.body).toContain('Zone 1 very dry');
  });

  it('holds an email without afterhours until working hours in the site time zone', async () => {
    // 22:00 NZDT.
    t.clock.set(new Date('2026-11-21T09:00:00.000Z'));
    await report(12);
    const rows = await outbox();
    const email = rows.find((r) => r.method === 'email');
    const sms = rows.find((r) => r.method === 'sms');
    // 06:00 NZDT on the 22nd is 17:00 UTC on the 21st.
    expect(email?.dueAt.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(email?.reason).toMatch(/^Held for quiet hours/);
    expect(sms?.dueAt.toISOString()).toBe('2026-11-21T09:00:00.000Z');
  });

  it('records messages of a snoozed area suppressed, and evaluates nothing with alarms off', async () => {
    await t.db
      .update(schema.areas)
      .set({ snoozed: true })
      .where(eq(schema.areas.id, t.farm.areas.irrigation.id));
    await report(12);
    expect((await outbox()).map((r) => r.status)).toEqual(['suppressed', 'suppressed']);
    expect((await state())?.status).toBe('raised');

    await t.db
      .update(schema.areas)
      .set({ snoozed: false, alarmsActive: false })
      .where(eq(schema.areas.id, t.farm.areas.irrigation.id));
    await evaluateOverdue(t.db, t.clock.now(), { groupMs: 0 });
    expect((await state())?.status).toBe('normal');
    expect(await report(25)).toBe(0);
    expect(await report(12)).toBe(0);
  });

  it('retries with backoff, and records a final failure', async () => {
    await report(12);
    await fetch(`${standin.url}/standin/failures`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, status: 503 }),
    });
    await sendDueNotifications(sender);
    let sms = (await outbox()).find((r) => r.method === 'sms');
    expect(sms).toMatchObject({ status: 'pending', attempts: 1 });
    expect(sms?.reason).toContain('503');
    t.clock.advance(5_000);
    await sendDueNotifications(sender);
    sms = (await outbox()).find((r) => r.method === 'sms');
    expect(sms).toMatchObject({ status: 'sent', attempts: 2 });

    // Twilio's magic invalid number: refused for good, no retry.
    await t.db
      .update(schema.alarmNotifications)
      .set({ status: 'pending', address: '+15005550001', dueAt: t.clock.now() })
      .where(eq(schema.alarmNotifications.id, sms?.id ?? 0));
    await sendDueNotifications(sender);
    sms = (await outbox()).find((r) => r.method === 'sms');
    expect(sms?.status).toBe('failed');
    expect(sms?.reason).toContain('21211');
    const log = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}/notifications`,
    });
    expect(log.json().find((e: { id: number }) => e.id === sms?.id)).toMatchObject({
      status: 'failed',
      contactName: 'Max Tester',
    });
  });

  it('takes the provider status callback only when signed', async () => {
    await report(12);
    await sendDueNotifications(sender);
    const sms = standin.records.find((r) => r.kind === 'sms');
    const url = `${PUBLIC_URL}/api/providers/twilio/status`;
    const params = { MessageSid: sms?.sid ?? '', MessageStatus: 'delivered' };
    const post = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/providers/twilio/status',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature,
        },
        payload: new URLSearchParams(params).toString(),
      });
    expect((await post('bogus')).statusCode).toBe(403);
    expect((await post(twilioSignature(standin.authToken, url, params))).statusCode).toBe(204);
    const row = (await outbox()).find((r) => r.providerId === sms?.sid);
    expect(row?.status).toBe('delivered');
  });
});

describe('contact tests by sms', () => {
  it('go through the provider and end done', async () => {
    const started = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: `/api/contacts/${t.farm.contacts.a.id}/test`,
      payload: { notification: t.farm.notifications.smsA.id, area: t.farm.areas.irrigation.id },
    });
    expect(started.statusCode).toBe(202);
    const poll = () =>
      t.as(t.farm.users.manager.id, {
        method: 'GET',
        url: `/api/contacts/${t.farm.contacts.a.id}/test/${started.json().id}`,
      });
    expect((await poll()).json().status).toBe('new');
    await sendDueNotifications(sender);
    expect((await poll()).json().status).toBe('done');
    expect(standin.records[0]?.body).toContain('Paddock test');
  });
});

describe('overdue templates', () => {
  it('any radio overdue raises a warning; a coordinator overdue a critical alarm', async () => {
    await t.db.delete(schema.alarms);
    const overdue = (template: 9 | 16, name: string) => ({
      areaId: t.farm.areas.irrigation.id,
      siteId: t.farm.sites.a.id,
      active: true,
      rule: {
        ...alarmRuleFromTemplate(template, {
          target: t.farm.areas.irrigation.id,
          targetType: 'area',
          name,
        }),
        id: 1,
      },
      notifications: [t.farm.notifications.smsA.id],
      label: name,
    });
    await t.db.insert(schema.alarms).values([overdue(9, 'Any radio'), overdue(16, 'Coordinator')]);
    expect(await evaluateOverdue(t.db, t.clock.now(), { groupMs: 0 })).toBe(0);
    await t.db
      .update(schema.radios)
      .set({ overdue: true })
      .where(eq(schema.radios.id, t.farm.radios.radio1.id));
    expect(await evaluateOverdue(t.db, t.clock.now(), { groupMs: 0 })).toBe(1);
    const coordinator = t.farm.radios.radio2;
    await t.db
      .update(schema.radios)
      .set({ overdue: true, config: { ...coordinator.config, coordinator: true } })
      .where(eq(schema.radios.id, coordinator.id));
    expect(await evaluateOverdue(t.db, t.clock.now(), { groupMs: 0 })).toBe(1);
    const events = await t.db
      .select()
      .from(schema.events)
      .where(and(eq(schema.events.open, true)))
      .orderBy(schema.events.id);
    expect(events.map((e) => [e.type, e.message.split(':')[1]?.trim()])).toEqual([
      ['warning', 'Any radio'],
      ['error', 'Coordinator'],
    ]);
    await t.db.update(schema.radios).set({ overdue: false, config: coordinator.config });
  });
});
