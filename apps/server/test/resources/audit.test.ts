/**
 * The audit log over the API (issue 33 items 1, 2 and 6). A walk over every mutating operation of
 * docs/openapi.json, as the fuzz walks it but unspoiled: each call that succeeds writes exactly one
 * row naming the caller and the object, and each refused call writes none (a failed sign-in
 * excepted). Before it, a valid call of each operation (helpers/audit-calls.ts), the provider's
 * callbacks the document leaves out included: every mutating operation of the contract must
 * succeed once here with its row, so a new operation without a valid call (or a draw that
 * succeeds) or without its row fails. Then Switch User's rows name both people, no
 * password or token the file used is in any row, GET sites/{id}/audit filters and pages, and
 * verify finds an edited row and a deleted row.
 */
import { apiContract, type EndpointSpec } from '@paddock/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { PROVIDER_ENV } from '../helpers/audit-call-kit.ts';
import { auditRowsAfter, lastAuditId } from '../helpers/audit-trail.ts';
import { VALID_CALLS } from '../helpers/audit-calls.ts';
import { TEST_PASSWORD } from '../helpers/farm.ts';
import { caseValues, generator, injectCase, operations } from '../helpers/openapi-draw.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // With the sms and voice provider set up, so its signed callbacks are taken.
  t = await buildTestApp(PROVIDER_ENV);
});
afterAll(() => t.close());

const rowsAfter = (id: number) => auditRowsAfter(t.db, id);
const lastId = () => lastAuditId(t.db);

/** '/api/sites/{id}/audit' → 'POST /sites/:id/audit', as the rows name operations. */
const operationName = (method: string, path: string) =>
  `${method} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`;

const note = (text: string, token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/areas/${t.farm.areas.irrigation.id}/notes`,
    payload: { text },
    headers: { authorization: `Bearer ${token}` },
  });

const tokenOf = (userId: number, actorUserId?: number) => t.tokenFor(userId, actorUserId);

describe('a change’s row', () => {
  it('names the caller, the address, the object, its site and area, and what was sent', async () => {
    const since = await lastId();
    const response = await note('Checked the filter', await tokenOf(t.farm.users.admin.id));
    expect(response.statusCode).toBe(201);
    const [row, ...more] = await rowsAfter(since);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      site_id: t.farm.sites.a.id,
      actor_id: t.farm.users.admin.id,
      acting_as_id: null,
      address: '127.0.0.1',
      area_id: t.farm.areas.irrigation.id,
      kind: 'area',
      target_id: t.farm.areas.irrigation.id,
      operation: 'POST /areas/:id/notes',
      before: null,
      after: { text: 'Checked the filter' },
    });
  });

  it('is not written for a refused call', async () => {
    const since = await lastId();
    const response = await note('Not mine to leave', await tokenOf(t.farm.users.monitor.id));
    expect(response.statusCode).toBe(403);
    expect(await rowsAfter(since)).toEqual([]);
  });

  it('names both people under Switch User: the staff member, and whom they act as', async () => {
    const { admin, staff } = t.farm.users;
    const since = await lastId();
    const response = await note('Left by support', await tokenOf(admin.id, staff.id));
    expect(response.statusCode).toBe(201);
    const [row] = await rowsAfter(since);
    expect(row).toMatchObject({ actor_id: staff.id, acting_as_id: admin.id });

    const listed = await t.as(admin.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}/audit?limit=1`,
    });
    expect(listed.json().rows[0]).toMatchObject({
      actor: { id: staff.id, name: 'Sam Tester' },
      actingAs: { id: admin.id, name: 'Ada Tester' },
    });
  });
});

describe('sign-in', () => {
  const login = (user: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user, password, region: t.config.region },
      remoteAddress: '203.0.113.9',
    });

  it('writes a failed sign-in with the login typed and the address, and no password', async () => {
    const since = await lastId();
    const response = await login('manager@farm.test', 'not-the-password-77');
    expect(response.statusCode).toBe(401);
    const [row, ...more] = await rowsAfter(since);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      site_id: null,
      actor_id: null,
      address: '203.0.113.9',
      operation: 'POST /user/login',
      after: { user: 'manager@farm.test', password: 'changed' },
    });
  });
});

describe('signing in', () => {
  it('names whom a sign-in signed in', async () => {
    const since = await lastId();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user: 'monitor@farm.test', password: TEST_PASSWORD, region: t.config.region },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await rowsAfter(since);
    expect(row).toMatchObject({ actor_id: t.farm.users.monitor.id, acting_as_id: null });
  });

  it('names both people on Switch User’s own call', async () => {
    const { staff, monitor } = t.farm.users;
    const since = await lastId();
    const response = await t.as(staff.id, {
      method: 'POST',
      url: '/api/user/login/as',
      payload: { user: 'monitor@farm.test', region: t.config.region },
    });
    expect(response.statusCode).toBe(200);
    const [row, ...more] = await rowsAfter(since);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      actor_id: staff.id,
      acting_as_id: monitor.id,
      operation: 'POST /user/login/as',
    });
  });
});

describe('no secret in any row', () => {
  it('holds none of the passwords and tokens this file used', async () => {
    const { manager } = t.farm.users;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { user: 'manager@farm.test', password: TEST_PASSWORD, region: t.config.region },
    });
    expect(signIn.statusCode).toBe(200);
    const { token, refreshToken } = signIn.json<{ token: string; refreshToken: string }>();
    const newPassword = 'Correct-Horse-Battery-93';
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { password: newPassword },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(changed.statusCode).toBe(204);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/user/refresh',
      payload: { refreshToken },
    });
    expect(refreshed.statusCode).toBeLessThan(500);

    const rows = await queryRows<{ row: unknown; actor_id: number | null; operation: string }>(
      t.db,
      sql`select to_jsonb(a) as row, actor_id, operation from audit_trail a`,
    );
    const text = JSON.stringify(rows.map((row) => row.row));
    for (const secret of [TEST_PASSWORD, newPassword, 'not-the-password-77', token, refreshToken]) {
      expect(text).not.toContain(secret);
    }
    expect(rows).toContainEqual(
      expect.objectContaining({ actor_id: manager.id, operation: 'POST /user/change-password' }),
    );
  });
});

describe('GET sites/{id}/audit', () => {
  const list = (userId: number, query = '') =>
    t.as(userId, { method: 'GET', url: `/api/sites/${t.farm.sites.a.id}/audit${query}` });

  it('answers site admins and support staff, newest first, and no one else', async () => {
    const { admin, staff, manager, outsider } = t.farm.users;
    const byAdmin = await list(admin.id);
    expect(byAdmin.statusCode).toBe(200);
    const page = byAdmin.json<{ rows: { id: number; time: string }[]; total: number }>();
    expect(page.total).toBeGreaterThan(0);
    const ids = page.rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list(staff.id)).statusCode).toBe(200);
    expect((await list(manager.id)).statusCode).toBe(403);
    expect((await list(outsider.id)).statusCode).toBe(403);
  });

  it('filters by person, kind, object and time, and pages', async () => {
    const { admin, staff } = t.farm.users;
    const area = t.farm.areas.irrigation.id;
    const byStaff = (await list(admin.id, `?actor=${staff.id}`)).json<{
      rows: { actor: { id: number } }[];
    }>();
    expect(byStaff.rows.length).toBeGreaterThan(0);
    expect(byStaff.rows.every((row) => row.actor.id === staff.id)).toBe(true);
    const onArea = (await list(admin.id, `?kind=area&target=${area}`)).json<{
      rows: { kind: string; target: number }[];
    }>();
    expect(onArea.rows.length).toBeGreaterThan(0);
    expect(onArea.rows.every((row) => row.kind === 'area' && row.target === area)).toBe(true);
    const future = (await list(admin.id, '?from=2100-01-01T00:00:00Z')).json<{ total: number }>();
    expect(future.total).toBe(0);
    const first = (await list(admin.id, '?limit=1&page=1')).json<{ rows: { id: number }[] }>();
    const second = (await list(admin.id, '?limit=1&page=2')).json<{ rows: { id: number }[] }>();
    expect(first.rows[0]?.id).toBeGreaterThan(second.rows[0]?.id ?? Infinity);
  });
});

describe('GET sites/{id}/audit/verify', () => {
  const verify = async () => {
    const response = await t.as(t.farm.users.admin.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}/audit/verify`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ ok: boolean; rows: number; broken?: { id: number; reason: string } }>();
  };
  const siteRows = () =>
    queryRows<{ id: string; after: unknown }>(
      t.db,
      sql`select id, after from audit_trail where site_id = ${t.farm.sites.a.id} order by seq`,
    );
  /** What only someone at the database can do: the product's own statements are refused. */
  const asDatabaseOwner = async (statement: ReturnType<typeof sql>) => {
    await t.db.execute(sql`alter table audit_trail disable trigger audit_trail_append_only`);
    try {
      await t.db.execute(statement);
    } finally {
      await t.db.execute(sql`alter table audit_trail enable trigger audit_trail_append_only`);
    }
  };

  it('refuses to update or delete a row', async () => {
    await expect(t.db.execute(sql`update audit_trail set text = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_trail`)).rejects.toThrow();
  });

  it('holds for the rows as written, and finds an edited row, then a deleted one', async () => {
    const token = await tokenOf(t.farm.users.admin.id);
    for (const text of ['One', 'Two', 'Three'])
      expect((await note(text, token)).statusCode).toBe(201);
    const rows = await siteRows();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(await verify()).toEqual({ ok: true, rows: rows.length });

    const [, edited, deleted, after] = rows;
    if (!edited || !deleted) throw new Error('too few rows');
    await asDatabaseOwner(
      sql`update audit_trail set after = '{"text":"Nothing happened"}' where id = ${edited.id}`,
    );
    expect(await verify()).toMatchObject({
      ok: false,
      broken: { id: Number(edited.id), reason: 'edited' },
    });
    await asDatabaseOwner(
      sql`update audit_trail set after = ${JSON.stringify(edited.after)}::jsonb where id = ${edited.id}`,
    );
    expect(await verify()).toMatchObject({ ok: true });

    await asDatabaseOwner(sql`delete from audit_trail where id = ${deleted.id}`);
    expect(await verify()).toMatchObject({
      ok: false,
      broken: { id: Number(after?.id), reason: 'missing' },
    });
  });
});

/**
 * Every mutating operation of the contract, those the API document leaves out (the provider's
 * callbacks) too, as the rows name them.
 */
const MUTATING = Object.values(apiContract)
  .flatMap((endpoints) => Object.values(endpoints as Record<string, EndpointSpec>))
  .filter((endpoint) => endpoint.method !== 'GET')
  // Left off the record by the contract: a network server's uplinks are no person's change
  // (network-link-webhook.test.ts checks a stored one writes no row), and an area's events are
  // a read whose filter is a body (the walk below checks a successful one writes none).
  .filter((endpoint) => endpoint.audited !== false)
  .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
/** The operations a valid call succeeded with, its row as it should be. */
const covered = new Set<string>();

// Before the walk, whose calls delete and change the farm's people and things.
describe('a valid call of each operation', () => {
  it('is of an operation of the contract', () => {
    expect(Object.keys(VALID_CALLS).filter((name) => !MUTATING.includes(name))).toEqual([]);
  });

  it.each(Object.keys(VALID_CALLS))(
    '%s writes one row naming the caller and the object',
    async (name) => {
      const make = VALID_CALLS[name];
      if (!make) throw new Error(name);
      const call = await make(t);
      const caller = call.caller === undefined ? t.farm.users.admin.id : call.caller;
      const since = await lastId();
      const response = await t.app.inject({
        method: name.split(' ')[0] as 'POST',
        url: call.url,
        payload: call.payload as string | object | undefined,
        headers: {
          ...call.headers,
          ...(caller === null ? {} : { authorization: `Bearer ${await tokenOf(caller)}` }),
        },
      });
      await t.app.ctx.afterAnswer.settled();
      expect(response.statusCode, response.body).toBeLessThan(300);
      const [row, ...more] = await rowsAfter(since);
      expect(more).toEqual([]);
      expect(row?.operation).toBe(name);
      if (caller !== null) {
        expect(Number(row?.actor_id)).toBe(caller);
        expect(row?.acting_as_id ?? null).toBe(call.actingAs ?? null);
      } else {
        // A call with no session names whom it concerns where the row knows them, or no one.
        const actor = row?.actor_id === null ? null : Number(row?.actor_id);
        expect([null, call.concerns]).toContain(actor);
      }
      // A path with an id or a token names its object: the object, or the alarm a token's link
      // acknowledges.
      if (/:\w+/.test(name)) {
        expect(row?.kind, name).not.toBeNull();
        expect(row?.target_id, name).not.toBeNull();
      }
      covered.add(name);
    },
  );
});

// Last: the walk's calls delete and change the farm's people and things.
/** Draws sent per operation until one succeeds: most draw real rows of the test farm. */
const TRIES = 12;
/**
 * Draws of an operation a valid call covers: its refusals are still walked, but the draws seldom
 * make it valid, and twelve of each were two thirds of the walk's time (14 s on PGlite).
 */
const TRIES_BESIDE_A_VALID_CALL = 4;
/**
 * Each operation draws from a seed of its own name: what one operation's draws are does not hang
 * on how many draws the operations before it took, so a change to one leaves the others' alone.
 */
const seedOf = (name: string) =>
  [...name].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619), 20_261_129);

describe('every mutating operation of the contract', () => {
  it('writes one row naming the caller and the object when it succeeds, none when refused', async () => {
    const problems: string[] = [];
    const mutating = operations.filter((operation) => operation.method !== 'GET');
    for (const operation of mutating) {
      const name = operationName(operation.method, operation.path);
      const random = generator(seedOf(name));
      const token = await t.tokenFor(t.farm.users.admin.id);
      let succeeded = false;
      const tries = name in VALID_CALLS ? TRIES_BESIDE_A_VALID_CALL : TRIES;
      for (let attempt = 0; attempt < tries && !succeeded; attempt++) {
        const { url, payload } = caseValues(operation, random);
        const since = await lastId();
        const response = await injectCase(t, token, { method: operation.method, url, payload });
        await t.app.ctx.afterAnswer.settled();
        const written = await rowsAfter(since);
        const what = `${response.statusCode} ${operation.method} ${url}`;
        if (response.statusCode >= 500) problems.push(`${what}: ${response.body}`);
        if (response.statusCode >= 300) {
          // A failed sign-in attempt (wrong login or password, or throttled) is on the record; a
          // body refused as invalid is no attempt.
          const attempt = [401, 429].includes(response.statusCode);
          const allowed = name === 'POST /user/login' && attempt ? 1 : 0;
          if (written.length !== allowed) problems.push(`${what} wrote ${written.length} rows`);
          continue;
        }
        succeeded = true;
        // Left off the record by the contract (an area's events, read through a POST): none.
        if (!MUTATING.includes(name)) {
          if (written.length !== 0) problems.push(`${what} wrote ${written.length} rows`);
          continue;
        }
        const [row] = written;
        if (written.length !== 1 || !row) {
          problems.push(`${what} wrote ${written.length} rows`);
          continue;
        }
        if (row.operation !== name) problems.push(`${what} wrote operation ${row.operation}`);
        const signedIn = !name.startsWith('POST /user/login') && !name.includes('/login/');
        if (signedIn && Number(row.actor_id) !== t.farm.users.admin.id) {
          problems.push(`${what} named actor ${row.actor_id}`);
        }
        // A call on a site's thing names it; the caller's own account has none.
        if (/\{\w+\}/.test(operation.path) && (row.kind === null || row.target_id === null)) {
          problems.push(`${what} named no object`);
        }
      }
      if (succeeded) covered.add(name);
    }
    expect(problems).toEqual([]);
    // A new operation fails here until the walk or a valid call (helpers/audit-calls.ts) makes it
    // succeed, and its row is as it should be.
    const uncovered = MUTATING.filter((name) => !covered.has(name));
    expect(uncovered).toEqual([]);
  }, 600_000);
});
