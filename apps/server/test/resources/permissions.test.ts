import { ROLE_NOT_CHANGEABLE, ROLE_NOT_GRANTABLE, ROLES, type Privilege } from '@paddock/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../../src/db/schema.ts';
import { addSiteMember } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
const admin = [...ROLES.admin.actions] as Privilege[];
const manage = [...ROLES.manage.actions] as Privilege[];
const monitor = [...ROLES.monitor.actions] as Privilege[];

/** Custom members of site a: a manager and a monitor who may set permissions. */
let lead: { id: number };
let watcher: { id: number };

beforeAll(async () => {
  app = await buildTestApp();
  const siteA = app.farm.sites.a.id;
  lead = await addSiteMember(app.db, siteA, 'lead@farm.test', [...manage, 'addPermissions']);
  watcher = await addSiteMember(app.db, siteA, 'watcher@farm.test', [...monitor, 'addPermissions']);
});
afterAll(() => app.close());

/** Every member list of site a put back as seeded, so each case starts from the same farm. */
const seeded = new Map<string, Privilege[]>();
beforeAll(async () => {
  for (const row of await app.db.select().from(t.siteMembers)) {
    seeded.set(`${row.userId}:${row.siteId}`, row.privileges);
  }
});
beforeEach(async () => {
  for (const [key, privileges] of seeded) {
    const [userId, siteId] = key.split(':').map(Number) as [number, number];
    await app.db
      .update(t.siteMembers)
      .set({ privileges })
      .where(and(eq(t.siteMembers.userId, userId), eq(t.siteMembers.siteId, siteId)));
  }
});

async function privilegesOf(userId: number, siteId = app.farm.sites.a.id) {
  const [row] = await app.db
    .select()
    .from(t.siteMembers)
    .where(and(eq(t.siteMembers.userId, userId), eq(t.siteMembers.siteId, siteId)));
  return row?.privileges;
}

const allLists = async () =>
  (await app.db.select().from(t.siteMembers))
    .map((row) => `${row.userId}:${row.siteId}:${row.privileges.join(',')}`)
    .sort();

function update(
  actions: string[],
  owners: number[],
  options: { allowed?: boolean; sites?: number[] } = {},
) {
  return {
    privilege: {
      actions,
      target: { type: 'site', ids: options.sites ?? [app.farm.sites.a.id] },
      allowed: options.allowed ?? true,
    },
    owners: owners.map((id) => ({ id, type: 'user' })),
  };
}

const put = (userId: number, payload: unknown) =>
  app.as(userId, { method: 'PUT', url: '/api/permissions', payload: payload as object });

describe('PUT /api/permissions', () => {
  it('204: an admin grants actions, and the change is audited', async () => {
    const { farm, db } = app;
    const response = await put(farm.users.admin.id, update(['program'], [farm.users.monitor.id]));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await privilegesOf(farm.users.monitor.id)).toEqual(['program', 'view']);
    const audit = await db
      .select()
      .from(t.auditLog)
      .where(
        and(
          eq(t.auditLog.targetUserId, farm.users.monitor.id),
          eq(t.auditLog.action, 'permissions.grant'),
        ),
      );
    expect(audit.at(-1)).toMatchObject({
      actorUserId: farm.users.admin.id,
      siteId: farm.sites.a.id,
      detail: { actions: ['program'], before: ['view'], after: ['program', 'view'] },
    });
  });

  it('an admin promotes a monitor to manage', async () => {
    const { farm } = app;
    const response = await put(farm.users.admin.id, update(manage, [farm.users.monitor.id]));
    expect(response.statusCode).toBe(204);
    expect(new Set(await privilegesOf(farm.users.monitor.id))).toEqual(new Set(manage));
  });

  it('an admin revokes: a manager becomes a monitor', async () => {
    const { farm } = app;
    const response = await put(
      farm.users.admin.id,
      update(['edit', 'viewUsers', 'program', 'control'], [farm.users.manager.id], {
        allowed: false,
      }),
    );
    expect(response.statusCode).toBe(204);
    expect(await privilegesOf(farm.users.manager.id)).toEqual(['view']);
    const [audit] = await app.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'permissions.revoke'));
    expect(audit).toMatchObject({ targetUserId: farm.users.manager.id });
  });

  it('changes each owner on the target sites they belong to, in one call', async () => {
    const { farm } = app;
    const response = await put(
      farm.users.admin.id,
      update(['program'], [farm.users.monitor.id, farm.users.outsider.id], {
        sites: [farm.sites.a.id, farm.sites.b.id],
      }),
    );
    expect(response.statusCode).toBe(204);
    expect(await privilegesOf(farm.users.monitor.id)).toEqual(['program', 'view']);
    expect(await privilegesOf(farm.users.outsider.id, farm.sites.b.id)).toEqual(manage);
  });

  it.each([
    ['admin actions (nobody grants admin)', ['createUsers'], () => app.farm.users.monitor.id],
    ['the admin role', admin, () => app.farm.users.manager.id],
    ['staff-only actions', ['loginAs'], () => app.farm.users.monitor.id],
  ])('403: an admin cannot grant %s, and nothing changes', async (_label, actions, owner) => {
    const before = await allLists();
    const response = await put(app.farm.users.admin.id, update(actions, [owner()]));
    expect(response.statusCode).toBe(403);
    expect(await allLists()).toEqual(before);
  });

  it('403: an admin cannot demote another admin (a role not below their own)', async () => {
    const before = await allLists();
    const response = await put(
      app.farm.users.admin.id,
      update(['createUsers'], [app.farm.users.staff.id], { allowed: false }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ROLE_NOT_GRANTABLE);
    expect(await allLists()).toEqual(before);
  });

  describe('a manager who may set permissions', () => {
    it('grants monitor', async () => {
      const response = await put(lead.id, update(['view'], [app.farm.users.nobody.id]));
      expect(response.statusCode).toBe(204);
      expect(await privilegesOf(app.farm.users.nobody.id)).toEqual(['view']);
    });

    it('takes monitor away', async () => {
      const response = await put(
        lead.id,
        update(['view'], [app.farm.users.monitor.id], { allowed: false }),
      );
      expect(response.statusCode).toBe(204);
      expect(await privilegesOf(app.farm.users.monitor.id)).toEqual([]);
    });

    it('403: cannot grant manage actions', async () => {
      const before = await allLists();
      const response = await put(lead.id, update(['edit'], [app.farm.users.monitor.id]));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ROLE_NOT_GRANTABLE);
      expect(await allLists()).toEqual(before);
    });

    it('403: cannot demote a manager (a role at their own precedence)', async () => {
      const before = await allLists();
      const response = await put(
        lead.id,
        update(['control'], [app.farm.users.manager.id], { allowed: false }),
      );
      expect(response.statusCode).toBe(403);
      expect(await allLists()).toEqual(before);
    });
  });

  it('403: a monitor who may set permissions changes no monitor (§5 precedence 2)', async () => {
    const before = await allLists();
    const response = await put(
      watcher.id,
      update(['view'], [app.farm.users.monitor.id], { allowed: false }),
    );
    expect(response.statusCode).toBe(403);
    expect([ROLE_NOT_GRANTABLE, ROLE_NOT_CHANGEABLE]).toContain(response.json().message);
    expect(await allLists()).toEqual(before);
  });

  it('403 for your own list', async () => {
    const response = await put(lead.id, update(['view'], [lead.id]));
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['a manager (no addPermissions)', () => app.farm.users.manager.id],
    ['a monitor', () => app.farm.users.monitor.id],
    ['an outsider (member of site b only)', () => app.farm.users.outsider.id],
  ])('403 for %s, changing nothing', async (_label, who) => {
    const before = await allLists();
    const response = await put(who(), update(['view'], [app.farm.users.nobody.id]));
    expect(response.statusCode).toBe(403);
    expect(await allLists()).toEqual(before);
  });

  it('403 and nothing changes when one of the sites is not allowed (all or nothing)', async () => {
    const before = await allLists();
    const response = await put(
      lead.id,
      update(['view'], [app.farm.users.nobody.id], {
        sites: [app.farm.sites.a.id, app.farm.sites.b.id],
      }),
    );
    expect(response.statusCode).toBe(403);
    expect(await allLists()).toEqual(before);
  });

  it('404 for an unknown site', async () => {
    const response = await put(
      app.farm.users.admin.id,
      update(['view'], [app.farm.users.nobody.id], { sites: [999999] }),
    );
    expect(response.statusCode).toBe(404);
  });

  it('404 for an owner who is on none of the sites', async () => {
    const before = await allLists();
    const response = await put(
      app.farm.users.admin.id,
      update(['view'], [app.farm.users.nobody.id, app.farm.users.outsider.id]),
    );
    expect(response.statusCode).toBe(404);
    expect(await allLists()).toEqual(before);
  });

  it.each([
    ['no actions', update([], [1], { sites: [1] }), 'privilege.actions'],
    ['an unknown action', update(['fly'], [1], { sites: [1] }), 'privilege.actions.0'],
    [
      'a target that is neither a site nor an area',
      {
        owners: [{ id: 1, type: 'user' }],
        privilege: { actions: ['view'], target: { type: 'unit', ids: [1] }, allowed: true },
      },
      'privilege.target.type',
    ],
    ['no owners', update(['view'], [], { sites: [1] }), 'owners'],
    [
      'a missing allowed flag',
      {
        privilege: { actions: ['view'], target: { type: 'site', ids: [1] } },
        owners: [{ id: 1, type: 'user' }],
      },
      'privilege.allowed',
    ],
  ])('400 with %s', async (_label, payload, field) => {
    const before = await allLists();
    const response = await put(app.farm.users.admin.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, field, location: 'body' });
    expect(await allLists()).toEqual(before);
  });

  it('401 without a token', async () => {
    const response = await app.app.inject({
      method: 'PUT',
      url: '/api/permissions',
      payload: update(['view'], [app.farm.users.nobody.id]),
    });
    expect(response.statusCode).toBe(401);
  });
});
