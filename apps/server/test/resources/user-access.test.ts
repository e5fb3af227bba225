/**
 * Issue 16 on the server: every §5 precedence rule driven from the domain functions the Users
 * form offers its choices with (assignableRoles, invitableRoles, canRemoveMember), so the server
 * accepts exactly what the form offers; removing a user ends their access at once (their next
 * call, and a refresh of their session); the Switch User audit trail is for admins.
 */
import {
  applyChange,
  areaRoleChange,
  assignableAreaRoles,
  assignableRoles,
  canRemoveMember,
  effectiveRole,
  invitableRoles,
  ROLES,
  ROLES_BY_PRECEDENCE,
  roleChangeFor,
  rolePrecedence,
  type Privilege,
  type Role,
  type User,
  type UserSwitch,
} from '@paddock/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/auth/access-token.ts';
import { createSession } from '../../src/auth/sessions.ts';
import { areaMembers, siteMembers } from '../../src/db/schema.ts';
import { addSiteMember } from '../helpers/farm.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let serial = 0;
/**
 * A member of site a holding `role`. Actors also get the user actions of their job (as the
 * farm's lead does in permissions.test.ts), so what decides is the precedence rule alone.
 */
async function member(role: Role, extra: Privilege[] = []) {
  serial += 1;
  const privileges = [...new Set([...ROLES[role].actions, ...extra])];
  return addSiteMember(t.db, t.farm.sites.a.id, `${role}-${serial}@farm.test`, privileges);
}
/**
 * PUT /api/permissions by `actorId`: grants (`allowed`) or revokes `actions` in the list that
 * `ownerId` holds on the site or areas of `target`.
 */
function putPrivilege(
  actorId: number,
  target: { type: 'site' | 'area'; ids: number[] },
  change: { actions: readonly Privilege[] | undefined; allowed: boolean },
  ownerId: number,
) {
  return t.as(actorId, {
    method: 'PUT',
    url: '/api/permissions',
    payload: {
      privilege: { actions: change.actions, target, allowed: change.allowed },
      owners: [{ id: ownerId, type: 'user' }],
    },
  });
}

const ACTOR_EXTRA: Privilege[] = ['addPermissions', 'createUsers', 'deleteUsers', 'viewUsers'];
const withExtra = (role: Role) => [...new Set([...ROLES[role].actions, ...ACTOR_EXTRA])];

type Case = [actor: Role, target: Role, next: Role, allowed: boolean];
const roleChangeCases: Case[] = ROLES_BY_PRECEDENCE.flatMap((actor) =>
  ROLES_BY_PRECEDENCE.flatMap((target) =>
    ROLES_BY_PRECEDENCE.filter((next) => next !== target).map<Case>((next) => [
      actor,
      target,
      next,
      assignableRoles(withExtra(actor), ROLES[target].actions).includes(next),
    ]),
  ),
);

describe('§5 changing a role: the server allows exactly what the form offers', () => {
  it.each(roleChangeCases)(
    '%s actor, %s member → %s: allowed %s',
    async (actorRole, targetRole, next, allowed) => {
      const actor = await member(actorRole, ACTOR_EXTRA);
      const target = await member(targetRole);
      const change = roleChangeFor(ROLES[targetRole].actions, next);
      if (!change) throw new Error('a different role is always a change');
      const site = { type: 'site' as const, ids: [t.farm.sites.a.id] };
      const response = await putPrivilege(actor.id, site, change, target.id);
      expect(response.statusCode).toBe(allowed ? 204 : 403);
    },
  );

  it('the table holds both outcomes, the precedence-2 rule among them', () => {
    expect(roleChangeCases.filter(([, , , allowed]) => allowed).length).toBeGreaterThan(0);
    expect(roleChangeCases).toContainEqual(['monitor', 'monitor', 'manage', false]);
    expect(roleChangeCases).toContainEqual(['admin', 'monitor', 'manage', true]);
  });
});

type AreaCase = [actor: Role, site: Role, area: Role | null, next: Role | null, allowed: boolean];
const areaStarts: [Role, Role | null][] = ROLES_BY_PRECEDENCE.flatMap((site) =>
  [null, ...ROLES_BY_PRECEDENCE].map<[Role, Role | null]>((area) => [site, area]),
);
const areaCases: AreaCase[] = ROLES_BY_PRECEDENCE.flatMap((actor) =>
  areaStarts.flatMap(([site, area]) => {
    const areaList = area === null ? [] : ROLES[area].actions;
    const roleThere = (list: readonly Privilege[]) =>
      effectiveRole(applyChange(ROLES[site].actions, list, true));
    // Changes that move the member's role in the area: what the form can send. (A change that
    // leaves the role as it is, e.g. revoking area actions the site list holds anyway, is harmless
    // and not refused.)
    const moves = (next: Role | null) => {
      // The site role and those below it are the form's "as on the site" (null) in an area.
      if (next !== null && rolePrecedence(next) >= rolePrecedence(site)) return false;
      const change = areaRoleChange(ROLES[site].actions, areaList, next);
      if (!change) return false;
      return (
        roleThere(applyChange(areaList, change.actions, change.allowed)) !== roleThere(areaList)
      );
    };
    return [null, ...ROLES_BY_PRECEDENCE]
      .filter(moves)
      .map<AreaCase>((next) => [
        actor,
        site,
        area,
        next,
        assignableAreaRoles(withExtra(actor), ROLES[site].actions, areaList).includes(next),
      ]);
  }),
);

describe('§5 per-area roles: the server allows exactly what the form offers', () => {
  const areaId = () => t.farm.areas.irrigation.id;
  it.each(areaCases)(
    '%s actor, %s on the site and %s on the area → %s: allowed %s',
    async (actorRole, siteRole, areaRole, next, allowed) => {
      const actor = await member(actorRole, ACTOR_EXTRA);
      const target = await member(siteRole);
      const areaList = areaRole === null ? [] : [...ROLES[areaRole].actions];
      if (areaList.length > 0) {
        await t.db
          .insert(areaMembers)
          .values({ userId: target.id, areaId: areaId(), privileges: areaList });
      }
      const change = areaRoleChange(ROLES[siteRole].actions, areaList, next);
      if (!change) throw new Error('only changes are listed');
      const area = { type: 'area' as const, ids: [areaId()] };
      const response = await putPrivilege(actor.id, area, change, target.id);
      expect(response.statusCode).toBe(allowed ? 204 : 403);
    },
  );

  it('the users list shows the per-area list; the area then holds the raised role', async () => {
    const { admin } = t.farm.users;
    const target = await member('monitor');
    const change = areaRoleChange(ROLES.monitor.actions, [], 'manage');
    const response = await putPrivilege(
      admin.id,
      { type: 'area', ids: [areaId()] },
      { actions: change?.actions, allowed: true },
      target.id,
    );
    expect(response.statusCode).toBe(204);
    const list = await t.as(admin.id, {
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}/users`,
    });
    const listed = list.json<User[]>().find((user) => user.id === target.id);
    expect(listed?.privileges).toEqual(['view']);
    expect(listed?.areas).toEqual({
      [String(areaId())]: ['program', 'control', 'edit', 'viewUsers'],
    });
  });

  it('404 for an unknown area; 404 for an owner who is not on its site', async () => {
    const { admin, outsider } = t.farm.users;
    const grantEdit = (areaIds: number[], owner: number) =>
      putPrivilege(
        admin.id,
        { type: 'area', ids: areaIds },
        { actions: ['edit'], allowed: true },
        owner,
      );
    const target = await member('monitor');
    expect((await grantEdit([999_999], target.id)).statusCode).toBe(404);
    expect((await grantEdit([areaId()], outsider.id)).statusCode).toBe(404);
  });
});

describe('§5 inviting: the server accepts exactly the roles the form offers', () => {
  const cases = ROLES_BY_PRECEDENCE.flatMap((actor) =>
    ROLES_BY_PRECEDENCE.map<[Role, Role, boolean]>((role) => [
      actor,
      role,
      invitableRoles(withExtra(actor)).includes(role),
    ]),
  );
  it.each(cases)('%s actor invites a %s: allowed %s', async (actorRole, role, allowed) => {
    const actor = await member(actorRole, ACTOR_EXTRA);
    serial += 1;
    const response = await t.as(actor.id, {
      method: 'POST',
      url: '/api/users',
      payload: {
        siteId: t.farm.sites.a.id,
        firstName: 'New',
        lastName: 'Person',
        locale: 'en',
        email: `invitee-${serial}@farm.test`,
        privileges: ROLES[role].actions,
      },
    });
    if (allowed) expect(response.statusCode).toBe(201);
    else expect([400, 403]).toContain(response.statusCode);
  });
});

describe('removing a user from the site', () => {
  const cases = ROLES_BY_PRECEDENCE.flatMap((actor) =>
    ROLES_BY_PRECEDENCE.map<[Role, Role, boolean]>((target) => [
      actor,
      target,
      canRemoveMember(withExtra(actor), ROLES[target].actions),
    ]),
  );
  it.each(cases)('%s actor removes a %s: allowed %s', async (actorRole, targetRole, allowed) => {
    const actor = await member(actorRole, ACTOR_EXTRA);
    const target = await member(targetRole);
    const response = await t.as(actor.id, {
      method: 'DELETE',
      url: `/api/sites/${t.farm.sites.a.id}/users/${target.id}`,
    });
    expect(response.statusCode).toBe(allowed ? 204 : 403);
  });

  it('404 for a user who is not on the site; 403 for yourself', async () => {
    const { admin, outsider } = t.farm.users;
    const url = (id: number) => `/api/sites/${t.farm.sites.a.id}/users/${id}`;
    expect((await t.as(admin.id, { method: 'DELETE', url: url(outsider.id) })).statusCode).toBe(
      404,
    );
    expect((await t.as(admin.id, { method: 'DELETE', url: url(admin.id) })).statusCode).toBe(403);
  });

  it('403 without deleteUsers', async () => {
    const target = await member('monitor');
    const response = await t.as(t.farm.users.manager.id, {
      method: 'DELETE',
      url: `/api/sites/${t.farm.sites.a.id}/users/${target.id}`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('ends their access at once: the next call with their token and a refresh are refused', async () => {
    const target = await member('monitor');
    const tokens = await signIn(target.id);
    const site = `/api/sites/${t.farm.sites.a.id}`;
    const call = (token: string) =>
      t.app.inject({ method: 'GET', url: site, headers: { authorization: `Bearer ${token}` } });
    expect((await call(tokens.token)).statusCode).toBe(200);

    const removed = await t.as(t.farm.users.admin.id, {
      method: 'DELETE',
      url: `${site}/users/${target.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await call(tokens.token)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('a user still on another site keeps their session but loses the removed site', async () => {
    const target = await member('monitor');
    await t.db.insert(siteMembers).values({
      userId: target.id,
      siteId: t.farm.sites.b.id,
      privileges: ['view'],
    });
    const tokens = await signIn(target.id);
    const headers = { authorization: `Bearer ${tokens.token}` };
    const removed = await t.as(t.farm.users.admin.id, {
      method: 'DELETE',
      url: `/api/sites/${t.farm.sites.a.id}/users/${target.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const a = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${t.farm.sites.a.id}`,
      headers,
    });
    const b = await t.app.inject({
      method: 'GET',
      url: `/api/sites/${t.farm.sites.b.id}`,
      headers,
    });
    expect(a.statusCode).toBe(403);
    expect(b.statusCode).toBe(200);
  });
});

describe('refresh re-checks membership', () => {
  it('a session of a user on no site is not refreshed', async () => {
    const target = await member('monitor');
    const tokens = await signIn(target.id);
    // Membership gone behind the API's back (another process, a script): refresh still asks.
    await t.db.delete(siteMembers).where(eq(siteMembers.userId, target.id));
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/user/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('GET /api/sites/{siteId}/user-switches', () => {
  it('admins see who switched to which user of the site; managers are refused', async () => {
    const { staff, admin, manager } = t.farm.users;
    const target = await member('monitor');
    const config = (await t.app.inject({ method: 'GET', url: '/appConfig.json' })).json<{
      awsRegion: string;
    }>();
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/user/login/as',
      payload: { user: target.login, region: config.awsRegion },
      headers: { authorization: `Bearer ${await t.tokenFor(staff.id)}` },
    });
    expect(switched.statusCode).toBe(200);

    const url = `/api/sites/${t.farm.sites.a.id}/user-switches`;
    const response = await t.as(admin.id, { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const [latest] = response.json<UserSwitch[]>();
    expect(latest?.actor.login).toBe(staff.login);
    expect(latest?.target.login).toBe(target.login);

    expect((await t.as(manager.id, { method: 'GET', url })).statusCode).toBe(403);
  });
});

/** A signed-in session of the user: access and refresh token, as POST user/login gives. */
async function signIn(userId: number): Promise<{ token: string; refreshToken: string }> {
  const now = t.clock.now();
  const session = await createSession(t.db, {
    userId,
    actorUserId: null,
    ttlSeconds: t.config.refreshTokenTtlSeconds,
    now,
  });
  const { token } = await signAccessToken(
    { userId, sessionId: session.sessionId, actorUserId: null },
    t.app.ctx.tokenSecret,
    t.config.accessTokenTtlSeconds,
    now.getTime(),
  );
  return { token, refreshToken: session.refreshToken };
}
