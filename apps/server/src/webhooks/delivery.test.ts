/**
 * Webhook deliveries (issue 32 item 5) against local receivers, with the test's clock: an endpoint
 * that fails for an hour gets every event afterwards, in the order they happened, each signed so
 * the convention's own library verifies it at its time; a delivery that fails for a day is given
 * up and the next goes; a receiver that does not answer in time is an attempt that says so; and
 * the outbox is written only for active endpoints of the site that take the kind.
 */
import type { WebhookEventKind } from '@paddock/domain';
import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../db/schema.ts';
import { sweepOverdue } from '../field/overdue.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import {
  startWebhookStandin,
  type ReceivedWebhook,
  type WebhookStandin,
} from '../../../devstack/src/webhook-standin/standin.ts';
import { deliverDueWebhooks, type WebhookDeliveryDeps } from './delivery.ts';
import { publishSiteEvent } from './publish.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
/**
 * How long a delivery waits for its receiver. A local receiver answers in milliseconds; the limit
 * is that wide because beside the rest of the suite and the end-to-end stack a quick answer once
 * took over 0.3 s. The slow receiver's test holds its answer far longer.
 */
const TIMEOUT_MS = 2_000;

let t: TestApp;
let deps: WebhookDeliveryDeps;
const receivers: WebhookStandin[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  deps = { db: t.db, clock: t.clock, log: silent, timeoutMs: TIMEOUT_MS };
});
// Each test's endpoints go with it, passed or not, so a failure is not also the next test's.
afterEach(async () => {
  await t.db.delete(schema.webhookEndpoints);
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await t.close();
});

async function receiver(answer: () => number, holdMs = 0) {
  const started = await startWebhookStandin({ answer, holdMs });
  receivers.push(started);
  return started;
}

/** A webhook of a site (a unless said) made through the API, with its secret. */
async function addWebhook(url: string, events: WebhookEventKind[], siteId = t.farm.sites.a.id) {
  // A token of the test clock's time: the clock has moved on hours since the last one.
  const token = await t.tokenFor(t.farm.users.admin.id);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/sites/${siteId}/webhooks`,
    headers: { authorization: `Bearer ${token}` },
    payload: { url, events, active: true },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number; secret: string }>();
}

/** An alarm raise of site a as the engine tells it, at the test clock's time. */
async function raiseAlarm(label: string) {
  await t.db.transaction((tx) =>
    publishSiteEvent(tx, 'alarm.raised', {
      site: t.farm.sites.a.id,
      area: t.farm.areas.irrigation.id,
      at: t.clock.now(),
      message: `Alarm: ${label}: below 20 %`,
      alarm: { id: 1, label, severity: 'warning' },
      value: 18,
    }),
  );
}

/** The worker, `step` at a time for `ms`: a round at each step. */
async function runWorker(ms: number, step = MINUTE) {
  for (let passed = 0; passed < ms; passed += step) {
    while (await deliverDueWebhooks(deps));
    t.clock.advance(step);
  }
  while (await deliverDueWebhooks(deps));
}

/** Verifies with the convention's library, at the attempt's own time (its 5-minute window). */
function verified(secret: string, request: ReceivedWebhook): unknown {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  vi.useFakeTimers({ toFake: ['Date'], now: Number(headers['webhook-timestamp']) * 1000 });
  try {
    return new Webhook(secret).verify(request.body, headers);
  } finally {
    vi.useRealTimers();
  }
}

async function eventsSentTo(endpointId: number) {
  return t.db
    .select({ messageId: schema.webhookEvents.messageId, kind: schema.webhookEvents.kind })
    .from(schema.webhookDeliveries)
    .innerJoin(schema.webhookEvents, eq(schema.webhookEvents.id, schema.webhookDeliveries.eventId))
    .where(eq(schema.webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(schema.webhookDeliveries.id));
}

describe('an endpoint that fails for an hour', () => {
  it('gets every event afterwards, in order, signed', async () => {
    const failUntil = t.clock.now().getTime() + HOUR;
    const inbox = await receiver(() => (t.clock.now().getTime() < failUntil ? 500 : 204));
    const { id, secret } = await addWebhook(inbox.url, ['alarm.raised', 'device.overdue']);

    await raiseAlarm('Soil dry');
    await runWorker(10 * MINUTE);
    await raiseAlarm('Tank low');
    // The farm's devices last reported at 08:50: by now they are overdue (the sweep's own hook).
    expect((await sweepOverdue(t.db, t.clock.now())).overdue.length).toBeGreaterThan(0);
    await runWorker(30 * MINUTE);
    await raiseAlarm('Frost');
    await runWorker(HOUR);

    const sent = await eventsSentTo(id);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    const refused = inbox.received.filter((request) => request.status === 500);
    const accepted = inbox.received.filter((request) => request.status === 204);
    // Retried with back-off meanwhile: the first event only, never the ones behind it.
    expect(refused.length).toBeGreaterThan(3);
    expect(refused.length).toBeLessThan(15);
    expect(new Set(refused.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([sent[0]?.messageId]),
    );
    // Then every event, once each, in the order they happened, each verified.
    expect(accepted.map((request) => request.headers['webhook-id'])).toEqual(
      sent.map((event) => event.messageId),
    );
    const bodies = accepted.map((request) => verified(secret, request)) as Array<{
      type: string;
      data: { message: string; site: number };
    }>;
    expect(bodies.map((body) => body.type)).toEqual(sent.map((event) => event.kind));
    expect(
      bodies.filter((body) => body.type === 'alarm.raised').map((b) => b.data.message),
    ).toEqual([
      'Alarm: Soil dry: below 20 %',
      'Alarm: Tank low: below 20 %',
      'Alarm: Frost: below 20 %',
    ]);
    expect(new Set(bodies.map((body) => body.data.site))).toEqual(new Set([t.farm.sites.a.id]));
    expect(accepted[0]?.headers['content-type']).toBe('application/json');

    const deliveries = await t.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.endpointId, id));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(
      deliveries.map(() => 'delivered'),
    );
  });
});

describe('an endpoint that fails for a day', () => {
  it('gives the event up after 24 hours and goes on with the next', async () => {
    const inbox = await receiver(() => 503);
    const { id } = await addWebhook(inbox.url, ['alarm.raised']);
    await raiseAlarm('Pump fault');
    await raiseAlarm('Pump fault again');
    await runWorker(25 * HOUR, HOUR / 2);

    const deliveries = await t.db
      .select()
      .from(schema.webhookDeliveries)
      .where(eq(schema.webhookDeliveries.endpointId, id))
      .orderBy(asc(schema.webhookDeliveries.id));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'pending']);
    const attempts = await t.db
      .select()
      .from(schema.webhookAttempts)
      .where(eq(schema.webhookAttempts.deliveryId, deliveries[0]?.id ?? 0))
      .orderBy(asc(schema.webhookAttempts.attempt));
    const first = attempts[0]?.at.getTime() ?? 0;
    const last = attempts.at(-1)?.at.getTime() ?? 0;
    expect(last - first).toBeGreaterThanOrEqual(24 * HOUR);
    expect(attempts.every((attempt) => attempt.statusCode === 503)).toBe(true);
    expect(attempts[0]?.excerpt).toBe('not now');
    // The next event has had its first tries.
    const next = await t.db
      .select()
      .from(schema.webhookAttempts)
      .where(eq(schema.webhookAttempts.deliveryId, deliveries[1]?.id ?? 0));
    expect(next.length).toBeGreaterThan(0);
  });
});

describe('a receiver that does not answer in time', () => {
  it('is an attempt with no status that says why, and another endpoint is not held up', async () => {
    const slow = await receiver(() => 200, 5 * TIMEOUT_MS);
    const quick = await receiver(() => 200);
    const slowHook = await addWebhook(slow.url, ['alarm.raised']);
    await addWebhook(quick.url, ['alarm.raised']);
    await raiseAlarm('Wind');
    await deliverDueWebhooks(deps);

    expect(quick.received).toHaveLength(1);
    const [attempt] = await t.db
      .select({
        statusCode: schema.webhookAttempts.statusCode,
        excerpt: schema.webhookAttempts.excerpt,
      })
      .from(schema.webhookAttempts)
      .innerJoin(
        schema.webhookDeliveries,
        eq(schema.webhookDeliveries.id, schema.webhookAttempts.deliveryId),
      )
      .where(eq(schema.webhookDeliveries.endpointId, slowHook.id));
    expect(attempt).toEqual({ statusCode: null, excerpt: 'No answer within 2 s' });
  });
});

describe('the outbox', () => {
  it('keeps an event only for an active endpoint of its site that takes its kind', async () => {
    const inbox = await receiver(() => 200);
    const count = async () => (await t.db.select().from(schema.webhookEvents)).length;
    const before = await count();
    // None of site a takes alarm raises; site b's does, an inactive one of site a does too.
    const other = await addWebhook(inbox.url, ['alarm.raised'], t.farm.sites.b.id);
    const off = await addWebhook(inbox.url, ['alarm.raised']);
    await t.db
      .update(schema.webhookEndpoints)
      .set({ active: false })
      .where(eq(schema.webhookEndpoints.id, off.id));
    await addWebhook(inbox.url, ['alarm.cleared']);
    await raiseAlarm('Nobody listens');
    expect(await count()).toBe(before);
    expect(await eventsSentTo(other.id)).toEqual([]);
  });
});
