/**
 * A call's audit row is staged in the first transaction its handler opens (issue 33 item 1): kept
 * when that transaction commits, lost with it when it rolls back (a later one of the call then
 * stages it), staged once however many the call opens, and never by a transaction outside a call.
 * Chaining then moves the staged rows into their site's chain in order, and verify holds.
 */
import { verifyChain } from '@paddock/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import {
  auditChain,
  chainStaged,
  sha256,
  stageAudit,
  type AuditEntry,
} from '../audit/audit.repository.ts';
import { queryRows } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { endStaging, runStaging } from './audit-staging.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await chainStaged(t.db, t.farm.sites.a.id);
});

const entry = (text: string): AuditEntry => ({
  time: t.clock.now(),
  siteId: t.farm.sites.a.id,
  actorId: t.farm.users.admin.id,
  actingAsId: null,
  address: '127.0.0.1',
  areaId: null,
  kind: 'site',
  targetId: t.farm.sites.a.id,
  operation: 'PUT /sites/:id',
  before: null,
  after: { label: text },
  text,
});

const staged = async () =>
  (
    await queryRows<{ text: string }>(
      t.db,
      sql`select entry->>'text' as text from audit_pending order by id`,
    )
  ).map((row) => row.text);

const rename = (label: string) =>
  t.db.transaction(async (tx) => {
    await tx.update(schema.sites).set({ label }).where(eq(schema.sites.id, t.farm.sites.a.id));
  });

/** A call with its staging, as the route's handler runs it. */
function call(text: string, handler: () => Promise<unknown>) {
  const request = {} as FastifyRequest;
  const done = runStaging(request, (tx) => stageAudit(tx, entry(text)), handler);
  return { request, done };
}

describe('a call whose handler opens transactions', () => {
  it('stages its row in the first, once, and the change and row commit together', async () => {
    const { request, done } = call('Renamed twice', async () => {
      await rename('Te Awa North');
      await rename('Te Awa');
    });
    await done;
    expect(await staged()).toEqual(['Renamed twice']);
    expect(endStaging(request)).toEqual(expect.any(Number));
  });

  it('loses the row with a transaction that rolls back, and stages it in the next', async () => {
    const { request, done } = call('Renamed after a failure', async () => {
      await expect(
        t.db.transaction(async (tx) => {
          await tx.update(schema.sites).set({ label: 'Lost' });
          throw new Error('refused half-way');
        }),
      ).rejects.toThrow('refused half-way');
      expect(await staged()).toEqual([]);
      await rename('Te Awa');
    });
    await done;
    expect(await staged()).toEqual(['Renamed after a failure']);
    expect(endStaging(request)).not.toBeNull();
  });

  it('stages nothing for a call that opens no transaction, nor outside a call', async () => {
    const { request, done } = call('One statement', () =>
      t.db.update(schema.sites).set({ label: 'Te Awa' }).where(eq(schema.sites.id, 0)),
    );
    await done;
    await rename('Te Awa');
    expect(await staged()).toEqual([]);
    expect(endStaging(request)).toBeNull();
  });
});

describe('a call whose staging has ended (its answer is ready)', () => {
  it('stages nothing in a transaction still run in its context', async () => {
    const request = {} as FastifyRequest;
    await runStaging(
      request,
      (tx) => stageAudit(tx, entry('After the answer')),
      async () => {
        expect(endStaging(request)).toBeNull();
        await rename('Te Awa');
      },
    );
    expect(await staged()).toEqual([]);
  });
});

describe('chaining', () => {
  it("moves a site's staged rows into its chain in order, and verify holds", async () => {
    const rowsBefore = (await auditChain(t.db, t.farm.sites.a.id)).length;
    for (const text of ['First', 'Second', 'Third']) await call(text, () => rename('Te Awa')).done;
    expect(await chainStaged(t.db, t.farm.sites.a.id)).toBe(3);
    expect(await chainStaged(t.db, t.farm.sites.a.id)).toBe(0);
    expect(await staged()).toEqual([]);
    const chain = await auditChain(t.db, t.farm.sites.a.id);
    expect(chain.slice(rowsBefore).map((row) => row.text)).toEqual(['First', 'Second', 'Third']);
    expect(verifyChain(chain, sha256)).toMatchObject({ ok: true });
  });
});
