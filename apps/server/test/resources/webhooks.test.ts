/**
 * A site's webhooks over the API (issue 32 items 5 and 7): only the site's admins list, add,
 * change and delete them and read their deliveries; the secret is in the create answer and
 * nowhere after; alarms raised, acknowledged and cleared reach the outbox in order, and a
 * delivery can be sent again.
 */
import { ALARM_TEMPLATES, MAX_WEBHOOKS_PER_SITE } from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateSetPoints } from '../../src/alarms/set-points.ts';
import * as schema from '../../src/db/schema.ts';
import { deliverDueWebhooks } from '../../src/webhooks/delivery.ts';
import { addedByAdmin, expectDeletedByAdmin } from '../helpers/added.ts';
import { addAlarm, soilDryRule } from '../helpers/alarms.ts';
import {
  itRefusesAllButSiteAdmins,
  itRefusesBadAdditions,
  type NamedCall,
} from '../helpers/refusals.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  startWebhookStandin,
  type WebhookStandin,
} from '../../../devstack/src/webhook-standin/standin.ts';

let t: TestApp;
let inbox: WebhookStandin;

beforeAll(async () => {
  t = await buildTestApp();
  inbox = await startWebhookStandin({ answer: () => 200 });
});
afterAll(async () => {
  await inbox.close();
  await t.close();
});

const siteUrl = (siteId: number | string = t.farm.sites.a.id) => `/api/sites/${siteId}/webhooks`;
const body = (overrides: Record<string, unknown> = {}) => ({
  url: inbox.url,
  events: ['alarm.raised', 'alarm.acknowledged', 'alarm.cleared'],
  active: true,
  ...overrides,
});
const endpointRows = () => t.db.select().from(schema.webhookEndpoints);

const create = (payload = body(), siteId = t.farm.sites.a.id) =>
  addedByAdmin<{ id: number; secret: string }>(t, siteUrl(siteId), payload);

describe('POST sites/{id}/webhooks', () => {
  it('adds the endpoint and answers its secret, as the convention writes it, this once', async () => {
    const created = await create();
    expect(created).toEqual({
      id: expect.any(Number),
      site: t.farm.sites.a.id,
      url: inbox.url,
      events: ['alarm.raised', 'alarm.acknowledged', 'alarm.cleared'],
      active: true,
      created: t.clock.now().toISOString(),
      modified: t.clock.now().toISOString(),
      pending: 0,
      lastAttempt: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);

    const listed = await t.as(t.farm.users.admin.id, { method: 'GET', url: siteUrl() });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([{ ...created, secret: undefined }]);
    expect(listed.body).not.toContain(created.secret.slice('whsec_'.length));
  });

  itRefusesBadAdditions(() => t, {
    request: (overrides) => ({ method: 'POST', url: siteUrl(), payload: body(overrides) }),
    invalid: [
      ['an ftp URL', { url: 'ftp://example.com/hooks' }, 'url'],
      ['no URL at all', { url: 'hooks' }, 'url'],
      ['no event kinds', { events: [] }, 'events'],
      ['a kind twice', { events: ['alarm.raised', 'alarm.raised'] }, 'events'],
      ['an unknown kind', { events: ['alarm.snoozed'] }, 'events.0'],
      ['a secret of its own', { secret: 'whsec_abc' }, 'secret'],
    ],
    stored: endpointRows,
  });

  it('409 once the site has its most endpoints', async () => {
    const have = (await endpointRows()).filter((row) => row.siteId === t.farm.sites.a.id).length;
    for (let n = have; n < MAX_WEBHOOKS_PER_SITE; n++) await create();
    const response = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: siteUrl(),
      payload: body(),
    });
    expect(response.statusCode).toBe(409);
    await t.db.delete(schema.webhookEndpoints);
  });
});

describe('who may', () => {
  let mine: number;
  let theirs: number;
  beforeAll(async () => {
    mine = (await create()).id;
    theirs = (await create(body(), t.farm.sites.b.id)).id;
  });

  const calls: NamedCall[] = [
    ['list', () => ({ method: 'GET', url: siteUrl() })],
    ['add', () => ({ method: 'POST', url: siteUrl(), payload: body() })],
    ['change', () => ({ method: 'PUT', url: `/api/webhooks/${mine}`, payload: body() })],
    ['delete', () => ({ method: 'DELETE', url: `/api/webhooks/${mine}` })],
    ['read deliveries', () => ({ method: 'GET', url: `/api/webhooks/${mine}/deliveries` })],
  ];

  itRefusesAllButSiteAdmins(() => t, calls, endpointRows);

  it("403 for another site's endpoint, 404 for none", async () => {
    const manager = t.farm.users.manager.id;
    expect(
      (await t.as(manager, { method: 'GET', url: `/api/webhooks/${theirs}/deliveries` }))
        .statusCode,
    ).toBe(403);
    const admin = t.farm.users.admin.id;
    expect(
      (await t.as(admin, { method: 'GET', url: '/api/webhooks/999999/deliveries' })).statusCode,
    ).toBe(404);
    expect((await t.as(admin, { method: 'GET', url: siteUrl(999_999) })).statusCode).toBe(404);
  });

  it('PUT changes the endpoint and never shows its secret; DELETE removes it', async () => {
    t.clock.advance(60_000);
    const changed = await t.as(t.farm.users.admin.id, {
      method: 'PUT',
      url: `/api/webhooks/${mine}`,
      payload: body({ url: 'https://example.com/in', events: ['report.ready'], active: false }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: mine,
      url: 'https://example.com/in',
      events: ['report.ready'],
      active: false,
      modified: t.clock.now().toISOString(),
    });
    expect(changed.json()).not.toHaveProperty('secret');
    await expectDeletedByAdmin(t, `/api/webhooks/${mine}`);
    await t.db.delete(schema.webhookEndpoints);
  });
});

describe('deliveries', () => {
  it("an alarm's raise, acknowledgement and clear are delivered in order, and one is sent again", async () => {
    await t.db.delete(schema.webhookEndpoints);
    const { id } = await create();
    const rule = soilDryRule(t.farm, { template: ALARM_TEMPLATES.anySetPoint });
    const alarm = await addAlarm(t.db, t.farm, {
      rule: { ...rule, id: 1, clearValue: 22, resetAfter: '00:00:00' },
    });
    const report = async (value: number) => {
      const now = t.clock.now();
      await t.db
        .update(schema.sensors)
        .set({
          topics: [
            {
              metric: 'soil.moisture',
              type: 'analog',
              lastValue: value,
              timestamp: now.toISOString(),
            },
          ],
        })
        .where(eq(schema.sensors.id, t.farm.sensors.soil.id));
      await t.db.transaction((tx) =>
        evaluateSetPoints(tx, { sensors: [t.farm.sensors.soil.id], controls: [] }, now, {
          groupMs: 0,
        }),
      );
    };
    await report(12);
    t.clock.advance(60_000);
    const acknowledged = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: `/api/areas/${t.farm.areas.irrigation.id}/alarms/${alarm.id}/acknowledge`,
      payload: { comment: 'On it' },
    });
    expect(acknowledged.statusCode).toBe(200);
    t.clock.advance(60_000);
    await report(25);

    const deliveries = () =>
      t.as(t.farm.users.admin.id, { method: 'GET', url: `/api/webhooks/${id}/deliveries` });
    const waiting = (await deliveries()).json();
    expect(waiting.map((d: { event: { type: string } }) => d.event.type)).toEqual([
      'alarm.cleared',
      'alarm.acknowledged',
      'alarm.raised',
    ]);
    expect(waiting.every((d: { status: string }) => d.status === 'pending')).toBe(true);

    const log = { info: () => {}, warn: () => {}, error: () => {} };
    while (await deliverDueWebhooks({ db: t.db, clock: t.clock, log }));
    const received = inbox.received.map((request) => JSON.parse(request.body));
    expect(received.map((event) => event.type)).toEqual([
      'alarm.raised',
      'alarm.acknowledged',
      'alarm.cleared',
    ]);
    expect(received[1].data).toMatchObject({
      site: t.farm.sites.a.id,
      area: t.farm.areas.irrigation.id,
      alarm: { id: alarm.id, label: 'Zone 1 too dry', severity: expect.any(String) },
      by: 'Ada Tester',
      via: 'console',
      comment: 'On it',
    });

    const done = (await deliveries()).json();
    expect(done[0]).toMatchObject({
      status: 'delivered',
      nextAttemptAt: null,
      attempts: [
        { attempt: 1, statusCode: 200, excerpt: 'thanks', at: t.clock.now().toISOString() },
      ],
    });
    const listed = await t.as(t.farm.users.admin.id, { method: 'GET', url: siteUrl() });
    expect(listed.json()[0]).toMatchObject({
      pending: 0,
      lastAttempt: { statusCode: 200, delivered: true },
    });

    const resent = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: `/api/webhooks/${id}/deliveries/${done[2].id}/resend`,
    });
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toMatchObject({
      status: 'pending',
      event: done[2].event,
      attempts: [],
      nextAttemptAt: t.clock.now().toISOString(),
    });
    while (await deliverDueWebhooks({ db: t.db, clock: t.clock, log }));
    expect(inbox.received.at(-1)?.headers['webhook-id']).toBe(done[2].event.id);

    const unknown = await t.as(t.farm.users.admin.id, {
      method: 'POST',
      url: `/api/webhooks/${id}/deliveries/999999/resend`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
