/**
 * What the audit walk's valid calls (audit-calls.ts) make before they call: a user of their own,
 * a token as a mail would carry it, an alarm raised and its link, a provider's signature, a program
 * in an area of its own, a water meter, a frost fan, or a thing made by its own API call.
 */
import type { Privilege } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { ackLinkFor } from '../../src/alarms/ack-link.repository.ts';
import { signAckToken } from '../../src/alarms/ack-links.ts';
import { twilioSignature } from '../../src/alarms/twilio.ts';
import { issueAccountToken, type AccountTokenPurpose } from '../../src/auth/account-tokens.ts';
import { loadAlarmLinkSecret } from '../../src/auth/secrets.ts';
import * as s from '../../src/db/schema.ts';
import { programRow, programZoneRow } from '../../src/seed/rows.ts';
import { addAlarm, soilDryRule } from './alarms.ts';
import { addWaterMeter } from './farm.ts';
import type { TestApp } from './test-app.ts';

/** The provider's settings the file's app runs with: its callbacks are signed with this token. */
export const PROVIDER_ENV = {
  // Nothing here sends a message; one sent would find no one listening on this port.
  TWILIO_BASE_URL: 'http://127.0.0.1:9',
  TWILIO_ACCOUNT_SID: 'AC-audit',
  TWILIO_AUTH_TOKEN: 'audit-provider-token',
};

export type ValidCall = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Who calls with a session: the site admin unless told; null for a call with none. */
  caller?: number | null;
  /**
   * A call with no session: whom it concerns (the user signed in, the link's owner). The row
   * names them as its actor, or no one; never someone else.
   */
  concerns?: number;
  /** Whom the caller acts as once the call is done (Switch User's own call). */
  actingAs?: number;
};

/** 08:00 in Hawke's Bay on the test clock's day: an hour before the clock's start. */
const RUN_START = '2026-11-21T08:00:00.000Z';

let serial = 0;

/**
 * A user of their own on site a (a monitor): signed up with the farm's password, or invited and
 * not signed up yet (no password, the invitation sent); with the user-level privileges given.
 */
export async function member(t: TestApp, signedUp: boolean, privileges: Privilege[] = []) {
  const [admin] = await t.db
    .select({ hash: s.users.passwordHash })
    .from(s.users)
    .where(eq(s.users.id, t.farm.users.admin.id));
  const [user] = await t.db
    .insert(s.users)
    .values({
      login: `audit${++serial}@farm.test`,
      firstName: 'Aroha',
      lastName: 'Audit',
      // The admin's hash: hashing the farm's password again takes most of a second.
      passwordHash: signedUp ? (admin?.hash ?? null) : null,
      privileges,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  await t.db.insert(s.siteMembers).values({
    userId: user.id,
    siteId: t.farm.sites.a.id,
    privileges: ['view'],
    signupStatus: signedUp ? 'completed' : 'sent',
  });
  return user;
}

/** The token a mail to the user would carry, as the server issued it. */
export const mailedToken = (t: TestApp, userId: number, purpose: AccountTokenPurpose) =>
  issueAccountToken(t.db, {
    userId,
    purpose,
    siteId: purpose === 'reset' ? null : t.farm.sites.a.id,
    now: t.clock.now(),
  });

/** A new alarm of site a's irrigation area, raised now unless told otherwise. */
export async function alarm(t: TestApp, raised = false) {
  const row = await addAlarm(t.db, t.farm, {
    rule: { ...soilDryRule(t.farm, { name: `Audit alarm ${++serial}` }), id: 1 },
  });
  if (raised) {
    await t.db.insert(s.alarmStates).values({
      alarmId: row.id,
      status: 'raised',
      episode: 1,
      raisedAt: t.clock.now(),
      raisedValue: 12,
    });
  }
  return row;
}

/** The single-use link of a raised alarm, as its message to site a's contact carries it. */
export async function ackToken(t: TestApp) {
  const raised = await alarm(t, true);
  const link = await ackLinkFor(t.db, {
    alarmId: raised.id,
    episode: 1,
    contactId: t.farm.contacts.a.id,
  });
  return signAckToken(await loadAlarmLinkSecret(t.db), [link]);
}

/** A form the provider posts, signed with the auth token over the URL it was given. */
export function providerForm(t: TestApp, url: string, params: Record<string, string>): ValidCall {
  return {
    url,
    caller: null,
    payload: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(
        PROVIDER_ENV.TWILIO_AUTH_TOKEN,
        `${t.config.publicUrl}${url}`,
        params,
      ),
    },
  };
}

/**
 * A program of its own, in an irrigation area of its own on site a (an area has one program),
 * showing `activity` since 08:00.
 */
export async function program(t: TestApp, activity: 'stopped' | 'paused' | 'running') {
  const n = ++serial;
  const siteId = t.farm.sites.a.id;
  const [area] = await t.db
    .insert(s.areas)
    .values({
      siteId,
      label: `Audit block ${n}`,
      type: 'irrigation',
      capabilities: [],
      settings: {},
    })
    .returning();
  if (!area) throw new Error('area not inserted');
  const [zone] = await t.db
    .insert(s.sections)
    .values({ areaId: area.id, number: 1, label: 'Audit zone', type: 'irrigationZone' })
    .returning();
  if (!zone) throw new Error('section not inserted');
  const values = programRow({
    areaId: area.id,
    name: `Audit program ${n}`,
    sequences: [[zone.id]],
    zones: [programZoneRow(zone.id, { depth: 10 })],
  });
  const status = { ...values.status, activity, startTime: RUN_START, requestActive: false };
  const [row] = await t.db
    .insert(s.programs)
    .values({ ...values, status: status as typeof values.status })
    .returning();
  if (!row) throw new Error('program not inserted');
  return row;
}

/** A water meter of its own on site a's unit. */
export const meter = (t: TestApp) => {
  const n = ++serial;
  return addWaterMeter(t.db, t.farm, { label: `Audit meter ${n}`, serialno: `WM-A${n}` });
};

export const consentBody = (meterId: number) => ({
  consentNumber: `CRC-A${++serial}`,
  label: 'Bore take',
  maxRateLps: 15,
  maxDailyVolumeM3: 900,
  meters: [{ sensor: meterId, verifiedOn: '2025-02-01' }],
});

/** Made by its own API call (its row is written before the call measured); the new thing's id. */
export async function created(t: TestApp, url: string, payload: unknown): Promise<number> {
  const response = await t.as(t.farm.users.admin.id, {
    method: 'POST',
    url,
    payload: payload as object,
  });
  if (response.statusCode !== 201)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ id: number }>().id;
}

const fans = new WeakMap<TestApp, number>();

/** A frost fan of site a's frost area on its unit (the controller the server reaches); one an app. */
export async function fan(t: TestApp) {
  const made = fans.get(t);
  if (made !== undefined) return made;
  const [row] = await t.db
    .insert(s.sensors)
    .values({
      siteId: t.farm.sites.a.id,
      areaId: t.farm.areas.frost.id,
      unitId: t.farm.units.a.id,
      type: 'external',
      tags: { identifier: 'frostFan' },
      label: 'Audit fan',
      serialno: 'FAN-A1',
      topics: [],
    })
    .returning();
  if (!row) throw new Error('fan not inserted');
  fans.set(t, row.id);
  return row.id;
}

/** An event of site a delivered to the endpoint; the delivery's id. */
export async function delivered(t: TestApp, endpointId: number): Promise<number> {
  const now = t.clock.now();
  const [event] = await t.db
    .insert(s.webhookEvents)
    .values({ siteId: t.farm.sites.a.id, kind: 'alarm.raised', data: {}, at: now })
    .returning();
  if (!event) throw new Error('event not inserted');
  const [delivery] = await t.db
    .insert(s.webhookDeliveries)
    .values({ endpointId, eventId: event.id, status: 'delivered', createdAt: now })
    .returning();
  if (!delivery) throw new Error('delivery not inserted');
  return delivery.id;
}
