import { asc, eq } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { addAlarm, soilDryRule } from '../helpers/alarms.ts';
import { itRefusesBadSites } from '../helpers/list-endpoint.ts';
import { itRefusesANonNumericId, itRefusesEditsWithoutAccess } from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** An alarm of site a that names both of the manager's notifications. */
let alarmId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const alarm = await addAlarm(t.db, t.farm, {
    rule: { ...soilDryRule(t.farm, { name: 'Soil too dry' }), id: 1 },
    notifications: [t.farm.notifications.emailA.id, t.farm.notifications.smsA.id],
  });
  alarmId = alarm.id;
});
afterAll(() => t.close());

/** Every contact and notification row, to show a refused call changed nothing. */
async function snapshot() {
  const contactRows = await t.db.select().from(schema.contacts).orderBy(asc(schema.contacts.id));
  const notificationRows = await t.db
    .select()
    .from(schema.contactNotifications)
    .orderBy(asc(schema.contactNotifications.id));
  const alarmRows = await t.db.select().from(schema.alarms).orderBy(asc(schema.alarms.id));
  const testRows = await t.db.select().from(schema.contactTests);
  return { contactRows, notificationRows, alarmRows, testRows };
}

const noToken = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload });

const sms = (address: string) => ({
  method: 'sms' as const,
  address,
  afterhours: true,
  active: true,
});
const email = (address: string) => ({
  method: 'email' as const,
  address,
  afterhours: false,
  active: true,
});
const voice = (address: string) => ({
  method: 'voice' as const,
  address,
  afterhours: false,
  active: true,
});

/** Inserts a login-less contact of a site with one email notification. */
async function insertContact(siteId: number, name: string) {
  const [contact] = await t.db
    .insert(schema.contacts)
    .values({ siteId, name, company: null, locale: 'en-NZ' })
    .returning();
  if (!contact) throw new Error('contact not inserted');
  const [notification] = await t.db
    .insert(schema.contactNotifications)
    .values({ contactId: contact.id, method: 'email', address: 'crew@contractor.test' })
    .returning();
  if (!notification) throw new Error('notification not inserted');
  return { contact, notification };
}

/** The user's contact on site a, made if they have none yet. */
async function ownContactOf(userId: number) {
  const [existing] = await t.db
    .select()
    .from(schema.contacts)
    .where(eq(schema.contacts.userId, userId));
  if (existing) return existing;
  const [contact] = await t.db
    .insert(schema.contacts)
    .values({ siteId: t.farm.sites.a.id, userId, name: 'Own contact' })
    .returning();
  if (!contact) throw new Error('contact not inserted');
  return contact;
}

describe('GET /api/contacts?site={id}', () => {
  it('lists the contacts of the site with their notifications and login', async () => {
    const { contacts, notifications, sites } = t.farm;
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `/api/contacts?site=${sites.a.id}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body[0]).toEqual({
      id: contacts.a.id,
      site: sites.a.id,
      name: 'Max Tester',
      company: 'Bridge Pa Vineyard',
      locale: 'en-NZ',
      login: 'manager@farm.test',
      notifications: [
        {
          id: notifications.emailA.id,
          method: 'email',
          address: 'manager@farm.test',
          afterhours: false,
          active: true,
          criticalAfterhours: false,
        },
        {
          id: notifications.smsA.id,
          method: 'sms',
          address: '+64211234567',
          afterhours: true,
          active: true,
          criticalAfterhours: false,
        },
      ],
    });
    expect(body.every((contact: { site: number }) => contact.site === sites.a.id)).toBe(true);
  });

  itRefusesBadSites(() => t, {
    url: (site) => `/api/contacts?site=${site}`,
    idIn: 'querystring',
    moreInvalid: [['no site', '/api/contacts']],
  });
});

describe('POST /api/sites/{site}/contacts', () => {
  const url = () => `/api/sites/${t.farm.sites.a.id}/contacts`;
  const body = (overrides: object = {}) => ({
    site: t.farm.sites.a.id,
    name: '  Field crew ',
    company: ' Contractor Ltd ',
    notifications: [sms('021 987 6543'), email('  crew@contractor.test '), voice('   ')],
    ...overrides,
  });

  it('creates a login-less contact: trimmed, phones in E.164, empty addresses dropped', async () => {
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: url(),
      payload: body(),
    });
    expect(response.statusCode).toBe(201);
    const contact = response.json();
    expect(contact).toMatchObject({
      site: t.farm.sites.a.id,
      name: 'Field crew',
      company: 'Contractor Ltd',
      locale: 'en-NZ',
      login: null,
      notifications: [
        { method: 'sms', address: '+64219876543', afterhours: true, active: true },
        { method: 'email', address: 'crew@contractor.test', afterhours: false, active: true },
      ],
    });
    const rows = await t.db
      .select()
      .from(schema.contactNotifications)
      .where(eq(schema.contactNotifications.contactId, contact.id));
    expect(rows.map((row) => row.address).sort()).toEqual(['+64219876543', 'crew@contractor.test']);
  });

  it.each([
    [
      'an sms to a landline',
      { notifications: [sms('09 379 0000')] },
      'notifications.0.address',
      'Contact.MobileFeedback',
    ],
    [
      'a voice number outside NZ/AU',
      { notifications: [email('a@b.test'), voice('+1 202 555 0143')] },
      'notifications.1.address',
      'Contact.PhoneFeedback',
    ],
    [
      'a bad email',
      { notifications: [email('not-an-email')] },
      'notifications.0.address',
      'Contact.EmailFeedback',
    ],
    ['a blank name', { name: '   ' }, 'name', 'Contact.NameFeedback'],
    ['another site in the body', { site: 99999 }, 'site', 'Must be the site of the path'],
    [
      'an id on a new notification',
      { notifications: [{ ...email('a@b.test'), id: 5 }] },
      'notifications.0.id',
      "A new contact's notifications have no id",
    ],
  ])('400 for %s, and nothing is created', async (_label, overrides, field, reason) => {
    const before = await snapshot();
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: url(),
      payload: body(overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, reason });
    expect(await snapshot()).toEqual(before);
  });

  it('400 naming the field the schema refuses', async () => {
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: url(),
      payload: { site: t.farm.sites.a.id, notifications: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'name', location: 'body' });
  });

  itRefusesEditsWithoutAccess(
    () => t,
    () => ({ method: 'POST', url: url(), payload: body() }),
    snapshot,
  );

  it('404 for an unknown site', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: '/api/sites/99999/contacts',
      payload: body({ site: 99999 }),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/contacts (own contact)', () => {
  it("creates the caller's own contact, a monitor included; a second one is 409", async () => {
    const payload = {
      site: t.farm.sites.a.id,
      name: 'Mo Tester',
      notifications: [sms('+61 412 345 678')],
    };
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'POST',
      url: '/api/contacts',
      payload,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      site: t.farm.sites.a.id,
      name: 'Mo Tester',
      company: null,
      locale: 'en-NZ',
      login: 'monitor@farm.test',
      notifications: [{ method: 'sms', address: '+61412345678' }],
    });

    const before = await snapshot();
    const again = await t.as(t.farm.users.monitor.id, {
      method: 'POST',
      url: '/api/contacts',
      payload,
    });
    expect(again.statusCode).toBe(409);
    expect(await snapshot()).toEqual(before);
  });

  it('400 for a phone outside NZ/AU, nothing created', async () => {
    const before = await snapshot();
    const response = await t.as(t.farm.users.staff.id, {
      method: 'POST',
      url: '/api/contacts',
      payload: { site: t.farm.sites.a.id, name: 'Sam', notifications: [voice('+44 20 7946 0958')] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'notifications.0.address',
      reason: 'Contact.PhoneFeedback',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('401 without a token', async () => {
    const response = await noToken('POST', '/api/contacts', {
      site: t.farm.sites.a.id,
      name: 'x',
      notifications: [],
    });
    expect(response.statusCode).toBe(401);
  });

  it('403 on a site the caller does not belong to', async () => {
    const before = await snapshot();
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'POST',
      url: '/api/contacts',
      payload: { site: t.farm.sites.a.id, name: 'Otto', notifications: [] },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('404 for an unknown site', async () => {
    const response = await t.as(t.farm.users.staff.id, {
      method: 'POST',
      url: '/api/contacts',
      payload: { site: 99999, name: 'Sam', notifications: [] },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('PUT /api/contacts/{id}', () => {
  const url = () => `/api/contacts/${t.farm.contacts.a.id}`;

  it('the user updates their own contact: ids kept, removed ones gone (and off alarms)', async () => {
    const { contacts, notifications, sites } = t.farm;
    const response = await t.as(t.farm.users.manager.id, {
      method: 'PUT',
      url: url(),
      payload: {
        id: contacts.a.id,
        site: sites.a.id,
        name: ' Max T. ',
        company: null,
        locale: 'en-AU',
        notifications: [
          { ...email(' max@vineyard.test '), id: notifications.emailA.id },
          voice('+61 2 9374 4000'),
          sms('  '),
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const contact = response.json();
    expect(contact).toMatchObject({
      id: contacts.a.id,
      name: 'Max T.',
      company: null,
      locale: 'en-AU',
      login: 'manager@farm.test',
    });
    expect(contact.notifications).toHaveLength(2);
    expect(contact.notifications[0]).toEqual({
      id: notifications.emailA.id,
      method: 'email',
      address: 'max@vineyard.test',
      afterhours: false,
      active: true,
      criticalAfterhours: false,
    });
    expect(contact.notifications[1]).toMatchObject({ method: 'voice', address: '+61293744000' });

    const smsRows = await t.db
      .select()
      .from(schema.contactNotifications)
      .where(eq(schema.contactNotifications.id, notifications.smsA.id));
    expect(smsRows).toEqual([]);
    const [alarm] = await t.db.select().from(schema.alarms).where(eq(schema.alarms.id, alarmId));
    expect(alarm?.notifications).toEqual([notifications.emailA.id]);
  });

  it('a monitor updates their own contact without the edit privilege', async () => {
    const own = await ownContactOf(t.farm.users.monitor.id);
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'PUT',
      url: `/api/contacts/${own.id}`,
      payload: {
        site: t.farm.sites.a.id,
        name: 'Mo T.',
        company: null,
        notifications: [email('mo@farm.test')],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: own.id,
      name: 'Mo T.',
      login: 'monitor@farm.test',
      notifications: [{ method: 'email', address: 'mo@farm.test' }],
    });
  });

  it("an editor updates another user's contact", async () => {
    const { contacts, notifications, sites } = t.farm;
    const response = await t.as(t.farm.users.admin.id, {
      method: 'PUT',
      url: url(),
      payload: {
        site: sites.a.id,
        name: 'Max Tester',
        company: 'Bridge Pa Vineyard',
        notifications: [{ ...email('manager@farm.test'), id: notifications.emailA.id }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: contacts.a.id,
      name: 'Max Tester',
      locale: 'en-AU',
      notifications: [{ id: notifications.emailA.id, address: 'manager@farm.test' }],
    });
  });

  it.each([
    [
      'a landline as sms',
      () => ({ notifications: [sms('+64 9 379 0000')] }),
      'notifications.0.address',
      'Contact.MobileFeedback',
    ],
    ['a blank name', () => ({ name: ' ' }), 'name', 'Contact.NameFeedback'],
    [
      "another contact's notification",
      () => ({ notifications: [{ ...email('x@y.test'), id: t.farm.notifications.emailB.id }] }),
      'notifications.0.id',
      'Not a notification of this contact',
    ],
    [
      'another site',
      () => ({ site: t.farm.sites.b.id }),
      'site',
      'A contact cannot move to another site',
    ],
    [
      'another id in the body',
      () => ({ id: t.farm.contacts.b.id }),
      'id',
      'Must be the id of the path',
    ],
  ])('400 for %s, and nothing changes', async (_label, overrides, field, reason) => {
    const before = await snapshot();
    const response = await t.as(t.farm.users.manager.id, {
      method: 'PUT',
      url: url(),
      payload: {
        site: t.farm.sites.a.id,
        name: 'Max',
        company: null,
        notifications: [],
        ...overrides(),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field, reason });
    expect(await snapshot()).toEqual(before);
  });

  // The monitor may edit only their own contact; this one is someone else's.
  itRefusesEditsWithoutAccess(
    () => t,
    () => ({
      method: 'PUT',
      url: url(),
      payload: { site: t.farm.sites.a.id, name: 'Hacked', company: null, notifications: [] },
    }),
    snapshot,
  );

  it('404 for an unknown contact', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'PUT',
      url: '/api/contacts/99999',
      payload: { site: t.farm.sites.a.id, name: 'x', company: null, notifications: [] },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/sites/{site}/contacts/{id}', () => {
  it('deletes the contact, its notifications, and takes them off alarms', async () => {
    const { contact, notification } = await insertContact(t.farm.sites.a.id, 'Temp crew');
    await t.db
      .update(schema.alarms)
      .set({ notifications: [t.farm.notifications.emailA.id, notification.id] })
      .where(eq(schema.alarms.id, alarmId));

    const response = await t.as(t.farm.users.manager.id, {
      method: 'DELETE',
      url: `/api/sites/${t.farm.sites.a.id}/contacts/${contact.id}`,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(
      await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, contact.id)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(schema.contactNotifications)
        .where(eq(schema.contactNotifications.id, notification.id)),
    ).toEqual([]);
    const [alarm] = await t.db.select().from(schema.alarms).where(eq(schema.alarms.id, alarmId));
    expect(alarm?.notifications).toEqual([t.farm.notifications.emailA.id]);
  });

  itRefusesANonNumericId(
    () => t,
    () => ({
      method: 'DELETE',
      url: `/api/sites/${t.farm.sites.a.id}/contacts/abc`,
    }),
  );

  itRefusesEditsWithoutAccess(
    () => t,
    () => ({
      method: 'DELETE',
      url: `/api/sites/${t.farm.sites.a.id}/contacts/${t.farm.contacts.a.id}`,
    }),
    snapshot,
  );

  it('404 for an unknown contact, or a contact of another site than the path', async () => {
    const before = await snapshot();
    for (const id of [99999, t.farm.contacts.b.id]) {
      const response = await t.as(t.farm.users.admin.id, {
        method: 'DELETE',
        url: `/api/sites/${t.farm.sites.a.id}/contacts/${id}`,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/contacts/{id}/test and GET /api/contacts/{id}/test/{testId}', () => {
  const testUrl = () => `/api/contacts/${t.farm.contacts.a.id}/test`;
  const payload = () => ({
    notification: t.farm.notifications.emailA.id,
    area: t.farm.areas.irrigation.id,
  });

  it('an email test sends a real email and is done', async () => {
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: testUrl(),
      payload: payload(),
    });
    expect(response.statusCode).toBe(202);
    const { id } = response.json();
    expect(id).toEqual(expect.any(Number));

    const emails = await t.db
      .select()
      .from(schema.outboundEmails)
      .where(eq(schema.outboundEmails.to, 'manager@farm.test'));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Paddock test message for Block A');
    expect(emails[0]?.text).toContain('Block A at Bridge Pa Vineyard');
    const eml = readdirSync(t.outboxDir).filter((name) => name.endsWith('.eml'));
    expect(eml).toHaveLength(1);
    expect(readFileSync(path.join(t.outboxDir, eml[0] as string), 'utf8')).toContain(
      'To: manager@farm.test',
    );

    const status = await t.as(t.farm.users.monitor.id, {
      method: 'GET',
      url: `${testUrl()}/${id}`,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ status: 'done' });
  });

  it('a monitor tests their own contact', async () => {
    const own = await ownContactOf(t.farm.users.monitor.id);
    const [notification] = await t.db
      .insert(schema.contactNotifications)
      .values({ contactId: own.id, method: 'email', address: 'mo.test@farm.test' })
      .returning();
    const response = await t.as(t.farm.users.monitor.id, {
      method: 'POST',
      url: `/api/contacts/${own.id}/test`,
      payload: { notification: notification?.id, area: t.farm.areas.water.id },
    });
    expect(response.statusCode).toBe(202);
    const emails = await t.db
      .select()
      .from(schema.outboundEmails)
      .where(eq(schema.outboundEmails.to, 'mo.test@farm.test'));
    expect(emails).toHaveLength(1);
  });

  it('an sms test is recorded as new, waiting for the sms adapter', async () => {
    const [smsRow] = await t.db
      .insert(schema.contactNotifications)
      .values({ contactId: t.farm.contacts.a.id, method: 'sms', address: '+64211112222' })
      .returning();
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: testUrl(),
      payload: { notification: smsRow?.id, area: t.farm.areas.frost.id },
    });
    expect(response.statusCode).toBe(202);
    const status = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `${testUrl()}/${response.json().id}`,
    });
    expect(status.json()).toEqual({ status: 'new' });
  });

  it.each([
    [
      "another contact's notification",
      () => ({ notification: t.farm.notifications.emailB.id }),
      'notification',
    ],
    ['an area of another site', () => ({ area: t.farm.areas.irrigationB.id }), 'area'],
    ['no area', () => ({ area: undefined }), 'area'],
  ])('400 for %s, and no test is started', async (_label, overrides, field) => {
    const before = await snapshot();
    const response = await t.as(t.farm.users.manager.id, {
      method: 'POST',
      url: testUrl(),
      payload: { ...payload(), ...overrides() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
    expect(await snapshot()).toEqual(before);
  });

  it('401 without a token', async () => {
    expect((await noToken('POST', testUrl(), payload())).statusCode).toBe(401);
    expect((await noToken('GET', `${testUrl()}/1`)).statusCode).toBe(401);
  });

  it("403 for a monitor testing another's contact and for a user of another site", async () => {
    const before = await snapshot();
    for (const userId of [t.farm.users.monitor.id, t.farm.users.outsider.id]) {
      const response = await t.as(userId, { method: 'POST', url: testUrl(), payload: payload() });
      expect(response.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    const status = await t.as(t.farm.users.outsider.id, { method: 'GET', url: `${testUrl()}/1` });
    expect(status.statusCode).toBe(403);
  });

  it('404 for an unknown contact, and for a test of another contact', async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: '/api/contacts/99999/test',
      payload: payload(),
    });
    expect(response.statusCode).toBe(404);
    const [test] = await t.db.select().from(schema.contactTests).limit(1);
    const other = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/contacts/${t.farm.contacts.b.id}/test/${test?.id}`,
    });
    expect(other.statusCode).toBe(404);
    const unknown = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `${testUrl()}/99999`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('400 for a test id that is not a number', async () => {
    const response = await t.as(t.farm.users.admin.id, { method: 'GET', url: `${testUrl()}/x` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'testId', location: 'params' });
  });
});

describe('GET /api/user/contact', () => {
  it("returns the caller's own contact, on the site asked for or the first", async () => {
    for (const query of ['', `?site=${t.farm.sites.a.id}`]) {
      const response = await t.as(t.farm.users.manager.id, {
        method: 'GET',
        url: `/api/user/contact${query}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: t.farm.contacts.a.id,
        login: 'manager@farm.test',
        site: t.farm.sites.a.id,
      });
    }
  });

  it('a user of site b gets their contact there', async () => {
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: '/api/user/contact',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: t.farm.contacts.b.id, locale: 'en-AU' });
  });

  it.each([
    ['no contact at all', ''],
    ['no contact on that site', '?site=B'],
    ['an unknown site', '?site=99999'],
  ])('404 for %s', async (_label, query) => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/user/contact${query.replace('B', String(t.farm.sites.b.id))}`,
    });
    expect(response.statusCode).toBe(404);
  });

  itRefusesANonNumericId(
    () => t,
    () => ({ method: 'GET', url: '/api/user/contact?site=abc' }),
    { field: 'site', location: 'querystring', userId: () => t.farm.users.manager.id },
  );

  it('401 without a token', async () => {
    expect((await noToken('GET', '/api/user/contact')).statusCode).toBe(401);
  });

  it('403 for a site the caller does not belong to', async () => {
    const response = await t.as(t.farm.users.outsider.id, {
      method: 'GET',
      url: `/api/user/contact?site=${t.farm.sites.a.id}`,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('contacts on the OpenAPI document', () => {
  it('documents every contact call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/contacts',
        '/api/contacts/{id}',
        '/api/sites/{site}/contacts',
        '/api/sites/{site}/contacts/{id}',
        '/api/contacts/{id}/test',
        '/api/contacts/{id}/test/{testId}',
        '/api/user/contact',
      ]),
    );
  });
});
