import { WEBHOOK_EVENT_KINDS } from '@paddock/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/client.ts';
import * as t from '../../../server/src/db/schema.ts';
import { createTestDatabase } from '../../../server/test/helpers/database.ts';
import { NOW } from '../seed-test-kit.ts';
import { seedDemoFarm } from './demo-farm.ts';
import { pointDemoWebhook } from './webhook.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoFarm(handle.db, { now: NOW });
});
afterAll(() => handle.close());

const endpoints = () => handle.db.select().from(t.webhookEndpoints);

describe("the demo farm's webhook", () => {
  it("is added on seeding: Te Awa's every event kind to this start's receiver, signed", async () => {
    await pointDemoWebhook(handle.db, 'http://127.0.0.1:41001/webhooks', {
      seeded: true,
      now: NOW,
    });
    const [endpoint, ...more] = await endpoints();
    expect(more).toHaveLength(0);
    expect(endpoint).toMatchObject({
      url: 'http://127.0.0.1:41001/webhooks/demo',
      events: [...WEBHOOK_EVENT_KINDS],
      active: true,
    });
    expect(endpoint?.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  });

  it("follows the receiver to another start's port, with its secret kept", async () => {
    const [before] = await endpoints();
    await pointDemoWebhook(handle.db, 'http://127.0.0.1:41002/webhooks', {
      seeded: false,
      now: NOW,
    });
    const [after, ...more] = await endpoints();
    expect(more).toHaveLength(0);
    expect(after).toMatchObject({ id: before?.id, url: 'http://127.0.0.1:41002/webhooks/demo' });
    expect(after?.secret).toBe(before?.secret);
  });

  it('once deleted, is not added again by a later start', async () => {
    await handle.db.delete(t.webhookEndpoints);
    await pointDemoWebhook(handle.db, 'http://127.0.0.1:41003/webhooks', {
      seeded: false,
      now: NOW,
    });
    expect(await endpoints()).toEqual([]);
  });
});
